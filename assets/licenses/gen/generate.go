package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// IndexFile lists the modules, one a line: path, version, licence kind and
// the file holding the texts, separated by tabs. The standard library's
// line has the path "std" and no version (it is the toolchain's).
const IndexFile = "MODULES.txt"

// mainPackage is what the list of linked modules is taken from.
const mainPackage = "tablekeeper/app"

// systems are the GOOS values the binary is built for; a module linked on
// any of them is listed.
var systems = []string{"linux", "windows", "darwin"}

// module is one linked module.
type module struct{ path, version string }

// Generate returns the files of assets/licenses by name: the index and one
// text file per module.
func Generate() (map[string]string, error) {
	mods, err := linkedModules()
	if err != nil {
		return nil, err
	}
	files := map[string]string{}
	var index strings.Builder
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return nil, err
	}
	std, err := licenceTexts(goroot, "Go standard library and runtime", true)
	if err != nil {
		return nil, err
	}
	files["std.txt"] = std
	fmt.Fprintf(&index, "std\t\t%s\tstd.txt\n", Kind(std))
	for _, m := range mods {
		dir, err := moduleDir(m.path)
		if err != nil {
			return nil, err
		}
		text, err := licenceTexts(dir, m.path+" "+m.version, false)
		if err != nil {
			return nil, err
		}
		kind := Kind(text)
		if m.path == "github.com/mattn/go-sqlite3" {
			// The driver compiles SQLite itself in: its notice comes along.
			blessing, err := sqliteNotice(dir)
			if err != nil {
				return nil, err
			}
			text += blessing
			kind += ", SQLite: public domain"
		}
		name := strings.ReplaceAll(m.path, "/", "_") + ".txt"
		files[name] = text
		fmt.Fprintf(&index, "%s\t%s\t%s\t%s\n", m.path, m.version, kind, name)
	}
	files[IndexFile] = index.String()
	return files, nil
}

// linkedModules lists the modules the app links on any of the systems,
// sorted by path.
func linkedModules() ([]module, error) {
	seen := map[module]bool{}
	for _, goos := range systems {
		cmd := exec.Command("go", "list", "-e", "-deps", "-f", "{{with .Module}}{{.Path}} {{.Version}}{{end}}", mainPackage)
		cmd.Env = append(os.Environ(), "GOOS="+goos, "CGO_ENABLED=1")
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("go list for %s: %w", goos, err)
		}
		for line := range strings.Lines(string(out)) {
			path, version, ok := strings.Cut(strings.TrimSpace(line), " ")
			if !ok || version == "" {
				continue // the main module
			}
			seen[module{path, version}] = true
		}
	}
	mods := make([]module, 0, len(seen))
	for m := range seen {
		mods = append(mods, m)
	}
	slices.SortFunc(mods, func(a, b module) int { return strings.Compare(a.path, b.path) })
	return mods, nil
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output() // #nosec G204 -- runs the go command on a fixed variable name
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

func moduleDir(path string) (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", path).Output() // #nosec G204 -- runs the go command on a module path from go.mod
	dir := strings.TrimSpace(string(out))
	if err != nil || dir == "" {
		return "", fmt.Errorf("module %s is not in the module cache; run go mod download", path)
	}
	return dir, nil
}

// licenceName matches the files that carry a licence or notice.
var licenceName = regexp.MustCompile(`(?i)^(licen[cs]e|copying|notice|patents)([._-].*)?$`)

// skipped are folders whose files the binary never links: tests, commands,
// examples.
var skipped = map[string]bool{"testdata": true, "cmd": true, "example": true, "examples": true, "_examples": true, ".git": true}

// licenceTexts concatenates the licence files of dir (the module's own
// first, then, unless topOnly, those of folders inside it, such as bundled
// fonts or C sources), each under a heading that names it. The Go tree
// is read topOnly: its inner licences are of tools and tests.
func licenceTexts(dir, title string, topOnly bool) (string, error) {
	var found []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (topOnly || skipped[d.Name()]) {
				return filepath.SkipDir
			}
			return nil
		}
		if licenceName.MatchString(d.Name()) {
			rel, _ := filepath.Rel(dir, path)
			found = append(found, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if len(found) == 0 {
		return "", fmt.Errorf("%s has no licence file", title)
	}
	slices.SortFunc(found, func(a, b string) int {
		if da, db := strings.Count(a, "/"), strings.Count(b, "/"); da != db {
			return da - db
		}
		return strings.Compare(a, b)
	})
	var b strings.Builder
	for i, rel := range found {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel))) // #nosec G304 -- a license file found in the module cache's folder of a dependency
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteString("\n\n")
		}
		fmt.Fprintf(&b, "=== %s: %s ===\n\n", title, rel)
		b.Write(bytes.TrimSpace(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))))
		b.WriteString("\n")
	}
	return b.String(), nil
}

// sqliteNotice is SQLite's public-domain dedication, as the amalgamation
// the driver compiles states it.
func sqliteNotice(dir string) (string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "sqlite3-binding.c")) // #nosec G304 -- the driver's amalgamation in the module cache
	if err != nil {
		return "", err
	}
	text := string(data)
	version := regexp.MustCompile(`SQLite\s+\*\*\s*version (\d+\.\d+\.\d+)|from SQLite\s+version (\d+\.\d+\.\d+)|SQLite\n\*\* version (\d+\.\d+\.\d+)`).FindStringSubmatch(text)
	v := ""
	for _, s := range version[1:] {
		if s != "" {
			v = " " + s
		}
	}
	start := strings.Index(text, "The author disclaims copyright")
	if start < 0 {
		return "", fmt.Errorf("sqlite3-binding.c has no public-domain notice")
	}
	end := strings.Index(text[start:], "give.")
	if end < 0 {
		return "", fmt.Errorf("sqlite3-binding.c: the public-domain notice does not end as expected")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n\n=== SQLite%s, compiled into github.com/mattn/go-sqlite3 (sqlite3-binding.c) ===\n\n", v)
	for line := range strings.Lines(text[start : start+end+len("give.")]) {
		b.WriteString(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "**")) + "\n")
	}
	return b.String(), nil
}

// Kind names the licences of a text by the phrases each licence has: the
// short name the About window lists a module with. A text of several
// licence files (a module and the fonts or C code it bundles) gives their
// kinds in the order of the files, the module's own first.
func Kind(text string) string {
	var kinds []string
	for _, section := range strings.Split(text, "\n=== ") {
		for _, k := range sectionKinds(section) {
			if !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
	}
	if len(kinds) == 0 {
		return "see text"
	}
	return strings.Join(kinds, ", ")
}

func sectionKinds(text string) []string {
	var kinds []string
	upper := strings.ToUpper(text)
	for _, k := range []struct{ name, phrase string }{
		{"BSD-3-Clause", "Neither the name"},
		{"MIT", "Permission is hereby granted, free of charge"},
		{"Apache-2.0", "Apache License"},
		{"OFL-1.1", "SIL OPEN FONT LICENSE"},
		{"Zlib", "This software is provided 'as-is'"},
		{"Bitstream Vera", "Bitstream Vera"},
		{"ISC", "Permission to use, copy, modify, and/or distribute"},
	} {
		if strings.Contains(upper, strings.ToUpper(k.phrase)) {
			kinds = append(kinds, k.name)
		}
	}
	if len(kinds) == 0 && strings.Contains(text, "Redistribution and use in source and binary forms") {
		kinds = append(kinds, "BSD-2-Clause")
	}
	return kinds
}
