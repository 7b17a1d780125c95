// A player's decklist on her own phone: the Decklist card of the Me page
// and the page /events/{id}/deck, where she pastes or types her list,
// sees it checked as she types (the kiosk's check, drawn by app/tk.js's
// drawDeckCheck) and saves it while the event takes decklists from
// phones; after that she reads it back. Everything comes from
// /api/events/{id}/me/deck, which answers for the player this phone is
// signed in as, and for no one else.
'use strict';
(function () {
  const tk = window.tk || {};
  const t = tk.t || ((key) => key);
  const eventId = document.body.dataset.event || '';
  if (!eventId) return;
  const api = '/api/events/' + eventId + '/me/deck';

  async function call(url, payload) {
    const init = { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } };
    if (payload) {
      init.method = 'POST';
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(payload);
    }
    const r = await fetch(url, init);
    return { ok: r.ok, status: r.status, data: await r.json().catch(() => ({})) };
  }

  // text sets node's words, a sentence of the server's starting with a
  // capital (they start in lower case, to follow other words too).
  const cap = (words) => (words ? words.charAt(0).toUpperCase() + words.slice(1) : '');
  function text(node, words, cls) {
    node.textContent = cap(words);
    if (cls !== undefined) node.className = cls;
  }

  // ---- the Me page's card ----------------------------------------------

  const card = document.getElementById('deck-card');
  if (card) {
    const say = document.getElementById('deck-card-text');
    const load = async () => {
      let d;
      try { d = (await call(api)).data; } catch (e) { return; }
      // No card where the event takes no decklists, nor once round 1 is
      // paired for a player who sent none (the organizer has the rest).
      card.hidden = !d.asked || (d.paired && !d.has);
      if (card.hidden) return;
      if (d.has) text(say, d.check && d.check.legal ? t("Your decklist is registered and legal.") : t("Your decklist is registered, with problems to fix."));
      else if (!d.open) text(say, d.why);
      else if (d.signedIn) text(say, t("This event asks for your decklist: send it from your phone before round 1."));
      else text(say, t("This event asks for your decklist: sign in with your player code, then send it from your phone before round 1."));
    };
    load();
    document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') load(); });
  }

  // ---- the decklist page -----------------------------------------------

  const form = document.getElementById('deck-form');
  if (!form || !tk.drawDeckCheck) return;
  const status = document.getElementById('deck-status'), who = document.getElementById('deck-who');
  const rules = document.getElementById('deck-rules'), name = document.getElementById('deck-name');
  const list = document.getElementById('deck-list'), box = document.getElementById('deck-check');
  const msg = document.getElementById('deck-message'), save = document.getElementById('deck-save');
  let filled = false;

  function signInFirst() {
    const me = document.createElement('a');
    me.href = '/events/' + eventId;
    me.textContent = t("Go to the Me page to sign in");
    const p = document.createElement('p');
    p.className = 'message';
    p.textContent = t("Sign in with your player code on the Me page first, then come back here to send your decklist.") + ' ';
    p.append(me);
    status.replaceChildren(p);
  }

  // draw shows what the server says of her deck; the list she is typing
  // is kept unless the answer is her saved list (fill).
  function draw(d, fill) {
    if (!d.signedIn) {
      form.hidden = true;
      text(who, '');
      if (!d.asked) status.replaceChildren(Object.assign(document.createElement('p'), { className: 'message', textContent: d.why }));
      else signInFirst();
      return;
    }
    text(who, t("Signed in as %s", d.player));
    if (!d.asked) {
      form.hidden = true;
      status.replaceChildren(Object.assign(document.createElement('p'), { className: 'message', textContent: d.why }));
      return;
    }
    form.hidden = false;
    text(rules, d.rules);
    list.placeholder = d.example || '';
    if (fill || !filled) {
      name.value = d.name || '';
      list.value = d.list || '';
      filled = true;
      tk.drawDeckCheck(box, d.check || { empty: true, verdict: t("Checked as you type") }, 'd-');
    }
    const parts = [];
    if (!d.open) {
      parts.push(Object.assign(document.createElement('p'), { className: 'deck-closed', textContent: t("Deck registration is closed") }));
      // The headline says it is closed; below, what to do (and, once
      // round 1 is paired, that it closed for good).
      parts.push(Object.assign(document.createElement('p'), { className: 'hint', textContent: d.paired ? cap(d.why) : t("To register or change your deck, see the organizer.") }));
    }
    if (d.has) parts.push(Object.assign(document.createElement('p'), { className: 'hint', textContent: d.open ? t("Saved at %s. You can change it until deck registration closes.", d.updated) : t("Saved at %s.", d.updated) }));
    else if (!d.open) parts.push(Object.assign(document.createElement('p'), { className: 'hint', textContent: t("You have not registered a decklist.") }));
    status.replaceChildren(...parts);
    name.readOnly = list.readOnly = !d.open;
    save.hidden = !d.open;
  }

  async function load(fill) {
    try {
      const r = await call(api);
      if (!r.ok) { text(status, r.data.error || t("The organizer's computer answered %d; try again.", r.status), 'error'); return; }
      draw(r.data, fill);
    } catch (e) {
      text(status, t("The organizer's computer cannot be reached; check the Wi-Fi and reload the page."), 'error');
    }
  }

  const check = tk.checkAsTyped(list, box, 'd-', (typed) => call(api + '/check', { list: typed }));
  name.addEventListener('input', () => text(msg, ''));
  list.addEventListener('input', () => text(msg, ''));

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (list.value.trim() === '') {
      text(msg, t("Type or paste your list first."), 'error');
      msg.focus();
      return;
    }
    save.disabled = true;
    text(msg, t("Saving…"), 'hint');
    try {
      const r = await call(api, { name: name.value, list: list.value });
      if (r.ok) {
        draw(r.data, true);
        text(msg, r.data.message, r.data.check && r.data.check.legal ? 'success' : 'warning');
      } else {
        text(msg, r.data.error || t("The organizer's computer answered %d; try again.", r.status), 'error');
        if (r.status === 401 || r.status === 400) load(false);
        if (r.status === 400 && list.value.trim()) check();
      }
    } catch (x) {
      text(msg, t("The list did not reach the organizer's computer; check the Wi-Fi and save it again."), 'error');
    } finally {
      save.disabled = false;
      msg.focus();
    }
  });
  load(true);
})();
