// The Me view's blocks of a player signed in with her player code: the
// sign-in box and her drop.
import { api, t, $, el, fill, getJSON, postJSON, me } from './tk.js';

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

export { tkPlayer, playerSignIn, refreshDrop };
