package startup

import (
	"os"
	"os/exec"
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/core/store"
	"tablekeeper/ui/internal/tr"
	"tablekeeper/ui/internal/uitest"
)

// inFrench runs the test named again in a process of its own with the
// screens in French: Fyne keeps the language it loaded, so the other
// tests of the package must not see it.
func inFrench(t *testing.T) bool {
	t.Helper()
	if os.Getenv("TABLEKEEPER_TEST_FRENCH") == "1" {
		tr.Setup("fr")
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), "TABLEKEEPER_TEST_FRENCH=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("in French: %v\n%s", err, out)
	}
	return false
}

// Chosen French, the bad-start window says what is wrong and what to do
// in French, the core's refusal included.
func TestTheBadStartWindowSaysFrench(t *testing.T) {
	if !inFrench(t) {
		return
	}
	p := Missing("/home/ada/tk/typo.db")
	if p.Title != "Aucune base de données à cet emplacement" || p.Message != "Il n’y a pas de base de données Tablekeeper à l’emplacement /home/ada/tk/typo.db." {
		t.Errorf("missing: %+v", p)
	}
	p = ForError("/home/ada/tk/tk.db", store.ErrLocked)
	if p.Title != "Tablekeeper ne peut pas ouvrir sa base de données" || p.Advice != "Fermez d’abord l’autre Tablekeeper\u00a0: cherchez sa fenêtre sur un autre bureau ou réduite, puis relancez." {
		t.Errorf("locked: %+v", p)
	}
	a := test.NewTempApp(t)
	p = Missing("/home/ada/tk/typo.db")
	p.Create = func() {}
	w := Show(a, p)
	for _, want := range []string{"Quitter", "Créer une nouvelle base de données ici"} {
		if !uitest.HasText(w.Content(), want) {
			t.Errorf("no %q in %q", want, uitest.Texts(w.Content()))
		}
	}
}
