package rounds

import (
	"strings"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
)

// Chosen French, the Round tab says its buttons, banner, progress and
// status lines in French, a core error included.
func TestTheRoundTabSpeaksFrench(t *testing.T) {
	if !uitest.InFrench(t) {
		return
	}
	f := setupDraft(t)
	content := f.W.Content()
	for _, name := range []string{"Publier les appariements", "Apparier à nouveau", "Échanger des joueurs", "Retirer"} {
		uitest.Button(t, content, name, 0)
	}
	if !uitest.HasText(content, "Brouillon — pas encore publié\u00a0: vérifiez les appariements, échangez des joueurs ou appariez à nouveau, puis publiez") {
		t.Errorf("no French banner: %q", uitest.Texts(content))
	}
	if want := "Brouillon\u00a0: 2 tables et 1 exemption, non publiée"; f.S.progress.Text != want {
		t.Errorf("progress = %q, want %q", f.S.progress.Text, want)
	}
	f.S.onSave()
	if !strings.Contains(f.S.status.Text, "publiez ses appariements avant de saisir des résultats") {
		t.Errorf("status = %q", f.S.status.Text)
	}
	if got := ResultText(event.Table{Bye: true}); got != "exempt" {
		t.Errorf("a bye reads %q", got)
	}
	f.Errs.None(t)
}

// A pairing reason stored in English ("same points (0)") reads in French
// in the Pairing column.
func TestTheStoredPairingReasonReadsInFrench(t *testing.T) {
	if !uitest.InFrench(t) {
		return
	}
	f := setupDraft(t)
	texts := strings.Join(uitest.Texts(f.W.Content()), "\n")
	if !strings.Contains(texts, "mêmes points (0)") || strings.Contains(texts, "same points") {
		t.Errorf("the Pairing column is not in French:\n%s", texts)
	}
	f.Errs.None(t)
}
