// Tablekeeper's store network: live updates and forms for every page.
// The server renders each page's frame; this script fetches the page's
// JSON from /api/…, draws it (text only, never HTML from the server), and
// keeps it current from the event's live stream: a result lands in place
// from the stream's patch; a whole list is fetched again only when a round
// is published, when the page lost patches, or (standings, a player's
// rank) at most every ~25 s while results come. Without a stream the page
// refreshes by itself every minute.
'use strict';
(function () {
  const body = document.body;
  const eventId = body.dataset.event || '';
  const page = body.dataset.page || '';
  const api = '/api/events/' + eventId;

  // ---- words ---------------------------------------------------------

  // The page's language and the words its scripts say in it, which the
  // server puts in the page (a JSON block: data, not a script).
  const lang = document.documentElement.lang || 'en';
  let words = {};
  try { words = JSON.parse((document.getElementById('i18n') || {}).textContent || '{}') || {}; } catch (e) { words = {}; }

  // format puts values into a translated format as Go's fmt does for %s,
  // %d and their indexed forms (%[2]s), and %% for a percent sign.
  function format(f, args) {
    let next = 0;
    return f.replace(/%(?:\[(\d+)\])?([sd%])/g, (m, idx, verb) => {
      if (verb === '%') return '%';
      const i = idx ? Number(idx) - 1 : next;
      next = i + 1;
      return i < args.length ? String(args[i]) : m;
    });
  }

  // t says key (its English text, a format where values go in) in the
  // page's language.
  function t(key, ...args) {
    const w = words[key];
    return format(typeof w === 'string' ? w : key, args);
  }

  // tn is t for words that change with a count n: the server gives the
  // key's form for each CLDR plural category of the page's language, and
  // the browser's plural rules choose one ("other" for a category the
  // file left out), so a language added as a file needs nothing here.
  let plurals = null;
  try { plurals = new Intl.PluralRules(lang); } catch (e) { plurals = new Intl.PluralRules('en'); }
  function tn(key, n, ...args) {
    const w = words[key];
    if (!w || typeof w !== 'object') return format(key, args);
    const f = w[plurals.select(n)];
    return format(typeof f === 'string' ? f : w.other, args);
  }
  // The kiosk's, the judges' and the decklist's scripts say their words
  // with these too, and show a deck check with the one drawing below.
  // The judges' phones and the scorekeeper stations follow the event's
  // patches with follow.
  window.tk = { t, tn, lang, drawDeckCheck, checkAsTyped, follow };

  // ---- helpers -------------------------------------------------------

  const $ = (sel) => document.querySelector(sel);

  // el builds an element; children are nodes or strings (text nodes).
  function el(tag, props, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else e.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children.flat(Infinity)) {
      if (c !== undefined && c !== null && c !== false) e.append(c);
    }
    return e;
  }

  function fill(node, ...children) {
    node.replaceChildren(...children.flat(Infinity).filter((c) => c !== undefined && c !== null && c !== false));
  }

  async function getJSON(url) {
    const r = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache', credentials: 'same-origin' });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) {
      const err = new Error(data.error || t("The organizer's computer answered %d; try again.", r.status));
      err.status = r.status;
      throw err;
    }
    return data;
  }

  async function postJSON(url, payload) {
    const r = await fetch(url, {
      method: 'POST', credentials: 'same-origin', cache: 'no-store',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    const data = await r.json().catch(() => ({}));
    return { status: r.status, data };
  }

  // fold is the server's name fold (event.FoldName) for filtering lists by
  // name: compatibility decomposition, accents dropped, lower case, the
  // letters Unicode does not decompose (ø, ł, æ, ß …) spelt out as the
  // server says in #fold, runs of spaces made one. "nguyen" finds "Nguyễn".
  let foldLetters = {};
  try { foldLetters = JSON.parse(($('#fold') || {}).textContent || '{}') || {}; } catch (e) { foldLetters = {}; }
  const fold = (s) => Array.from(s.normalize('NFKD').replace(/\p{Mn}/gu, '').toLowerCase(), (c) => foldLetters[c] || c)
    .join('').replace(/\s+/g, ' ').trim();

  // Who this device is in this event: remembered after "find me".
  const meKey = 'tk.me.' + eventId;
  function me() {
    try { return JSON.parse(localStorage.getItem(meKey) || 'null'); } catch (e) { return null; }
  }
  function rememberMe(entry, name) {
    try { localStorage.setItem(meKey, JSON.stringify({ entry, name })); } catch (e) { /* private mode */ }
  }
  function forgetMe() {
    try { localStorage.removeItem(meKey); } catch (e) { /* private mode */ }
  }

  // debounce runs fn once calls stop for ms.
  function debounce(fn, ms) {
    let timer = 0;
    return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
  }

  // ---- a deck check --------------------------------------------------

  // drawDeckCheck shows a deck check in box as the server words it (its
  // verdict, the problems, then the warnings the organizer checks by
  // hand), or the error that kept it from running. The kiosk's tablet and
  // the player's phone both draw with it, each with its classes' prefix
  // (pre: "k-" or "d-").
  function drawDeckCheck(box, data, pre) {
    const item = (cls, text) => el('li', { class: pre + cls, text });
    const issues = el('ul', { class: pre + 'issues' });
    let verdict;
    if (data.error) {
      verdict = el('p', { class: pre + 'verdict ' + pre + 'illegal', text: t("The check did not work") });
      issues.append(item('bad', data.error));
    } else {
      verdict = el('p', { class: pre + 'verdict ' + pre + (data.empty ? 'quiet' : data.legal ? 'legal' : 'illegal'), text: data.verdict });
      for (const p of data.problems || []) issues.append(item('bad', p));
      if ((data.warnings || []).length) issues.append(item('note', t("The organizer checks these by hand:")));
      for (const w of data.warnings || []) issues.append(item('warn', w));
    }
    box.replaceChildren(verdict, issues);
  }

  // checkAsTyped checks list's text with send(text) (a promise of
  // { ok, data }) after each pause in typing and draws the answer in box;
  // an answer overtaken by a later one is dropped. It returns the check,
  // to run it at once.
  function checkAsTyped(list, box, pre, send) {
    let seq = 0;
    async function run() {
      const mine = ++seq;
      let data;
      try {
        const r = await send(list.value);
        data = r.data || {};
        if (!r.ok) data = { error: data.error || t("The check did not work; you can still save your deck.") };
      } catch (e) {
        data = { error: t("The check did not work; you can still save your deck.") };
      }
      if (mine === seq) drawDeckCheck(box, data, pre);
    }
    list.addEventListener('input', debounce(run, 300));
    return run;
  }

  // ---- live stream ---------------------------------------------------

  // live opens the event's stream: onChange(what) after a change (and on
  // waking up), onClock(clock) with each clock message.
  function live(url, onChange, onClock) {
    const dot = $('#live');
    let es = null;
    let poll = 0;
    function open() {
      if (es) es.close();
      es = new EventSource(url);
      es.addEventListener('open', () => {
        if (dot) { dot.hidden = false; dot.classList.remove('off'); dot.title = t("Live: this page updates by itself"); }
        clearInterval(poll); poll = 0;
      });
      es.addEventListener('change', (e) => { try { onChange(JSON.parse(e.data).what || []); } catch (x) { onChange([]); } });
      // Only a signed-in player's phone hears "mine": her table's reports
      // changed (results both players confirm).
      es.addEventListener('mine', () => onChange(['mine']));
      if (onClock) es.addEventListener('clock', (e) => { try { onClock(JSON.parse(e.data)); } catch (x) { /* skip */ } });
      es.addEventListener('error', () => {
        if (!es) return;
        if (dot) { dot.hidden = false; dot.classList.add('off'); dot.title = t("Reconnecting…"); }
        // A closed stream (refused, server gone) is not retried by the
        // browser: refresh every minute and try the stream again.
        if (es.readyState === 2 && !poll) {
          poll = setInterval(() => { onChange(['poll']); open(); }, 60000);
        }
      });
      // A newer page of this phone took this stream's place: this one
      // waits to be shown again.
      es.addEventListener('replaced', shut);
    }
    // shut closes the stream of a page the phone left (kept in the
    // back/forward cache) or another page replaced; it opens again when
    // the page is shown.
    function shut() {
      if (es) es.close();
      es = null;
      clearInterval(poll); poll = 0;
    }
    open();
    const wake = () => {
      if (document.visibilityState !== 'visible') return;
      onChange(['visible']);
      if (!es || es.readyState === 2) open();
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('pagehide', shut);
    window.addEventListener('pageshow', (e) => { if (e.persisted) wake(); });
    window.addEventListener('online', wake);
  }

  // How long a page waits, at random, before it refetches after a reset or
  // a published round: a room of 1,000 phones asks over this many ms, not
  // in the same second.
  const reloadJitter = 8000;
  // How often, at most, a standings view refetches while results come in
  // (plus up to a fifth of it at random): 0.3 s a table of the round,
  // from 2 s to 20 s, so that a store's 8-table evening follows each
  // result while a 512-table regional's 1,000 phones ask every 20 s.
  const standingsEvery = (tables) => Math.min(20000, Math.max(2000, 300 * (tables || 0)));

  // follow opens the event's patch stream (see the server's feed.go).
  // on.load() loads what the page shows: at once the first time, after a
  // random delay when the stream says the page is behind (a round was
  // published, patches were lost). on.patch(p) gets each patch in order
  // (those that come while a load runs wait for it, so a load's older
  // answer never undoes a patch); on.clock(c) each clock message; on.mine()
  // says a signed-in player's table's reports changed; on.last, the id of
  // the last patch a page built by the server shows (its stream starts
  // after it). event is the event followed (the page's own when not given).
  function follow(on, event) {
    const base = event ? '/api/events/' + event : api;
    const dot = $('#live');
    let es = null, poll = 0, seq = -1, lastId = on.last || '', loaded = false, timer = 0, loading = false;
    const queued = [];
    async function run() {
      if (loading) { queued.push(null); return; }
      loading = true;
      try { await on.load(); } catch (e) { /* the page shows its own error */ }
      loading = false;
      const later = queued.splice(0);
      if (later.includes(null)) { run(); return; }
      later.forEach((p) => on.patch(p));
    }
    function reload() {
      if (!loaded) { loaded = true; run(); return; }
      if (timer) return;
      timer = setTimeout(() => { timer = 0; run(); }, Math.random() * reloadJitter);
    }
    function patch(p) {
      if (p.seq !== seq + 1) { seq = p.seq; reload(); return; }
      seq = p.seq;
      if (p.reload) { reload(); return; }
      if (loading || timer) queued.push(p); else on.patch(p);
    }
    function open() {
      if (es) es.close();
      es = new EventSource(base + '/stream?patch=1' + (lastId ? '&last=' + encodeURIComponent(lastId) : ''));
      es.addEventListener('open', () => {
        if (dot) { dot.hidden = false; dot.classList.remove('off'); dot.title = t("Live: this page updates by itself"); }
        clearInterval(poll); poll = 0;
      });
      es.addEventListener('hello', (e) => {
        lastId = e.lastEventId;
        let h = {};
        try { h = JSON.parse(e.data); } catch (x) { h = { reset: true }; }
        seq = h.seq;
        if (h.reset || !loaded) reload();
      });
      es.addEventListener('patch', (e) => {
        lastId = e.lastEventId;
        try { patch(JSON.parse(e.data)); } catch (x) { reload(); }
      });
      if (on.clock) es.addEventListener('clock', (e) => { try { on.clock(JSON.parse(e.data)); } catch (x) { /* skip */ } });
      if (on.mine) es.addEventListener('mine', () => on.mine());
      es.addEventListener('error', () => {
        if (!es) return;
        if (dot) { dot.hidden = false; dot.classList.add('off'); dot.title = t("Reconnecting…"); }
        // A closed stream (refused, server gone) is not retried by the
        // browser: load now if the page has nothing, then refresh every
        // minute and try the stream again.
        if (es.readyState === 2) {
          if (!loaded) { loaded = true; run(); }
          if (!poll) poll = setInterval(() => { run(); open(); }, 60000);
        }
      });
      // A newer page of this phone took this stream's place: this one
      // waits to be shown again.
      es.addEventListener('replaced', shut);
    }
    // shut closes the stream of a page the phone left (kept in the
    // back/forward cache) or another page replaced; it opens again, from
    // the last patch it had, when the page is shown.
    function shut() {
      if (es) es.close();
      es = null;
      clearInterval(poll); poll = 0;
    }
    open();
    // A phone waking up may hold a stream that died in its sleep: open it
    // again from the last patch it had, which sends only what it missed.
    const wake = () => { if (document.visibilityState === 'visible') open(); };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('pagehide', shut);
    window.addEventListener('pageshow', (e) => { if (e.persisted) wake(); });
    window.addEventListener('online', wake);
  }

  // every returns a function that runs fn at most once per ms (plus up to
  // a fifth of ms at random, so phones spread their requests), however
  // often it is called; called with soon, it runs fn within a few seconds
  // (the round's last result: the final numbers). ms may be a function of
  // the size passed with each call (the round's tables).
  function every(fn, ms) {
    let last = Date.now(), timer = 0, soonSet = false;
    return (soon, size) => {
      if (timer && (!soon || soonSet)) return;
      const period = typeof ms === 'function' ? ms(size) : ms;
      const wait = soon ? Math.random() * Math.min(4000, period) : Math.max(0, last + period - Date.now()) + Math.random() * period / 5;
      clearTimeout(timer);
      soonSet = !!soon;
      timer = setTimeout(() => { timer = 0; soonSet = false; last = Date.now(); fn(); }, wait);
    };
  }

  // ---- round clock ---------------------------------------------------

  const clock = { data: null, at: 0, table: 0, onZero: null, zeroSent: false };

  function setClock(c) {
    clock.data = c;
    clock.at = performance.now();
    clock.zeroSent = false;
    drawClock();
  }

  // face writes ms as the desktop clock does: 49:59, 1:05:00, rounded up
  // to the second.
  function face(ms) {
    let s = Math.ceil(ms / 1000);
    const sign = s < 0 ? '-' : '';
    s = Math.abs(s);
    const h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
    const pad = (n) => String(n).padStart(2, '0');
    return h > 0 ? sign + h + ':' + pad(m) + ':' + pad(sec) : sign + m + ':' + pad(sec);
  }

  function clockLeft(c) {
    let left = c.remaining_ms;
    const ext = (c.extensions || []).find((x) => x.table === clock.table);
    if (ext) left = ext.remaining_ms;
    if (c.running) left -= performance.now() - clock.at;
    return left;
  }

  function drawClock() {
    const face$ = $('#clock');
    if (!face$) return;
    const cap = $('#clock-caption');
    const label = $('#clock-label') || $('#pj-round');
    const c = clock.data;
    let text = '—', state = 'dim', caption = '';
    if (c && c.round > 0) {
      const left = clockLeft(c);
      const ext = (c.extensions || []).find((x) => x.table === clock.table);
      if (!c.timed) { text = t("Untimed"); }
      else if (!c.started) { text = face(left); caption = t("Not started"); }
      else if (left <= 0) {
        text = t("TIME"); state = 'over';
        const over = face(-left);
        if (over !== '0:00') caption = t("over by %s", over);
        if (!clock.zeroSent && clock.onZero) { clock.zeroSent = true; clock.onZero(); }
      } else if (c.paused) { text = face(left); caption = t("Paused"); }
      else { text = face(left); state = left <= c.warning_ms ? 'warn' : 'normal'; }
      if (ext && c.started && left > 0) caption = (caption ? caption + ' · ' : '') + t("your table has extra time");
      if (label && label.id === 'clock-label') label.textContent = c.label;
    } else if (c) {
      caption = t("No round yet");
    }
    if (face$.textContent !== text) face$.textContent = text;
    face$.dataset.state = state;
    if (cap && cap.textContent !== caption) cap.textContent = caption;
    const extLine = $('#pj-ext');
    if (extLine && c) {
      const list = (c.extensions || []).filter((x) => x.remaining_ms - (c.running ? performance.now() - clock.at : 0) > 0);
      extLine.textContent = c.started && list.length ? t("On extension: %s", list.map((x) => t("table %[1]d %[2]s", x.table, face(x.remaining_ms - (c.running ? performance.now() - clock.at : 0)))).join(', ')) : '';
    }
  }
  setInterval(drawClock, 250);

  async function loadClock() {
    try { setClock(await getJSON(api + '/clock')); } catch (e) { /* the stream brings it */ }
  }

  // ---- the event list ------------------------------------------------

  function eventsPage() {
    const list = $('#events');
    async function load() {
      try {
        const data = await getJSON('/api/events');
        if (!data.events.length) { fill(list, el('p', { class: 'empty', text: t("No events yet.") })); return; }
        fill(list, data.events.map((e) => el('a', { class: 'item', href: '/events/' + e.id },
          el('strong', { text: e.name }),
          el('span', { text: e.game + ' · ' + e.date + ' · ' + e.status }))));
      } catch (e) { /* keep what is shown */ }
    }
    live('/api/stream', load);
  }

  // ---- the player's drop (issue 22) ---------------------------------

  // A player signed in with her player code asks here to drop after this
  // round, in two steps (the second says what it means), then follows her
  // request: waiting for the organizer (she can withdraw it), dropped, or
  // kept in. The card shows only on the Me view of the entry the phone is
  // signed in as; the server says who that is (GET …/me/drop), so the card
  // needs nothing from the sign-in box but its events. dropCard() is made
  // once, on the first refresh.
  let dropBox = null;
  function dropCard() {
    const card = $('#drop-card'), body = $('#drop-body');
    if (!card) return { refresh() {} };
    let asking = false, busy = false, again = false;

    function say(text, cls) { return el('p', { class: cls || 'message', id: 'drop-state', text }); }
    function button(id, text, cls, onclick) {
      const b = el('button', { type: 'button', id, class: cls || '', text });
      b.addEventListener('click', onclick);
      return b;
    }
    // send posts an ask or a withdrawal and draws the answer (or the
    // server's sentence).
    async function send(path) {
      let note = null;
      try {
        const r = await postJSON(api + '/me/drop' + path, {});
        if (r.status === 200) { asking = false; draw(r.data); return; }
        note = r.data.error || t("The organizer's computer answered %d; try again.", r.status);
      } catch (e) {
        note = t("Your request did not reach the organizer's computer; check the Wi-Fi and try again.");
      }
      asking = false;
      await refresh();
      body.append(el('p', { class: 'error', role: 'alert', text: note }));
    }
    function askButton(d) {
      return button('drop-ask', d.rounds > 0 ? t("Drop after this round") : t("Drop before round 1"), 'quiet', () => { asking = true; draw(d); });
    }
    function draw(d) {
      card.hidden = false;
      const parts = [];
      switch (d.state) {
        case 'waiting':
          parts.push(say(t("Asked to drop — waiting for the organizer")),
            el('p', { class: 'hint', text: d.round > 0 ? t("You leave after round %d once the organizer accepts.", d.round) : t("You leave the event once the organizer accepts.") }),
            button('drop-withdraw', t("Withdraw"), 'quiet', () => send('/withdraw')));
          break;
        case 'dropped':
          parts.push(say(d.droppedAfter > 0 ? t("Dropped after round %d", d.droppedAfter) : t("Dropped before round 1"), 'message success'),
            el('p', { class: 'hint', text: t("You will not be paired again; your results so far stay.") }));
          break;
        case 'kept-in':
        case 'can-ask':
          if (d.state === 'kept-in') parts.push(say(t("The organizer kept you in: see the desk")));
          if (!asking) { parts.push(askButton(d)); break; }
          parts.push(el('p', { class: 'message', id: 'drop-confirm', text: t("You will not be paired again; your results so far stay.") }),
            el('div', { class: 'drop-actions' },
              button('drop-yes', t("Yes, drop"), '', () => send('')),
              button('drop-cancel', t("Cancel"), 'quiet', () => { asking = false; draw(d); })));
          break;
        default:
          card.hidden = true;
      }
      fill(body, parts);
      const focus = $('#drop-yes');
      if (focus) focus.focus();
    }
    async function refresh() {
      const m = me();
      if (!m) { card.hidden = true; return; }
      // With the sign-in box (window.tkPlayer), a phone it knows is not
      // signed in as her asks nothing: most phones of a room never sign in.
      const known = window.tkPlayer;
      if (known) {
        await known.ready;
        if (!known.signedIn || known.entry !== m.entry) { card.hidden = true; return; }
      }
      if (busy) { again = true; return; }
      busy = true;
      try {
        const d = await getJSON(api + '/me/drop');
        if (!d.signedIn || d.entry !== m.entry) card.hidden = true;
        else if (!asking) draw(d);
      } catch (e) { /* the card keeps what it showed */ }
      finally {
        busy = false;
        if (again) { again = false; refresh(); }
      }
    }
    document.addEventListener('tk:signedin', refresh);
    document.addEventListener('tk:signedout', refresh);
    return { refresh };
  }
  function refreshDrop() {
    if (!dropBox) dropBox = dropCard();
    dropBox.refresh();
  }

  // ---- the player's sign-in (her player code) ------------------------

  // A player who found herself by name follows her tables; to write from
  // her phone (her decklist, confirming a result, dropping) she signs in
  // with her player code, something she has (printed on her slip, given at
  // the desk), since anyone can tap her name. The other blocks of the Me
  // view show themselves only when she is signed in, from:
  //   window.tkPlayer: { signedIn, entry, name } as it is now, and
  //     tkPlayer.ready, a promise settled once the phone knows whether it
  //     is signed in (after GET …/me);
  //   the document's events 'tk:signedin' (detail: { entry, name }) and
  //     'tk:signedout', fired on each change (signing in as another entry
  //     fires 'tk:signedin' again).
  // Signed in is always as the player the page follows: following another
  // (the slip of someone else, "Not you?") signs the phone out.
  // A link whose fragment is #entry=N&token=… (the QR code of her slip or
  // of the kiosk: her long link token, not the code she types) signs in on
  // open; #entry=N&code=ABC234, as slips printed before said, too. The
  // secret is in the fragment, which the browser never sends, so it stays
  // out of every log; the page takes it out of the address bar and history
  // at once.
  const tkPlayer = { signedIn: false, entry: 0, name: '', ready: Promise.resolve() };
  window.tkPlayer = tkPlayer;

  // playerSignIn draws the sign-in box of the entry the page follows and
  // returns { follow(entry), signOut() }; found(entry, name) is called when
  // a sign-in makes the page follow an entry (the slip's link, or the
  // phone signed in as someone else than it remembered).
  function playerSignIn(found) {
    const box = $('#signin-card');
    if (!box) return { follow() {}, signOut() {} };
    const form = $('#signin-form'), input = $('#signin-code'), msg = $('#signin-message'), signed = $('#signed-in');
    let following = 0;

    function set(entry, name) {
      const was = tkPlayer.signedIn ? tkPlayer.entry : 0;
      Object.assign(tkPlayer, { signedIn: entry > 0, entry, name: entry > 0 ? name : '' });
      draw();
      if (was !== entry) document.dispatchEvent(new CustomEvent(entry > 0 ? 'tk:signedin' : 'tk:signedout', { detail: { entry, name } }));
    }
    function draw() {
      box.hidden = !following;
      const mine = tkPlayer.signedIn && tkPlayer.entry === following;
      form.hidden = mine;
      signed.hidden = !mine;
      $('#signed-in-as').textContent = mine ? t("Signed in as %s", tkPlayer.name) : '';
    }
    // signIn sends a code for entry (or a link's token, with byLink): ''
    // when signed in, else the sentence to show (the server's: a wrong
    // code, too many tries and the wait).
    async function signIn(entry, code, byLink) {
      try {
        const r = byLink ? await postJSON(api + '/me/link', { entry, token: code }) : await postJSON(api + '/me/signin', { entry, code });
        if (r.status === 200 && r.data.signedIn) { set(r.data.entry, r.data.name); return ''; }
        return r.data.error || t("The organizer's computer answered %d; try again.", r.status);
      } catch (e) {
        return t("The sign-in did not reach the organizer's computer; check the Wi-Fi and try again.");
      }
    }
    // signOut ends the session on the server, then says so: a block
    // that hears tk:signedout can count on the phone being signed out.
    async function signOut() {
      if (!tkPlayer.signedIn) return;
      try { await postJSON(api + '/me/signout', {}); } catch (e) { /* the session ends by itself */ }
      set(0, '');
    }

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      // "abc-234", "ABC 234": the server keeps the letters and digits.
      const code = input.value.trim();
      if (!code) { msg.textContent = t("Type your player code: 6 letters and digits, as on your player slip."); input.focus(); return; }
      const btn = $('#signin-go');
      btn.disabled = true;
      msg.textContent = '';
      const why = await signIn(following, code);
      btn.disabled = false;
      msg.textContent = why;
      if (why) { input.select(); input.focus(); } else input.value = '';
    });
    $('#signout').addEventListener('click', signOut);

    // fromLink signs in from a link's #entry=N&token=… (the QR code of
    // the slip or the kiosk) or #entry=N&code=…, read and removed from the
    // address before anything else; true when there was one. Without N,
    // the entry the page follows.
    async function fromLink() {
      const frag = new URLSearchParams(location.hash.slice(1));
      const byLink = frag.has('token');
      if (!byLink && !frag.has('code')) return false;
      history.replaceState(history.state, '', location.pathname + location.search);
      const entry = Number(frag.get('entry')) || (me() || {}).entry || 0;
      if (!entry) return false;
      const why = await signIn(entry, byLink ? frag.get('token') : frag.get('code'), byLink);
      // A wrong or spent code: her page anyway, and the sentence in the box.
      found(entry, why ? '' : tkPlayer.name);
      msg.textContent = why;
      return true;
    }
    // A phone on the page that opens another link to it (a second scan).
    window.addEventListener('hashchange', fromLink);

    tkPlayer.ready = (async () => {
      if (await fromLink()) return;
      try {
        const m = await getJSON(api + '/me');
        if (m.signedIn) {
          set(m.entry, m.name);
          const r = me();
          if (!r || r.entry !== m.entry) found(m.entry, m.name);
        }
      } catch (e) { /* not known: the box offers to sign in */ }
    })();

    return {
      // follow shows the box for the entry the page shows (0: none).
      // A phone signed in as someone else than the page now follows is
      // signed out: the blocks' writes would be hers, not this player's.
      follow(entry) {
        if (entry !== following) { following = entry; msg.textContent = ''; }
        if (entry && tkPlayer.signedIn && tkPlayer.entry !== entry) signOut();
        draw();
      },
      signOut,
    };
  }

  // ---- my table ------------------------------------------------------

  function homePage() {
    const atStore = storeHistory();
    const card = $('#me-card'), find = $('#find'), mine = $('#mine');
    const input = $('#find-q'), results = $('#find-results'), msg = $('#find-message');
    let busy = false, again = false, shown = null;
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

  // ---- pairings ------------------------------------------------------

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

  // ---- standings -----------------------------------------------------

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

  // rankText is a standings row's rank, marked * when a draw ordered the
  // players who share it (the note under the table says so).
  function rankText(r) { return String(r.rank) + (r.drawn ? '*' : ''); }

  // standingsTitle says which results the standings count: the server's
  // title, decided in core with the rows (director.Basis), so the page says
  // what the window and the paper say.
  function standingsTitle(s) {
    return s.title;
  }

  // ---- bracket -------------------------------------------------------

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

  // ---- projector -----------------------------------------------------

  function projectorPage() {
    const rows = $('#pj-rows'), title = $('#pj-title'), pageNo = $('#pj-page');
    let data = null, items = [], kind = '', pageIdx = 0, pages = 1, lastKind = '';

    async function load() {
      try { data = await getJSON(api + '/projector'); } catch (e) { return; }
      setClock(data.clock);
      $('#pj-round').textContent = data.label || '';
      if (data.url) $('#pj-url').textContent = data.url;
      build();
    }
    clock.onZero = () => load();

    function build() {
      title.classList.remove('news');
      if (data.standings && !data.shows_waiting) {
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
      const wantEm = kind === 'waiting' ? waitingEm() : kind === 'pairings' ? pairingsEm() : 0;
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

  // ---- report ----------------------------------------------------------

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

  // A region that scrolls sideways (the standings' tiebreakers, the
  // bracket's later rounds on a phone) says so: its edge fades (app.css,
  // .scroll.overflows) and its hint, named by aria-describedby, shows. It
  // is watched rather than told, so no page's drawing needs to know.
  function markScrollables() {
    document.querySelectorAll('.scroll').forEach((s) => {
      const hint = document.getElementById(s.getAttribute('aria-describedby') || '');
      const mark = () => {
        const over = s.scrollWidth > s.clientWidth + 1;
        s.classList.toggle('overflows', over);
        if (hint) hint.hidden = !over;
      };
      const ro = new ResizeObserver(mark);
      ro.observe(s);
      new MutationObserver(() => { for (const c of s.children) ro.observe(c); mark(); }).observe(s, { childList: true, subtree: true });
      for (const c of s.children) ro.observe(c);
    });
  }
  markScrollables();

  const pages = { report: reportPage, events: eventsPage, home: homePage, pairings: pairingsPage, standings: standingsPage, bracket: bracketPage, projector: projectorPage };
  if (pages[page]) pages[page]();
})();
