// Package core_test holds the test that keeps core/ free of the GUI, the
// reports and the SQLite driver (docs/ARCHITECTURE.md, "Invariants").
package core_test

import (
	"os/exec"
	"strings"
	"testing"
)

// core/** imports no Fyne, no ui/, no reports/; only core/store imports the
// SQLite driver, and core/store does not import core/director.
func TestCoreImportBoundaries(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`, "./...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, deps := fields[0], fields[1:]
		checked++
		for _, dep := range deps {
			switch {
			case strings.HasPrefix(dep, "fyne.io/"):
				t.Errorf("%s depends on %s: core must stay free of GUI code", pkg, dep)
			case dep == "tablekeeper/ui" || strings.HasPrefix(dep, "tablekeeper/ui/"):
				t.Errorf("%s depends on %s", pkg, dep)
			case dep == "tablekeeper/reports" || strings.HasPrefix(dep, "tablekeeper/reports/") || strings.HasPrefix(dep, "github.com/jung-kurt/gofpdf"):
				t.Errorf("%s depends on %s: reports take data from core, never the reverse", pkg, dep)
			case dep == "github.com/mattn/go-sqlite3" && pkg != "tablekeeper/core/store":
				t.Errorf("%s depends on the SQLite driver: only core/store may", pkg)
			case pkg == "tablekeeper/core/store" && dep == "tablekeeper/core/director":
				t.Errorf("core/store depends on core/director: the store depends on the domain and core/storage's interfaces only")
			}
		}
	}
	if checked < 6 {
		t.Errorf("go list saw only %d core packages", checked)
	}
}
