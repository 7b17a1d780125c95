package uitest

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"tablekeeper/ui/internal/tr"
)

// frenchEnv marks the process InFrench starts.
const frenchEnv = "TABLEKEEPER_TEST_FRENCH"

// InFrench runs the calling test again in a process of its own whose
// screens speak French, and reports whether this process is that one: a
// French test starts with `if !uitest.InFrench(t) { return }`. Fyne's lang
// keeps the language it loaded first, so French must not leak into the
// package's English tests. The other process must run the test and pass.
func InFrench(t *testing.T) bool {
	t.Helper()
	if os.Getenv(frenchEnv) == "1" {
		tr.Setup("fr")
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.v") // #nosec G204 G702 -- re-runs this test binary (os.Args[0]) on the test's own name
	cmd.Env = append(os.Environ(), frenchEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Errorf("in French: %v\n%s", err, out)
	}
	return false
}
