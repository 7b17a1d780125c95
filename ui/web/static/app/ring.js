// The phone rings for a new table: while the Me view is open (the screen
// on, the page in front), two short tones and a vibration, where the
// phone allows, say that her table for the new round is up. A switch
// under her table turns it off, kept on the phone. A locked phone runs no
// page: nothing can reach it without the internet (docs/network/players.md).
import { t, el } from './tk.js';

const key = 'tk.ring';
let audio = null;

// on says whether the phone rings (it does unless turned off here).
function on() {
  try { return localStorage.getItem(key) !== 'off'; } catch (e) { return true; }
}

// sound is the page's audio, made ready: a browser lets a page sound only
// once a person tapped it, so the first tap anywhere readies it.
function sound() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    try { audio = new Ctx(); } catch (e) { return null; }
  }
  if (audio.state === 'suspended') audio.resume().catch(() => { /* no tap yet: vibration only */ });
  return audio;
}
document.addEventListener('pointerdown', () => { if (on()) sound(); }, { once: true, capture: true });

// ring sounds the two tones and vibrates, unless the switch is off.
function ring() {
  if (!on()) return;
  try { if (navigator.vibrate) navigator.vibrate([200, 100, 200]); } catch (e) { /* not allowed */ }
  const a = sound();
  if (!a) return;
  const start = a.currentTime + 0.05;
  [[0, 880], [0.25, 1175]].forEach(([at, hz]) => {
    const o = a.createOscillator(), g = a.createGain();
    o.type = 'sine';
    o.frequency.value = hz;
    g.gain.setValueAtTime(0.0001, start + at);
    g.gain.exponentialRampToValueAtTime(0.4, start + at + 0.02);
    g.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.2);
    o.connect(g).connect(a.destination);
    o.start(start + at);
    o.stop(start + at + 0.22);
  });
}

// ringSwitch is the switch under her table; turned on, it rings once so
// she hears what it sounds like.
function ringSwitch() {
  const box = el('input', { type: 'checkbox', id: 'ring' });
  box.checked = on();
  box.addEventListener('change', () => {
    try { localStorage.setItem(key, box.checked ? 'on' : 'off'); } catch (e) { /* private mode: this page only */ }
    if (box.checked) ring();
  });
  return el('label', { class: 'ring', for: 'ring' }, box, el('span', { text: t("Ring and vibrate when my next table is up (while this page is open)") }));
}

// newTable rings when what she plays now (n, the Me view's "now") is a
// table or a bye of a round other than the one shown before (seen, "" at
// the first look: the page does not ring as it opens); it returns what
// to compare the next with.
function newTable(seen, n) {
  const now = n.state === 'playing' || n.state === 'bye' ? [n.state, n.label, n.table || 0].join('|') : '';
  if (seen !== null && now && now !== seen) ring();
  return now;
}

export { ringSwitch, newTable };
