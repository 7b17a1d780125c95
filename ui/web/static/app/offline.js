// What a page says when it lost the store's server: a phone may leave a
// Wi-Fi that has no internet, or send the store's address over mobile
// data (docs/network/players.md). A live page whose stream has been down
// for lostAfter shows a band at the top that says so and what to do; the
// band goes as soon as the stream is back (follow in tk.js calls lost and
// found).
import { t } from './words.js';

const lostAfter = 8000;
let timer = 0, band = null;

// lost is called when the page's live stream failed: the band shows if
// the stream is not back within lostAfter.
function lost() {
  if (timer || (band && !band.hidden)) return;
  timer = setTimeout(() => { timer = 0; show(); }, lostAfter);
}

// found is called when the page's live stream is open.
function found() {
  clearTimeout(timer);
  timer = 0;
  if (band) band.hidden = true;
}

function show() {
  if (!band) {
    band = document.createElement('div');
    band.className = 'lost';
    band.id = 'lost';
    band.setAttribute('role', 'alert');
    const head = document.createElement('strong');
    head.textContent = t("This page has lost the store's server.");
    const what = document.createElement('span');
    // The kiosk tablet is the organizer's: it says so to her.
    what.textContent = ' ' + (document.querySelector('.k-app')
      ? t("Check this tablet's Wi-Fi and that the organizer's laptop is on; the kiosk comes back by itself.")
      : t("Is your phone still on the store's Wi-Fi? Open your Wi-Fi settings: choose the store's network again, and if the phone says it has no internet, keep it connected anyway. The page comes back by itself."));
    band.append(head, what);
    document.body.prepend(band);
  }
  band.hidden = false;
}

export { lost, found };
