// The standings (/events/N/standings).
import { api, t, $, el, fill, getJSON, me, standingsEvery, follow, every, rankText, standingsTitle } from './tk.js';

function standingsPage() {
  const table = $('#standings'), msg = $('#standings-message');
  async function load() {
    let s;
    try { s = await getJSON(api + '/standings'); } catch (e) { msg.textContent = e.message; return; }
    $('#standings-label').textContent = standingsTitle(s);
    msg.textContent = s.rows.length ? '' : t("Nobody is registered yet.");
    const mine = me();
    const head = el('tr', {}, el('th', { text: '#' }), el('th', { class: 'name', text: s.teams ? t("Team") : t("Name") }),
      s.teams ? el('th', { class: 'name', text: t("Players") }) : null,
      el('th', { text: t("Pts") }), el('th', { text: t("W–L–D") }),
      s.tiebreakers.map((tb) => el('th', { title: tb.meaning, text: tb.title })));
    fill(table, el('thead', {}, head), el('tbody', {}, s.rows.map((r) =>
      el('tr', { class: (r.status !== 'active' ? 'gone' : '') + (mine && r.entry === mine.entry ? ' me' : '') },
        el('td', { text: rankText(r) }),
        el('td', { class: 'name', text: r.name + (r.status === 'dropped' ? t(" (dropped)") : r.status === 'disqualified' ? t(" (disqualified)") : '') }),
        s.teams ? el('td', { class: 'name', text: r.members }) : null,
        el('td', { text: String(r.points) }), el('td', { text: r.record }),
        s.tiebreakers.map((tb) => el('td', { text: r.tiebreakers[tb.key] || '' }))))));
    fill($('#tiebreakers'), s.tiebreakers.map((tb) => [el('dt', { text: tb.title }), el('dd', { text: tb.meaning })]));
    // How the ties marked * were broken: said by the server, in core's
    // words, as the window and the paper say it.
    const note = $('#standings-draw-note');
    note.textContent = s.draw_note || '';
    note.hidden = !s.draw_note;
  }
  // One result moves many rows: the rows are refetched at most every
  // ~20 s while results come, and once more when the round is complete.
  const moved = every(load, standingsEvery);
  follow({ load, patch: (p) => { if (p.standings) moved(p.standings.in === p.standings.of, p.standings.of); } });
}

standingsPage();
