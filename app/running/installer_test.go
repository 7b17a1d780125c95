package running

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestInstallerLooksForTheMutex checks the installer and the uninstaller
// both look for the mutex Mark creates, under the same name, and refuse
// to go on while it exists: a renamed mutex on either side would let an
// upgrade run over a running Tablekeeper again.
func TestInstallerLooksForTheMutex(t *testing.T) {
	b, err := os.ReadFile("../../assets/windows/installer.nsi")
	if err != nil {
		t.Fatal(err)
	}
	nsi := string(b)
	if !strings.Contains(nsi, `!define RUNNING_MUTEX "`+MutexName+`"`) {
		t.Errorf("installer.nsi does not define RUNNING_MUTEX as %q", MutexName)
	}
	if !strings.Contains(nsi, `OpenMutexW(i 0x00100000, i 0, w "${RUNNING_MUTEX}")`) {
		t.Error("installer.nsi does not open the mutex RUNNING_MUTEX")
	}
	for _, fn := range []string{".onInit", "un.onInit"} {
		body := regexp.MustCompile(`(?s)Function ` + regexp.QuoteMeta(fn) + `\n(.*?)FunctionEnd`).FindStringSubmatch(nsi)
		if body == nil || !strings.Contains(body[1], "!insertmacro REFUSE_WHILE_RUNNING") {
			t.Errorf("%s does not refuse to go on while Tablekeeper runs", fn)
		}
	}
}
