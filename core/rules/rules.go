// Package rules is the catalogue of the games and formats Tablekeeper runs:
// for each format, the settings an event starts from (table size, games per
// match, round time, scoring, tiebreakers, structure). The rule IDs in
// comments are those of docs/RULES.md.
//
// A format is listed only when this build can run it end to end; formats
// whose structures are not built yet (elimination, multiplayer tables) are
// added with the engines that run them.
package rules

import (
	"slices"
	"sort"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// Game is one game with its formats.
type Game struct {
	Key     string
	Name    string
	Formats []Format
	// atTime is the game's at-time procedure (AtTimeFor); atTimeForm says
	// whether some of its tables need a form (nil and false: none).
	atTime     atTimeRule
	atTimeForm bool
	// atTimeBuild builds the form of a procedure atTime names for a
	// table (AtTimeFormFor).
	atTimeBuild func(AtTime, AtTimeTable) AtTimeForm
	// slip is the game's match slip for a format's settings (SlipFor);
	// nil: the generic slip.
	slip func(event.Settings) SlipKind
	// fewest is the fewest players an event of the game must have to be
	// one its rules recognise (FewPlayers); 0: no minimum.
	fewest int
	// marshal says that the game's head judge is its marshal, whose
	// ruling on a dispute is final (KeyForge, K11): the roles are said
	// with the game's word (RoleName) and appeals stop with the marshal
	// (Appeals).
	marshal bool
	// deckPolicy says whether a deck may change once round 1 is paired
	// (DeckPolicyFor); nil: decks lock.
	deckPolicy func(event.Settings) DeckPolicy
	// deckRules names the decklist rules of core/deck a format's decks
	// are checked against (a core/deck Format value); nil or "": none.
	// core/rules does not import core/deck, and a test in core/deck's
	// user, the director, checks every name is known.
	deckRules func(format string) string
	// infractions is the game's list of infractions and penalty ladders
	// (Infractions); nil: the list of common practice.
	infractions func() []Infraction
	// roster is what the game asks of its judges beyond every game's
	// rules (JudgeRosterFor).
	roster JudgeRoster
}

// Format is one way of playing a game at an event.
type Format struct {
	// Key is the format's key within its game (e.g. "standard-bo3").
	Key  string
	Name string
	// Summary says in one line how the format plays.
	Summary string
	// Rules lists the docs/RULES.md IDs the format carries out.
	Rules    []string
	Defaults event.Settings
	// check refuses settings the format's rules do not allow (nil: any
	// settings event.Settings.Validate accepts); see CheckSettings.
	check func(event.Settings) error
}

// Tiebreaker keys understood by core/standings, which defines each one
// (Standing.Tiebreaker) and checks a list of them (ValidTiebreakers).
const (
	// TieOpponentsMatchWin: average of the opponents' match-win %.
	TieOpponentsMatchWin = "omw"
	// TieGameWin: the player's own game-win %.
	TieGameWin = "gw"
	// TieOpponentsGameWin: average of the opponents' game-win %.
	TieOpponentsGameWin = "ogw"
	// TieBuchholz: the sum of the opponents' match points.
	TieBuchholz = "buchholz"
	// TieOpponentsOpponentsMatchWin: average of the opponents' OMW %.
	TieOpponentsOpponentsMatchWin = "oomw"
	// TieHeadToHead: among players tied on everything before it, the one
	// who beat the others ranks higher.
	TieHeadToHead = "h2h"
	// TieRandom: a random order drawn from a per-event seed; it separates
	// every remaining tie, so it comes last.
	TieRandom = "random"
	// TieGamePoints ranks by game points: Shadowfist's ranking key after
	// match points (S10), and Heresy's per-game scores.
	TieGamePoints = "gp"
)

// Catalogue returns every game and format of this build, games by name.
// The result is a fresh copy: callers may change it.
func Catalogue() []Game {
	games := []Game{generic(), altered(), keyforge(), heresy(), shadowfist()}
	for _, g := range registeredGames() {
		g.Formats = slices.Clone(g.Formats)
		games = append(games, g)
	}
	for _, g := range games {
		if g.deckRules == nil {
			continue
		}
		for i := range g.Formats {
			g.Formats[i].Defaults.DeckRules = g.deckRules(g.Formats[i].Key)
		}
	}
	sort.Slice(games, func(i, j int) bool { return games[i].Name < games[j].Name })
	return games
}

// CatalogueIn is Catalogue with the games sorted by their names in
// language l, as a reader looks for one in a list ("Tout jeu de cartes"
// comes last in French, "Any card game" early in English).
func CatalogueIn(l i18n.Lang) []Game {
	games := Catalogue()
	c := collate.New(language.Make(string(l)), collate.Loose)
	slices.SortStableFunc(games, func(a, b Game) int {
		return c.CompareString(i18n.T(l, a.Name), i18n.T(l, b.Name))
	})
	return games
}

// Lookup returns the game and format with the given keys, with a message
// that lists the choices when either is unknown.
func Lookup(game, format string) (Game, Format, error) {
	var gameKeys []string
	for _, g := range Catalogue() {
		gameKeys = append(gameKeys, g.Key)
		if !strings.EqualFold(g.Key, game) {
			continue
		}
		var formatKeys []string
		for _, f := range g.Formats {
			if strings.EqualFold(f.Key, format) {
				return g, f, nil
			}
			formatKeys = append(formatKeys, f.Key)
		}
		return Game{}, Format{}, event.Invalidf("%s has no format %q; choose one of: %s", i18n.F(g.Name), format, strings.Join(formatKeys, ", "))
	}
	return Game{}, Format{}, event.Invalidf("unknown game %q; choose one of: %s", game, strings.Join(gameKeys, ", "))
}

// CheckSettings refuses settings that the rules of a game's format do not
// allow, in a sentence that cites the rule (Whirlpool of Blood's 6 to 10
// packs, S14). An unknown game or format, or one without such rules,
// accepts any settings: event.Settings.Validate checks what every event
// must hold.
func CheckSettings(game, format string, s event.Settings) error {
	_, f, err := Lookup(game, format)
	if err != nil || f.check == nil {
		return nil
	}
	return f.check(s)
}

// Describe returns "Game · Format" in English, for logs and the command
// line; DescribeText says it in the reader's language.
func Describe(game, format string) string { return DescribeText(game, format).String() }

// DescribeText returns "Game · Format" to say in the reader's language:
// the game's and the format's names are keys of the translation files.
func DescribeText(game, format string) i18n.Text {
	g, f, err := Lookup(game, format)
	if err != nil {
		return i18n.F("%s · %s", game, format)
	}
	return i18n.F("%s · %s", i18n.F(g.Name), i18n.F(f.Name))
}

// RecommendedRounds is the number of Swiss rounds for a player count when
// the format does not fix it: enough rounds for one undefeated player
// (ceil(log2 n)), at least 3 once there are 8 players.
func RecommendedRounds(players int) int {
	if players < 2 {
		return 0
	}
	r := 0
	for n := 1; n < players; n *= 2 {
		r++
	}
	if players >= 8 && r < 3 {
		r = 3
	}
	return r
}

// RoundsFor is the number of Swiss rounds an event plays when its settings
// leave it open: Heresy's 4 plus one per full fifteen players (H3), else
// RecommendedRounds; a team event pairs teams, so its rounds follow the
// teams the players make (players / Team.Size).
func RoundsFor(s event.Settings, players int) int {
	if s.Rounds > 0 {
		return s.Rounds
	}
	if s.Scoring == event.ScoringHeresy {
		return 4 + players/15
	}
	if s.Teams() {
		return RecommendedRounds(players / s.Team.Size)
	}
	return RecommendedRounds(players)
}

// storeSwiss is the common store Swiss of rule X1: 3/1/0, a bye is a won
// match (2–0 in games), OMW%, GW%, OGW%.
func storeSwiss(gamesPerMatch, roundMinutes, rounds int) event.Settings {
	return event.Settings{
		Structure:     event.StructureSwiss,
		TableSize:     2,
		GamesPerMatch: gamesPerMatch,
		RoundMinutes:  roundMinutes,
		Rounds:        rounds,
		Points:        event.Points{Win: 3, Draw: 1, Loss: 0, Bye: 3},
		Tiebreakers:   []string{TieOpponentsMatchWin, TieGameWin, TieOpponentsGameWin},
	}
}

// teams makes s a team event: teams of size players, two teams a table
// (A6).
func teams(s event.Settings, size int) event.Settings {
	s.Team.Size, s.TableSize = size, 2*size
	return s
}

// withDraft adds a draft to s: pods of ideal players (lo to hi), packs
// packs each (A5, H7, S14).
func withDraft(s event.Settings, ideal, lo, hi, packs int) event.Settings {
	s.Draft.Ideal, s.Draft.Min, s.Draft.Max, s.Draft.Packs = ideal, lo, hi, packs
	return s
}

// tiebreakerNames are the i18n keys of each tiebreaker's column title and
// meaning.
var tiebreakerNames = map[string]struct{ title, meaning string }{
	TieOpponentsMatchWin:          {i18n.K("OMW%"), i18n.K("opponents' match-win %")},
	TieGameWin:                    {i18n.K("GW%"), i18n.K("game-win %")},
	TieOpponentsGameWin:           {i18n.K("OGW%"), i18n.K("opponents' game-win %")},
	TieBuchholz:                   {i18n.K("Buchholz"), i18n.K("opponents' total match points")},
	TieOpponentsOpponentsMatchWin: {i18n.K("OOMW%"), i18n.K("opponents' opponents' match-win %")},
	TieHeadToHead:                 {i18n.K("H2H"), i18n.K("head-to-head among tied players")},
	TieGamePoints:                 {i18n.K("Game pts"), i18n.K("game points scored at the tables (sites seized, burned, played…)")},
	TieRandom:                     {i18n.K("Random"), i18n.K("drawn once for the event; always last")},
}

// TiebreakerName returns a tiebreaker key's column title ("OMW%") and what
// it means ("opponents' match-win %"). An unknown key is its own title.
func TiebreakerName(key string) (title, meaning string) {
	if n, ok := tiebreakerNames[key]; ok {
		return n.title, n.meaning
	}
	return key, ""
}

// ShownTiebreakers returns the tiebreakers that get a column in the
// standings, in the event's order: every one but the random draw
// (TieRandom), whose value means nothing to read.
func ShownTiebreakers(keys []string) []string {
	out := []string{}
	for _, k := range keys {
		if k != TieRandom {
			out = append(out, k)
		}
	}
	return out
}

// MultiplayerResult reports whether a table of seats players records a
// multiplayer result (places and points, rule S7/H5) rather than games
// won: every table of a multiplayer format, even one left with two players
// after drops, any table of more than two, and every game of a Shadowfist
// Swiss, two-player ones included (shadowfistGames: Who's the Big Man
// Now?, ranked by game points after match points); never a team table,
// which is a match between two teams. The director, the standings, the
// round screen and sim all ask this one question.
func MultiplayerResult(s event.Settings, seats int) bool {
	return !s.Teams() && (s.TableSize > 2 || seats > 2 || shadowfistGames(s))
}
