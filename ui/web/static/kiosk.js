// Tablekeeper's kiosk tablet. The pages work as plain forms; this script
// adds what a kiosk needs on top: names as one types, the deck check as
// one types, the table's countdown, the return to the start screen after
// a while without input, the switch to "find my table" when a round
// is published (the event's live stream), and, on a laptop of a cluster,
// the move to the laptop that hosts the event when its own dies.
'use strict';
(function () {
  // t says a key in the page's language (app/tk.js, run first, reads the words).
  const t = (window.tk && window.tk.t) || ((key) => key);
  const root = document.querySelector('.k-app');
  if (!root) return;
  const base = root.dataset.kiosk || '';
  const eventId = root.dataset.eventId || '';
  let idle = Number(root.dataset.idle || 0);

  // ---- back to the start after idle seconds without input ----------
  let idleTimer = 0;
  function touch() {
    clearTimeout(idleTimer);
    if (idle > 0) idleTimer = setTimeout(() => { location.assign(base); }, idle * 1000);
  }
  for (const ev of ['pointerdown', 'keydown', 'input', 'scroll', 'touchstart']) {
    window.addEventListener(ev, touch, { passive: true });
  }
  touch();

  // ---- one tap, one submission ---------------------------------------
  for (const form of document.querySelectorAll('.k-app form[method="post"]')) {
    form.addEventListener('submit', () => {
      setTimeout(() => { for (const b of form.querySelectorAll('button')) b.disabled = true; }, 0);
    });
  }

  function debounce(fn, ms) {
    let timer = 0;
    return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
  }

  // ---- the table's countdown (app/tk.js, countdowns) ---------------------
  const startCountdowns = (window.tk && window.tk.countdowns) || (() => {});
  startCountdowns();

  // ---- names (or tables) as one types ----------------------------------
  const search = document.querySelector('.k-search input[name="q"]');
  const results = document.getElementById('k-results');
  const newHere = document.querySelector('.k-new');
  let seq = 0;
  async function refreshResults() {
    if (!search || !results) return;
    const q = search.value;
    const mine = ++seq;
    const url = base + (q.trim() ? '?q=' + encodeURIComponent(q) : '');
    try {
      const r = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
      if (mine !== seq) return;
      const doc = new DOMParser().parseFromString(await r.text(), 'text/html');
      const fresh = doc.getElementById('k-results');
      const kiosk = doc.querySelector('.k-app');
      if (!fresh || !kiosk || (kiosk.dataset.mode || '') !== (root.dataset.mode || '')) {
        location.assign(url); // locked, or the kiosk changed mode: load the page itself
        return;
      }
      results.replaceChildren(...Array.from(fresh.childNodes).map((n) => document.importNode(n, true)));
      const freshNew = doc.querySelector('.k-new');
      if (newHere && freshNew) newHere.setAttribute('href', freshNew.getAttribute('href'));
      idle = Number(kiosk.dataset.idle || 0);
      touch();
      history.replaceState(null, '', url);
      startCountdowns();
    } catch (e) {
      /* the network dropped: the Search button still works */
    }
  }
  if (search && results) {
    search.addEventListener('input', debounce(refreshResults, 250));
    // The cursor after the text already there.
    const n = search.value.length;
    try { search.setSelectionRange(n, n); } catch (e) { /* type=search on old browsers */ }
  }

  // ---- the deck check as one types (drawn as on a player's phone) ------
  const list = document.getElementById('k-list');
  const check = document.getElementById('k-check');
  if (list && check && eventId && window.tk && window.tk.checkAsTyped) {
    const run = window.tk.checkAsTyped(list, check, 'k-', async (text) => {
      const r = await fetch('/api/events/' + eventId + '/kiosk/deck-check', {
        method: 'POST', credentials: 'same-origin', cache: 'no-store', body: new URLSearchParams({ list: text }),
        headers: { Accept: 'application/json' },
      });
      return { ok: r.ok, data: await r.json().catch(() => ({})) };
    });
    if (list.value.trim() && !check.querySelector('.k-legal, .k-illegal')) run();
  }

  // ---- follow the event: a published round turns the kiosk into
  // "find my table"; a result or the clock updates the tables shown. On
  // a laptop of a cluster every kiosk page follows the host: when the
  // laptop serving the tablet dies and another hosts the event, the
  // kiosk opens there, unlocked (app/laptops.js): at the start, with what
  // was typed in the search (kept in the address by refreshResults) ------
  if (eventId && 'EventSource' in window) {
    const es = new EventSource('/api/events/' + eventId + '/stream');
    // A page the browser keeps in its back/forward cache holds no stream;
    // shown again, it loads afresh.
    window.addEventListener('pagehide', () => es.close());
    // A newer page of this device took this stream's place: no reconnecting.
    es.addEventListener('replaced', () => es.close());
    window.addEventListener('pageshow', (e) => { if (e.persisted) location.reload(); });
    if (window.tk && window.tk.watch) {
      window.tk.watch(es, () => window.tk.reload(location.pathname === base ? base + location.search : base));
      // A stream the network dropped: the tablet says so after a while.
      es.addEventListener('open', window.tk.found);
      es.addEventListener('error', () => { if (es.readyState !== 2) window.tk.lost(); });
    }
    if (search) {
      es.addEventListener('change', (m) => {
        let what = [];
        try { what = JSON.parse(m.data).what || []; } catch (e) { return; }
        if (what.includes('event') || what.includes('round')) {
          if (!search.value.trim()) { location.reload(); return; }
        }
        if (search.value.trim() && (what.includes('result') || what.includes('clock') || what.includes('round'))) refreshResults();
      });
    }
  }
})();
