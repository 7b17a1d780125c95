package rules

import (
	"strconv"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/scoring"
)

// shadowfist is Shadowfist, run by the Secret War Society's rules
// (document 004). The other deck formats (S3) come with the deck rules.
func shadowfist() Game {
	return Game{
		Key:         "shadowfist",
		Name:        i18n.K("Shadowfist"),
		atTime:      shadowfistAtTime,
		atTimeBuild: shadowfistAtTimeForm,
		atTimeForm:  true,
		slip:        shadowfistSlip,
		deckRules:   shadowfistDeckRules,
		infractions: shadowfistInfractions,
		// S2, rule 3.0 d: "Players may not add or remove cards from their
		// decks during the tournament unless specifically authorized by
		// the Head Judge in advance."
		deckPolicy: func(event.Settings) DeckPolicy { return DeckPolicy{Change: DecksLock, Rule: "S2"} },
		// S1, rule 4.0 a: "All Secret War Society tournaments must have
		// at least three players participating in the event."
		fewest: 3,
		// S11: a head judge present during play; one who plays needs a
		// second judge (004 2.1c, 2.4c).
		roster: JudgeRoster{
			NeedsHead:              i18n.K("a Shadowfist event needs a head judge present during play (S11)"),
			PlayingHeadNeedsSecond: i18n.K("%s plays in the event: SWS allows that only with a multi-judge system (004 2.1c, 2.4c): name a second judge"),
		},
		Formats: []Format{
			{
				// Rules S4, S6–S8, S10: tables of 4 (3 where the count
				// needs it; 5 when the organizer allows), 85-minute
				// rounds for four, ranked by match points then game
				// points.
				Key:      "final-brawl",
				Name:     i18n.K("Final Brawl"),
				Summary:  i18n.K("Multiplayer tables of 4 (3 where needed); a win 4, at time 2 or 1; ranked by match then game points."),
				Rules:    []string{"S2", "S4", "S6", "S7", "S8", "S10"},
				Defaults: finalBrawl(),
			},
			{
				// Rule S10, Swiss + Final: Final Brawl rounds, then the top
				// four at a final table whose placement decides the top
				// ranks.
				Key:      "final-brawl-final",
				Name:     i18n.K("Final Brawl, Swiss + Final"),
				Summary:  i18n.K("Final Brawl rounds, then the top 4 play a final table that decides the top places."),
				Rules:    []string{"S2", "S4", "S6", "S7", "S8", "S10"},
				Defaults: withFinalTable(finalBrawl(), 4),
			},
			{
				// Rule S10 e, Double Elimination + Final: two-player
				// matches (best of GamesPerMatch, 1 by default) paired
				// within equal-loss groups, out at two losses, until four
				// players remain (the organizer may choose 3 to 5). The
				// matches score as S3's two-player game (a win 4, a tie on
				// time-out 1, a bye 4; match points only show progress:
				// losses decide who stays in). The final table is a
				// Shadowfist multiplayer game (S6, S7: a win 4, at time 2
				// or 1, game points) whose placement decides the top
				// ranks: the winner first, then by game points.
				Key:      "final-brawl-de-final",
				Name:     i18n.K("Double Elimination + Final"),
				Summary:  i18n.K("Two-player matches, out at two losses, until 4 remain; they play a final table that decides the top places."),
				Rules:    []string{"S3", "S6", "S7", "S10"},
				Defaults: doubleFinal(),
			},
			{
				// Rules S3, S14: Whirlpool of Blood, a draft at tables of 3
				// to 5 (we aim for 4, the Final Brawl table), 6 packs by
				// default (S14 allows 6 to 10: whirlpoolPacks), passing
				// alternating by pack; then Final Brawl rounds.
				Key:      "whirlpool-of-blood",
				Name:     i18n.K("Whirlpool of Blood (draft)"),
				Summary:  i18n.K("Draft at tables of 3–5, 6 packs each; then multiplayer Final Brawl rounds."),
				Rules:    []string{"S3", "S4", "S6", "S7", "S8", "S10", "S14"},
				Defaults: withDraft(finalBrawl(), 4, 3, 5, 6),
				check:    whirlpoolPacks,
			},
			{
				// Rule S12: Final Brawl tables by a fixed schedule made
				// before round 1 with the fewest repeat meetings.
				Key:      "final-brawl-schedule",
				Name:     i18n.K("Final Brawl, fixed schedule"),
				Summary:  i18n.K("Final Brawl tables of 4 by a schedule fixed before round 1, repeat opponents kept rare (Appendix I)."),
				Rules:    []string{"S2", "S4", "S6", "S7", "S8", "S12"},
				Defaults: withStructure(finalBrawl(), event.StructureSchedule),
			},
			{
				// Rule S3 b: Final Brawl with decks of at least 23 cards
				// sharing a designator.
				Key:      "comrades-in-arms",
				Name:     i18n.K("Comrades in Arms"),
				Summary:  i18n.K("Final Brawl tables; each deck has at least 23 cards that share a designator."),
				Rules:    []string{"S2", "S3", "S4", "S6", "S7", "S8", "S10"},
				Defaults: finalBrawl(),
			},
			{
				// Rule S3 c: every title starts with one of three chosen
				// letters (punctuation ignored, articles counted).
				Key:      "ritual-of-the-unnameable",
				Name:     i18n.K("Ritual of the Unnameable"),
				Summary:  i18n.K("Final Brawl tables; every card's title starts with one of three chosen letters."),
				Rules:    []string{"S2", "S3", "S4", "S6", "S7", "S8", "S10"},
				Defaults: finalBrawl(),
			},
			{
				// Rule S3 d: one copy of every card, No Max included.
				Key:      "one-hundred-names",
				Name:     i18n.K("One Hundred Names"),
				Summary:  i18n.K("Final Brawl tables; one copy of any card, No Max cards included."),
				Rules:    []string{"S3", "S4", "S6", "S7", "S8", "S10"},
				Defaults: finalBrawl(),
			},
			{
				// Rule S3 f: decks built from sealed packs opened at the
				// event (the same packs for everyone; pods authorized),
				// then Final Brawl rounds.
				Key:      "baptism-of-fire",
				Name:     i18n.K("Baptism of Fire (sealed)"),
				Summary:  i18n.K("Decks built from sealed packs opened at the event; then multiplayer Final Brawl rounds."),
				Rules:    []string{"S2", "S3", "S4", "S6", "S7", "S8", "S10"},
				Defaults: finalBrawl(),
			},
			{
				// Rule S10, Who Wants Some?: open challenges through a
				// convention. Each game recorded is a table whose winner
				// takes Points.Win = 1 (the "recorded point"); nothing else
				// scores. There are no tiebreakers and no game points:
				// players on equal games won share the place (the
				// standings give them the same rank), as a promo-card
				// count would.
				Key:     "who-wants-some",
				Name:    i18n.K("Who Wants Some? (open challenges)"),
				Summary: i18n.K("Challenge anyone, any time, in any format you agree on; each game won is a point; placements from the totals."),
				Rules:   []string{"S10"},
				Defaults: event.Settings{
					Structure:     event.StructureChallenges,
					TableSize:     4, // nominal: tables are scored as multiplayer games
					MinTableSize:  2,
					MaxTableSize:  5,
					GamesPerMatch: 1,
					Points:        event.Points{Win: 1},
				},
			},
			{
				// Rule S3: the two-player format; match points as S6. Rule
				// S10, SWS 6.2 a: "The winner and subsequent places come
				// from the rankings of match points, with game points
				// breaking ties": each game is scored as a Shadowfist
				// table of two (S7's game points, S8 at time), so that
				// game points rank equal match points.
				Key:     "big-man",
				Name:    i18n.K("Who's the Big Man Now?"),
				Summary: i18n.K("Two-player Swiss of single games; a win 4, a win on time-out 2, a tie on time-out 1; game points break ties."),
				Rules:   []string{"S3", "S6", "S7", "S8", "S10"},
				Defaults: event.Settings{
					Structure:     event.StructureSwiss,
					TableSize:     2,
					GamesPerMatch: 1,
					RoundMinutes:  60,
					Scoring:       event.ScoringShadowfist,
					// Rule S6: a win on time-out scores 2.
					Points:      event.Points{Win: 4, TimeOutWin: 2, Draw: 1, Loss: 0, Bye: 4},
					Tiebreakers: []string{TieGamePoints},
				},
				check: bigManSettings,
			},
		},
	}
}

// The packs a Whirlpool of Blood draft opens (S14, SWS 7.0 b: "Players
// will draft with no fewer than six packs and no more than 10 packs").
const (
	whirlpoolMinPacks = 6
	whirlpoolMaxPacks = 10
)

// whirlpoolPacks refuses a Whirlpool of Blood draft of fewer than 6 or
// more than 10 packs a player (S14, SWS 7.0 b).
func whirlpoolPacks(s event.Settings) error {
	if p := s.Draft.Packs; p < whirlpoolMinPacks || p > whirlpoolMaxPacks {
		return event.Invalidf("a Whirlpool of Blood draft uses %d to %d packs a player, not %d (SWS 7.0 b, S14)", whirlpoolMinPacks, whirlpoolMaxPacks, p)
	}
	return nil
}

// shadowfistGames reports whether every table of an event, two-player
// ones included, is scored as a Shadowfist game (places, match points and
// game points: S6–S8) rather than as a match of games won: a Shadowfist
// Swiss, whose places come "from the rankings of match points, with game
// points breaking ties" (S10, SWS 6.2 a). A double elimination's matches
// (S10 e) stay matches: their losses decide who goes on.
func shadowfistGames(s event.Settings) bool {
	return s.Scoring == event.ScoringShadowfist && s.Structure == event.StructureSwiss
}

// bigManSettings refuses a top cut in Who's the Big Man Now?: its games
// are scored as Shadowfist tables (shadowfistGames), whose places come
// from match points and game points (SWS 6.2 a), not from a bracket of
// games won.
func bigManSettings(s event.Settings) error {
	if s.Playoff.TopCut > 0 && shadowfistGames(s) {
		return event.Invalid("Who's the Big Man Now? ranks players by match points, then game points (SWS 6.2 a); it has no top cut")
	}
	return nil
}

// finalBrawl is the multiplayer Swiss of SWS events.
func finalBrawl() event.Settings {
	return event.Settings{
		Structure:     event.StructureSwiss,
		TableSize:     4,
		MinTableSize:  3,
		MaxTableSize:  4,
		GamesPerMatch: 1,
		RoundMinutes:  85,
		// S4: about 110 minutes for five (tables of five only when the
		// organizer allows them).
		Shadowfist:  event.ShadowfistSettings{FivePlayerMinutes: 110},
		Scoring:     event.ScoringShadowfist,
		Points:      event.Points{Win: 4, TimeOutWin: 2, Draw: 1, Loss: 0},
		Tiebreakers: []string{TieGamePoints},
	}
}

// doubleFinal is the Double Elimination + Final of S10 e: two-player
// matches scored as S3's, a final table of four scored by S6 and S7.
func doubleFinal() event.Settings {
	return event.Settings{
		Structure:     event.StructureDoubleFinal,
		TableSize:     2,
		GamesPerMatch: 1,
		RoundMinutes:  60,
		Scoring:       event.ScoringShadowfist,
		Points:        event.Points{Win: 4, TimeOutWin: 2, Draw: 1, Loss: 0, Bye: 4},
		Tiebreakers:   []string{TieGameWin, TieGamePoints},
		FinalTable:    event.FinalTableSettings{Size: 4},
	}
}

func withFinalTable(s event.Settings, n int) event.Settings {
	s.FinalTable.Size = n
	return s
}

func withStructure(s event.Settings, st event.Structure) event.Settings {
	s.Structure = st
	return s
}

// shadowfistForm is the result form of a Shadowfist table: each seat's
// game points, or its sites as the counts of rule 5.3 (S7); the winners,
// "2 3" for two winners in one scene and "2u" for a win by other means
// (5.7).
type shadowfistForm struct{}

func (shadowfistForm) valueName() string  { return i18n.K("Game pts or sites") }
func (shadowfistForm) scoreName() string  { return i18n.K("Match pts") }
func (shadowfistForm) resultName() string { return i18n.K("Game pts") }
func (shadowfistForm) rule(s event.Settings) i18n.Text {
	return i18n.F("a win is worth %d match points, the winner at time %d, a lead shared at time %d each; game points rank equal match points.",
		s.Points.Win, s.Points.WinAtTime(), s.Points.Draw)
}
func (shadowfistForm) hint(event.Settings) i18n.Text {
	return i18n.F("Type a table number and press Enter, then each seat's game points, or its sites as \"seized burned played\" (\"2 1 3\"; rule 5.3's other items may follow), and the winner's seat number (\"2 3\" for two winners in one scene, \"2u\" for a win by other means). At time tick Time-out and type the player(s) in the lead.")
}
func (shadowfistForm) winnerHint() i18n.Text {
	return i18n.F("Winner: the seat number, \"2 3\" for two winners in one scene, \"2u\" for a win by other means (5.7: sites short of five count as played). At time tick Time-out (or type t) and type the player(s) in the lead.")
}
func (shadowfistForm) winnerRunes() string { return "0123456789 ,;+&/uU" }

// valueRunes: game points can be negative, or counts of sites (S7).
func (shadowfistForm) valueRunes() string { return "-0123456789 /" }
func (shadowfistForm) seat(_ event.Settings, i int, text string, unconventional bool) (event.SeatResult, error) {
	var st event.SeatResult
	points, stats, err := ParseSites(i+1, text)
	if err != nil {
		return st, err
	}
	st.Points = points
	if unconventional {
		if stats == nil {
			stats = map[string]int{}
		}
		stats[scoring.UnconventionalStat] = 1
	}
	if stats != nil {
		st.Games = []event.GameDetail{{Stats: stats}}
	}
	return st, nil
}
func (shadowfistForm) pending(event.Settings, event.Result, int) string { return "—" }
func (shadowfistForm) valueMax(event.Settings) int                      { return 15 }
func (shadowfistForm) winnerAtTime() bool                               { return true }
func (shadowfistForm) shown(r event.Result, i int) string               { return strconv.Itoa(r.Seats[i].Points) }
func (shadowfistForm) typed(st event.SeatResult, _ bool) string {
	if scoring.Counted(st) {
		return SiteCounts(st.Games[len(st.Games)-1].Stats)
	}
	return strconv.Itoa(st.Points)
}

// ParseSites reads a Shadowfist seat's value: one number is its game
// points; two to seven numbers ("2 1 3", "2/1/3") are the counts of rule
// 5.3's items in order, seized, burned, played, … (S7).
func ParseSites(seat int, text string) (points int, stats map[string]int, err error) {
	points, counts, err := typedSites(text,
		func(n, most int) error {
			return event.Invalidf("seat %d: %q has %d numbers; type game points, or up to %d counts (seized burned played …)", seat, text, n, most)
		},
		func(field string) error {
			return event.Invalidf("seat %d: %q is not a number; type game points, or sites as \"seized burned played\"", seat, field)
		})
	if err != nil || counts == nil {
		return points, nil, err
	}
	return 0, siteStats(counts), nil
}

// typedSites reads a Shadowfist seat's value as typed, numbers apart by
// spaces or slashes: blank is 0, one number its game points, two to
// seven the counts of rule 5.3's items in order (counts, points 0).
// tooMany (n numbers, at most most) and notNumber (a field) say the
// refusals in the caller's words.
func typedSites(text string, tooMany func(n, most int) error, notNumber func(field string) error) (points int, counts []int, err error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '/' })
	if most := len(scoring.SiteItems()); len(fields) > most {
		return 0, nil, tooMany(len(fields), most)
	}
	nums := make([]int, len(fields))
	for i, f := range fields {
		if nums[i], err = strconv.Atoi(f); err != nil {
			return 0, nil, notNumber(f)
		}
	}
	switch len(nums) {
	case 0:
		return 0, nil, nil
	case 1:
		return nums[0], nil, nil
	}
	return 0, nums, nil
}

// siteStats names counts of rule 5.3's items, in order, by item.
func siteStats(counts []int) map[string]int {
	items := scoring.SiteItems()
	stats := map[string]int{}
	for i, n := range counts {
		stats[items[i]] = n
	}
	return stats
}

// SiteCounts writes a seat's counts of rule 5.3 as they are typed: "2 1
// 3", the items after played only when one of them is not zero.
func SiteCounts(stats map[string]int) string {
	items := scoring.SiteItems()
	last := 2
	for i := len(items) - 1; i > 2; i-- {
		if stats[items[i]] != 0 {
			last = i
			break
		}
	}
	parts := make([]string, last+1)
	for i := range parts {
		parts[i] = strconv.Itoa(stats[items[i]])
	}
	return strings.Join(parts, " ")
}

// shadowfistAtTime: S8 places any Shadowfist table by the player closest
// to victory; an open challenge has no round time to call.
func shadowfistAtTime(s event.Settings, _, seats, table int) (AtTime, error) {
	if s.Structure == event.StructureChallenges {
		return noForm(i18n.F("an open challenge is recorded as it was played; it has no round time to call"))
	}
	if seats > event.MaxSeats {
		return AtTimeNone, event.Invalidf("table %d seats %d players; a Shadowfist table has 2 to %d", table, seats, event.MaxSeats)
	}
	return AtTimeShadowfist, nil
}

// shadowfistSlip: a table scored as a Shadowfist game (a multiplayer
// table, or a game of Who's the Big Man Now?) has the slip that asks for
// sites and places; a two-player match of a double elimination (S10 e)
// uses the generic games-won slip.
func shadowfistSlip(s event.Settings) SlipKind {
	if MultiplayerResult(s, s.TableSize) {
		return SlipShadowfist
	}
	return SlipGeneric
}

// LeagueEvent reports whether an event can be a week of a Shadowfist league
// (S13): a Shadowfist multiplayer event.
func LeagueEvent(game string, s event.Settings) bool {
	return game == "shadowfist" && s.Scoring == event.ScoringShadowfist
}

// shadowfistDeckRules gives each Shadowfist format the decklist rules its
// decks are checked against: a format with its own deck rules (S3) has
// them, every other one but Who Wants Some? the five copies of a title
// except No Max of S2.
func shadowfistDeckRules(format string) string {
	switch format {
	case "comrades-in-arms", "ritual-of-the-unnameable", "one-hundred-names":
		return "shadowfist-" + format
	case "who-wants-some":
		return ""
	}
	return "shadowfist" // S2: five copies of a title except No Max
}

// Environment is a Shadowfist card pool (S3: 6.0 and Appendix V).
type Environment struct {
	Key, Name string
	// Summary says which cards it allows, in the document's words.
	Summary string
}

// Environments lists Shadowfist's card-pool environments, Classic / Open
// (every card) first.
func Environments() []Environment {
	return []Environment{
		{"", i18n.K("Classic / Open"), i18n.K("Every Shadowfist card printed and the Secret War Society's fan cards (6.0 a).")},
		{"sws-classic", i18n.K("Secret War Society Classic"), i18n.K("Cards of Daedalus, Z-Man Games, Shadowfist Games and Inner Kingdom Games, the 2020 promos and SWS fan cards (6.0 b).")},
		{"modern", i18n.K("Modern"), i18n.K("Cards, promos included, printed from Combat in Kowloon on (6.0 c).")},
		{"sws-modern", i18n.K("Secret War Society Modern"), i18n.K("Inner Kingdom Games cards, SWS fan cards without the Buro Blue Spear and the 2020 promos but Golden Gunman (6.0 d).")},
		{"old-masters", i18n.K("Old Masters"), i18n.K("Limited, Standard, Netherworld and Flashpoint; White Ninja the only promo (Appendix V a).")},
		{"golden-comeback", i18n.K("Golden Comeback"), i18n.K("The Z-Man Games sets and promos (Appendix V b).")},
		{"new-heroes", i18n.K("The New Heroes"), i18n.K("The Shadowfist Games sets and promos (Appendix V c).")},
		{"unbroken-protectorship", i18n.K("Unbroken Protectorship"), i18n.K("The Inner Kingdom Games sets and promos (Appendix V d).")},
	}
}

// shadowfistInfractions lists the penalties of the SWS rules (004): stalling and
// play-to-win (S9) with their ladders as written, and the other sections
// that name a penalty.
func shadowfistInfractions() []Infraction {
	return []Infraction{
		{Key: "stalling", Name: i18n.K("stalling"), Rule: "S9",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification),
			Note:   i18n.K("5.1d: warned, then points deducted, then disqualified")},
		{Key: "play-to-win", Name: i18n.K("play-to-win breach"), Rule: "S9",
			Ladder: []Step{{Penalty: PointDeduction, Alternative: ExtraLoss}, {Penalty: Disqualification}},
			Note:   i18n.K("4.2a: a play purely for another player's advantage")},
		{Key: "slow-play", Name: i18n.K("excessively slow play"), Rule: "SWS 2.2c",
			Ladder: ladder(FormalWarning, PointDeduction),
			Note:   i18n.K("the head judge may also advance the turn to the next player")},
		{Key: "too-many-copies", Name: i18n.K("more than 5 copies of a title"), Rule: "SWS 3.0a",
			Ladder: ladder(Disqualification), Note: i18n.K("3.0a: the player is disqualified")},
		{Key: "deck-change", Name: i18n.K("changing the deck without the head judge's approval"), Rule: "SWS 3.0e",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification)},
		{Key: "marked-cards", Name: i18n.K("marked cards or sleeves"), Rule: "SWS 3.2e",
			Ladder: ladder(FormalWarning, PointDeduction, Disqualification)},
		{Key: "repeated-misplays", Name: i18n.K("repeated misplays, cheating suspected"), Rule: "SWS 4.1e",
			Ladder: ladder(Disqualification), Note: i18n.K("from the round or from the whole tournament")},
		{Key: "cheating", Name: i18n.K("cheating"), Rule: "SWS 1.1c",
			Ladder: ladder(Disqualification)},
		{Key: "harassment", Name: i18n.K("harassment"), Rule: "SWS 2.0e",
			Ladder: ladder(FormalWarning, Disqualification), Note: i18n.K("warning or expulsion from the tournament")},
		{Key: "wagering", Name: i18n.K("wagering or betting"), Rule: "SWS 1.1a",
			Ladder: ladder(FormalWarning, Disqualification)},
	}
}

// shadowfistSlipSpec is Shadowfist's slip: each player's Feng Shui sites
// seized, burned and played, for the game points (S7), and placement, and
// whether time was called (S8).
var shadowfistSlipSpec = SlipSpec{
	Name: "Shadowfist",
	Rows: SlipRows{Columns: []string{i18n.K("Sites seized"), i18n.K("Burned"), i18n.K("Played"), i18n.K("Placement")}, TimeCalled: true,
		Note: i18n.K("Count the sites; the game points follow from them.")},
}
