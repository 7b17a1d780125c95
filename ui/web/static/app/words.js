// The page's words: its language and what its scripts say in it (t,
// and tn for words that change with a count), shared by every page
// through tk.js.

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

export { lang, t, tn };
