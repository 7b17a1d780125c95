// What every page of the store network shares: the page's words (t, tn),
// building and filling elements, the server's JSON, who this phone is in
// the event, a deck check as one types, and the event's patch stream
// (follow). The server renders each page's frame; the page's own module
// (home.js, pairings.js … imported by the page after this one) fetches
// the page's JSON from /api/…, draws it (text only, never HTML from the
// server), and keeps it current from the event's live stream: a result
// lands in place from the stream's patch; a whole list is fetched again
// only when a round is published, when the page lost patches, or
// (standings, a player's rank) at most every ~25 s while results come.
// Without a stream the page refreshes by itself every minute.
//
// The server serves every module with its imports pointing at the files'
// current versions (templates.go), so a page never runs with an older
// module than its own.

import { server, at, sent, kept, joined, relocate, reload, watch, streamQuery, wait } from './laptops.js';
import { lang, t, tn } from './words.js';
import { lost, found } from './offline.js';

const body = document.body;
const eventId = body.dataset.event || '';
const api = '/api/events/' + eventId;

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
  const get = () => fetch(at(url), { headers: sent({ Accept: 'application/json' }), cache: 'no-cache', credentials: 'same-origin' });
  let r;
  const from = server;
  try {
    r = await get();
  } catch (e) {
    await relocate();
    if (server === from) throw e;
    r = await get();
  }
  kept(r);
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const err = new Error(data.error || t("The organizer's computer answered %d; try again.", r.status));
    err.status = r.status;
    throw err;
  }
  return data;
}

// requestId draws the id every attempt of one write carries
// (Tablekeeper-Request): the server records the write once, however often
// it is sent. crypto.getRandomValues, since randomUUID needs https.
function requestId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (x) => x.toString(16).padStart(2, '0')).join('');
}

// retryDelays are the waits before each new attempt of a write that got
// no answer or a 503 with Retry-After (the laptops choosing a new host):
// about ten seconds in all.
const retryDelays = [300, 600, 1000, 1500, 2000, 2000, 2000];

async function postJSON(url, payload) {
  const id = requestId();
  const body = JSON.stringify(payload);
  for (let attempt = 0; ; attempt++) {
    let r;
    const from = server;
    try {
      r = await fetch(at(url), {
        method: 'POST', credentials: 'same-origin', cache: 'no-store',
        headers: sent({ 'Content-Type': 'application/json', Accept: 'application/json', 'Tablekeeper-Request': id }),
        body,
      });
    } catch (e) {
      if (attempt >= retryDelays.length) throw e;
      // The laptop may be gone: the same write, with its id, goes to the
      // host, wherever it is now.
      await relocate();
      if (server === from) await wait(retryDelays[attempt]);
      continue;
    }
    kept(r);
    if (r.status === 503 && r.headers.get('Retry-After') && attempt < retryDelays.length) {
      await wait(retryDelays[attempt]);
      continue;
    }
    const data = await r.json().catch(() => ({}));
    return { status: r.status, data };
  }
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

// countdowns counts down, each second, the time left shown in the page's
// [data-left-ms] elements ("49:59 left", then "time is up"): the kiosk's
// table and the judges' tables. Called again (the kiosk's page after a
// round is published), it counts down the elements there are then.
function countdowns() {
  const t0 = Date.now();
  const clocks = Array.from(document.querySelectorAll('[data-left-ms]')).map((el) => ({ el, left: Number(el.dataset.leftMs) }));
  if (!clocks.length) return;
  const tick = () => {
    for (const c of clocks) {
      const left = c.left - (Date.now() - t0);
      c.el.textContent = left > 0 ? t("%s left", face(left)) : t("time is up");
    }
  };
  tick();
  clearInterval(countdowns.timer);
  countdowns.timer = setInterval(tick, 1000);
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

// ---- the patch stream ----------------------------------------------

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
// after it); on.moved(), when given, is called instead of following when
// the page's laptop is gone and another hosts the event (a page whose
// forms post to its own address loads itself from the new host: reload).
// event is the event followed (the page's own when not given).
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
    es = new EventSource(at(base) + '/stream?patch=1' + (lastId ? '&last=' + encodeURIComponent(lastId) : '') +
      streamQuery());
    es.addEventListener('open', () => {
      found();
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
    es.addEventListener('cluster', joined);
    const mine = es, from = server;
    es.addEventListener('error', () => {
      if (es !== mine) return;
      // A stream the network dropped is being retried (CONNECTING): the
      // phone may have left the Wi-Fi. One the server refused (CLOSED: a
      // 503 when it holds too many pages) is no lost server.
      if (es.readyState !== 2) lost();
      if (dot) { dot.hidden = false; dot.classList.add('off'); dot.title = t("Reconnecting…"); }
      // In a cluster, the host may be another laptop now (found here or
      // by a write of the page): follow it.
      relocate().then(() => {
        if (es !== mine || server === from) return;
        if (on.moved) on.moved(); else open();
      });
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

// ---- standings, on their page and the TV ---------------------------

// rankText is a standings row's rank, marked * when a draw ordered the
// players who share it (the note under the table says so).
function rankText(r) { return String(r.rank) + (r.drawn ? '*' : ''); }

// standingsTitle says which results the standings count: the server's
// title, decided in core with the rows (director.Basis), so the page says
// what the window and the paper say.
function standingsTitle(s) {
  return s.title;
}

// ---- every page ----------------------------------------------------

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

// The kiosk's, the judges' and the decklist's scripts (classic scripts,
// run after the page's modules) say their words with these too, and show
// a deck check with the one drawing above. The judges' phones and the
// scorekeeper stations follow the event's patches with follow; the kiosk
// and the judges' phones count their tables' time down with countdowns;
// the judges' phones and the stations load themselves from the host the
// event moved to with reload; the kiosk, with its own stream, learns of
// the move with watch, and says it lost the server with lost and found.
window.tk = { t, tn, lang, drawDeckCheck, checkAsTyped, follow, countdowns, reload, watch, lost, found };
markScrollables();

export {
  eventId, api, lang, t, tn, $, el, fill, getJSON, postJSON, fold, me, rememberMe, forgetMe, debounce,
  drawDeckCheck, checkAsTyped, reloadJitter, standingsEvery, follow, every, rankText, standingsTitle, face,
};
