// The round's pairings (/events/N/pairings), by name or by table, with
// each table's result as it comes.
import { api, t, $, el, fill, getJSON, fold, me, debounce, follow } from './tk.js';

function pairingsPage() {
  const sel = $('#round-select'), out = $('#pairings'), msg = $('#pairings-message'), filter = $('#filter');
  const byName = $('#by-name'), byTable = $('#by-table');
  let data = null, chosen = 0, mode = localStorage.getItem('tk.pairings.mode') || 'name';
  // The result cells of the tables drawn, by table number: a patch
  // writes into them.
  let cells = new Map();

  async function load() {
    try {
      data = await getJSON(api + '/pairings' + (chosen ? '?round=' + chosen : ''));
    } catch (e) {
      if (chosen) { chosen = 0; return load(); }
      msg.textContent = e.message;
      return;
    }
    draw();
  }

  function draw() {
    if (!data) return;
    $('#round-label').textContent = data.round ? data.label : t("Pairings");
    sel.hidden = data.published_rounds.length < 2;
    fill(sel, data.published_rounds.slice().reverse().map((n) => el('option', { value: String(n), selected: n === data.round, text: t("Round %d", n) })));
    byName.setAttribute('aria-pressed', String(mode === 'name'));
    byTable.setAttribute('aria-pressed', String(mode === 'table'));
    let note = '';
    if (!data.round) note = data.draft ? t("Round %d is being paired; the pairings show here once they are published.", data.draft) : t("No pairings are published yet.");
    else if (data.draft) note = t("Round %[1]d is being paired; these are round %[2]d's.", data.draft, data.round);
    msg.textContent = note;
    const q = fold(filter.value.trim());
    const mine = me();
    const isMe = (name) => mine && fold(name) === fold(mine.name);
    cells = new Map();
    if (mode === 'name') {
      out.className = 'pairings by-name';
      fill(out, data.by_name.filter((p) => !q || fold(p.name).includes(q) || String(p.table) === q).map((p) =>
        el('div', { class: 'row' + (isMe(p.name) ? ' me' : '') },
          el('span', { class: 'who', text: p.name }),
          el('span', { class: 'num', text: p.table ? t("Table %d", p.table) : t("BYE") }),
          p.opponents ? el('span', { class: 'opp', text: p.opponents }) : null)));
    } else {
      out.className = 'pairings by-table';
      fill(out, data.tables.filter((tb) => !q || String(tb.number) === q || tb.players.some((p) => fold(p.name).includes(q))).map((tb) => {
        const names = tb.teams && tb.teams.length
          ? tb.teams.map((tm) => tm.name + ' (' + tm.members.join(' & ') + ')')
          : tb.players.map((p) => p.name + ' (' + p.points + ')');
        const cell = tb.bye ? null : el('span', { class: 'result' });
        if (cell) { cells.set(tb.number, cell); drawResult(cell, tb); }
        return el('div', { class: 'row' + (tb.players.some((p) => isMe(p.name)) ? ' me' : '') },
          el('span', { class: 'who', text: tb.bye ? t("Bye") : t("Table %d", tb.number) }),
          el('span', { class: 'num', text: tb.bye ? t("BYE") : String(tb.number) }),
          el('span', { class: 'players', text: names.join(tb.players.length === 2 ? t(" v ") : ' · ') }),
          cell);
      }));
    }
    if (!out.children.length && data.round && q) fill(out, el('p', { class: 'empty', text: t("Nobody matches “%s”.", filter.value.trim()) }));
  }

  function drawResult(cell, tb) {
    cell.className = 'result' + (tb.result === null ? ' out' : '');
    cell.textContent = tb.result === null ? t("playing") : tb.result;
  }

  // apply sets a patch's results in the list and in the rows drawn.
  function apply(p) {
    if (!data || !p.tables || p.round !== data.round) return;
    for (const pt of p.tables) {
      const tb = data.tables.find((x) => x.number === pt.number);
      if (!tb) continue;
      tb.result = pt.result;
      for (const s of pt.seats || []) {
        const seat = tb.players.find((x) => x.name === s.name);
        if (seat) { seat.score = s.score; seat.mark = s.mark; }
      }
      const cell = cells.get(pt.number);
      if (cell) drawResult(cell, tb);
    }
  }

  sel.addEventListener('change', () => { chosen = Number(sel.value) === data.published_rounds[data.published_rounds.length - 1] ? 0 : Number(sel.value); load(); });
  byName.addEventListener('click', () => { mode = 'name'; localStorage.setItem('tk.pairings.mode', mode); draw(); });
  byTable.addEventListener('click', () => { mode = 'table'; localStorage.setItem('tk.pairings.mode', mode); draw(); });
  filter.addEventListener('input', debounce(draw, 120));
  follow({ load, patch: apply });
}

pairingsPage();
