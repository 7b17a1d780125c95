// The round clock of the Me view and the TV: the server's clock, counted
// down here between its messages.
import { api, t, $, getJSON, face } from './tk.js';

const clock = { data: null, at: 0, table: 0, onZero: null, zeroSent: false };

function setClock(c) {
  clock.data = c;
  clock.at = performance.now();
  clock.zeroSent = false;
  drawClock();
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

export { clock, setClock, drawClock, loadClock };
