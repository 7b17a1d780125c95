package web

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
)

// The players' pages run ES modules (static/app/): the page's own module
// (pageModules) imports what it shares with the others (app/tk.js and a
// few more). A module's address carries its version (?v=, a hash of what
// is served), and so does each of its imports as served: the server
// writes the version of the imported file into the import, so a module's
// version covers every module under it. A page names its module's
// current version, so it never runs an older module than its own, and a
// browser may keep every version for good.

// pageModules is the module of each page (page.Nav); every other page
// (the kiosk's, the judges', the decklist's, the scorekeeper's) runs the
// shared one, for the words and helpers its own script takes from it.
var pageModules = map[string]string{
	"events":    "app/events.js",
	"home":      "app/home.js",
	"pairings":  "app/pairings.js",
	"standings": "app/standings.js",
	"bracket":   "app/bracket.js",
	"projector": "app/projector.js",
	"report":    "app/report.js",
}

// sharedModule is the module every page runs (window.tk).
const sharedModule = "app/tk.js"

// moduleImport finds a module's static imports: `import … from './x.js'`
// and `import './x.js'` (also `export … from`), written with relative
// addresses.
var moduleImport = regexp.MustCompile(`\b(from|import)(\s*)(['"])([^'"\n]*)(['"])`)

// pageScript is what a page loads: its module, and the modules under it
// to fetch at once (<link rel="modulepreload">), so the browser asks for
// them all in one round instead of one import after another.
type pageScript struct {
	Src     string
	Preload []string
}

// staticFile is a static file as read, with the files it imports.
type staticFile struct {
	body    []byte
	imports []string // static file names, as the assets' keys
}

// indexAssets reads the static files of fsys: each with its Content-Type
// and version, the imports of its modules pointing at their versions.
// An import of a file that is not there, or a ring of imports, is an
// error (a bug of this package, found by the tests).
func indexAssets(fsys fs.FS) (map[string]asset, map[string][]string, error) {
	files := map[string]*staticFile{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		files[p] = &staticFile{body: b}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	for name, f := range files {
		if !strings.HasPrefix(name, "app/") || path.Ext(name) != ".js" {
			continue // the other scripts are classic ones
		}
		for _, m := range moduleImport.FindAllSubmatch(f.body, -1) {
			dep, err := importedFile(name, string(m[4]), files)
			if err != nil {
				return nil, nil, err
			}
			f.imports = append(f.imports, dep)
		}
	}
	assets := map[string]asset{}
	var version func(name string, seen []string) (string, error)
	version = func(name string, seen []string) (string, error) {
		if a, ok := assets[name]; ok {
			return a.hash, nil
		}
		if slices.Contains(seen, name) {
			return "", fmt.Errorf("%s imports itself: %s", name, strings.Join(append(seen, name), " → "))
		}
		f := files[name]
		body := f.body
		if len(f.imports) > 0 {
			var failed error
			body = moduleImport.ReplaceAllFunc(f.body, func(m []byte) []byte {
				s := moduleImport.FindSubmatch(m)
				dep, _ := importedFile(name, string(s[4]), files)
				v, err := version(dep, append(seen, name))
				if err != nil {
					failed = err
					return m
				}
				return fmt.Appendf(nil, "%s%s%s%s?v=%s%s", s[1], s[2], s[3], s[4], v, s[5])
			})
			if failed != nil {
				return "", failed
			}
		}
		sum := sha256.Sum256(body)
		a := asset{blob: newBlob(body), hash: hex.EncodeToString(sum[:6]), kind: contentType(name)}
		assets[name] = a
		return a.hash, nil
	}
	for name := range files {
		if _, err := version(name, nil); err != nil {
			return nil, nil, err
		}
	}
	deps := map[string][]string{}
	for name, f := range files {
		if len(f.imports) > 0 {
			deps[name] = f.imports
		}
	}
	return assets, deps, nil
}

// importedFile is the static file that module name imports as spec: an
// address relative to the module's own, of a file that is there.
func importedFile(name, spec string, files map[string]*staticFile) (string, error) {
	if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") {
		return "", fmt.Errorf("%s imports %q: a module imports a file beside it, as ./name.js", name, spec)
	}
	dep := path.Join(path.Dir(name), spec)
	if _, ok := files[dep]; !ok {
		return "", fmt.Errorf("%s imports %q: there is no static file %s", name, spec, dep)
	}
	return dep, nil
}

// scriptOf is the module page nav runs, with the versioned addresses of
// the modules it imports, its own first, then theirs, each once.
func (ps *pageSet) scriptOf(nav string) (pageScript, error) {
	entry, ok := pageModules[nav]
	if !ok {
		entry = sharedModule
	}
	src, err := ps.assetURL(entry)
	if err != nil {
		return pageScript{}, err
	}
	out := pageScript{Src: src}
	seen := map[string]bool{entry: true}
	queue := slices.Clone(ps.imports[entry])
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		if seen[name] {
			continue
		}
		seen[name] = true
		u, err := ps.assetURL(name)
		if err != nil {
			return pageScript{}, err
		}
		out.Preload = append(out.Preload, u)
		queue = append(queue, ps.imports[name]...)
	}
	return out, nil
}
