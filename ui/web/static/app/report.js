// The report page (/events/N/report): a table's result with its code,
// or, where both players confirm, a signed-in player's own table.
import { eventId, api, t, $, el, fill, getJSON, postJSON, me, debounce, follow } from './tk.js';

function reportPage() {
  const table = $('#r-table'), fields = $('#r-fields'), msg = $('#r-message'), send = $('#r-send');
  const typed = $('#r-result'), other = $('#r-other'), confirm = $('#r-confirm');
  let form = null, mine = -1, winner = null, chosen = null;

  // say shows the answer at the top of the page; top also scrolls to it
  // and moves the focus there, so a phone and a screen reader get it
  // whatever the form's length.
  function say(text, ok, top) {
    fill(msg, keepScores(sentence(text)));
    msg.className = ok === undefined ? 'hint' : ok ? 'success' : 'error';
    // The answer sits under the page's title: scrolling to the top
    // shows it below the sticky menu, however many rows that takes.
    if (top && text) { window.scrollTo(0, 0); msg.focus({ preventScroll: true }); }
  }

  // sentence starts text with a capital: the server's sentences start
  // in lower case, to be put after other words too.
  function sentence(text) { return text ? text.charAt(0).toUpperCase() + text.slice(1) : ''; }

  // keepScores puts each score of text ("2–1") in a span that does not
  // break: a narrow phone would otherwise wrap "2–" and "1".
  function keepScores(text) {
    return text.split(/(\d+(?:–\d+)+)/).map((part, i) => (i % 2 ? el('span', { class: 'score', text: part }) : part)).filter((p) => p !== '');
  }

  // sideName is side i's name, with "you" where it is this phone's
  // player (or her team).
  function sideName(i) {
    if (i !== mine) return form.sides[i];
    return form.kind === 'team' ? t("%s (your team)", form.sides[i]) : t("%s (you)", form.sides[i]);
  }

  function pressed(row, button) {
    for (const b of row.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b === button));
  }

  // choose keeps a result and shows it on the line above Send.
  function choose(c) {
    chosen = c;
    if (c) other.open = false;
    fill(confirm, c ? keepScores(sentence(c.said)) : []);
  }

  // pickWinner shows the games of the winner's results (the side, or 0
  // for a draw), or takes the only one.
  function pickWinner(w, button) {
    winner = w;
    pressed($('#r-winner-buttons'), button);
    const cs = form.choices.filter((c) => c.winner === w);
    const games = $('#r-games'), row = $('#r-games-buttons');
    choose(cs.length === 1 ? cs[0] : null);
    games.hidden = cs.length < 2;
    if (cs.length < 2) return;
    $('#r-games-legend').textContent = w === 0 ? t("The score") : t("The score, %s first", sideName(w - 1));
    fill(row, cs.map((c) => {
      const b = el('button', { type: 'button', class: 'choice', 'aria-pressed': 'false', text: c.games });
      b.addEventListener('click', () => { pressed(row, b); choose(c); });
      return b;
    }));
  }

  // drawChoices draws the buttons of who won: each side by name, then
  // Draw where the match has draws.
  function drawChoices() {
    const row = $('#r-winner-buttons');
    const winners = [1, 2, 0].filter((w) => form.choices.some((c) => c.winner === w));
    fill(row, winners.map((w) => {
      const b = el('button', { type: 'button', class: 'choice', 'aria-pressed': 'false', text: w === 0 ? t("Draw") : sideName(w - 1) });
      b.addEventListener('click', () => pickWinner(w, b));
      return b;
    }));
    winner = null; choose(null); $('#r-games').hidden = true;
    $('#r-other-label').textContent = form.other || '';
    typed.placeholder = form.placeholder || '';
    $('#r-hint').textContent = form.hint;
  }

  function drawSides() {
    let line;
    if (form.kind === 'multi') {
      line = form.sides.map((p, i) => t("Seat %[1]d: %[2]s", i + 1, i === mine ? t("You (%s)", p) : p)).join(' · ');
    } else if (mine >= 0) {
      line = form.kind === 'team'
        ? t("Your team (%[1]s) v %[2]s", form.sides[mine], form.sides[1 - mine])
        : t("You (%[1]s) v %[2]s", form.sides[mine], form.sides[1 - mine]);
    } else {
      line = t("%[1]s v %[2]s", form.sides[0], form.sides[1]);
    }
    fill($('#r-sides'), line);
  }

  // loadForm fetches the table's form; keep leaves the message shown.
  async function loadForm(keep) {
    const n = Number(table.value.trim());
    if (!Number.isInteger(n) || n < 1) { form = null; fields.hidden = true; say(''); return; }
    let f;
    try {
      f = await getJSON(api + '/tables/' + n + '/form');
    } catch (e) {
      form = null; fields.hidden = true; say(e.message, false); return;
    }
    if (Number(table.value.trim()) !== f.table) return;
    const same = form && form.table === f.table && form.round === f.round;
    form = f;
    const m = me();
    mine = m ? (form.members || []).findIndex((ids) => ids.includes(m.entry)) : -1;
    $('#r-round').textContent = t("%[1]s · table %[2]d", form.label, form.table);
    drawSides();
    $('#r-result-now').textContent = form.result ? t("The table has a result already: %s.", form.result_said || form.result) : '';
    $('#r-match').hidden = form.kind === 'multi';
    $('#r-multi').hidden = form.kind !== 'multi';
    if (form.kind === 'multi') {
      $('#r-rule').textContent = form.rule;
      $('#r-winner-hint').textContent = form.winner_hint;
      if (!same) {
        fill($('#r-values'), form.sides.map((p, i) => el('div', { class: 'form-row' },
          el('label', { for: 'r-value-' + i, text: t("%[1]s, seat %[2]d — %[3]s", i === mine ? t("You (%s)", p) : p, i + 1, form.value_name) }),
          el('input', { id: 'r-value-' + i, class: 'r-value', maxlength: '40', spellcheck: 'false' }))));
      }
    } else if (!same) {
      // A new table (or round): its own buttons; the same table
      // refreshed keeps what the player tapped.
      drawChoices();
    }
    fields.hidden = false;
    if (keep !== true) say('');
  }

  // resultOf is the match's result to send: the typed one when the
  // player opened "Another result" and typed it, else the one tapped.
  function resultOf() {
    if (other.open && typed.value.trim() !== '') return typed.value;
    return chosen ? chosen.line : '';
  }

  $('#r-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!form) { await loadForm(); if (!form) return; }
    if (own.on) { await sendMine(); return; }
    const body = { round: form.round, table: form.table, code: $('#r-code').value.trim() };
    if (form.kind === 'multi') {
      body.multi = { winners: $('#r-winners').value, values: Array.from(document.querySelectorAll('.r-value')).map((i) => i.value), time_out: $('#r-timeout').checked };
    } else {
      body.result = resultOf();
      if (!body.result) {
        say(winner === null ? t("Tap who won, then send.") : t("Tap the score, then send."), false, true);
        return;
      }
    }
    send.disabled = true;
    say(t("Sending…"));
    try {
      const r = await postJSON(api + '/reports', body);
      if (r.status === 200 || r.status === 202) say(r.data.message, true, true);
      else say(r.data.error || t("The organizer's computer answered %d; try again.", r.status), false, true);
      if (r.status === 200) loadForm(true);
    } catch (x) {
      say(t("The report did not reach the organizer's computer; check the Wi-Fi and send it again."), false, true);
    } finally {
      send.disabled = false;
    }
  });
  typed.addEventListener('input', () => { if (typed.value.trim() !== '') { chosen = null; confirm.textContent = ''; pressed($('#r-winner-buttons')); $('#r-games').hidden = true; } });
  table.addEventListener('input', debounce(() => loadForm(), 300));

  // ---- results both players confirm (the server's confirm.go) ----
  // In an event whose results both players confirm, a signed-in player
  // reports her own table without its code; her opponent's page shows
  // her report to confirm. own.on: the event confirms; own.last: the
  // server's last word on her table; own.other: she asked to report
  // something else.
  const own = { on: false, last: null, other: false };

  // bodyOf is what the form sends as a result: the tapped or typed
  // line, or a multiplayer table's fields; null when nothing is chosen.
  function bodyOf() {
    if (form.kind === 'multi') {
      return { multi: { winners: $('#r-winners').value, values: Array.from(document.querySelectorAll('.r-value')).map((i) => i.value), time_out: $('#r-timeout').checked } };
    }
    const result = resultOf();
    return result ? { result } : null;
  }

  // drawMine shows her table's state; the form shows while nothing is
  // reported, or when she asked to report something else.
  function drawMine(m) {
    own.last = m;
    $('#r-mine').hidden = false;
    $('#r-code-row').hidden = true;
    $('#r-table-row').hidden = true;
    fill($('#r-mine-message'), keepScores(m.message || ''));
    $('#r-mine-message').className = 'mine-message st-' + (m.state || 'none');
    // At the organizer, each player's report is listed.
    fill($('#r-mine-reports'), m.state === 'organizer' ? (m.reports || []).map((r) => el('li', {}, keepScores(t("%[1]s: %[2]s", r.mine ? t("You") : r.name, r.said)))) : []);
    $('#r-mine-signin').hidden = !!m.signedIn;
    $('#r-mine-signin-link').setAttribute('href', '/events/' + eventId);
    const going = !!m.table && m.state !== 'recorded';
    const theirs = (m.reports || []).some((r) => !r.mine);
    // Confirm takes the other side's report; Report something else
    // opens the form, also to change her own report until the table is
    // settled.
    $('#r-mine-actions').hidden = !going || m.state === 'open' || own.other;
    $('#r-mine-confirm').hidden = m.state !== 'confirm' || !theirs;
    $('#r-form').hidden = !going || (m.state !== 'open' && !own.other);
  }

  // loadMine asks the server for her table; false when the event takes
  // table codes (the page works as before).
  async function loadMine() {
    let m;
    try { m = await getJSON(api + '/me/table'); } catch (e) { return own.on; }
    if (!m.confirm) { own.on = false; return false; }
    own.on = true;
    if (m.table && (!form || form.table !== m.table || form.round !== m.round)) {
      table.value = String(m.table);
      await loadForm(true);
    }
    drawMine(m);
    return true;
  }

  // sendMine sends her report: body (a result chosen on the form), or
  // the one she confirms.
  async function sendMine(line) {
    let body = line ? { result: line } : bodyOf();
    if (!body) {
      say(winner === null ? t("Tap who won, then send.") : t("Tap the score, then send."), false, true);
      return;
    }
    body = Object.assign({ round: (own.last && own.last.round) || form.round }, body);
    send.disabled = true;
    say(t("Sending…"));
    try {
      const r = await postJSON(api + '/me/report', body);
      if (r.status === 200) { own.other = false; say(''); drawMine(r.data); }
      else say(r.data.error || t("The organizer's computer answered %d; try again.", r.status), false, true);
    } catch (x) {
      say(t("The report did not reach the organizer's computer; check the Wi-Fi and send it again."), false, true);
    } finally {
      send.disabled = false;
    }
  }
  $('#r-mine-confirm').addEventListener('click', () => {
    const theirs = ((own.last && own.last.reports) || []).find((r) => !r.mine);
    if (theirs) sendMine(theirs.line);
  });
  $('#r-mine-other').addEventListener('click', () => {
    own.other = true;
    drawMine(own.last);
    const first = document.querySelector('#r-winner-buttons button, .r-value');
    if (first) first.focus();
  });

  loadMine().then((confirming) => {
    if (confirming) return;
    const q = new URLSearchParams(location.search).get('table');
    if (q && /^[0-9]{1,4}$/.test(q)) {
      table.value = q; loadForm();
    } else if (me()) {
      // A player who found herself gets her own table.
      getJSON(api + '/players/' + me().entry).then((p) => {
        if (p.now && p.now.state === 'playing' && table.value.trim() === '') { table.value = String(p.now.table); loadForm(); }
      }).catch(() => {});
    }
  });
  // The form follows its own table: a result at another table costs a
  // patch and nothing more; a round published (or patches lost) loads
  // what the page shows again.
  const again = () => (own.on ? loadMine() : form ? loadForm(true) : null);
  follow({
    load: again,
    patch: (p) => {
      if (form && p.round === form.round && (p.tables || []).some((x) => x.number === form.table)) again();
    },
    mine: () => { if (own.on) loadMine(); },
  });
}

reportPage();
