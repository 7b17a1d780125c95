// The event list (/): the store's events, kept current from the server's
// stream of the list's changes.
import { t, $, el, fill, getJSON } from './tk.js';

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

eventsPage();
