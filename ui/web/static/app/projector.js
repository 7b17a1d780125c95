// The projector (/events/N/projector): the TV's pairings, waiting tables
// or standings (before round 1, the player meeting's seats), paged in the
// largest type that fits.
import { api, t, tn, $, el, fill, getJSON, debounce, follow, every, rankText, standingsTitle } from './tk.js';
import { clock, setClock } from './clock.js';

function projectorPage() {
  const rows = $('#pj-rows'), title = $('#pj-title'), pageNo = $('#pj-page');
  let data = null, items = [], kind = '', pageIdx = 0, pages = 1, lastKind = '';

  async function load() {
    try { data = await getJSON(api + '/projector'); } catch (e) { return; }
    setClock(data.clock);
    $('#pj-round').textContent = data.label || '';
    if (data.url) $('#pj-url').textContent = data.url;
    build();
    showRaffle();
  }

  // A raffle's winners, over the list for as long as the server says
  // (raffle.ends_in), in type that shrinks as the winners grow.
  let raffleTimer = 0;
  function showRaffle() {
    clearTimeout(raffleTimer);
    let box = $('#pj-raffle');
    const r = data.raffle;
    if (!r) { if (box) box.hidden = true; return; }
    if (!box) {
      box = el('div', { id: 'pj-raffle', class: 'pj-raffle', role: 'status' });
      document.body.append(box);
    }
    box.style.setProperty('--names', Math.max(2.5, 9 - 0.6 * r.winners.length).toFixed(1) + 'vh');
    fill(box, el('div', { class: 'pj-raffle-title', text: tn("Raffle winners", r.winners.length) }),
      el('div', { class: 'pj-raffle-names' }, r.winners.map((w) => el('div', { text: w }))),
      el('div', { class: 'pj-raffle-among', text: r.among }));
    box.hidden = false;
    raffleTimer = setTimeout(() => { data.raffle = null; showRaffle(); }, r.ends_in);
  }
  clock.onZero = () => load();

  function build() {
    title.classList.remove('news');
    if (data.meeting && data.meeting.length) {
      // Before round 1, the player meeting: every seat by name.
      kind = 'meeting';
      title.textContent = t("Player meeting: find your seat");
      items = data.meeting.map((m) => ({ table: m.table, name: m.name, opponents: t("seat %d", m.seat) }));
    } else if (data.standings && !data.shows_waiting) {
      kind = 'standings';
      title.textContent = standingsTitle(data.standings);
      items = data.standings.rows;
    } else if (data.shows_waiting) {
      kind = 'waiting';
      title.textContent = tn("Waiting for results: %d tables", data.waiting.length, data.waiting.length);
      title.classList.add('news');
      items = data.waiting;
    } else {
      kind = 'pairings';
      title.textContent = data.by_name.length ? t("Pairings by name") : '';
      items = data.by_name;
    }
    if (kind !== lastKind) { pageIdx = 0; lastKind = kind; }
    layout();
  }

  // layout picks the largest type that shows the list in the fewest
  // pages, in one to three columns, and draws the page shown.
  function layout() {
    if (!data) return;
    const box = rows.getBoundingClientRect();
    const vh = window.innerHeight / 100;
    if (!items.length) {
      rows.style.removeProperty('--rows');
      let text = '';
      if (data.draft) text = t("The pairings of %s are not published yet.", data.label);
      else if (!data.round) text = t("No round yet.");
      else if (kind === 'pairings') text = t("No pairings in this round.");
      fill(rows, text ? el('div', { class: 'pj-empty', text }) : null);
      pageNo.textContent = '';
      return;
    }
    let best = null;
    const wantEm = kind === 'waiting' ? waitingEm() : kind === 'pairings' || kind === 'meeting' ? pairingsEm() : 0;
    for (let size = 6; size >= 3; size -= 0.2) {
      const px = size * vh, rowH = px * 1.3;
      const perCol = Math.max(1, Math.floor(box.height / rowH));
      const last = size - 0.2 < 3;
      const maxCols = kind === 'standings' ? 1 : kind === 'waiting' ? waitingCols(box.width, px, wantEm, last) : fitCols(box.width, px, wantEm, 3.6, last);
      for (let cols = 1; cols <= maxCols; cols++) {
        const n = Math.ceil(items.length / (perCol * cols));
        if (!best || n < best.pages || (n === best.pages && size > best.size + 0.01)) best = { size, perCol, cols, pages: n };
      }
    }
    if (kind === 'standings') {
      // One line is the table's head.
      best.perCol = Math.max(1, best.perCol - 1);
      best.pages = Math.ceil(items.length / best.perCol);
    }
    pages = best.pages;
    if (pageIdx >= pages) pageIdx = 0;
    const per = Math.ceil(items.length / pages);
    const shown = items.slice(pageIdx * per, pageIdx * per + per);
    const perCol = Math.min(best.perCol, Math.ceil(shown.length / best.cols));
    rows.style.setProperty('--rows', String(perCol));
    rows.style.setProperty('--cols', String(best.cols));
    rows.style.setProperty('--size', best.size.toFixed(2) + 'vh');
    if (kind === 'standings') {
      const s = data.standings;
      fill(rows, el('table', { class: 'pj-stand' },
        el('tr', {}, el('th', { text: '#' }), el('th', { class: 'name', text: s.teams ? t("Team") : t("Name") }), el('th', { text: t("Pts") }), el('th', { text: t("W–L–D") }),
          s.tiebreakers.slice(0, 3).map((tb) => el('th', { text: tb.title }))),
        shown.map((r) => el('tr', {}, el('td', { text: rankText(r) }), el('td', { class: 'name', text: r.name }), el('td', { text: String(r.points) }),
          el('td', { text: r.record }), s.tiebreakers.slice(0, 3).map((tb) => el('td', { text: r.tiebreakers[tb.key] || '' }))))));
      rows.style.setProperty('--rows', '1');
      rows.style.setProperty('--cols', '1');
    } else if (kind === 'waiting') {
      fill(rows, shown.map((w) => el('div', { class: 'pj-row' }, el('span', { class: 'l', text: w.label }), el('span', { class: 'n', text: t("Table %d", w.table) }))));
    } else {
      fill(rows, shown.map((p) => el('div', { class: 'pj-row three' },
        el('span', { class: 'n', text: p.table ? String(p.table) : t("BYE") }),
        el('span', { class: 'l', text: p.name }),
        el('span', { class: 't', text: p.opponents }))));
    }
    pageNo.textContent = pages > 1 ? t("Page %[1]d of %[2]d", pageIdx + 1, pages) : '';
    if (kind === 'standings' && data.standings.draw_note && shown.some((r) => r.drawn)) {
      pageNo.textContent = (pageNo.textContent ? pageNo.textContent + ' · ' : '') + data.standings.draw_note;
    }
  }

  // waitingEm is how wide, in em of the list's type, the widest waiting
  // row is (its names and its table number), measured in the fonts the
  // row is drawn in over every page, so the type does not jump between
  // pages and no name is cut while there is room to show it whole.
  function waitingEm() {
    const c = document.createElement('canvas').getContext('2d'), family = getComputedStyle(rows).fontFamily;
    let label = 0, table = 0;
    c.font = '700 100px ' + family;
    for (const w of items) label = Math.max(label, c.measureText(w.label).width);
    c.font = '800 100px ' + family;
    for (const w of items) table = Math.max(table, c.measureText(t("Table %d", w.table)).width);
    return (label + table) / 100 * 1.04;
  }

  // pairingsEm is waitingEm for the pairings by name: the widest row's
  // table number, name and opponents (drawn at .8em), so that a row's
  // opponents show whole ("vs Mat…" cut them on a TV of 64 players).
  function pairingsEm() {
    const c = document.createElement('canvas').getContext('2d'), family = getComputedStyle(rows).fontFamily;
    let widest = 0;
    c.font = '800 100px ' + family;
    const n = c.measureText('0').width * 3.2;
    for (const p of items) {
      c.font = '700 100px ' + family;
      const name = c.measureText(p.name).width;
      c.font = '400 80px ' + family;
      widest = Math.max(widest, n + name + c.measureText(p.opponents || '').width);
    }
    return widest / 100 * 1.04;
  }

  // waitingCols is how many columns of waiting rows (at most three) show
  // the widest one whole at px pixels a line, counting the gaps and
  // paddings of app.css (.pj-rows, .pj-row); 0 when not even one does,
  // unless last, at the smallest type, where one column cuts what it must.
  function waitingCols(width, px, em, last) { return fitCols(width, px, em, 2.4, last); }

  // fitCols is waitingCols for rows whose gaps and paddings take extraVw
  // of the window's width (2.4 for two cells, 3.6 for three).
  function fitCols(width, px, em, extraVw, last) {
    const vw = window.innerWidth / 100;
    for (let cols = 3; cols >= 1; cols--) {
      if (em * px + extraVw * vw <= (width - (cols - 1) * 3 * vw) / cols) return cols;
    }
    return last ? 1 : 0;
  }

  setInterval(() => { if (pages > 1) { pageIdx = (pageIdx + 1) % pages; layout(); } }, 8000);
  window.addEventListener('resize', debounce(layout, 150));
  // The TV is one screen: a result leaves its waiting list at once. The
  // whole view is refetched within ~2 s only when what it shows changes
  // (the server's call): the waiting tables instead of the pairings
  // (shows_waiting), the standings once the round is complete, a
  // result taken back.
  const moved = every(load, 1500);
  follow({
    load,
    patch: (p) => {
      if (!data) return;
      if (p.also && p.also.includes('raffle')) { load(); return; }
      let again = p.shows_waiting !== undefined;
      if (p.tables && p.round === data.round) {
        const done = new Set(p.tables.filter((x) => x.result !== null).map((x) => x.number));
        data.waiting = data.waiting.filter((w) => !done.has(w.table));
        again = again || p.tables.some((x) => x.result === null);
        if (kind === 'waiting') build();
      }
      const complete = !!p.standings && p.standings.in === p.standings.of;
      if (again || complete) moved(complete);
    },
    clock: setClock,
  });
}

projectorPage();
