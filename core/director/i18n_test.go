package director_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The header's next step and its waiting line are said in the screen's
// language, with the plural the count asks for.
func TestTheNextStepIsSaidInFrench(t *testing.T) {
	for _, c := range []struct {
		p       director.Progress
		fr, en  string
		waitsFr string
	}{
		{director.Progress{Next: director.StepPair, NextRound: 4, Rounds: 3, Missing: 1}, "Apparier la ronde 4", "Pair round 4", "En attente de 1 résultat de la ronde 3"},
		{director.Progress{Next: director.StepPublish, NextRound: 2, Rounds: 2, Missing: 3}, "Publier la ronde 2", "Publish round 2", "En attente de 3 résultats de la ronde 2"},
		{director.Progress{Next: director.StepFinish, Ready: true}, "Terminer le tournoi", "Finish event", ""},
	} {
		if got := c.p.Label().In(i18n.French); got != c.fr {
			t.Errorf("French label %q, want %q", got, c.fr)
		}
		if got := c.p.Label().String(); got != c.en {
			t.Errorf("English label %q, want %q", got, c.en)
		}
		if got := c.p.Waiting().In(i18n.French); got != c.waitsFr {
			t.Errorf("French waiting line %q, want %q", got, c.waitsFr)
		}
	}
}

// A refusal from the core keeps its values and says them in French, its
// count with the plural it asks for; the English sentence too.
func TestACoreRefusalIsSaidInFrench(t *testing.T) {
	ctx, d, e := alteredEvent(t, "standard-bo3")
	register(t, d, e.ID, "Ada", "Bob", "Cy", "Dan", "Eve", "Fay")
	mustPair(t, ctx, d, e.ID)
	_, err := d.Rounds.PairNextRound(ctx, e.ID)
	if got, want := i18n.Error(i18n.French, err), "il manque encore 3 résultats à la ronde 1\u00a0; saisissez-les avant d’apparier la ronde 2"; got != want {
		t.Errorf("French %q, want %q", got, want)
	}
	if got, want := err.Error(), "round 1 still lacks 3 results; enter them before pairing round 2"; got != want {
		t.Errorf("English %q, want %q", got, want)
	}
	one := event.Statef("round %[1]d still lacks %[2]s; enter them before finishing the event", 4, i18n.FN("%d result", 1, 1))
	if got, want := i18n.Error(i18n.French, one), "il manque encore 1 résultat à la ronde 4\u00a0; saisissez-les avant de terminer le tournoi"; got != want {
		t.Errorf("French %q, want %q", got, want)
	}
	if got, want := one.Error(), "round 4 still lacks 1 result; enter them before finishing the event"; got != want {
		t.Errorf("English %q, want %q", got, want)
	}
}

// The pairings by name say their table, bye and opponents in the reader's
// language, from the same facts.
func TestThePairingsByNameAreSaidInFrench(t *testing.T) {
	sh := director.Sheet{
		Round: event.Round{Number: 1, PublishedAt: time.Date(2026, 11, 25, 18, 0, 0, 0, time.UTC)},
		Tables: []director.SheetTable{
			{Table: event.Table{Number: 12}, Players: []director.SheetPlayer{{Name: "Ada"}, {Name: "Bob"}}},
			{Table: event.Table{Bye: true}, Players: []director.SheetPlayer{{Name: "Eve"}}},
		},
	}
	var fr, en []string
	for _, p := range sh.ByName() {
		fr, en = append(fr, p.In(i18n.French)), append(en, p.String())
	}
	if want := []string{"Ada — Table 12 — contre Bob", "Bob — Table 12 — contre Ada", "Eve — EXEMPT"}; !slices.Equal(fr, want) {
		t.Errorf("French %q, want %q", fr, want)
	}
	if want := []string{"Ada — Table 12 — vs Bob", "Bob — Table 12 — vs Ada", "Eve — BYE"}; !slices.Equal(en, want) {
		t.Errorf("English %q, want %q", en, want)
	}
}

// The Judge screen's roster problem is kept as the core's error, so the
// screen says it in its own language: its key is the rule's sentence, not
// English text fixed when it was read.
func TestTheRosterProblemIsSaidInTheScreensLanguage(t *testing.T) {
	d, _ := newDirector(t)
	e := eventOf(t, d, "shadowfist", "final-brawl", nil)
	v, err := d.Views.JudgeView(context.Background(), e.ID)
	must(t, err)
	var ee *event.Error
	if !errors.As(v.Problem, &ee) || ee.Text.Format != "a Shadowfist event needs a head judge present during play (S11)" {
		t.Fatalf("roster problem %#v, want the S11 sentence as a key", v.Problem)
	}
	key := "a Shadowfist event needs a head judge present during play (S11)"
	if got, want := i18n.Error(i18n.French, v.Problem), i18n.T(i18n.French, key); got != want {
		t.Errorf("French %q, want %q", got, want)
	}
}

// A challenge game's round keeps its English name in the database and is
// said through its key when shown; another name is said as stored.
func TestAStoredRoundNameIsSaidInFrench(t *testing.T) {
	for name, want := range map[string]string{"challenge game 3": "partie de défi 3", "final table": "table finale",
		"top 8: quarter-final": "top 8: quarter-final", "challenge game 3b": "challenge game 3b"} {
		if got := director.RoundNameText(name).In(i18n.French); got != want {
			t.Errorf("%q in French: %q, want %q", name, got, want)
		}
		if got := director.RoundNameText(name).String(); got != name {
			t.Errorf("%q in English: %q", name, got)
		}
	}
}
