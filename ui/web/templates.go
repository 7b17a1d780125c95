package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

//go:embed templates/*.html
var templateFiles embed.FS

//go:embed static
var staticFiles embed.FS

// page is what every page template gets: the shared layout reads Title,
// Event, Nav and Body; each page its own Data.
type page struct {
	// Head is the page's title (and the browser tab's, after the event),
	// said in the page's language into Title.
	Head  i18n.Text
	Title string
	// TitleOf, when set, is what the title is about (an event's name),
	// written after it as it is.
	TitleOf string
	// Event is the event the page belongs to, nil for the event list.
	Event *eventHead
	// Nav is the key of the navigation tab to mark ("home", "pairings",
	// "standings", "bracket", "report").
	Nav string
	// Body is the class of the body element ("projector" drops the frame).
	Body string
	// Message is an error page's sentence.
	Message string
	// Data is the page's own.
	Data any

	// Lang is the page's language, Langs the switch at its foot and Words
	// what its scripts say in that language (set by renderStatus).
	Lang  i18n.Lang
	Langs []langChoice
	Words map[string]any
}

// eventHead names the event a page is about.
type eventHead struct {
	ID   int64
	Name string
}

// pageSet holds the parsed templates, one set per page sharing the layout,
// and the static files with their content hashes.
type pageSet struct {
	pages  map[i18n.Lang]map[string]*template.Template
	assets map[string]asset
	// imports are the static files each module imports (modules.go).
	imports map[string][]string
	words   map[i18n.Lang]map[string]any
}

// asset is one embedded static file.
type asset struct {
	blob
	hash string // of the content, for cache-busting URLs
	kind string // Content-Type
}

// loadPages parses the layout with each page template and indexes the
// static files. A template that does not parse is a bug of this package,
// found by the tests.
func loadPages() (*pageSet, error) {
	ps := &pageSet{pages: map[i18n.Lang]map[string]*template.Template{}}
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		return nil, err
	}
	if ps.assets, ps.imports, err = indexAssets(static); err != nil {
		return nil, fmt.Errorf("web: static files: %w", err)
	}
	if ps.words, err = scriptWords(static); err != nil {
		return nil, fmt.Errorf("web: static files: %w", err)
	}
	for _, l := range i18n.Langs() {
		if ps.pages[l], err = ps.parse(l); err != nil {
			return nil, err
		}
	}
	return ps, nil
}

// parse parses the layout with each page template, saying their words
// in l: {{t "Key" values…}}, {{tn "Key" n values…}}. The partials, the
// files whose name starts with "_", are parsed with the layout: any page
// may use the templates they define.
func (ps *pageSet) parse(l i18n.Lang) (map[string]*template.Template, error) {
	funcs := template.FuncMap{
		"asset":  ps.assetURL,
		"script": ps.scriptOf,
		"t":      func(key string, args ...any) string { return i18n.T(l, key, args...) },
		"tn":     func(key string, n int, args ...any) string { return i18n.N(l, key, n, args...) },
		"say":    func(v any) string { return sayIn(l, v) },
		// The letters the page script folds names by (app/tk.js, fold).
		"foldLetters": event.ScriptFoldLetters,
	}
	layout, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFiles, "templates/layout.html", "templates/_*.html")
	if err != nil {
		return nil, fmt.Errorf("web: layout: %w", err)
	}
	names, err := fs.Glob(templateFiles, "templates/*.html")
	if err != nil {
		return nil, err
	}
	pages := map[string]*template.Template{}
	for _, n := range names {
		name := strings.TrimSuffix(path.Base(n), ".html")
		if name == "layout" || strings.HasPrefix(name, "_") {
			continue
		}
		t, err := template.Must(layout.Clone()).ParseFS(templateFiles, n)
		if err != nil {
			return nil, fmt.Errorf("web: page %s: %w", name, err)
		}
		pages[name] = t
	}
	return pages, nil
}

// sayIn says v in l for a page: a Text or an error sentence in l, a
// string as it is, nothing for nil.
func sayIn(l i18n.Lang, v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case i18n.Localizer:
		return x.In(l)
	case string:
		return x
	}
	return fmt.Sprint(v)
}

// assetURL is the address of a static file with its content hash, so a
// browser may keep it for good and still sees a new version at once.
func (ps *pageSet) assetURL(name string) (string, error) {
	a, ok := ps.assets[name]
	if !ok {
		return "", fmt.Errorf("no static file %q", name)
	}
	return "/static/" + name + "?v=" + a.hash, nil
}

func contentType(name string) string {
	switch path.Ext(name) {
	case ".css":
		return "text/css; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".png":
		return "image/png"
	case ".ico":
		return "image/x-icon"
	case ".webmanifest":
		return "application/manifest+json"
	}
	return "application/octet-stream"
}

// render writes page name with p, status 200.
func (s *Server) render(w http.ResponseWriter, r *http.Request, name string, p page) {
	s.renderStatus(w, r, http.StatusOK, name, p)
}

// renderStatus writes page name with p and status, in the language of r
// (p.Head is said into p.Title). The page is built in a buffer first, so
// a template error never sends half a page.
func (s *Server) renderStatus(w http.ResponseWriter, r *http.Request, status int, name string, p page) {
	lang := langOf(r)
	if _, ok := s.pages.pages[lang][name]; !ok {
		s.logf("web: no page template %q", name)
		status, name = http.StatusInternalServerError, "errorpage"
		p = page{Head: i18n.F("Error"), Message: msgInternal.In(lang)}
	}
	body, err := s.execute(r, lang, name, p)
	if err != nil {
		s.logf("web: %s %s: page %s: %v", r.Method, r.URL.Path, name, err)
		http.Error(w, msgInternal.In(lang), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	htmlHeaders(h, lang)
	// A page built for this request alone is gzipped for it too, at the
	// fastest level: a few KB of HTML, a tenth of a millisecond.
	if len(body) > gzipAbove && acceptsGzip(r) {
		if gz := gzipBytes(body); len(gz) < len(body) {
			h.Set("Content-Encoding", "gzip")
			body = gz
		}
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body) // #nosec G705 -- body is a page html/template rendered, escaped
	}
}

// execute builds page name with p in lang, for the page at r (its
// language switch comes back to r's address).
func (s *Server) execute(r *http.Request, lang i18n.Lang, name string, p page) ([]byte, error) {
	t, ok := s.pages.pages[lang][name]
	if !ok {
		return nil, fmt.Errorf("no page template %q", name)
	}
	p.Title = p.Head.In(lang)
	p.Lang, p.Langs, p.Words = lang, langChoices(r, lang), s.pages.words[lang]
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout", p); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// htmlHeaders are the headers of a page in lang.
func htmlHeaders(h http.Header, lang i18n.Lang) {
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Language", string(lang))
	if h.Get("Cache-Control") == "" { // a page with a secret says no-store
		h.Set("Cache-Control", "no-cache")
	}
	h.Add("Vary", "Accept-Language, Cookie, Accept-Encoding")
}

// renderEventPage writes page name of the event in the address, made
// from its board by build. A page the same for everyone who reads it in
// a language (the players' pages and the projector: no secret, no
// signed-in part, no query) is built once per version of the event and
// language, kept beside the event's JSON with its gzip and ETag (and
// through changes that leave the event's name alone, cache.invalidate):
// a room reloading its pages costs copies of bytes (and 304s), not a
// template each. Any other address of the page is built for its request.
func (s *Server) renderEventPage(w http.ResponseWriter, r *http.Request, name string, build func(director.Board) page) {
	ensureDevice(w, r)
	id, ok := s.addressedEvent(w, r)
	if !ok {
		return
	}
	if r.URL.RawQuery != "" || r.PathValue("id") != strconv.FormatInt(int64(id), 10) {
		s.withBoard(w, r, func(b director.Board) { s.render(w, r, name, build(b)) })
		return
	}
	lang := langOf(r)
	bl, err := s.cache.body(r.Context(), id, langKey(pageKeys+name, lang), func(b director.Board) ([]byte, error) {
		return s.execute(r, lang, name, build(b))
	})
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	htmlHeaders(w.Header(), lang)
	bl.write(w, r)
}

// serveStatic serves an embedded file; with the current hash in ?v= it
// may be cached for a year.
func (s *Server) serveStatic(w http.ResponseWriter, r *http.Request) {
	a, ok := s.pages.assets[r.PathValue("file")]
	if !ok {
		s.fail(w, r, http.StatusNotFound, i18n.F("There is no such file."))
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.kind)
	if r.URL.Query().Get("v") == a.hash {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	a.write(w, r)
}
