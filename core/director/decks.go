package director

import (
	"context"
	"strings"
	"tablekeeper/core/i18n"

	"tablekeeper/core/deck"
	"tablekeeper/core/event"
	"tablekeeper/core/rules"
)

// cardListKey is the app setting that keeps a game's imported card list
// (the CSV as imported).
func cardListKey(game string) string { return "cards." + strings.ToLower(game) }

// ImportCardList saves a game's card list from the CSV an organizer
// imports (the facts deck rules need: rarity, faction, No Max,
// designators, houses), replacing the one before. The rows that could not
// be read are returned; the list is saved when at least one row was read.
func (d *Decks) ImportCardList(ctx context.Context, game, csv string) (int, []deck.RowError, error) {
	cards, rows := deck.ReadCardList(strings.NewReader(csv))
	if cards.Len() == 0 {
		msg := "the card list has no card that could be read; it needs a header row with a name column"
		if len(rows) > 0 {
			msg += " (" + rows[0].Message + ")"
		}
		return 0, rows, event.Invalid(msg)
	}
	err := d.store.Write(ctx, func(tx Tx) error {
		return tx.SetAppSetting(cardListKey(game), csv)
	})
	return cards.Len(), rows, err
}

// cardList returns a game's imported card list (empty when none).
func cardList(tx Tx, game string) (deck.CardList, error) {
	text, ok, err := tx.AppSetting(cardListKey(game))
	if err != nil || !ok {
		return deck.CardList{}, err
	}
	cards, _ := deck.ReadCardList(strings.NewReader(text))
	return cards, nil
}

// DeckCheck is a deck and what its check found.
type DeckCheck struct {
	Deck event.Deck
	// Rules are the event's deck rules ("" when it checks none).
	Rules  deck.Format
	Report deck.Report
}

// Legal reports whether the deck passed its check.
func (c DeckCheck) Legal() bool { return c.Report.Legal() }

// checkDeck parses and validates list by the event's deck rules: lines
// that cannot be read are problems too, so nothing a player typed is
// silently dropped.
func checkDeck(tx Tx, e event.Event, list string) (deck.Format, deck.Report, error) {
	f, err := deck.ParseFormat(e.Settings.DeckRules)
	if err != nil {
		return "", deck.Report{}, err
	}
	cards, err := cardList(tx, e.Game)
	if err != nil {
		return f, deck.Report{}, err
	}
	return f, checkList(f, cards, list), nil
}

// checkList is the one deck check every front-end shows (the desk, the
// kiosk, a player's phone, a judge's phone): list parsed and validated
// by format f against the game's card list. A view of many decks reads
// the card list once and calls it for each.
func checkList(f deck.Format, cards deck.CardList, list string) deck.Report {
	var rep deck.Report
	var lineErrs []deck.LineError
	switch f {
	case deck.FormatAllianceStandard, deck.FormatAllianceSealed:
		if strings.Contains(strings.ToLower(list), "pod:") {
			var reg deck.Alliance
			var decks []deck.List
			reg, decks, lineErrs = deck.ParseAlliance(list)
			rep = deck.ValidateAlliance(f, reg, decks, cards)
			break
		}
		fallthrough // one unmodified Archon deck (K3)
	case deck.FormatArchonStandard, deck.FormatArchonSealed:
		var l deck.List
		l, lineErrs = deck.ParseArchon(list)
		rep = deck.Validate(f, l, cards)
	default:
		var l deck.List
		l, lineErrs = deck.Parse(list)
		rep = deck.Validate(f, l, cards)
	}
	for _, le := range lineErrs {
		rep.Problems = append(rep.Problems, deck.Issue{Message: le.Message, Text: le.Sentence})
	}
	return rep
}

// CheckDeck checks a decklist against an event's deck rules without saving
// it (the kiosk shows the result as the player types).
func (d *Decks) CheckDeck(ctx context.Context, id event.EventID, list string) (deck.Report, error) {
	var rep deck.Report
	err := d.store.Read(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		_, rep, err = checkDeck(tx, e, list)
		return err
	})
	return rep, err
}

// SaveDeck registers (or replaces) an entry's deck at the desk or the
// kiosk and returns its check. A deck is saved even when it is illegal,
// so nothing typed is lost, and the check says what to fix. Decks lock
// when round 1 is paired (S2, H1, K2) unless the game's rules keep them
// open (rules.DeckPolicyFor): limited formats may change between games
// from the player's pool (A2), Revelations decks may be tuned between
// matches unless the judges said otherwise before the event (H7). The desk may
// register a deck whether or not deck registration from phones is
// closed.
func (d *Decks) SaveDeck(ctx context.Context, entry event.EntryID, name, list string) (DeckCheck, error) {
	var out DeckCheck
	list, name, err := tidyDeck(name, list)
	if err != nil {
		return out, err
	}
	err = d.store.Write(ctx, func(tx Tx) error {
		en, e, err := entryAndEvent(tx, entry)
		if err != nil {
			return err
		}
		out, err = d.saveDeck(tx, e, en, name, list)
		if err != nil {
			return err
		}
		return d.log(tx, e.ID, 0, i18n.F("deck registered: %s (%s)", en.Name, deckStatusText(out.Report)))
	})
	return out, err
}

// tidyDeck trims a decklist and a deck's name as they are kept, and
// refuses an empty or overlong list.
func tidyDeck(name, list string) (string, string, error) {
	list = strings.TrimSpace(list)
	name = strings.Join(strings.Fields(name), " ")
	if list == "" {
		return "", "", event.Invalid("the decklist is empty; paste or type one card per line, such as \"3 Card Name\"")
	}
	if len(list) > 64<<10 {
		return "", "", event.Invalid("the decklist is longer than 64 KB; paste only the cards, one per line")
	}
	return list, name, nil
}

// deckStatusText is a check's verdict as the activity log says it.
func deckStatusText(rep deck.Report) i18n.Text {
	if rep.Legal() {
		return i18n.F("legal")
	}
	return i18n.FN("%d problems", len(rep.Problems), len(rep.Problems))
}

// saveDeck saves en's deck in tx under the lock rules (S2, A2, H7, K5) and
// returns its check; the caller logs it with its source.
func (d *core) saveDeck(tx Tx, e event.Event, en event.Entry, name, list string) (DeckCheck, error) {
	if e.State == event.StateFinished {
		return DeckCheck{}, event.Statef("%s is finished; its decks are final", e.Name)
	}
	old, err := tx.Deck(en.ID)
	locked := err == nil && !old.LockedAt.IsZero()
	policy := rules.DeckPolicyFor(e.Game, e.Settings)
	switch {
	case locked && policy.Change == rules.DecksCalibrate:
		// K5: between rounds a player may swap pods for unused ones
		// of their sealed decks; the result is checked as a
		// calibration.
		if err := calibrate(tx, e, list); err != nil {
			return DeckCheck{}, err
		}
	case locked && policy.Locks():
		return DeckCheck{}, policy.Refusal(en.Name)
	case err != nil && !isNotFound(err):
		return DeckCheck{}, err
	}
	f, rep, err := checkDeck(tx, e, list)
	if err != nil {
		return DeckCheck{}, err
	}
	dk := event.Deck{EntryID: en.ID, Name: name, List: list, LockedAt: old.LockedAt, UpdatedAt: d.now()}
	if dk.LockedAt.IsZero() && policy.Locks() {
		// A deck registered after round 1 (a late entry) locks at
		// once, as the others did when round 1 was paired (S2, H1,
		// K2).
		if n, err := tx.RoundCount(e.ID); err != nil {
			return DeckCheck{}, err
		} else if n > 0 {
			dk.LockedAt = dk.UpdatedAt
		}
	}
	if err := tx.SaveDeck(&dk); err != nil {
		return DeckCheck{}, err
	}
	return DeckCheck{Deck: dk, Rules: f, Report: rep}, nil
}

// Decks returns the decks registered in an event with their checks, in
// registration order.
func (d *Decks) Decks(ctx context.Context, id event.EventID) ([]DeckCheck, error) {
	var out []DeckCheck
	err := d.store.Read(ctx, func(tx Tx) error {
		e, err := tx.Event(id)
		if err != nil {
			return err
		}
		decks, err := tx.Decks(id)
		if err != nil {
			return err
		}
		check, err := deckChecker(tx, e)
		if err != nil {
			return err
		}
		for _, dk := range decks {
			out = append(out, check(dk))
		}
		return nil
	})
	return out, err
}

// deckChecker reads an event's deck rules and its game's card list once
// and returns the check of one deck by them (the views of every deck).
func deckChecker(tx Tx, e event.Event) (func(event.Deck) DeckCheck, error) {
	f, err := deck.ParseFormat(e.Settings.DeckRules)
	if err != nil {
		return nil, err
	}
	cards, err := cardList(tx, e.Game)
	if err != nil {
		return nil, err
	}
	return func(dk event.Deck) DeckCheck {
		return DeckCheck{Deck: dk, Rules: f, Report: checkList(f, cards, dk.List)}
	}, nil
}

// checkDeckSettings refuses deck rules or a card-pool environment the app
// does not know.
func checkDeckSettings(s event.Settings) error {
	if _, err := deck.ParseFormat(s.DeckRules); err != nil {
		return err
	}
	var keys []string
	for _, env := range rules.Environments() {
		if env.Key == s.Shadowfist.Environment {
			return nil
		}
		keys = append(keys, env.Name)
	}
	return event.Invalidf("the card-pool environment %q is unknown; choose one of %s", s.Shadowfist.Environment, strings.Join(keys, ", "))
}

// calibrate checks an Alliance Sealed deck changed between rounds (K5):
// its pods must come from the player's sealed decks, listed after the Pod
// lines, three pods of different houses.
func calibrate(tx Tx, e event.Event, list string) error {
	cards, err := cardList(tx, e.Game)
	if err != nil {
		return err
	}
	reg, sealed, lineErrs := deck.ParseAlliance(list)
	if len(lineErrs) > 0 {
		return event.Invalid(lineErrs[0].Message)
	}
	if rep := deck.Calibrate(sealed, reg, cards); !rep.Legal() {
		return rep.Err()
	}
	return nil
}
