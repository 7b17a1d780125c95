// Tablekeeper's scorekeeper stations. The page works as plain forms; this
// script gives it the desk's keyboard flow: Table, Enter (the table's
// players and saved result shown), Result, Enter (sent without a page
// load); a table that has a result asks first (Enter replaces, Esc
// cancels); Esc clears both fields. The missing results follow the
// event's patches.
'use strict';
(function () {
  const t = (window.tk && window.tk.t) || ((key) => key);
  const root = document.querySelector('.s-app');
  const form = document.getElementById('s-entry');
  if (!root || !form) return;
  document.documentElement.classList.add('js');
  const id = root.dataset.event;
  const table = document.getElementById('s-table');
  const result = document.getElementById('s-result');
  const seen = form.querySelector('[name="seen"]');
  const round = form.querySelector('[name="round"]');
  const note = document.getElementById('s-note');
  const problem = document.getElementById('s-problem');
  const notice = document.getElementById('s-notice');
  const confirmBox = document.getElementById('s-confirm');
  const confirmText = document.getElementById('s-confirm-text');
  const replaceButton = document.getElementById('s-replace');
  const cancelButton = document.getElementById('s-cancel');
  const mine = document.getElementById('s-mine');
  const mineNone = document.getElementById('s-mine-none');
  // A page shown with a confirmation by the server (no script then) keeps
  // its own buttons.
  if (!replaceButton) return;

  // known is the table looked up: its number, saved result and mark.
  let known = null;
  let busy = false;
  let asking = false;

  const say = (el, text) => { el.textContent = text || ''; el.hidden = !text; };
  const apiBase = '/api/scorekeeper/events/' + id;

  function clear() {
    table.value = ''; result.value = ''; seen.value = '';
    // A table's answer still on its way is for a slip cleared: it neither
    // shows nor takes the focus to Result.
    lookupSeq++; clearTimeout(timer);
    known = null; note.textContent = '';
    hideConfirm();
    table.focus();
  }

  function hideConfirm() { asking = false; confirmBox.hidden = true; }

  function showTable(tb) {
    known = tb;
    seen.value = tb.mark || '';
    note.textContent = tb.result ? tb.label + ' · ' + t("already has %[1]s (%[2]s)", tb.result, tb.by) : tb.label;
  }

  let lookupSeq = 0;
  async function lookup() {
    const n = table.value.trim();
    known = null; seen.value = '';
    if (!/^[0-9]+$/.test(n) || Number(n) < 1) { note.textContent = n ? t("type a table number, such as 12") : ''; return null; }
    const mine = ++lookupSeq;
    try {
      const r = await fetch(apiBase + '/tables/' + n + '?round=' + round.value, { credentials: 'same-origin', cache: 'no-store' });
      const body = await r.json();
      if (mine !== lookupSeq) return null;
      if (!r.ok) { note.textContent = body.error || ''; return null; }
      showTable(body);
      return body;
    } catch (e) {
      note.textContent = t("The organizer's computer does not answer; check the Wi-Fi.");
      return null;
    }
  }

  let timer = 0;
  table.addEventListener('input', () => { clearTimeout(timer); hideConfirm(); timer = setTimeout(lookup, 150); });

  async function send(replace) {
    if (busy) return;
    busy = true;
    say(problem, '');
    const body = new URLSearchParams({ round: round.value, table: table.value.trim(), result: result.value, seen: seen.value });
    if (replace) body.set('replace', '1');
    try {
      const r = await fetch(apiBase + '/result', { method: 'POST', credentials: 'same-origin', body });
      const out = await r.json();
      if (r.ok) {
        say(notice, t("Saved: %s.", out.line));
        const li = document.createElement('li');
        const at = document.createElement('span');
        at.className = 'j-time'; at.textContent = out.at;
        li.append(at, ' ' + out.line);
        mine.prepend(li);
        while (mine.children.length > 10) mine.lastElementChild.remove();
        mineNone.hidden = true;
        dropMissing(table.value.trim());
        clear();
        return;
      }
      say(notice, '');
      say(problem, out.error || t("The result was not saved; try again."));
      if (out.now) { showTable(out.now); result.focus(); return; }
      (r.status === 400 ? result : table).focus();
    } catch (e) {
      say(problem, t("The organizer's computer does not answer; the result was not saved. Check the Wi-Fi and press Enter again."));
    } finally {
      busy = false;
    }
  }

  // ask shows the question and keeps the focus in the Result field: the
  // Enter that asked must not also answer (a button focused during its
  // keydown would take its keypress as a click). The new result is named
  // as the server saves it (the players' names, the winner first), as the
  // saved one is, never in the slip's seat order; a text that is no
  // result is refused instead. While the question is being worded
  // (pending) Enter waits: it must not replace a result the operator was
  // not asked about.
  let pending = false;
  async function ask() {
    if (pending) return;
    pending = true;
    say(notice, '');
    try {
      const q = '?round=' + encodeURIComponent(round.value) + '&result=' + encodeURIComponent(result.value.trim());
      const r = await fetch(apiBase + '/tables/' + encodeURIComponent(known.table) + '/say' + q, { credentials: 'same-origin', cache: 'no-store' });
      const body = await r.json();
      if (!r.ok) { say(problem, body.error || ''); result.focus(); return; }
      asking = true;
      confirmText.textContent = t("Table %[1]s already has %[2]s (%[3]s). Replace it with %[4]s?", known.table, known.result, known.by, body.said);
      confirmBox.hidden = false;
    } catch (e) {
      say(problem, t("The organizer's computer does not answer; the result was not saved. Check the Wi-Fi and press Enter again."));
    } finally {
      pending = false;
    }
  }

  async function submit() {
    if (asking || pending) return;
    if (!known || String(known.table) !== table.value.trim()) {
      if (!(await lookup())) { table.focus(); return; }
    }
    if (!result.value.trim()) { result.focus(); return; }
    if (known.mark) { ask(); return; }
    send(false);
  }

  form.addEventListener('submit', (ev) => { ev.preventDefault(); submit(); });
  table.addEventListener('keydown', async (ev) => {
    if (ev.key !== 'Enter') return;
    ev.preventDefault();
    clearTimeout(timer);
    if (await lookup()) result.focus();
  });
  result.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Enter' || ev.repeat) return;
    ev.preventDefault();
    if (asking) { hideConfirm(); send(true); return; }
    submit();
  });
  result.addEventListener('input', hideConfirm);
  replaceButton.addEventListener('click', () => { hideConfirm(); send(true); });
  cancelButton.addEventListener('click', () => { hideConfirm(); result.focus(); });
  form.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Escape') return;
    ev.preventDefault();
    if (asking) { hideConfirm(); result.focus(); return; }
    say(problem, ''); clear();
  });

  // ---- the missing results ------------------------------------------------
  const list = document.getElementById('s-missing');
  const count = document.getElementById('s-missing-count');
  const allIn = document.getElementById('s-all-in');
  function dropMissing(n) {
    const li = list && list.querySelector('li[data-table="' + CSS.escape(n) + '"]');
    if (li) { li.remove(); counted(); }
  }
  function counted() {
    count.textContent = '(' + list.children.length + ')';
    allIn.hidden = list.children.length > 0;
  }
  let refreshing = 0;
  function refreshSoon() {
    if (refreshing) return;
    refreshing = setTimeout(() => { refreshing = 0; refresh(); }, 500);
  }
  async function refresh() {
    try {
      const r = await fetch(apiBase + '/missing', { credentials: 'same-origin', cache: 'no-store' });
      if (!r.ok) return;
      const body = await r.json();
      if (String(body.round) !== round.value) { say(problem, t("The organizer published another round: reload this page to enter its results.")); return; }
      list.replaceChildren(...body.missing.map((m) => {
        const li = document.createElement('li');
        li.dataset.table = m.table;
        const b = document.createElement('b');
        b.textContent = m.table;
        li.append(b, ' ' + m.label);
        return li;
      }));
      counted();
    } catch (e) { /* the list stays as it is */ }
  }
  // The event's patches (app/tk.js, follow): a result takes its table off the
  // list in place; a result taken back, a round published or patches lost
  // fetch the list again.
  const follow = window.tk && window.tk.follow;
  if (list && follow && 'EventSource' in window) {
    let opened = false;
    follow({
      // The page came with its list as of patch root.dataset.feed.
      last: root.dataset.feed,
      load: () => { if (opened) refreshSoon(); opened = true; },
      // The laptop this station's page came from is gone: it opens on the
      // host now, signed in.
      moved: () => window.tk.reload(),
      patch: (p) => {
        if (!p.tables) return;
        if (String(p.round) !== round.value || p.tables.some((x) => x.result === null)) { refreshSoon(); return; }
        for (const x of p.tables) dropMissing(String(x.number));
      },
    }, id);
  }
})();
