// The top cut (/events/N/bracket).
import { api, t, $, el, fill, getJSON, follow, every } from './tk.js';

function bracketPage() {
  const out = $('#bracket'), msg = $('#bracket-message');
  async function load() {
    let b;
    try { b = await getJSON(api + '/bracket'); } catch (e) { msg.textContent = e.message; return; }
    msg.textContent = b.rounds.length ? '' : t("No top cut, bracket or final table yet: it shows here once its first round is published.");
    fill(out, b.rounds.map((r) => el('section', {},
      el('h2', { text: r.label }),
      r.matches.map((m) => el('div', { class: 'match' },
        el('div', { class: 'tno', text: m.bye ? t("Bye") : m.result === null ? t("Table %d · playing", m.table) : t("Table %d", m.table) }),
        m.players.map((p, i) => el('div', { class: 'side' + (m.winner === i + 1 ? ' won' : '') },
          el('span', { class: 'seed', text: p.seed ? String(p.seed) : '' }),
          el('span', { text: p.name }),
          el('span', { text: p.score || (p.games === null ? '' : String(p.games)) }))))))));
  }
  // A bracket is a few tables: a result refetches it within seconds.
  const soon = every(load, 3000);
  follow({ load, patch: (p) => { if (p.tables) soon(); } });
}

bracketPage();
