// Package tdf reads and writes the tournament files of Pokémon's Tournament
// Operations Manager (TOM): XML with a .tdf extension that community pairing
// viewers, standings sites and the Play! Pokémon upload read. A file holds
// the event's data, its players, and per age division ("pod") the rounds
// with their matches and outcomes.
//
// The types mirror the XML element for element. Numbers that Tablekeeper
// reads (outcomes, round and table numbers, pod categories, drop rounds) are
// kept as the text the file holds, so that a malformed file is refused with
// a sentence naming the element instead of a decoder's message; Parse checks
// them all, and the accessor methods (Match.Result, Round.No…) are then safe.
// Elements Tablekeeper does not read are kept as they were (Extra) and
// written back, so a file parsed and written again keeps what viewers read.
//
// The format as seen in real TOM files (versions 1.80 to 1.84) and in the
// open-source parsers that read them:
//
//	<tournament type="2|3" stage="…" version="1.80" gametype="TRADING_CARD_GAME" mode="TCG1DAY|LEAGUECHALLENGE|PRERELEASE|…">
//	  <data>name, id (sanction number), city, state, country, roundtime, startdate (MM/DD/YYYY)…</data>
//	  <players><player userid="…"> firstname, lastname, birthdate, [dropped: status, round, timestamp] …</player></players>
//	  <pods><pod category="0|1|2|8|9|10" stage="…">
//	    <rounds><round number="1" type="1|2|3" stage="…"><matches>
//	      <match outcome="0|1|2|3|5"> player1/player2 (or a single player for a bye), timestamp, tablenumber </match>
//	    </matches></round></rounds>
//	  </pod></pods>
//	  <standings> (finished events) <finalsoptions> (top cut)
//	</tournament>
//
// Outcomes are 0 (not reported yet), 1 (player 1 won), 2 (player 2 won),
// 3 (tie) and 5 (bye: one <player>, table 0). Round type 1 is the top cut
// (single elimination); types 2 and 3 are Swiss rounds. Pod categories are
// 0 Juniors, 1 Seniors, 2 Masters, and 8, 9, 10 the divisions TOM combines
// for pairing (Juniors with Seniors, Seniors with Masters, all three).
package tdf

import (
	"encoding/xml"
	"strconv"
)

// File is a whole TOM tournament file: the root <tournament> element.
type File struct {
	XMLName xml.Name `xml:"tournament"`
	// Type is 2 for a tournament of one division, 3 for one with age
	// divisions.
	Type string `xml:"type,attr"`
	// Stage is how far the tournament got (TOM's own numbering).
	Stage    string `xml:"stage,attr"`
	Version  string `xml:"version,attr"`
	GameType string `xml:"gametype,attr"`
	// Mode is the kind of event: TCG1DAY (a cup), LEAGUECHALLENGE,
	// PRERELEASE and so on.
	Mode          string     `xml:"mode,attr"`
	Data          Data       `xml:"data"`
	TimeElapsed   string     `xml:"timeelapsed"`
	Players       Players    `xml:"players"`
	Pods          Pods       `xml:"pods"`
	Standings     *Standings `xml:"standings"`
	FinalsOptions *Raw       `xml:"finalsoptions"`
	Extra         []Raw      `xml:",any"`
}

// Data is the tournament's <data>: its name, sanction number, place and
// times.
type Data struct {
	Name string `xml:"name"`
	// ID is the sanction number (YY-MM-NNNNNN).
	ID      string `xml:"id"`
	City    string `xml:"city"`
	State   string `xml:"state"`
	Country string `xml:"country"`
	// RoundTime and FinalsRoundTime are minutes (0: untimed).
	RoundTime       string    `xml:"roundtime"`
	FinalsRoundTime string    `xml:"finalsroundtime"`
	Organizer       Organizer `xml:"organizer"`
	// StartDate is MM/DD/YYYY.
	StartDate          string `xml:"startdate"`
	LessSwiss          string `xml:"lessswiss"`
	AutoTableNumber    string `xml:"autotablenumber"`
	OverflowTableStart string `xml:"overflowtablestart"`
	Extra              []Raw  `xml:",any"`
}

// Organizer is the tournament organizer: Play! Pokémon ID and name.
type Organizer struct {
	PopID string `xml:"popid,attr"`
	Name  string `xml:"name,attr"`
}

// Players is the <players> list.
type Players struct {
	Player []Player `xml:"player"`
}

// Player is one registered player.
type Player struct {
	// UserID is the player's Play! Pokémon ID; matches refer to it.
	UserID    string `xml:"userid,attr"`
	FirstName string `xml:"firstname"`
	LastName  string `xml:"lastname"`
	// BirthDate is MM/DD/YYYY; TOM exports mask the day (02/27/YYYY).
	BirthDate string   `xml:"birthdate,omitempty"`
	Starter   string   `xml:"starter,omitempty"`
	Order     string   `xml:"order,omitempty"`
	Seed      string   `xml:"seed,omitempty"`
	Dropped   *Dropped `xml:"dropped"`
	// CreationDate and LastModifiedDate are MM/DD/YYYY HH:MM:SS.
	CreationDate     string `xml:"creationdate,omitempty"`
	LastModifiedDate string `xml:"lastmodifieddate,omitempty"`
	Extra            []Raw  `xml:",any"`
}

// Dropped marks a player who left: Round is the last round they played.
type Dropped struct {
	Status    string `xml:"status"`
	Round     string `xml:"round"`
	Timestamp string `xml:"timestamp,omitempty"`
	Extra     []Raw  `xml:",any"`
}

// Pods is the <pods> list.
type Pods struct {
	Pod []Pod `xml:"pod"`
}

// Pod is one age division (or divisions TOM pairs together) with its
// rounds.
type Pod struct {
	Category  string    `xml:"category,attr"`
	Stage     string    `xml:"stage,attr"`
	PodData   *PodData  `xml:"poddata"`
	Subgroups Subgroups `xml:"subgroups"`
	Rounds    Rounds    `xml:"rounds"`
	Extra     []Raw     `xml:",any"`
}

// PodData is a pod's settings.
type PodData struct {
	StartingTable    string `xml:"startingtable"`
	Playoff3rd4th    string `xml:"playoff3rd4th"`
	SubgroupCount    string `xml:"subgroupcount"`
	AdditionalRounds string `xml:"additionalrounds,omitempty"`
	Extra            []Raw  `xml:",any"`
}

// Subgroups is a pod's <subgroups>.
type Subgroups struct {
	Subgroup []Subgroup `xml:"subgroup"`
}

// Subgroup lists the players of a pod (TOM uses one subgroup per pod).
type Subgroup struct {
	Number  string      `xml:"number,attr"`
	Players []PlayerRef `xml:"players>player"`
}

// PlayerRef names a player by user ID.
type PlayerRef struct {
	UserID string `xml:"userid,attr"`
}

// Rounds is a pod's <rounds>.
type Rounds struct {
	Round []Round `xml:"round"`
}

// Round is one round of a pod.
type Round struct {
	Number string `xml:"number,attr"`
	// Type is 1 for a top-cut round, 2 or 3 for a Swiss round.
	Type      string  `xml:"type,attr"`
	Stage     string  `xml:"stage,attr"`
	TimeLeft  string  `xml:"timeleft"`
	PairTime  string  `xml:"pairtime,omitempty"`
	StartTime string  `xml:"starttime,omitempty"`
	Matches   Matches `xml:"matches"`
	Extra     []Raw   `xml:",any"`
}

// Matches is a round's <matches>.
type Matches struct {
	Match []Match `xml:"match"`
}

// Match is one table of a round: two players, or one for a bye.
type Match struct {
	Outcome string `xml:"outcome,attr"`
	// Player is the bye's player (outcome 5); Player1 and Player2 the
	// players of a match.
	Player      *PlayerRef `xml:"player"`
	Player1     *PlayerRef `xml:"player1"`
	Player2     *PlayerRef `xml:"player2"`
	Timestamp   string     `xml:"timestamp,omitempty"`
	TableNumber string     `xml:"tablenumber"`
	Extra       []Raw      `xml:",any"`
}

// Standings is the final ranking of a finished tournament, per division.
type Standings struct {
	Pod []StandingsPod `xml:"pod"`
}

// StandingsPod ranks one division: Type "finished" or "dnf" (dropped).
type StandingsPod struct {
	Category string   `xml:"category,attr"`
	Type     string   `xml:"type,attr"`
	Player   []Placed `xml:"player"`
}

// Placed is a player's final place.
type Placed struct {
	ID    string `xml:"id,attr"`
	Place string `xml:"place,attr"`
}

// Raw is an element Tablekeeper does not read, kept as it was so that
// writing the file again keeps it.
type Raw struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Inner   string     `xml:",innerxml"`
}

// Outcome is a match's outcome code.
type Outcome int

// The outcome codes TOM writes.
const (
	NotReported Outcome = 0
	Player1Won  Outcome = 1
	Player2Won  Outcome = 2
	Tie         Outcome = 3
	Bye         Outcome = 5
)

// Pod categories: the three age divisions and the combinations TOM pairs
// together.
const (
	Juniors        = 0
	Seniors        = 1
	Masters        = 2
	JuniorsSeniors = 8
	SeniorsMasters = 9
	AllDivisions   = 10
)

// Round types.
const (
	// RoundTopCut is a single-elimination round after the Swiss.
	RoundTopCut = 1
	// RoundSwissNoCut and RoundSwiss are Swiss rounds (TOM writes 2 in
	// events without a top cut and in newer versions, 3 in cups).
	RoundSwissNoCut = 2
	RoundSwiss      = 3
)

const (
	dateLayout      = "01/02/2006"
	timestampLayout = "01/02/2006 15:04:05"
	// Version is the TOM file version Write puts on files it makes.
	defaultVersion  = "1.80"
	tradingCardGame = "TRADING_CARD_GAME"
	maxFileBytes    = 64 << 20
	maxUserIDLength = 40
)

// DivisionName names a pod category for people: "Masters", "Juniors and
// Seniors"; an unknown category is "division N".
func DivisionName(category int) string {
	switch category {
	case Juniors:
		return "Juniors"
	case Seniors:
		return "Seniors"
	case Masters:
		return "Masters"
	case JuniorsSeniors:
		return "Juniors and Seniors"
	case SeniorsMasters:
		return "Seniors and Masters"
	case AllDivisions:
		return "All divisions"
	}
	return "division " + strconv.Itoa(category)
}
