package main

import (
	"fmt"
	"io"
	"runtime/debug"

	"tablekeeper/internal/cli"
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

// currentVersion is what --version prints and the About window shows.
func currentVersion() ui.AboutInfo {
	return ui.AboutInfo{Version: Version, Build: Build, Date: buildDate}.WithBuildInfo(debug.ReadBuildInfo())
}

// runVersion prints the version, the build date and the commit.
func runVersion(args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return cli.Usagef("version takes no arguments")
	}
	a := currentVersion()
	fmt.Fprintf(stdout, "Tablekeeper %s\nbuilt: %s\ncommit: %s\n", a.VersionLine(), a.DateLine(), a.CommitLine())
	return nil
}
