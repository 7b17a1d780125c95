package tdf

import (
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/transfer"
)

// FromDocument converts an exported event (director.ExportEvent) into a
// TOM file that TOM-format viewers read: the players (userid: their member
// number when it is one, else a number of their own), drops, and every
// two-player round with its tables and outcomes. Swiss rounds are written
// as TOM's Swiss rounds, the rest as its top cut (type 1). loc is the
// time zone the file's wall-clock times are written in (nil: UTC).
//
// An event imported from a TOM file (its document holds the file's
// Origin) gets back what the file had: the file's attributes (mode,
// stage, version), its <data> (sanction number, city and country,
// organizer…), its pods with their categories (Juniors, Seniors, Masters
// or divisions paired together) and stages, the type and stage of the
// rounds it had, and each player's element with their birth date; its
// final standings and top-cut options too, while the event's entries and
// results are still those of the file. Only what the organizer changed
// since in Tablekeeper (the name, the date, the round time, names, drops,
// new rounds and results) is written anew.
// Any other event is written as one Masters pod of a cup (TCG1DAY).
//
// TOM files hold two-player matches between players: an event of
// multiplayer tables or of teams is refused with a sentence.
func FromDocument(doc transfer.Document, loc *time.Location) (*File, error) {
	if loc == nil {
		loc = time.UTC
	}
	set := doc.Event.Settings
	if set.Teams() {
		return nil, event.Invalidf("%s is a team event; a TOM file holds matches between players, not teams", doc.Event.Name)
	}
	day, err := doc.Event.Day()
	if err != nil {
		return nil, err
	}
	o, err := originOf(doc)
	if err != nil {
		return nil, err
	}
	ids := userIDs(doc, o)
	f := &File{
		Type: "2", Stage: fileStage(doc.Event.State), Version: defaultVersion, GameType: tradingCardGame, Mode: "TCG1DAY",
		Data: Data{
			Name: doc.Event.Name, RoundTime: strconv.Itoa(set.RoundMinutes), FinalsRoundTime: strconv.Itoa(max(set.Playoff.Minutes, set.RoundMinutes)),
			StartDate: day.Format(dateLayout), LessSwiss: "false", AutoTableNumber: "true", OverflowTableStart: "0",
		},
		TimeElapsed: "0",
	}
	if o != nil {
		o.root(f, doc)
	}
	for i, en := range doc.Entries {
		p := doc.Players[en.Player-1]
		first, last := splitName(p.Name)
		tp := Player{UserID: ids[i], FirstName: first, LastName: last, Starter: "true",
			CreationDate: stamp(en.RegisteredAt, loc), LastModifiedDate: stamp(en.RegisteredAt, loc)}
		if en.Status != event.EntryActive {
			tp.Dropped = &Dropped{Status: "1", Round: strconv.Itoa(en.DroppedAfter)}
		}
		if o != nil {
			tp = o.playerElement(tp)
		}
		f.Players.Player = append(f.Players.Player, tp)
	}
	pods, podOf, kept := podsOf(o, ids, doc.Rounds, set)
	for i := range pods {
		for _, r := range doc.Rounds {
			tr, err := exportRound(r, ids, loc, func(seat int) bool { return podOf[seat-1] == i })
			if err != nil {
				return nil, err
			}
			if len(tr.Matches.Match) == 0 && len(pods) > 1 {
				continue
			}
			if kept != nil {
				kept[i].roundAsItWas(&tr, r)
			}
			pods[i].Rounds.Round = append(pods[i].Rounds.Round, tr)
		}
	}
	f.Pods.Pod = pods
	if err := f.Validate(); err != nil {
		return nil, err
	}
	return f, nil
}

// podsOf returns the file's pods (without their rounds), the pod of each
// entry, and the file's own pods they come from (nil for an event not
// imported from TOM, written as one Masters pod).
func podsOf(o *Origin, ids []string, rounds []transfer.Round, set event.Settings) ([]Pod, []int, []OriginPod) {
	if o != nil && len(o.Pods) > 0 {
		pods, podOf, kept := o.pods(ids, rounds)
		return pods, podOf, kept
	}
	pod := Pod{Category: strconv.Itoa(Masters), Stage: "1",
		PodData:   &PodData{StartingTable: "1", Playoff3rd4th: strconv.FormatBool(set.Playoff.ThirdPlace), SubgroupCount: "1", AdditionalRounds: "0"},
		Subgroups: Subgroups{Subgroup: []Subgroup{{Number: "1"}}}}
	for _, id := range ids {
		pod.Subgroups.Subgroup[0].Players = append(pod.Subgroups.Subgroup[0].Players, PlayerRef{UserID: id})
	}
	return []Pod{pod}, make([]int, len(ids)), nil
}

// exportRound writes round r's tables whose first seat in reports true.
func exportRound(r transfer.Round, ids []string, loc *time.Location, in func(seat int) bool) (Round, error) {
	typ := RoundSwiss
	if r.Stage != event.StageSwiss {
		typ = RoundTopCut
	}
	tr := Round{Number: strconv.Itoa(r.Number), Type: strconv.Itoa(typ), Stage: "4", TimeLeft: "0",
		PairTime: stamp(r.PairedAt, loc), StartTime: stamp(r.PublishedAt, loc)}
	for _, t := range r.Tables {
		if len(t.Seats) == 0 || !in(t.Seats[0]) {
			continue
		}
		m := Match{TableNumber: strconv.Itoa(t.Number), Outcome: strconv.Itoa(int(NotReported))}
		if t.Result != nil {
			m.Timestamp = stamp(t.Result.RecordedAt, loc)
		}
		switch {
		case t.Bye && len(t.Seats) == 1:
			m.Outcome = strconv.Itoa(int(Bye))
			m.Player = &PlayerRef{UserID: ids[t.Seats[0]-1]}
			m.TableNumber = "0"
		case len(t.Seats) == 2:
			m.Player1 = &PlayerRef{UserID: ids[t.Seats[0]-1]}
			m.Player2 = &PlayerRef{UserID: ids[t.Seats[1]-1]}
			if t.Result != nil {
				m.Outcome = strconv.Itoa(int(outcomeOf(t.Result)))
			}
		default:
			return Round{}, event.Invalidf("round %d table %d seats %d players; a TOM file holds two-player matches", r.Number, t.Number, len(t.Seats))
		}
		tr.Matches.Match = append(tr.Matches.Match, m)
	}
	return tr, nil
}

// outcomeOf reads a two-player result as TOM's outcome: more games won wins.
func outcomeOf(res *transfer.Result) Outcome {
	r := event.Result{Seats: []event.SeatResult{{GamesWon: res.Seats[0].GamesWon}, {GamesWon: res.Seats[1].GamesWon}}}
	switch r.Outcome(0) {
	case event.Win:
		return Player1Won
	case event.Loss:
		return Player2Won
	}
	return Tie
}

// userIDs gives each entry its TOM userid: the member number when it is a
// number no other entry uses, or the user ID the TOM file the event came
// from gave the player (o), else the lowest number free.
func userIDs(doc transfer.Document, o *Origin) []string {
	ids := make([]string, len(doc.Entries))
	taken := map[string]bool{}
	for i, en := range doc.Entries {
		m := strings.TrimSpace(doc.Players[en.Player-1].MemberNo)
		_, fromFile := o.player(m)
		if _, err := strconv.ParseUint(m, 10, 64); (err == nil || fromFile) && m != "" && len(m) <= maxUserIDLength && !taken[m] {
			ids[i] = m
			taken[m] = true
		}
	}
	next := 1
	for i := range ids {
		if ids[i] != "" {
			continue
		}
		for taken[strconv.Itoa(next)] {
			next++
		}
		ids[i] = strconv.Itoa(next)
		taken[ids[i]] = true
	}
	return ids
}

// splitName splits a name as TOM keeps it: the last word is the last name.
func splitName(name string) (first, last string) {
	w := strings.Fields(name)
	if len(w) < 2 {
		return name, ""
	}
	return strings.Join(w[:len(w)-1], " "), w[len(w)-1]
}

func stamp(t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	return t.In(loc).Format(timestampLayout)
}

// fileStage is the root stage TOM writes: 1 while players register, 4
// while rounds are played, 5 once the event is finished.
func fileStage(s event.State) string {
	switch s {
	case event.StateRunning:
		return "4"
	case event.StateFinished:
		return "5"
	}
	return "1"
}
