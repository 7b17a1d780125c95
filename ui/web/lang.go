package web

import (
	"io/fs"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"tablekeeper/core/i18n"
)

// langCookie remembers the language a person chose with the switch at the
// foot of every page.
const langCookie = "lang"

// langOf is the language to answer r in: the one chosen with the page's
// switch (the lang cookie) when it is shipped, else the one the browser's
// Accept-Language prefers.
func langOf(r *http.Request) i18n.Lang {
	l := i18n.Match(r.Header.Get("Accept-Language"))
	if c, err := r.Cookie(langCookie); err == nil {
		for _, shipped := range i18n.Langs() {
			if string(shipped) == c.Value {
				l = shipped
			}
		}
	}
	if _, ok := asked.Load(l); !ok {
		asked.Store(l, true) // once: every request storing would contend
	}
	return l
}

// asked holds the languages pages have been asked in since the program
// started: after a change, only their bodies are built ahead (see warm),
// so a store whose phones all read English does not build French too.
var asked sync.Map

// askedLangs lists the shipped languages pages have been asked in,
// English when none has been yet.
func askedLangs() []i18n.Lang {
	var out []i18n.Lang
	for _, l := range i18n.Langs() {
		if _, ok := asked.Load(l); ok {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		out = []i18n.Lang{i18n.English}
	}
	return out
}

// langRoutes serve the language switch.
func (s *Server) langRoutes() []route {
	return []route{
		{"GET /lang/{lang}", s.switchLang},
	}
}

// switchLang remembers the language chosen (for a year) and goes back to
// the page it was chosen on (?back=, a path of this server).
func (s *Server) switchLang(w http.ResponseWriter, r *http.Request) {
	want := r.PathValue("lang")
	var chosen i18n.Lang
	for _, l := range i18n.Langs() {
		if string(l) == want {
			chosen = l
		}
	}
	if chosen == "" {
		s.fail(w, r, http.StatusNotFound, i18n.F("There is no such language here; choose one at the foot of the page."))
		return
	}
	http.SetCookie(w, &http.Cookie{Name: langCookie, Value: string(chosen), Path: "/", MaxAge: int((365 * 24 * time.Hour).Seconds()), // #nosec G124 -- the store network is plain HTTP on the shop's network (no TLS): a Secure cookie would never come back
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, localPath(r.URL.Query().Get("back")), http.StatusSeeOther) // #nosec G710 -- localPath keeps only a path of this site
}

// localPath is back when it is a path of this server ("/events/3?q=ada"),
// else "/": the switch never sends a person to another site.
func localPath(back string) string {
	u, err := url.Parse(back)
	if err != nil || back == "" || !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") || strings.HasPrefix(back, "/\\") ||
		u.Scheme != "" || u.Host != "" {
		return "/"
	}
	return back
}

// langChoice is one language of the switch at the foot of a page.
type langChoice struct {
	Code string
	Name string
	Href string
	// Current marks the page's language.
	Current bool
}

// langChoices lists the shipped languages for the switch on the page at r.
func langChoices(r *http.Request, current i18n.Lang) []langChoice {
	back := r.URL.Path
	if r.URL.RawQuery != "" {
		back += "?" + r.URL.RawQuery
	}
	var out []langChoice
	for _, l := range i18n.Langs() {
		out = append(out, langChoice{Code: string(l), Name: i18n.Name(l), Current: l == current,
			Href: "/lang/" + string(l) + "?back=" + url.QueryEscape(back)})
	}
	return out
}

// scriptKey finds the keys the scripts say: t("…") and tn("…", n), as the
// key-coverage test of core/i18n does.
var scriptKey = regexp.MustCompile(`\b(t|tn)\(\s*"((?:[^"\\]|\\.)*)"`)

// scriptWords returns, for each language, the words the scripts of static
// say: a key's translation, or for tn its forms by CLDR plural category
// (the page's Intl.PluralRules chooses among them), so a language the
// files add needs nothing of the scripts.
func scriptWords(static fs.FS) (map[i18n.Lang]map[string]any, error) {
	keys := map[string]bool{} // key → plural
	err := fs.WalkDir(static, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		b, err := fs.ReadFile(static, p)
		if err != nil {
			return err
		}
		for _, m := range scriptKey.FindAllStringSubmatch(string(b), -1) {
			key, err := strconv.Unquote(`"` + m[2] + `"`)
			if err != nil {
				continue
			}
			keys[key] = keys[key] || m[1] == "tn"
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := map[i18n.Lang]map[string]any{}
	for _, l := range i18n.Langs() {
		words := map[string]any{}
		for key, pl := range keys {
			if pl {
				words[key] = i18n.Plurals(l, key)
			} else {
				words[key] = i18n.T(l, key)
			}
		}
		out[l] = words
	}
	return out, nil
}

// errText is an error to say in a reader's language.
type errText struct{ err error }

// In says the error in l.
func (e errText) In(l i18n.Lang) string { return i18n.Error(l, e.err) }
