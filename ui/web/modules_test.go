package web

import (
	"bytes"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"tablekeeper/ui/web/internal/webtest"
	"testing"
	"testing/fstest"
)

// Every script the server embeds stays short enough to read whole: at
// most 400 lines a file.
func TestStaticScriptsAreAtMost400Lines(t *testing.T) {
	n := 0
	err := fs.WalkDir(staticFiles, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		b, err := staticFiles.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		if lines := bytes.Count(b, []byte("\n")); lines > 400 {
			t.Errorf("%s: %d lines, more than 400", p, lines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Errorf("%d scripts found under static/", n)
	}
}

// Every page module the layout names is embedded, and every module
// imports files that are there (indexAssets fails otherwise).
func TestPageModulesAreEmbedded(t *testing.T) {
	ps, err := loadPages()
	if err != nil {
		t.Fatal(err)
	}
	for nav, name := range pageModules {
		if _, ok := ps.assets[name]; !ok {
			t.Errorf("page %s: no module %s", nav, name)
		}
		if len(ps.imports[name]) == 0 {
			t.Errorf("page %s: %s imports nothing, not even %s", nav, name, sharedModule)
		}
	}
	if _, ok := ps.assets[sharedModule]; !ok {
		t.Errorf("no %s", sharedModule)
	}
}

// A module is served with its imports pointing at their versions, and
// its own version covers theirs: a change to a module it imports (or to
// one that module imports) gives it a new address. An import of a file
// that is not there, or a ring of imports, does not load.
func TestModuleVersionsCoverTheirImports(t *testing.T) {
	files := func(c string) fstest.MapFS {
		return fstest.MapFS{
			"app/page.js": {Data: []byte("import { a } from './a.js';\nimport './b.js';\na();\n")},
			"app/a.js":    {Data: []byte("import { c } from \"./c.js\";\nexport function a() { c(); }\n")},
			"app/b.js":    {Data: []byte("document.title = 'b';\n")},
			"app/c.js":    {Data: []byte("export function c() { return " + c + "; }\n")},
			"kiosk.js":    {Data: []byte("const said = t(\"import\") + \" from './x.js'\";\n")},
		}
	}
	one, deps, err := indexAssets(files("1"))
	if err != nil {
		t.Fatal(err)
	}
	two, _, err := indexAssets(files("2"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"app/page.js", "app/a.js", "app/c.js"} {
		if one[name].hash == two[name].hash {
			t.Errorf("%s keeps version %s when app/c.js changes", name, one[name].hash)
		}
	}
	if one["app/b.js"].hash != two["app/b.js"].hash || one["kiosk.js"].hash != two["kiosk.js"].hash {
		t.Error("a file that imports nothing changed changed version")
	}
	page := string(one["app/page.js"].raw)
	if !strings.Contains(page, "from './a.js?v="+one["app/a.js"].hash+"'") || !strings.Contains(page, "import './b.js?v="+one["app/b.js"].hash+"'") {
		t.Errorf("app/page.js as served:\n%s", page)
	}
	if a := string(one["app/a.js"].raw); !strings.Contains(a, `from "./c.js?v=`+one["app/c.js"].hash+`"`) {
		t.Errorf("app/a.js as served:\n%s", a)
	}
	if string(one["kiosk.js"].raw) != string(files("1")["kiosk.js"].Data) {
		t.Error("a classic script was rewritten")
	}
	if got := strings.Join(deps["app/page.js"], " "); got != "app/a.js app/b.js" {
		t.Errorf("app/page.js imports %q", got)
	}
	ps := &pageSet{assets: one, imports: deps}
	pageModules["test-page"] = "app/page.js"
	defer delete(pageModules, "test-page")
	s, err := ps.scriptOf("test-page")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/static/app/a.js?v=" + one["app/a.js"].hash, "/static/app/b.js?v=" + one["app/b.js"].hash, "/static/app/c.js?v=" + one["app/c.js"].hash}
	if s.Src != "/static/app/page.js?v="+one["app/page.js"].hash || strings.Join(s.Preload, " ") != strings.Join(want, " ") {
		t.Errorf("script of the page: %+v, want preloads %v", s, want)
	}

	for what, bad := range map[string]fstest.MapFS{
		"a missing file": {"app/page.js": {Data: []byte("import './gone.js';\n")}},
		"a bare name":    {"app/page.js": {Data: []byte("import { x } from 'lib';\n")}},
		"a ring": {
			"app/a.js": {Data: []byte("import './b.js';\n")},
			"app/b.js": {Data: []byte("import './a.js';\n")},
		},
	} {
		if _, _, err := indexAssets(bad); err == nil {
			t.Errorf("%s: loaded", what)
		}
	}
}

// A player's page loads its module with the module's version, the
// modules under it preloaded with theirs; what it loads is served as
// JavaScript, kept for a year, its imports versioned as the page's links
// say.
func TestPlayerPagesLoadTheirModulesVersioned(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Bram Berg")
	f.Publish(e.ID)
	src := regexp.MustCompile(`<script type="module" src="([^"]+)"></script>`)
	pre := regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)">`)
	base := "/events/" + webtest.Itoa64(int64(e.ID))
	for path, module := range map[string]string{
		base: "app/home.js", base + "/pairings": "app/pairings.js", base + "/standings": "app/standings.js",
		base + "/bracket": "app/bracket.js", base + "/report": "app/report.js", base + "/projector": "app/projector.js",
		"/": "app/events.js", "/judge": sharedModule,
	} {
		resp, body := f.do("GET", path, nil)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", path, resp.StatusCode)
		}
		m := src.FindStringSubmatch(body)
		if m == nil || !strings.HasPrefix(m[1], "/static/"+module+"?v=") {
			t.Errorf("%s: script %v, want %s", path, m, module)
			continue
		}
		links := map[string]bool{}
		for _, l := range pre.FindAllStringSubmatch(body, -1) {
			links[l[1]] = true
		}
		if module != sharedModule && !links["/static/"+sharedModule+"?v="+f.srv.pages.assets[sharedModule].hash] {
			t.Errorf("%s: %s not preloaded: %v", path, sharedModule, links)
		}
		// Every import of every module the page runs is one of its
		// preloads, at the version the page names.
		for _, u := range append([]string{m[1]}, preloads(links)...) {
			resp, js := f.do("GET", u, nil)
			if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/javascript; charset=utf-8" ||
				!strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
				t.Errorf("%s: %d %q %q", u, resp.StatusCode, resp.Header.Get("Content-Type"), resp.Header.Get("Cache-Control"))
			}
			for _, im := range moduleImport.FindAllStringSubmatch(js, -1) {
				dir := u[:strings.LastIndex(u, "/")+1]
				if !links[dir+strings.TrimPrefix(im[4], "./")] {
					t.Errorf("%s imports %s, which %s does not preload (%v)", u, im[4], path, links)
				}
			}
		}
	}
}

func preloads(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
