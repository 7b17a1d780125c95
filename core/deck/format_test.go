package deck

import (
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

func TestFormats(t *testing.T) {
	formats := Formats()
	if len(formats) != 14 || formats[0] != FormatNone {
		t.Fatalf("Formats() = %q", formats)
	}
	seen := map[Format]bool{}
	for _, f := range formats {
		if seen[f] || !f.Known() || f.Name() == "" {
			t.Errorf("format %q: duplicate, unknown or unnamed", f)
		}
		seen[f] = true
		if f != FormatNone && len(f.Rules()) == 0 {
			t.Errorf("format %q names no rules", f)
		}
		if got, err := ParseFormat(" " + string(f) + " "); err != nil || got != f {
			t.Errorf("ParseFormat(%q) = %q, %v", f, got, err)
		}
	}
	if got := FormatAlteredLimited.Rules(); len(got) != 2 || got[0] != "A2" || got[1] != "A4" {
		t.Errorf("Rules() = %q", got)
	}
	_, err := ParseFormat("magic")
	if !errors.Is(err, event.ErrInvalid) {
		t.Fatalf("ParseFormat(magic) = %v, want ErrInvalid", err)
	}
	want := `the deck rules "magic" are unknown; choose one of altered-constructed, altered-limited, heresy, heresy-armageddon, heresy-revelations, shadowfist, shadowfist-comrades-in-arms, shadowfist-ritual-of-the-unnameable, shadowfist-one-hundred-names, keyforge-archon, keyforge-archon-sealed, keyforge-alliance, keyforge-alliance-sealed, or none`
	if event.Message(err) != want {
		t.Errorf("message = %q", event.Message(err))
	}
}

func TestValidateUnknownAndNone(t *testing.T) {
	l := mustParse(t, "99 Anything")
	checkReport(t, Validate(FormatNone, l, CardList{}), nil, nil)
	checkReport(t, Validate("magic", l, CardList{}), []Issue{is("", "", `The deck rules "magic" are unknown; ask the organizer to choose the event's deck rules.`)}, nil)
}

func TestReportErr(t *testing.T) {
	if err := (Report{}).Err(); err != nil {
		t.Errorf("a legal report's Err() = %v", err)
	}
	one := Report{Problems: []Issue{is("H1", "", "H1: too few.")}}
	if err := one.Err(); !errors.Is(err, event.ErrInvalid) || event.Message(err) != "H1: too few." {
		t.Errorf("Err() = %v", err)
	}
	three := Report{Problems: []Issue{is("H1", "", "H1: too few."), is("H1", "", "b"), is("H1", "", "c")}}
	if msg := event.Message(three.Err()); msg != "H1: too few. (and 2 more problems)" {
		t.Errorf("Err() = %q", msg)
	}
}

// A blank registration sheet asks for what each game's decklist holds, and
// only Shadowfist's deck rules draw on a card pool the organizer chooses.
func TestBlankSectionsAndCardPoolFollowTheDeckRules(t *testing.T) {
	for _, c := range []struct {
		f        Format
		fields   string
		sections string
		pool     bool
	}{
		{FormatAlteredConstructed, "Hero", "Characters Spells Permanents", false},
		{FormatHeresyArmageddon, "", "Cards Locations", false},
		{FormatAllianceSealed, "Deck name Set (of a KeyForge deck) Houses", "House 1 House 2 House 3", false},
		{FormatShadowfistRitual, "", "Cards No Max", true},
		{FormatNone, "", "Cards", false},
	} {
		fields, sections := c.f.BlankSections()
		if strings.Join(fields, " ") != c.fields || strings.Join(sections, " ") != c.sections || c.f.HasCardPool() != c.pool {
			t.Errorf("%q: %v %v pool %v", c.f, fields, sections, c.f.HasCardPool())
		}
	}
}
