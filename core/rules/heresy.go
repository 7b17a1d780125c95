package rules

import (
	"strconv"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/scoring"
)

// heresy is Heresy: Kingdom Come (document 002).
func heresy() Game {
	multiplayer := func(goal, win int) event.Settings {
		return event.Settings{
			Structure:    event.StructureSwiss,
			TableSize:    3,
			MinTableSize: 3,
			MaxTableSize: 4,
			// H4: 75-minute rounds recommended.
			RoundMinutes:  75,
			GamesPerMatch: 1,
			Scoring:       event.ScoringHeresy,
			Heresy:        event.HeresySettings{H2Tables: true, TauGoal: goal, WinScore: win, TimeOutBonus: 2},
			Points:        event.Points{Win: win},
			// The document names no tiebreaker: equal scores share a
			// rank unless the organizer adds one.
			Tiebreakers: []string{},
		}
	}
	return Game{
		Key:         "heresy",
		Name:        i18n.K("Heresy: Kingdom Come"),
		atTime:      heresyAtTime,
		slip:        heresySlip,
		deckPolicy:  heresyDecks,
		roster:      JudgeRoster{HeadWithJudges: i18n.K("with several judges, Heresy appoints a head judge, whose decision breaks ties (002 2.1.3)")},
		deckRules:   heresyDeckRules,
		infractions: heresyInfractions,
		Formats: []Format{
			{
				// Rules H2–H5: tables of 3 and 4 grouped by score, 4 rounds
				// plus one per full 15 players, a win 14, others Tau.
				Key:      "reascension",
				Name:     i18n.K("Reascension"),
				Summary:  i18n.K("Multiplayer games of 3–4 grouped by score; a win scores 14, others their Tau (goal 9)."),
				Rules:    []string{"H1", "H2", "H3", "H4", "H5"},
				Defaults: multiplayer(9, 14),
			},
			{
				// Rule H7: as Reascension after a draft; goal 7, a win 11.
				// The document says only that draft groups are "as even as
				// possible, ideally 5": the bounds of 3 to 5 are ours (a
				// group of three still drafts). It is silent on the number
				// of packs: 3 is a setting the organizer can change.
				Key:      "revelations",
				Name:     i18n.K("Revelations"),
				Summary:  i18n.K("Draft in groups of 5 (3–5), then multiplayer games as Reascension; a win scores 11, others their Tau (goal 7)."),
				Rules:    []string{"H2", "H3", "H4", "H5", "H7"},
				Defaults: withDraft(multiplayer(7, 11), 5, 3, 5, 3),
			},
			{
				// Rule H6: matches of three games, single or double
				// elimination (Settings.Double), the 4.2.2 bye rule.
				Key:     "armageddon",
				Name:    i18n.K("Armageddon"),
				Summary: i18n.K("Two-player matches of three games, elimination, byes by fewest lost games (4.2.2)."),
				Rules:   []string{"H6"},
				Defaults: event.Settings{
					Structure:     event.StructureArmageddon,
					TableSize:     2,
					GamesPerMatch: 3,
					RoundMinutes:  75,
					Points:        event.Points{Win: 3, Draw: 1, Loss: 0, Bye: 3},
					Tiebreakers:   []string{TieGameWin},
				},
			},
		},
	}
}

// heresyForm is the result form of a Heresy table (H5): each seat's Tau
// stored and the winner; at time nobody wins and every seat scores its Tau
// plus the time-out bonus.
type heresyForm struct{}

func (heresyForm) valueName() string  { return i18n.K("Tau stored") }
func (heresyForm) scoreName() string  { return i18n.K("Score") }
func (heresyForm) resultName() string { return i18n.K("Score") }
func (heresyForm) rule(s event.Settings) i18n.Text {
	return i18n.F("the winner scores %d, the others their Tau stored (at most %d); at time the current player finishes the turn, then nobody wins and each scores Tau + %d.",
		s.Heresy.WinScore, s.Heresy.TauGoal, s.Heresy.TimeOutBonus)
}
func (heresyForm) hint(s event.Settings) i18n.Text {
	return i18n.F("Type a table number and press Enter, then each seat's Tau stored and the winner's seat number: the winner scores %d, the others their Tau (at most %d). At time the current player finishes the turn, then nobody wins: type the Tau stored after that turn, leave Winner blank and tick Time-out (Tau + %d).",
		s.Heresy.WinScore, s.Heresy.TauGoal, s.Heresy.TimeOutBonus)
}
func (heresyForm) winnerHint() i18n.Text {
	return i18n.F("Winner: the seat number. At time nobody wins: leave it blank and tick Time-out (or type t).")
}
func (heresyForm) winnerRunes() string { return "0123456789 ,;+&/" }
func (heresyForm) valueRunes() string  { return "0123456789" }
func (f heresyForm) seat(_ event.Settings, i int, text string, _ bool) (event.SeatResult, error) {
	v, err := seatNumber(i, text, f.valueName())
	return event.SeatResult{Games: []event.GameDetail{{Stats: map[string]int{scoring.TauStat: v}}}}, err
}

// pending shows each seat's score by rule H5 even before the result is
// possible (no winner typed yet), so a Tau above the goal shows as the
// goal.
func (heresyForm) pending(s event.Settings, r event.Result, i int) string {
	st := r.Seats[i]
	tau := min(max(scoring.Tau(st), 0), s.Heresy.TauGoal)
	switch {
	case r.TimeOut:
		return strconv.Itoa(tau + s.Heresy.TimeOutBonus)
	case st.Place == 1:
		return strconv.Itoa(s.Heresy.WinScore)
	}
	return strconv.Itoa(tau)
}
func (heresyForm) valueMax(s event.Settings) int      { return s.Heresy.TauGoal }
func (heresyForm) winnerAtTime() bool                 { return false }
func (heresyForm) shown(r event.Result, i int) string { return strconv.Itoa(r.Seats[i].Points) }
func (heresyForm) typed(st event.SeatResult, _ bool) string {
	return strconv.Itoa(scoring.Tau(st))
}

// heresyAtTime says what a Heresy table does at time; no form is needed,
// the result panel takes it.
//
// A Reascension or Revelations table (H4, rule 3.2.4: "Should the time
// limit conclude before the game ends, the current player finishes his
// turn, and then the game is scored as detailed below") plays the current
// turn out, and only then is scored: nobody wins and each seat scores its
// Tau stored plus the time-out bonus (H5, 3.3.3). The Tau typed is the Tau
// after that turn, so the sentence says the turn comes first.
//
// An Armageddon match (H6, rules 4.2.5–4.2.7) is decided "at the
// conclusion of the current turn" too, but by who has more Tau stored,
// play going on while the players are level; the match's games won are
// then entered with Time-out ticked.
func heresyAtTime(s event.Settings, _, _, _ int) (AtTime, error) {
	if s.Scoring != event.ScoringHeresy {
		return noForm(i18n.F("at time in Armageddon the current turn is played to its end (H6, 4.2.5–4.2.7): the player with more Tau stored then wins the game in progress; if they are level, play goes on until one player is ahead at the end of a turn or activates a gateway. Enter the games won, that game included, with Time-out ticked (at one game each after game 2, game 3 goes to the winner of game 1)"))
	}
	return noForm(i18n.F("at time the current player finishes the turn, then the game is scored (H4): nobody wins and each player scores Tau stored (at most %d) plus %d. Once that turn is over, open the table's result, type each seat's Tau stored and tick Time-out",
		s.Heresy.TauGoal, s.Heresy.TimeOutBonus))
}

// heresySlip: every Heresy table's slip asks for Tau and places; an
// Armageddon match (two players, games won) uses the generic slip.
func heresySlip(s event.Settings) SlipKind {
	if s.Scoring == event.ScoringHeresy {
		return SlipHeresy
	}
	return SlipGeneric
}

// heresyDecks is Heresy's rule on changing decks. Every deck keeps its
// cards from game to game (H1, 2.2.2: "No cards may be added to or removed
// from the deck between games, except where noted"), except in Revelations
// (H7, 5.3.2): "any player may spend 5 minutes tuning his or her deck
// between matches [...] This rule may be negated by the judges if they so
// desire, but must be announced in advance of the tournament." The judges'
// choice is the setting HeresySettings.NoTuning, fixed with the others when
// round 1 is paired.
func heresyDecks(s event.Settings) DeckPolicy {
	if s.DeckRules == "heresy-revelations" {
		if s.Heresy.NoTuning {
			return DeckPolicy{Change: DecksLock, Rule: "H7", Negatable: true}
		}
		return DeckPolicy{Change: DecksOpen, Rule: "H7", Negatable: true}
	}
	return DeckPolicy{Change: DecksLock, Rule: "H1"}
}

// heresyDeckRules gives each Heresy format the decklist rules of H1 (and
// H6, H7) its decks are checked against.
func heresyDeckRules(format string) string {
	switch format {
	case "reascension":
		return "heresy" // H1
	case "armageddon":
		return "heresy-armageddon" // H1, H6: Apocalypse cards banned
	case "revelations":
		return "heresy-revelations" // H7
	}
	return ""
}

// heresyInfractions lists the violations of the Heresy rules (002). Section 2.3.5: a
// violation that can be corrected must be; one "deemed intentional by a
// Judge" may bring "a warning, penalizing the player in some manner, or
// simply ejecting him from the tournament entirely" — read as a formal
// warning, a point deduction, then disqualification (ejection from the
// tournament, not from the premises). 3.2.4 says the same of intentional
// delay of game.
func heresyInfractions() []Infraction {
	ladderNote := i18n.K("warning, penalty, or removal from the tournament")
	return []Infraction{
		{Key: "unintentional-violation", Name: i18n.K("unintentional violation"), Rule: "Heresy 2.3.5",
			Note: i18n.K("correct it, reversing steps as necessary; no penalty")},
		{Key: "intentional-violation", Name: i18n.K("intentional violation"), Rule: "Heresy 2.3.5",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification), Note: ladderNote},
		{Key: "delay", Name: i18n.K("intentional delay of game"), Rule: "Heresy 3.2.4",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification), Note: ladderNote},
		{Key: "foul-play", Name: i18n.K("tampering with another player's deck or archive"), Rule: "Heresy 2.3.1",
			Ladder: ladder(FormalWarning, Disqualification), Note: i18n.K("2.3.1, 2.3.3: an intentional violation")},
		{Key: "incivility", Name: i18n.K("uncivil conduct"), Rule: "Heresy 2.1.4",
			Ladder: ladder(InformalWarning, FormalWarning)},
	}
}

// heresySlipSpec is Heresy's slip: each player's Tau stored and placement,
// and whether time was called (H4, H5).
var heresySlipSpec = SlipSpec{
	Name: "Heresy",
	Rows: SlipRows{Columns: []string{i18n.K("Tau stored"), i18n.K("Placement")}, TimeCalled: true,
		Note: i18n.K("At time, each player scores Tau stored (at most the goal) plus 2.")},
}
