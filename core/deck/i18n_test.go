package deck

import (
	"strings"
	"testing"

	"tablekeeper/core/i18n"
)

// A deck check's problems, a line error and a card list's row error are
// said in French when asked; the English Message is unchanged, and the
// names the player typed stay as typed.
func TestDeckMessagesAreSaidInFrench(t *testing.T) {
	list, errs := Parse("Hero: Akesha & Taru\n0 Goblin\n3 Lyra Thing")
	if len(errs) != 1 {
		t.Fatalf("errors %v, want one", errs)
	}
	if got := errs[0].In(i18n.French); !strings.HasPrefix(got, "Ligne 2 \"0 Goblin\"\u00a0: 0 exemplaire n’est pas une quantité") {
		t.Errorf("French line error %q", got)
	}
	rep := Validate(FormatAlteredConstructed, list, CardList{})
	if rep.Legal() {
		t.Fatal("a deck of 3 cards is legal")
	}
	var fr []string
	for _, p := range rep.Problems {
		fr = append(fr, p.In(i18n.French))
		if strings.HasPrefix(p.Message, "A1: le deck") {
			t.Errorf("the English message is French: %q", p.Message)
		}
	}
	if all := strings.Join(fr, "\n"); !strings.Contains(all, "A1: le deck a 3 cartes en plus du Héros") {
		t.Errorf("French problems:\n%s", all)
	}
	if got := i18n.Error(i18n.French, rep.Err()); !strings.HasPrefix(got, "A1: le deck") {
		t.Errorf("French error %q", got)
	}
	_, rows := ReadCardList(strings.NewReader("title,faction\n,Lyra\n"))
	if len(rows) != 1 || !strings.HasPrefix(rows[0].In(i18n.French), "Rangée 2\u00a0: la rangée n’a pas de nom de carte") {
		t.Errorf("French row errors %v", rows)
	}
}

// The deck rules' names are said in French.
func TestDeckRulesNamesAreSaidInFrench(t *testing.T) {
	if got, want := FormatArchonSealed.NameIn(i18n.French), "KeyForge Archonte Scellé"; got != want {
		t.Errorf("French name %q, want %q", got, want)
	}
	if got, want := FormatArchonSealed.Name(), "KeyForge Archon Sealed"; got != want {
		t.Errorf("English name %q, want %q", got, want)
	}
}

// A list with no houses is said as French says it: "n'indique aucune
// maison", not "indique aucune maison".
func TestAnArchonListWithNoHousesIsSaidInFrench(t *testing.T) {
	l, errs := ParseArchon("Tuca\nCotA\n1 Anger\n")
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	rep := Validate(FormatArchonStandard, l, CardList{})
	var said []string
	for _, p := range rep.Problems {
		said = append(said, p.In(i18n.French))
	}
	all := strings.Join(said, "\n")
	if !strings.Contains(all, "n’indique aucune maison") {
		t.Errorf("French problems:\n%s", all)
	}
}
