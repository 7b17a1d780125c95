// Tablekeeper's judges' phones. The pages work as plain forms; this
// script adds the countdown of the tables' time, the entry form's rows
// for the kind chosen (as the desk's Judge tab shows them), the penalty
// suggestion as the player and infraction are chosen, and a refresh when
// the event changes (its live stream).
'use strict';
(function () {
  // t says a key in the page's language (app/tk.js, run first, reads the words).
  const t = (window.tk && window.tk.t) || ((key) => key);
  const root = document.querySelector('.j-app');
  if (!root) return;
  document.documentElement.classList.add('js');

  function debounce(fn, ms) {
    let timer = 0;
    return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
  }

  // ---- one tap, one submission ---------------------------------------
  for (const form of document.querySelectorAll('.j-app form[method="post"]')) {
    form.addEventListener('submit', () => {
      setTimeout(() => { for (const b of form.querySelectorAll('button')) b.disabled = true; }, 0);
    });
  }

  // ---- the tables' countdown (app/tk.js, countdowns) --------------------
  const countdowns = window.tk && window.tk.countdowns;
  if (countdowns) countdowns();

  // ---- the entry form ----------------------------------------------------
  const form = document.getElementById('j-entry');
  if (form) {
    const kind = form.querySelector('[name="kind"]');
    const player = form.querySelector('[name="player"]');
    const infraction = form.querySelector('[name="infraction"]');
    const penalty = form.querySelector('[name="penalty"]');
    const table = form.querySelector('[name="table"]');
    const suggestion = document.getElementById('j-suggestion');
    let penaltyTouched = penalty.value !== '';
    penalty.addEventListener('change', () => { penaltyTouched = true; rows(); });

    const rows = () => {
      for (const row of form.querySelectorAll('.j-when')) {
        const kinds = (row.dataset.kinds || '').split(' ');
        let on = kinds.includes(kind.value);
        if (on && row.dataset.penalty) on = penalty.value === row.dataset.penalty;
        row.hidden = !on;
      }
      const none = penalty.querySelector('option[value=""]');
      if (none) none.textContent = kind.value === 'deck-check' ? t("No penalty") : t("(choose the penalty)");
    };
    rows();

    let seq = 0;
    const suggest = debounce(async () => {
      const mine = ++seq;
      const q = new URLSearchParams({ kind: kind.value, player: player.value, infraction: infraction.value });
      try {
        const r = await fetch('/api/judge/events/' + form.dataset.eventId + '/suggest?' + q, { credentials: 'same-origin', cache: 'no-store' });
        if (!r.ok || mine !== seq) return;
        const s = await r.json();
        suggestion.textContent = s.sentence || '';
        if (s.penalty && !penaltyTouched) { penalty.value = s.penalty; rows(); }
      } catch (e) { /* the Save button still works */ }
    }, 250);
    kind.addEventListener('change', () => { rows(); suggest(); });
    player.addEventListener('change', suggest);
    infraction.addEventListener('input', suggest);

    // A table typed lists its players: the form's page for that table
    // gives the list.
    const players = debounce(async () => {
      const q = new URLSearchParams({ kind: kind.value, table: table.value, player: player.value });
      try {
        const r = await fetch(form.getAttribute('action') + '?' + q, { credentials: 'same-origin', cache: 'no-store' });
        if (!r.ok) return;
        const doc = new DOMParser().parseFromString(await r.text(), 'text/html');
        const fresh = doc.querySelector('#j-entry [name="player"]');
        if (fresh) player.replaceChildren(...Array.from(fresh.children).map((n) => document.importNode(n, true)));
        const note = doc.querySelector('#j-entry .j-small');
        const old = form.querySelector('.j-small');
        if (old) old.remove();
        if (note) table.closest('.j-two').after(document.importNode(note, true));
        suggest();
      } catch (e) { /* keep the list as it is */ }
    }, 300);
    table.addEventListener('input', players);
  }

  // ---- follow the event --------------------------------------------------
  // The event's patches (app/tk.js, follow): a result takes its table off the
  // list of tables still out, in place; what the patches do not carry (a
  // penalty logged, the clock, a round published, a result taken back,
  // the last table in) reloads the page, unless the judge is typing. A
  // table's page reloads for its own table's result.
  const live = root.dataset.live;
  const follow = window.tk && window.tk.follow;
  if (live && follow && 'EventSource' in window) {
    const out = document.getElementById('j-out');
    const list = out && out.querySelector('.j-list');
    const title = out && out.querySelector('h2');
    let opened = false;
    const typing = () => {
      const a = document.activeElement;
      return a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA' || a.tagName === 'SELECT') ? a : null;
    };
    const reload = () => { if (!typing()) window.tk.reload(); };
    // The laptop this page came from is gone: the page opens on the host
    // now (signed in), once the judge leaves the field she is typing in.
    const moved = () => {
      const a = typing();
      if (a) a.addEventListener('blur', moved, { once: true }); else window.tk.reload();
    };
    follow({
      // The page came with what it shows, as of patch root.dataset.feed:
      // only a later load (a round published, patches lost) reloads it.
      last: root.dataset.feed,
      load: () => { if (opened) reload(); opened = true; },
      moved,
      patch: (p) => {
        if (p.also && p.also.length) { reload(); return; }
        // A table's page: its own result reloads it.
        const mine = root.dataset.table;
        if (mine) { if ((p.tables || []).some((x) => String(x.number) === mine)) reload(); return; }
        if (!p.tables || !list || String(p.round) !== out.dataset.round) return;
        if (p.tables.some((x) => x.result === null)) { reload(); return; }
        for (const x of p.tables) {
          const li = list.querySelector('li[data-table="' + x.number + '"]');
          if (li) li.remove();
        }
        const n = list.children.length;
        if (n === 0) { reload(); return; }
        title.textContent = window.tk.tn("%[1]s · tables still out (%[2]d)", n, out.dataset.label, n);
      },
    }, live);
  }
})();
