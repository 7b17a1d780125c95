package tdf

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/transfer"
)

// OriginKind names a TOM file's Origin among an event document's origins
// (transfer.Document.Origins) and in the database.
const OriginKind = "tom"

// Origin is what a TOM file held that the event Tablekeeper made from it
// does not: the file's attributes (type, stage, version, mode), its <data>
// (sanction number, city, state, country, organizer…), the age-division
// pods the event holds with their stages and rounds' types, and each
// player's element (birth date, dates, starter…). ToDocuments keeps it
// with each event; FromDocument writes it back, so a file imported and
// exported again keeps what TOM and the Play! Pokémon upload need.
type Origin struct {
	Type        string `json:"type"`
	Stage       string `json:"stage"`
	Version     string `json:"version"`
	GameType    string `json:"gameType"`
	Mode        string `json:"mode"`
	TimeElapsed string `json:"timeElapsed,omitempty"`
	Data        Data   `json:"data"`
	Extra       []Raw  `json:"extra,omitempty"`
	// As is the event's name, date and round time as the import made
	// them: an export writes the file's own text for each unless the
	// organizer has changed it since.
	As OriginAs `json:"as"`
	// Pods are the file's pods this event holds, in the file's order.
	Pods []OriginPod `json:"pods,omitempty"`
	// Players are the elements of the event's players as the file had
	// them, in the file's order.
	Players []Player `json:"players"`
	// Standings and FinalsOptions are the file's final standings (of
	// this event's divisions) and top-cut options: written back only
	// while the event is as the file left it (Played), since TOM's places
	// come from rounds Tablekeeper would otherwise have changed.
	Standings     *Standings `json:"standings,omitempty"`
	FinalsOptions *Raw       `json:"finalsOptions,omitempty"`
	// Played fingerprints the event's entries and results as imported
	// (played).
	Played string `json:"played"`
}

// OriginAs is what the import made of the file's name, date and round
// time.
type OriginAs struct {
	Name         string `json:"name"`
	Date         string `json:"date"`
	RoundMinutes int    `json:"roundMinutes"`
}

// OriginPod is one pod of the file: its category (age division), stage
// and settings, its subgroups, its players, and the type and stage of each
// of its rounds.
type OriginPod struct {
	Category  string        `json:"category"`
	Stage     string        `json:"stage"`
	PodData   *PodData      `json:"podData,omitempty"`
	Subgroups Subgroups     `json:"subgroups"`
	Extra     []Raw         `json:"extra,omitempty"`
	Players   []string      `json:"players"`
	Rounds    []OriginRound `json:"rounds,omitempty"`
}

// OriginRound is a pod's round as the file had it.
type OriginRound struct {
	Number   string `json:"number"`
	Type     string `json:"type"`
	Stage    string `json:"stage"`
	TimeLeft string `json:"timeLeft,omitempty"`
}

// origin gathers what the converter's event keeps of the file.
func (c *converter) origin() (json.RawMessage, error) {
	o := Origin{Type: c.f.Type, Stage: c.f.Stage, Version: c.f.Version, GameType: c.f.GameType, Mode: c.f.Mode,
		TimeElapsed: c.f.TimeElapsed, Data: c.f.Data, Extra: c.f.Extra,
		As: OriginAs{Name: c.doc.Event.Name, Date: c.doc.Event.Date, RoundMinutes: c.doc.Event.Settings.RoundMinutes}}
	for _, pod := range c.group.pods {
		op := OriginPod{Category: pod.Category, Stage: pod.Stage, PodData: pod.PodData, Subgroups: pod.Subgroups, Extra: pod.Extra,
			Players: podPlayers(pod)}
		for _, r := range pod.Rounds.Round {
			op.Rounds = append(op.Rounds, OriginRound{Number: r.Number, Type: r.Type, Stage: r.Stage, TimeLeft: r.TimeLeft})
		}
		o.Pods = append(o.Pods, op)
	}
	for _, p := range c.f.Players.Player {
		if _, in := c.entryOf[p.UserID]; in {
			o.Players = append(o.Players, p)
		}
	}
	o.FinalsOptions, o.Standings = c.f.FinalsOptions, c.standings()
	o.Played = played(c.doc)
	data, err := json.Marshal(o)
	if err != nil {
		return nil, fmt.Errorf("tdf: keep the file's data: %w", err)
	}
	return data, nil
}

// standings keeps the file's standings of the group's divisions.
func (c *converter) standings() *Standings {
	if c.f.Standings == nil {
		return nil
	}
	out := &Standings{}
	for _, sp := range c.f.Standings.Pod {
		if c.allPlayers || slices.ContainsFunc(c.group.pods, func(p Pod) bool { return holds(number(p.Category), number(sp.Category)) }) {
			out.Pod = append(out.Pod, sp)
		}
	}
	if len(out.Pod) == 0 {
		return nil
	}
	return out
}

// played fingerprints an event document's entries (member number and
// status) and every table's players and outcome: equal fingerprints mean
// nothing TOM's standings depend on has changed.
func played(doc transfer.Document) string {
	var b strings.Builder
	member := func(seat int) string { return doc.Players[doc.Entries[seat-1].Player-1].MemberNo }
	for _, en := range doc.Entries {
		fmt.Fprintf(&b, "%q %s %d;", doc.Players[en.Player-1].MemberNo, en.Status, en.DroppedAfter)
	}
	for _, r := range doc.Rounds {
		fmt.Fprintf(&b, "\nround %d %s:", r.Number, r.Stage)
		for _, t := range r.Tables {
			fmt.Fprintf(&b, " [%d", t.Number)
			for _, s := range t.Seats {
				fmt.Fprintf(&b, " %q", member(s))
			}
			switch {
			case t.Bye:
				b.WriteString(" bye")
			case t.Result != nil && len(t.Result.Seats) == 2:
				fmt.Fprintf(&b, " %d", outcomeOf(t.Result))
			}
			b.WriteString("]")
		}
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:])
}

// podPlayers lists the user IDs of a pod: its subgroups', then its
// matches', each once.
func podPlayers(pod Pod) []string {
	var out []string
	add := func(id string) {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	for _, sg := range pod.Subgroups.Subgroup {
		for _, p := range sg.Players {
			add(p.UserID)
		}
	}
	for _, r := range pod.Rounds.Round {
		for _, m := range r.Matches.Match {
			for _, id := range m.UserIDs() {
				add(id)
			}
		}
	}
	return out
}

// originOf reads the TOM origin of an event document; nil when the event
// was not imported from a TOM file.
func originOf(doc transfer.Document) (*Origin, error) {
	data, ok := doc.Origins[OriginKind]
	if !ok {
		return nil, nil
	}
	var o Origin
	if err := json.Unmarshal(data, &o); err != nil {
		return nil, event.Invalidf("the TOM file data kept with %s cannot be read (%v); export it as an event file instead", doc.Event.Name, err)
	}
	return &o, nil
}

// player returns the file's element of the player with user ID id.
func (o *Origin) player(id string) (Player, bool) {
	if o == nil {
		return Player{}, false
	}
	for _, p := range o.Players {
		if p.UserID == id {
			return p, true
		}
	}
	return Player{}, false
}

// root writes the file's attributes and <data> back, with what the
// organizer changed in Tablekeeper since the import (the name, the date,
// the round time) in place of the file's. The stage stays the file's
// unless the event has since gone further (finished in Tablekeeper).
func (o *Origin) root(f *File, doc transfer.Document) {
	name, date, minutes := f.Data.Name, f.Data.StartDate, f.Data.RoundTime
	f.Type, f.Version, f.GameType, f.Mode = o.Type, o.Version, o.GameType, o.Mode
	if st, err := wholeNumber(o.Stage); err == nil {
		if now, _ := wholeNumber(f.Stage); now <= st {
			f.Stage = o.Stage
		}
	}
	if o.TimeElapsed != "" {
		f.TimeElapsed = o.TimeElapsed
	}
	f.Data, f.Extra = o.Data, o.Extra
	if doc.Event.Name != o.As.Name {
		f.Data.Name = name
	}
	if doc.Event.Date != o.As.Date {
		f.Data.StartDate = date
	}
	if doc.Event.Settings.RoundMinutes != o.As.RoundMinutes {
		f.Data.RoundTime = minutes
	}
	if played(doc) == o.Played {
		f.Standings, f.FinalsOptions = o.Standings, o.FinalsOptions
	}
}

// playerElement is the element of a player the file had, with the name
// and the drop as the event has them now: the file's own <dropped> (with
// its timestamp) when the drop is the one the file said.
func (o *Origin) playerElement(tp Player) Player {
	p, ok := o.player(tp.UserID)
	if !ok {
		return tp
	}
	if p.Name() != tp.Name() {
		p.FirstName, p.LastName = tp.FirstName, tp.LastName
	}
	switch {
	case tp.Dropped == nil:
		p.Dropped = nil
	case p.Dropped == nil || number(p.Dropped.Round) != number(tp.Dropped.Round):
		p.Dropped = tp.Dropped
	}
	return p
}

// divisions are the age divisions each pod category holds.
var divisions = map[int][]int{
	Juniors: {Juniors}, Seniors: {Seniors}, Masters: {Masters},
	JuniorsSeniors: {Juniors, Seniors}, SeniorsMasters: {Seniors, Masters}, AllDivisions: {Juniors, Seniors, Masters},
}

// holds reports whether a pod of category pod pairs the division(s) of
// category div: the same category, or a combined pod holding them (the
// standings of a pod of all divisions are written per division).
func holds(pod, div int) bool {
	if pod == div {
		return true
	}
	in, ok := divisions[pod]
	if !ok {
		return false
	}
	for _, d := range divisions[div] {
		if !slices.Contains(in, d) {
			return false
		}
	}
	return len(divisions[div]) > 0
}

// combined is the pod category that pairs every division of cats
// together: Juniors with Seniors is 8, Seniors with Masters 9, anything
// else with more than one division 10.
func combined(cats []int) int {
	var in [3]bool
	for _, c := range cats {
		ds, ok := divisions[c]
		if !ok {
			return AllDivisions
		}
		for _, d := range ds {
			in[d] = true
		}
	}
	switch in {
	case [3]bool{true, false, false}:
		return Juniors
	case [3]bool{false, true, false}:
		return Seniors
	case [3]bool{false, false, true}:
		return Masters
	case [3]bool{true, true, false}:
		return JuniorsSeniors
	case [3]bool{false, true, true}:
		return SeniorsMasters
	}
	return AllDivisions
}

// podOfPlayers says which of the origin's pods each user ID is in; -1 for
// a player the file had in no pod (registered in Tablekeeper, say).
func (o *Origin) podOfPlayers(ids []string) []int {
	at := map[string]int{}
	for i, p := range o.Pods {
		for _, id := range p.Players {
			if _, ok := at[id]; !ok {
				at[id] = i
			}
		}
	}
	out := make([]int, len(ids))
	for i, id := range ids {
		out[i] = -1
		if p, ok := at[id]; ok {
			out[i] = p
		}
	}
	return out
}

// pods builds the file's pods for the event's players (ids, by entry) and
// rounds, without their rounds, with the pod of each entry and the file's
// pod each comes from: each pod of the file as it was, with its own
// players and tables, while every player is in one of them and no table
// seats players of two pods; otherwise (a round paired across divisions
// after an import with --pods one, a player registered in Tablekeeper)
// one pod of the combined category, as TOM pairs divisions together.
func (o *Origin) pods(ids []string, rounds []transfer.Round) ([]Pod, []int, []OriginPod) {
	podOf := o.podOfPlayers(ids)
	split := true
	for _, p := range podOf {
		if p < 0 {
			split = false
		}
	}
	for _, r := range rounds {
		for _, t := range r.Tables {
			for _, s := range t.Seats {
				if split && podOf[s-1] != podOf[t.Seats[0]-1] {
					split = false
				}
			}
		}
	}
	if split {
		out := make([]Pod, len(o.Pods))
		for i, op := range o.Pods {
			out[i] = op.pod(ids, podOf, i)
		}
		return out, podOf, o.Pods
	}
	one := o.Pods[0]
	if len(o.Pods) > 1 {
		cats := make([]int, len(o.Pods))
		for i, p := range o.Pods {
			cats[i] = number(p.Category)
		}
		one.Category = strconv.Itoa(combined(cats))
	}
	for i := range podOf {
		podOf[i] = 0
	}
	return []Pod{one.pod(ids, podOf, 0)}, podOf, []OriginPod{one}
}

// roundAsItWas gives round tr, written from the event's round r, the
// type, stage and time left the file had for it; a round the file did not
// have (paired in Tablekeeper) takes the type the file gives its Swiss
// rounds.
func (op OriginPod) roundAsItWas(tr *Round, r transfer.Round) {
	if was, ok := op.round(r.Number); ok {
		tr.Type, tr.Stage, tr.TimeLeft = was.Type, was.Stage, was.TimeLeft
		return
	}
	if r.Stage == event.StageSwiss {
		tr.Type = op.swissType()
	}
}

// pod is the pod's element without its rounds, its subgroups the file's
// when they list exactly the players it now has.
func (op OriginPod) pod(ids []string, podOf []int, i int) Pod {
	p := Pod{Category: op.Category, Stage: op.Stage, PodData: op.PodData, Extra: op.Extra}
	var now []string
	for e, id := range ids {
		if podOf[e] == i {
			now = append(now, id)
		}
	}
	var had []string
	for _, sg := range op.Subgroups.Subgroup {
		for _, ref := range sg.Players {
			had = append(had, ref.UserID)
		}
	}
	if sameSet(had, now) && len(op.Subgroups.Subgroup) > 0 {
		p.Subgroups = op.Subgroups
		return p
	}
	sg := Subgroup{Number: "1"}
	for _, id := range now {
		sg.Players = append(sg.Players, PlayerRef{UserID: id})
	}
	p.Subgroups = Subgroups{Subgroup: []Subgroup{sg}}
	return p
}

// round returns the file's type, stage and time left of the pod's round
// n, and whether the file had it.
func (op OriginPod) round(n int) (OriginRound, bool) {
	for _, r := range op.Rounds {
		if number(r.Number) == n {
			return r, true
		}
	}
	return OriginRound{}, false
}

// swissType is the type the file gives its Swiss rounds (TOM writes 2 or
// 3 by version and event), for the rounds paired in Tablekeeper.
func (op OriginPod) swissType() string {
	for _, r := range op.Rounds {
		if t := strings.TrimSpace(r.Type); t == strconv.Itoa(RoundSwiss) || t == strconv.Itoa(RoundSwissNoCut) {
			return t
		}
	}
	return strconv.Itoa(RoundSwiss)
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
