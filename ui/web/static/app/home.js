// The event's Me view (/events/N): find yourself, then your table, your
// standing, your rounds and your earlier events at this store.
import { eventId, api, t, tn, $, el, fill, getJSON, me, rememberMe, forgetMe, debounce, standingsEvery, follow, every } from './tk.js';
import { clock, setClock, drawClock, loadClock } from './clock.js';
import { playerSignIn, refreshDrop } from './player.js';
import { ringSwitch, newTable } from './ring.js';

// ---- my table ------------------------------------------------------

function homePage() {
  const atStore = storeHistory();
  const card = $('#me-card'), find = $('#find'), mine = $('#mine');
  const input = $('#find-q'), results = $('#find-results'), msg = $('#find-message');
  let busy = false, again = false, shown = null;
  // seen is what she played when last drawn, for whom (the phone rings
  // when a new round gives her a new table: ring.js).
  let seen = null, seenFor = 0;
  const signin = playerSignIn((entry, name) => { rememberMe(entry, name); loadMe(); });

  async function loadMe() {
    const m = me();
    signin.follow(m ? m.entry : 0);
    if (!m) { shown = null; card.hidden = true; mine.hidden = true; find.hidden = false; clock.table = 0; atStore.show(0); return; }
    if (busy) { again = true; return; }
    busy = true;
    try {
      const p = await getJSON(api + '/players/' + m.entry);
      if (m.name !== p.name) rememberMe(m.entry, p.name);
      shown = p;
      drawMe(p);
      atStore.show(m.entry);
    } catch (e) {
      if (e.status === 404) { forgetMe(); loadMe(); }
    } finally {
      busy = false;
      if (again) { again = false; loadMe(); }
    }
  }

  function drawMe(p) {
    find.hidden = true; card.hidden = false; mine.hidden = false;
    const n = p.now;
    clock.table = n.state === 'playing' ? n.table : 0;
    const head = el('div', { class: 'mine-head' },
      el('h1', { text: p.name }),
      el('button', { type: 'button', class: 'quiet', id: 'not-me', text: t("Not you?") }));
    const parts = [head];
    if (n.label) parts.push(el('h2', { text: n.label }));
    switch (n.state) {
      case 'playing': {
        parts.push(el('div', { class: 'seat' },
          el('div', {}, el('div', { class: 'hint', text: t("Table") }), el('span', { class: 'big', id: 'my-table', text: String(n.table) })),
          el('div', {},
            el('div', { class: 'vs', text: n.opponents.length ? t("vs %s", n.opponents.join(', ')) : t("Table %d", n.table) }),
            el('div', { class: 'hint', text: n.teammates && n.teammates.length ? t("Table %[1]d, seat %[2]d, with %[3]s", n.table, n.seat, n.teammates.join(', ')) : t("Table %[1]d, seat %[2]d", n.table, n.seat) }))));
        parts.push(n.reported
          ? el('p', { class: 'success', text: t("Your table's result is in.") })
          : el('p', {}, el('a', { class: 'button', href: '/events/' + eventId + '/report?table=' + n.table, text: t("Report your result") })));
        break;
      }
      case 'bye': parts.push(el('p', { class: 'message', text: t("You have a bye this round: no table, and the win is yours.") })); break;
      case 'draft': parts.push(el('p', { class: 'message', text: t("%s is being paired. Your table shows here as soon as the pairings are published.", n.label) })); break;
      case 'registration': parts.push(el('p', { class: 'message', text: n.checked_in ? t("You are registered and checked in. Your table shows here once round 1 is paired.") : t("You are registered. Your table shows here once round 1 is paired.") })); break;
      case 'dropped': parts.push(el('p', { class: 'message', text: t("You have left this event. See the organizer if that is a mistake.") })); break;
      case 'not_paired': parts.push(el('p', { class: 'message', text: t("You are not paired in %s. Please see the organizer.", n.label) })); break;
      case 'finished': parts.push(el('p', { class: 'message', text: t("The event is over. Thank you for playing!") })); break;
    }
    if (['playing', 'bye', 'registration', 'draft'].includes(n.state)) parts.push(ringSwitch());
    const who = (me() || {}).entry || 0;
    seen = newTable(who === seenFor ? seen : null, n);
    seenFor = who;
    fill(card, parts);
    $('#not-me').addEventListener('click', () => { signin.signOut(); forgetMe(); input.value = ''; fill(results); msg.textContent = ''; loadMe(); input.focus(); });
    drawStanding(p);
    drawPast(p);
    drawClock();
    refreshDrop();
  }

  function drawStanding(p) {
    const sc = $('#standing-card');
    const s = p.team_standing || p.standing;
    sc.hidden = !s;
    if (!s) return;
    const cells = [
      [t("Rank"), t("%[1]d of %[2]d", s.rank, s.of) + (s.draw_note ? ' *' : '')], [t("Points"), String(s.points)], [t("W–L–D"), s.record],
      ...s.tiebreakers.map((tb) => [tb.title, tb.value]),
    ];
    fill($('#standing'),
      p.team_standing ? el('p', { class: 'hint', text: t("Your team: %s", s.name) }) : null,
      el('dl', { class: 'stats' }, cells.map(([k, v]) => el('div', {}, el('dt', { text: k }), el('dd', { text: v })))),
      s.draw_note ? el('p', { class: 'hint', id: 'standing-draw-note', text: s.draw_note }) : null);
  }

  function drawPast(p) {
    const pc = $('#past-card');
    pc.hidden = !p.rounds.length;
    fill($('#past'), p.rounds.map((r) => el('li', {},
      el('span', { text: r.bye ? r.label : t("%[1]s · table %[2]d", r.label, r.table) }),
      el('span', { class: 'res ' + (r.outcome || ''), text: r.result }),
      r.opponents.length ? el('small', { text: t("vs %s", r.opponents.join(', ')) }) : null)));
  }

  const search = debounce(async () => {
    const q = input.value.trim();
    // How many letters a name needs depends on its script (two for 王芳,
    // three for Zoë): the server decides and says so in data.message.
    if (!q) { fill(results); msg.textContent = ''; return; }
    try {
      const data = await getJSON(api + '/find?q=' + encodeURIComponent(q));
      if (input.value.trim() !== q) return;
      msg.textContent = data.message || (data.players.length > 1 ? t("Tap your name.") : '');
      fill(results, data.players.map((f) => {
        const b = el('button', { type: 'button', class: 'item' },
          el('strong', { text: f.name }),
          el('span', { text: f.playing ? (f.bye ? t("bye") : f.opponents.length ? t("table %[1]d · vs %[2]s", f.table, f.opponents.join(', ')) : t("table %d", f.table)) : t("tap to follow your tables") }));
        b.addEventListener('click', () => { rememberMe(f.entry, f.name); loadMe(); });
        return b;
      }));
    } catch (e) { msg.textContent = e.message; }
  }, 250);
  input.addEventListener('input', search);
  $('#find-form').addEventListener('submit', (e) => { e.preventDefault(); search(); });
  if (input.value) search();

  // The player's rank moves with every result: refetched at most every
  // ~20 s, and once more when the round is complete.
  const rank = every(loadMe, standingsEvery);
  follow({
    load: () => Promise.all([loadMe(), loadClock()]),
    patch: (p) => {
      const n = shown && shown.now;
      const mine = n && n.state === 'playing' && p.round === n.round && (p.tables || []).find((x) => x.number === n.table);
      if (mine) {
        // Her own table: said at once, then her rounds and rank fetched
        // (two phones per result, not the room).
        n.reported = mine.result !== null;
        drawMe(shown);
        setTimeout(loadMe, Math.random() * 1000);
      } else if (p.standings && me()) rank(p.standings.in === p.standings.of, p.standings.of);
    },
    clock: setClock,
  });
}

// ---- a player's history at this store ------------------------------

// storeHistory draws the Me view's "At this store" card: the player's
// earlier events in this database. show(entry) fetches them once per
// player and page load: they do not move with tonight's results, so
// the live stream never asks for them again. A player with none sees no
// card at all.
function storeHistory() {
  const hc = $('#history-card'), list = $('#history'), count = $('#history-count');
  let entry = 0;
  async function show(e) {
    if (e === entry) return;
    entry = e;
    hc.hidden = true;
    fill(list);
    if (!e) return;
    let data;
    try { data = await getJSON(api + '/players/' + e + '/history'); } catch (x) { return; }
    if (entry !== e || !data.events.length) return;
    count.textContent = tn("%d earlier events", data.events.length, data.events.length);
    fill(list, data.events.map((p) => {
      const where = [p.teams ? tn("Rank %[1]d of %[2]d teams", p.of, p.rank, p.of) : tn("Rank %[1]d of %[2]d players", p.of, p.rank, p.of)];
      if (!p.finished) where.push(t("in progress, round %d", p.round));
      if (p.status === 'dropped') where.push(p.dropped_after ? t("you dropped after round %d", p.dropped_after) : t("you dropped"));
      if (p.status === 'disqualified') where.push(p.dropped_after ? t("you were disqualified after round %d", p.dropped_after) : t("you were disqualified"));
      return el('li', {},
        el('a', { href: '/events/' + p.event + '/standings', text: p.name }),
        el('span', { class: 'res', text: p.record }),
        el('small', { text: p.date_text + ' · ' + p.kind }),
        el('small', { text: where.join(' · ') }));
    }));
    hc.hidden = false;
  }
  return { show };
}

homePage();
