package web

import (
	"os/exec"
	"strings"
	"testing"
)

// The store network runs without a window (tablekeeper serve): it imports
// no Fyne, directly or through another package.
func TestNoGUIToolkit(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "fyne.io/") || strings.HasPrefix(dep, "github.com/go-gl/") {
			t.Errorf("ui/web depends on %s", dep)
		}
	}
}
