// The laptops of a cluster: an event may run on two or three laptops
// (docs/network/cluster.md). When the one this page came from stops
// answering, the page asks the others which one is the host now and
// carries on there without a reload: its reads, its writes (retried with
// their request id) and its live stream go to that laptop's address
// (server), and carry the device's handoff (its cookies, sealed by the
// laptops: the cookies stay with the first address) in their place. The
// stream says when the laptop is one of a cluster ("cluster"); the page
// then reads the laptops and its handoff from /api/cluster (joined), and
// again every handoffRenew. tk.js's getJSON, postJSON and follow ask
// where to send with at, sent and streamQuery.

let server = '';
let laptops = [];
let allowed = null;
let handoff = '', handoffAt = 0;
const handoffRenew = 15 * 60 * 1000;
const originOf = (u) => { try { return new URL(u).origin; } catch (e) { return ''; } };
const at = (url) => server + url;

// streamQuery is what the live stream's address adds: the handoff, once
// the page moved (a stream cannot send a header).
const streamQuery = () => (server && handoff ? '&handoff=' + encodeURIComponent(handoff) : '');

// sent are a request's headers, with the handoff when it goes to another
// laptop.
function sent(h) {
  if (server && handoff) h.Authorization = 'TK-Handoff ' + handoff;
  return h;
}

// kept keeps the new handoff another laptop answered with.
function kept(r) {
  const h = server && r.headers.get('Tablekeeper-Handoff');
  if (h) { handoff = h; handoffAt = Date.now(); }
}

// learn keeps what a laptop's /api/cluster says: the laptops (those the
// page may reach are the ones it first heard of: its policy named them)
// and the handoff.
function learn(st) {
  const list = (st.members || []).map((m) => originOf(m.url)).filter(Boolean);
  if (list.length) laptops = list;
  if (!allowed) allowed = new Set(laptops.concat(location.origin));
  if (st.handoff) { handoff = st.handoff; handoffAt = Date.now(); }
}

// askCluster reads origin's /api/cluster within 2.5 s.
async function askCluster(origin) {
  const own = origin === location.origin;
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), 2500);
  try {
    const h = { Accept: 'application/json' };
    if (!own && handoff) h.Authorization = 'TK-Handoff ' + handoff;
    const r = await fetch((own ? '' : origin) + '/api/cluster', { headers: h, cache: 'no-store', credentials: 'same-origin', signal: ctl.signal });
    if (!r.ok) throw new Error(String(r.status));
    return await r.json();
  } finally {
    clearTimeout(timer);
  }
}

// joined reads the laptops and the handoff, at most every handoffRenew.
async function joined() {
  if (laptops.length && Date.now() - handoffAt < handoffRenew) return;
  try { learn(await askCluster(server || location.origin)); } catch (e) { /* asked again at the next stream */ }
}

// leading is the first answer of a laptop that names a leader the page
// may reach, null when none does.
function leading() {
  return new Promise((done) => {
    let left = laptops.length;
    const miss = () => { if (--left === 0) done(null); };
    for (const o of laptops) {
      askCluster(o).then((st) => {
        const l = originOf(st.leader || '');
        if (l && allowed.has(l)) done(st); else miss();
      }, miss);
    }
  });
}

// relocate finds the host, for up to 15 s (the laptops may be choosing
// one), and sends the page's requests there (server). A request that
// failed compares server with what it was to know whether to try again
// there.
let finding = null;
function relocate() {
  if (laptops.length < 2) return Promise.resolve();
  if (!finding) finding = (async () => {
    for (const until = Date.now() + 15000; Date.now() < until;) {
      const st = await leading();
      if (st) {
        learn(st);
        const l = originOf(st.leader);
        const next = l === location.origin ? '' : l;
        server = next;
        return;
      }
      await wait(1000);
    }
  })().finally(() => { finding = null; });
  return finding;
}

// moveTo is the address of path on the host the page moved to, through
// its handoff: the host sets the device's cookies there first.
const moveTo = (path) => server + '/handoff?to=' + encodeURIComponent(path) + '&t=' + encodeURIComponent(handoff);

// reload loads the page again, or path when given: from the host it
// moved to, once it moved (the address it came from is gone), else from
// where it is.
function reload(path) {
  if (server && handoff) location.href = moveTo(path || location.pathname + location.search);
  else if (path) location.assign(path);
  else location.reload();
}

// A link of the page, once it moved, goes to the same page on the host.
document.addEventListener('click', (e) => {
  const a = server && handoff && e.target.closest && e.target.closest('a[href]');
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || a.target) return;
  const u = new URL(a.href, location.href);
  if (u.origin !== location.origin) return;
  e.preventDefault();
  location.href = moveTo(u.pathname + u.search);
});

// watch lets a page with a stream of its own (the kiosk's) follow the
// host: the stream's "cluster" reads the laptops, and when the stream
// fails and another laptop hosts the event now, moved() is called (the
// page then loads itself there with reload).
function watch(es, moved) {
  es.addEventListener('cluster', joined);
  const from = server;
  es.addEventListener('error', () => {
    relocate().then(() => { if (server !== from) moved(); });
  });
}

const wait = (ms) => new Promise((done) => setTimeout(done, ms));

export { server, at, sent, kept, joined, relocate, reload, watch, streamQuery, wait };
