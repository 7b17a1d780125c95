package rounds

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/uitest"
)

// inFrench runs test name again in a process of its own whose screens
// speak French (Fyne's lang keeps the language it loaded, so French must
// not leak into the English tests), and reports whether this process is
// that one.
func inFrench(t *testing.T, name string) bool {
	t.Helper()
	if os.Getenv("TABLEKEEPER_TEST_FRENCH") == "1" {
		tr.Setup("fr")
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "TABLEKEEPER_TEST_FRENCH=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: "+name) {
		t.Errorf("in French: %v\n%s", err, out)
	}
	return false
}

// Chosen French, the Round tab says its buttons, banner, progress and
// status lines in French, a core error included.
func TestTheRoundTabSpeaksFrench(t *testing.T) {
	if !inFrench(t, "TestTheRoundTabSpeaksFrench") {
		return
	}
	f := setupDraft(t)
	content := f.w.Content()
	for _, name := range []string{"Publier les appariements", "Apparier à nouveau", "Échanger des joueurs", "Retirer"} {
		uitest.Button(t, content, name, 0)
	}
	if !uitest.HasText(content, "Brouillon — pas encore publié\u00a0: vérifiez les appariements, échangez des joueurs ou appariez à nouveau, puis publiez") {
		t.Errorf("no French banner: %q", uitest.Texts(content))
	}
	if want := "Brouillon\u00a0: 2 tables et 1 exemption, non publiée"; f.s.progress.Text != want {
		t.Errorf("progress = %q, want %q", f.s.progress.Text, want)
	}
	f.s.onSave()
	if !strings.Contains(f.s.status.Text, "publiez ses appariements avant de saisir des résultats") {
		t.Errorf("status = %q", f.s.status.Text)
	}
	if got := ResultText(event.Table{Bye: true}); got != "exempt" {
		t.Errorf("a bye reads %q", got)
	}
	f.errs.None(t)
}

// A pairing reason stored in English ("same points (0)") reads in French
// in the Pairing column.
func TestTheStoredPairingReasonReadsInFrench(t *testing.T) {
	if !inFrench(t, "TestTheStoredPairingReasonReadsInFrench") {
		return
	}
	f := setupDraft(t)
	texts := strings.Join(uitest.Texts(f.w.Content()), "\n")
	if !strings.Contains(texts, "mêmes points (0)") || strings.Contains(texts, "same points") {
		t.Errorf("the Pairing column is not in French:\n%s", texts)
	}
	f.errs.None(t)
}
