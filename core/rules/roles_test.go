package rules

import (
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// The desk and the judge's phone say a KeyForge head judge's role with one
// word, the marshal's (K11), and every other game's as head judge.
func TestRolesAreSaidInTheGamesWords(t *testing.T) {
	head := event.Judge{Name: "Kim", Role: event.RoleHeadJudge, Order: 1}
	org := event.Judge{Name: "Olu", Role: event.RoleOrganizer}
	second := event.Judge{Name: "Sam", Role: event.RoleJudge, Order: 2, PlayerID: 7}
	for _, tt := range []struct {
		game  string
		judge event.Judge
		want  string
	}{
		{"keyforge", head, "marshal"},
		{"KeyForge", head, "marshal"},
		{"shadowfist", head, "head judge"},
		{"heresy", org, "organizer"},
		{"keyforge", second, "judge 2 · also plays"},
		{"altered", event.Judge{Role: event.RoleJudge}, "judge"},
	} {
		if got := JudgeRole(tt.game, tt.judge).String(); got != tt.want {
			t.Errorf("%s: JudgeRole(%+v) = %q, want %q", tt.game, tt.judge, got, tt.want)
		}
	}
	if got := RoleChoice("keyforge", event.RoleHeadJudge).String(); got != "Marshal (head judge)" {
		t.Errorf("KeyForge's head judge choice = %q", got)
	}
	if got := JudgeRole("shadowfist", head).In(i18n.French); got != "juge principal" {
		t.Errorf("the head judge in French = %q", got)
	}
	judges := []event.Judge{head, org}
	if got := Appeals("keyforge", judges).String(); got != "Disputes go to the marshal, Kim, whose ruling is final (K11)." {
		t.Errorf("KeyForge's appeals: %q", got)
	}
	if got := Appeals("shadowfist", judges).String(); got != "Appeals go to the head judge, Kim (S11). The organizer, Olu, has the last word." {
		t.Errorf("Shadowfist's appeals: %q", got)
	}
	if got := Appeals("shadowfist", nil); !got.IsZero() {
		t.Errorf("no judges, yet appeals say %q", got)
	}
}
