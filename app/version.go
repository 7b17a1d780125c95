package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"time"

	"tablekeeper/ui"
)

// Version and Build are Tablekeeper's version: Details.Version and
// Details.Build in FyneApp.toml, which the packaging tool stamps into the
// installers (a test keeps them equal).
const (
	Version = "0.1.0"
	Build   = 1
)

// buildDate is the day the binary was built, when the build sets it
// (go build -ldflags "-X main.buildDate=2026-05-01"); otherwise the date
// of the commit it was built from stands in.
var buildDate string

// versionInfo is what --version prints and the About window shows. The
// commit and its date come from the Go toolchain's VCS stamp (go build in
// a git checkout); go run and go test builds carry none.
func versionInfo(info *debug.BuildInfo, ok bool) ui.AboutInfo {
	a := ui.AboutInfo{Version: Version, Build: Build, Date: buildDate, GoVersion: runtime.Version()}
	if !ok {
		return a
	}
	var modified bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			a.Commit = s.Value
		case "vcs.time":
			if t, err := time.Parse(time.RFC3339, s.Value); err == nil {
				a.CommitDate = t.UTC().Format("2006-01-02")
			}
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if len(a.Commit) > 12 {
		a.Commit = a.Commit[:12]
	}
	if modified && a.Commit != "" {
		a.Commit += " (with uncommitted changes)"
	}
	return a
}

// currentVersion is the running binary's version information.
func currentVersion() ui.AboutInfo { return versionInfo(debug.ReadBuildInfo()) }

// runVersion prints the version, the build date and the commit.
func runVersion(args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return usagef("version takes no arguments")
	}
	printVersion(stdout, currentVersion())
	return nil
}

func printVersion(w io.Writer, a ui.AboutInfo) {
	fmt.Fprintf(w, "Tablekeeper %s\n", a.VersionLine())
	fmt.Fprintf(w, "built: %s\n", a.DateLine())
	fmt.Fprintf(w, "commit: %s\n", a.CommitLine())
}
