package startup

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"tablekeeper/core/store"
	"tablekeeper/ui/internal/uitest"
)

// Chosen French, the bad-start window says what is wrong and what to do
// in French, the core's refusal included.
func TestTheBadStartWindowSaysFrench(t *testing.T) {
	if !uitest.InFrench(t) {
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
