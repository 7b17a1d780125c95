package main

import (
	"bytes"
	"os"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
)

// The version in code must be the one the packaging tool stamps into the
// installers.
func TestVersionMatchesFyneAppToml(t *testing.T) {
	data, err := os.ReadFile("../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	v := regexp.MustCompile(`(?m)^\s*Version\s*=\s*"([^"]+)"`).FindSubmatch(data)
	b := regexp.MustCompile(`(?m)^\s*Build\s*=\s*(\d+)`).FindSubmatch(data)
	if v == nil || b == nil {
		t.Fatal("FyneApp.toml has no Details.Version or Details.Build")
	}
	if string(v[1]) != Version {
		t.Errorf("FyneApp.toml Version %q, app/version.go Version %q", v[1], Version)
	}
	if n, _ := strconv.Atoi(string(b[1])); n != Build {
		t.Errorf("FyneApp.toml Build %s, app/version.go Build %d", b[1], Build)
	}
}

// A build from a git checkout names its commit and the commit's date; a
// checkout with changes says so.
func TestVersionInfoReadsTheVCSStamp(t *testing.T) {
	info := &debug.BuildInfo{Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "86b1809c0ffee1234567890abcdef1234567890a"},
		{Key: "vcs.time", Value: "2026-05-01T18:30:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}}
	a := versionInfo(info, true)
	if a.Commit != "86b1809c0ffe (with uncommitted changes)" {
		t.Errorf("commit %q", a.Commit)
	}
	if a.DateLine() != "2026-05-01 (the date of its commit)" {
		t.Errorf("date line %q", a.DateLine())
	}
	if a.VersionLine() != Version+" (build "+strconv.Itoa(Build)+")" {
		t.Errorf("version line %q", a.VersionLine())
	}
	bare := versionInfo(&debug.BuildInfo{}, true)
	if !strings.HasPrefix(bare.CommitLine(), "unknown") || !strings.HasPrefix(bare.DateLine(), "unknown") {
		t.Errorf("a build without VCS stamp: commit %q, date %q", bare.CommitLine(), bare.DateLine())
	}
}

// --version and the version command print the version, the build date
// and the commit; version takes no arguments.
func TestVersionCommand(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		var out, errs bytes.Buffer
		if code := run(args, &out, &errs); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 3 || lines[0] != "Tablekeeper "+Version+" (build "+strconv.Itoa(Build)+")" ||
			!strings.HasPrefix(lines[1], "built: ") || !strings.HasPrefix(lines[2], "commit: ") {
			t.Errorf("%v printed %q", args, out.String())
		}
	}
	var out, errs bytes.Buffer
	if code := run([]string{"version", "x"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "version takes no arguments") {
		t.Errorf("version x: exit %d, %q", code, errs.String())
	}
}
