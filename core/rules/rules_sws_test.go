package rules

import (
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

// Rule S14, SWS 7.0 b: "Players will draft with no fewer than six packs and
// no more than 10 packs." A Whirlpool of Blood event of 5 or 11 packs a
// player is refused, citing the rule; 6 to 10 are accepted.
func TestS14WhirlpoolOfBloodDraftsSixToTenPacks(t *testing.T) {
	f := mustFormat(t, "shadowfist", "whirlpool-of-blood")
	for packs := 1; packs <= event.MaxDraftPacks; packs++ {
		s := f.Defaults
		s.Draft.Packs = packs
		err := CheckSettings("shadowfist", "whirlpool-of-blood", s)
		if ok := packs >= 6 && packs <= 10; ok != (err == nil) {
			t.Errorf("%d packs: %v", packs, err)
			continue
		}
		if err != nil && (!errors.Is(err, event.ErrInvalid) || !strings.Contains(err.Error(), "SWS 7.0 b")) {
			t.Errorf("%d packs: the refusal should be invalid settings citing SWS 7.0 b: %v", packs, err)
		}
	}
	// Other drafts keep the general bounds: Revelations is silent on packs.
	_, rev, _ := Lookup("heresy", "revelations")
	s := rev.Defaults
	s.Draft.Packs = 11
	if err := CheckSettings("heresy", "revelations", s); err != nil {
		t.Errorf("Revelations with 11 packs: %v", err)
	}
}
