package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

// Settings are written as JSON in the shape of the struct: what every
// event has at the top, each group under its own key ("playoff",
// "finalTable", "heresy", "shadowfist", "draft", "team"), left out where it
// does not apply.
//
// Until database schema 7 and event files of version 2, the settings were
// one flat object ("topCut", "playoffBestOf", "tauGoal", "draftIdeal",
// "teamSize", "finalTable": 4, …). Databases of those schemas are rewritten
// by their migration; event files of version 1 are not, so reading accepts
// the flat keys too and puts each value in its group. One object mixing a
// flat key with the group it moved to is refused: nobody wrote such a file,
// and which value to keep would be a guess.

// plainSettings is Settings without its UnmarshalJSON, for decoding.
type plainSettings Settings

// settingsWire is what a settings object may hold: the current shape,
// and the flat keys of the first shape beside it. FinalTable is read raw
// because its key is the same in both shapes: a number in the flat one, an
// object now.
type settingsWire struct {
	plainSettings
	FinalTable json.RawMessage `json:"finalTable"`
	flatSettings
}

// flatSettings are the keys of the flat shape that moved into a group;
// pointers, so that a key given as 0 or false still counts as given.
type flatSettings struct {
	TopCut            *int             `json:"topCut"`
	PlayoffBestOf     *int             `json:"playoffBestOf"`
	PlayoffMinutes    *int             `json:"playoffMinutes"`
	ThirdPlace        *bool            `json:"thirdPlace"`
	SecondaryTable    *bool            `json:"secondaryTable"`
	TableSizing       *string          `json:"tableSizing"`
	TauGoal           *int             `json:"tauGoal"`
	WinScore          *int             `json:"winScore"`
	TimeOutBonus      *int             `json:"timeOutBonus"`
	Environment       *string          `json:"environment"`
	FivePlayerMinutes *int             `json:"fivePlayerMinutes"`
	GamePoints        *GamePointValues `json:"gamePoints"`
	DraftIdeal        *int             `json:"draftIdeal"`
	DraftMin          *int             `json:"draftMin"`
	DraftMax          *int             `json:"draftMax"`
	DraftPacks        *int             `json:"draftPacks"`
	TeamSize          *int             `json:"teamSize"`
}

// UnmarshalJSON reads settings of either shape (see above). Keys it does
// not know are passed over, as encoding/json does; DecodeSettingsStrict
// refuses them.
func (s *Settings) UnmarshalJSON(data []byte) error {
	out, err := decodeSettings(data, false)
	if err != nil {
		return err
	}
	*s = out
	return nil
}

// DecodeSettingsStrict reads settings as UnmarshalJSON does, but refuses a
// key it does not know with encoding/json's "unknown field" error: for a
// file from elsewhere, where an unknown key is a mistake to report rather
// than a setting to lose silently.
func DecodeSettingsStrict(data []byte) (Settings, error) {
	return decodeSettings(data, true)
}

func decodeSettings(data []byte, strict bool) (Settings, error) {
	var w settingsWire
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(&w); err != nil {
		// A value of the wrong type names its field by its JSON path,
		// which must not show the embedded structs of settingsWire.
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			typ.Field = strings.TrimPrefix(strings.TrimPrefix(typ.Field, "plainSettings."), "flatSettings.")
		}
		return Settings{}, err
	}
	s := Settings(w.plainSettings)
	finalGroup, err := readFinalTable(w.FinalTable, &s, strict)
	if err != nil {
		return Settings{}, err
	}
	if err := w.flatSettings.moveInto(&s, finalGroup); err != nil {
		return Settings{}, err
	}
	return s, nil
}

// readFinalTable reads the "finalTable" key: an object now (group is
// true), the size alone in the flat shape.
func readFinalTable(raw json.RawMessage, s *Settings, strict bool) (group bool, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return false, nil
	}
	group = raw[0] == '{'
	var dst any = &s.FinalTable.Size
	if group {
		dst = &s.FinalTable
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(dst); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			typ.Field = strings.TrimSuffix("finalTable."+typ.Field, ".")
		}
		return group, err
	}
	return group, nil
}

// moveInto puts the flat keys given into their groups of s, refusing a
// group given in both shapes (finalGroup: "finalTable" was an object).
func (f flatSettings) moveInto(s *Settings, finalGroup bool) error {
	before := *s
	moves := []struct {
		group string
		given bool // a flat key of the group was given
		had   bool // the group was given in the current shape
	}{
		{"playoff", f.playoff(&s.Playoff), before.Playoff != (PlayoffSettings{})},
		{"finalTable", take(&s.FinalTable.Secondary, f.SecondaryTable), finalGroup},
		{"heresy", f.heresy(&s.Heresy), before.Heresy != (HeresySettings{})},
		{"shadowfist", f.shadowfist(&s.Shadowfist), before.Shadowfist != (ShadowfistSettings{})},
		{"draft", f.draft(&s.Draft), before.Draft != (DraftSettings{})},
		{"team", take(&s.Team.Size, f.TeamSize), before.Team != (TeamSettings{})},
	}
	for _, m := range moves {
		if m.given && m.had {
			return Invalidf("the settings give %q both as a group and as the flat keys of older files; keep the group", m.group)
		}
	}
	if f.TableSizing != nil && *f.TableSizing != "" && *f.TableSizing != "heresy" {
		return Invalidf("unknown table sizing %q", *f.TableSizing)
	}
	return nil
}

func (f flatSettings) playoff(p *PlayoffSettings) bool {
	return anyGiven(take(&p.TopCut, f.TopCut), take(&p.BestOf, f.PlayoffBestOf),
		take(&p.Minutes, f.PlayoffMinutes), take(&p.ThirdPlace, f.ThirdPlace))
}

// heresy reads "tableSizing": "heresy" as H2Tables.
func (f flatSettings) heresy(h *HeresySettings) bool {
	if f.TableSizing != nil {
		h.H2Tables = *f.TableSizing == "heresy"
	}
	return anyGiven(f.TableSizing != nil, take(&h.TauGoal, f.TauGoal), take(&h.WinScore, f.WinScore), take(&h.TimeOutBonus, f.TimeOutBonus))
}

func (f flatSettings) shadowfist(sf *ShadowfistSettings) bool {
	if f.GamePoints != nil {
		gp := *f.GamePoints
		sf.GamePoints = &gp
	}
	return anyGiven(f.GamePoints != nil, take(&sf.Environment, f.Environment), take(&sf.FivePlayerMinutes, f.FivePlayerMinutes))
}

func (f flatSettings) draft(d *DraftSettings) bool {
	return anyGiven(take(&d.Ideal, f.DraftIdeal), take(&d.Min, f.DraftMin), take(&d.Max, f.DraftMax), take(&d.Packs, f.DraftPacks))
}

// anyGiven reports whether any key was given; unlike ||, every take in
// its arguments has run.
func anyGiven(given ...bool) bool {
	for _, g := range given {
		if g {
			return true
		}
	}
	return false
}

// take copies *v into *dst when the key was given, and says whether it
// was.
func take[T any](dst *T, v *T) bool {
	if v == nil {
		return false
	}
	*dst = *v
	return true
}
