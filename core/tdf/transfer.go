package tdf

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/core/transfer"
)

// PodMode says how the age-division pods of a file become events.
type PodMode string

// Pod modes.
const (
	// PodsSeparate makes one event per pod (Juniors, Seniors, Masters run
	// their own Swiss, as TOM runs them).
	PodsSeparate PodMode = "separate"
	// PodsOne makes one event of every pod: the rounds of the same number
	// become one round, so the divisions are paired together from then on.
	PodsOne PodMode = "one"
)

// ImportGame and ImportFormat are the rules catalogue's game and format an
// imported TOM event runs as: two-player Swiss of single games, 3 points a
// win and 1 a tie, as Pokémon scores matches. A TOM file records match
// outcomes, not games, so a win is kept as a 1–0 game and a tie as one drawn
// game.
const (
	ImportGame   = "generic"
	ImportFormat = "swiss-bo1"
)

// ImportOptions are the organizer's choices for an import.
type ImportOptions struct {
	Pods PodMode
	// Location is the time zone of the file's dates and times (TOM writes
	// the organizer's wall-clock time); nil means UTC.
	Location *time.Location
	// Now is used where the file has no date.
	Now time.Time
}

// Imported is one event made from a TOM file, with what the import left
// out, said for the organizer.
type Imported struct {
	Document transfer.Document
	Notes    []string
}

// podGroup is the pods that become one event.
type podGroup struct {
	name string
	pods []Pod
}

// ToDocuments converts a parsed file into the event documents the director
// imports (director.ImportEvent): one per pod, or one for all, as
// opts.Pods says. Each is a generic Swiss event with the file's players
// (member number: their Play! Pokémon ID), drops, Swiss rounds, tables and
// results; its standings and next pairing are then Tablekeeper's. Top-cut
// rounds are left out, with a note. Every document is validated, so a
// file that cannot become events fails before anything is saved.
func ToDocuments(f *File, opts ImportOptions) ([]Imported, error) {
	if opts.Pods != PodsSeparate && opts.Pods != PodsOne {
		return nil, event.Invalidf("pods %q: choose separate (one event per age division) or one (all divisions in one event)", opts.Pods)
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	loc := opts.Location
	if loc == nil {
		loc = time.UTC
	}
	date, err := startDate(f.Data.StartDate, opts.Now.In(loc))
	if err != nil {
		return nil, err
	}
	var groups []podGroup
	switch {
	case len(f.Pods.Pod) == 0:
		groups = []podGroup{{}}
	case opts.Pods == PodsOne || len(f.Pods.Pod) == 1:
		groups = []podGroup{{pods: f.Pods.Pod}}
	default:
		for _, p := range f.Pods.Pod {
			groups = append(groups, podGroup{name: DivisionName(p.Division()), pods: []Pod{p}})
		}
	}
	var out []Imported
	for _, g := range groups {
		c := converter{f: f, loc: loc, now: opts.Now, date: date, group: g, allPlayers: len(f.Pods.Pod) == 0 || opts.Pods == PodsOne}
		im, err := c.convert()
		if err != nil {
			return nil, err
		}
		if err := im.Document.Validate(); err != nil {
			return nil, fmt.Errorf("tdf: the event made from the file: %w", err)
		}
		out = append(out, im)
	}
	if left := unseated(f, out); len(left) > 0 && len(out) > 0 {
		out[0].Notes = append(out[0].Notes, fmt.Sprintf("%d player(s) of the file are in no age division's rounds and were left out: %s; import with --pods one to enter them",
			len(left), strings.Join(left, ", ")))
	}
	return out, nil
}

// unseated names the file's players that none of the documents enters
// (separate pods leave out players who are in no pod).
func unseated(f *File, docs []Imported) []string {
	in := map[string]bool{}
	for _, im := range docs {
		for _, p := range im.Document.Players {
			in[p.MemberNo] = true
		}
	}
	var out []string
	for _, p := range f.Players.Player {
		if !in[p.UserID] {
			out = append(out, p.Name())
		}
	}
	return out
}

func startDate(s string, now time.Time) (string, error) {
	if strings.TrimSpace(s) == "" {
		return now.Format(transfer.DateLayout), nil
	}
	d, err := time.Parse(dateLayout, strings.TrimSpace(s))
	if err != nil {
		return "", event.Invalidf("<startdate> is %q; TOM writes the date as MM/DD/YYYY", s)
	}
	return d.Format(transfer.DateLayout), nil
}

type converter struct {
	f          *File
	loc        *time.Location
	now        time.Time
	date       string
	group      podGroup
	allPlayers bool

	doc     transfer.Document
	notes   []string
	entryOf map[string]int
}

func (c *converter) convert() (Imported, error) {
	_, format, err := rules.Lookup(ImportGame, ImportFormat)
	if err != nil {
		return Imported{}, fmt.Errorf("tdf: %w", err)
	}
	set := format.Defaults
	if m, err := wholeNumber(c.f.Data.RoundTime); err == nil && m > 0 {
		set.RoundMinutes = m
	}
	name := strings.TrimSpace(c.f.Data.Name)
	if name == "" {
		name = "TOM event"
		if id := strings.TrimSpace(c.f.Data.ID); id != "" {
			name += " " + id
		}
	}
	if c.group.name != "" {
		name += " — " + c.group.name
	}
	c.doc = transfer.Document{
		Format:  transfer.FormatName,
		Version: transfer.Version,
		Event: transfer.Event{Name: name, Game: ImportGame, Format: ImportFormat, Date: c.date,
			State: event.StateRegistration, Settings: set},
	}
	c.entries()
	rounds, err := c.swissRounds()
	if err != nil {
		return Imported{}, err
	}
	for i, r := range rounds {
		tr, err := c.round(i+1, r)
		if err != nil {
			return Imported{}, err
		}
		c.doc.Rounds = append(c.doc.Rounds, tr)
	}
	c.fixEntries()
	if len(c.doc.Rounds) > 0 {
		c.doc.Event.State = event.StateRunning
	}
	c.doc.Event.Settings.Rounds = max(len(c.doc.Rounds), rules.RecommendedRounds(len(c.doc.Entries)))
	at, _ := time.ParseInLocation(dateLayout, c.f.Data.StartDate, c.loc)
	msg := i18n.F("imported from the TOM file of %q", strings.TrimSpace(c.f.Data.Name))
	if id := strings.TrimSpace(c.f.Data.ID); id != "" {
		msg = i18n.F("imported from the TOM file of %q (sanction %s)", strings.TrimSpace(c.f.Data.Name), id)
	}
	c.doc.Log = append(c.doc.Log, transfer.LogLine{At: at.UTC(), Message: msg})
	kept, err := c.origin()
	if err != nil {
		return Imported{}, err
	}
	c.doc.Origins = map[string]json.RawMessage{OriginKind: kept}
	return Imported{Document: c.doc, Notes: c.notes}, nil
}

// entries lists the group's players: those of its pods' subgroups and
// matches (every player, when the file has no pods or all pods become one
// event), in the file's order.
func (c *converter) entries() {
	in := map[string]bool{}
	for _, pod := range c.group.pods {
		for _, sg := range pod.Subgroups.Subgroup {
			for _, p := range sg.Players {
				in[p.UserID] = true
			}
		}
		for _, r := range pod.Rounds.Round {
			for _, m := range r.Matches.Match {
				for _, id := range m.UserIDs() {
					in[id] = true
				}
			}
		}
	}
	c.entryOf = map[string]int{}
	for _, p := range c.f.Players.Player {
		if !c.allPlayers && !in[p.UserID] {
			continue
		}
		c.doc.Players = append(c.doc.Players, transfer.Player{Name: p.Name(), MemberNo: p.UserID})
		en := transfer.Entry{Player: len(c.doc.Players), Status: event.EntryActive, CheckedIn: true, JoinedRound: 1}
		if after, dropped := p.DroppedAfter(); dropped {
			en.Status = event.EntryDropped
			en.DroppedAfter = after
		}
		if t, err := time.ParseInLocation(timestampLayout, p.CreationDate, c.loc); err == nil {
			en.RegisteredAt = t.UTC()
		}
		c.doc.Entries = append(c.doc.Entries, en)
		c.entryOf[p.UserID] = len(c.doc.Entries)
	}
}

// swissRounds gathers the group's Swiss rounds by number (pods' rounds of
// the same number together), noting the top cut it leaves out, and checks
// they run 1, 2, 3… without a gap.
func (c *converter) swissRounds() ([][]Round, error) {
	byNumber := map[int][]Round{}
	var cut []int
	for _, pod := range c.group.pods {
		for _, r := range pod.Rounds.Round {
			if r.TopCut() {
				cut = append(cut, r.No())
				continue
			}
			byNumber[r.No()] = append(byNumber[r.No()], r)
		}
	}
	numbers := make([]int, 0, len(byNumber))
	for n := range byNumber {
		numbers = append(numbers, n)
	}
	slices.Sort(numbers)
	var out [][]Round
	for i, n := range numbers {
		if n != i+1 {
			return nil, event.Invalidf("the %s Swiss rounds are numbered %s: round %d is missing, so the event's history has a gap", c.what(), joinInts(numbers), i+1)
		}
		out = append(out, byNumber[n])
	}
	if len(cut) > 0 {
		slices.Sort(cut)
		cut = slices.Compact(cut)
		c.notes = append(c.notes, fmt.Sprintf("%s: the top cut (round %s) is left out; Tablekeeper imports TOM's Swiss rounds", c.doc.Event.Name, joinInts(cut)))
	}
	return out, nil
}

func (c *converter) what() i18n.Text {
	if c.group.name != "" {
		return i18n.F("%s pod's", c.group.name)
	}
	return i18n.F("file's")
}

// round converts the matches of round n (of one pod, or of every pod) to
// a round's tables. Table numbers are kept; a match without one, or whose
// number another pod's match took, gets the next free number.
func (c *converter) round(n int, parts []Round) (transfer.Round, error) {
	tr := transfer.Round{Number: n, Stage: event.StageSwiss,
		Clock: transfer.Clock{DurationMs: int64(c.doc.Event.Settings.RoundMinutes) * int64(time.Minute/time.Millisecond)}}
	used := map[int]bool{}
	var unnumbered []int
	renumbered := 0
	for _, r := range parts {
		if t, err := time.ParseInLocation(timestampLayout, r.PairTime, c.loc); err == nil && (tr.PairedAt.IsZero() || t.Before(tr.PairedAt)) {
			tr.PairedAt = t.UTC()
		}
		if t, err := time.ParseInLocation(timestampLayout, r.StartTime, c.loc); err == nil && (tr.PublishedAt.IsZero() || t.Before(tr.PublishedAt)) {
			tr.PublishedAt = t.UTC()
		}
		for _, m := range r.Matches.Match {
			t := c.table(m)
			if !t.Bye {
				switch {
				case t.Number == 0:
					unnumbered = append(unnumbered, len(tr.Tables))
				case used[t.Number]:
					unnumbered = append(unnumbered, len(tr.Tables))
					renumbered++
				default:
					used[t.Number] = true
				}
			}
			tr.Tables = append(tr.Tables, t)
		}
	}
	next := 1
	for _, i := range unnumbered {
		for used[next] {
			next++
		}
		tr.Tables[i].Number = next
		used[next] = true
	}
	if renumbered > 0 {
		c.notes = append(c.notes, fmt.Sprintf("%s round %d: %d tables of different pods had the same number and were given free numbers", c.doc.Event.Name, n, renumbered))
	}
	if tr.PublishedAt.IsZero() {
		tr.PublishedAt = tr.PairedAt
	}
	if tr.PublishedAt.IsZero() {
		tr.PublishedAt = c.now.UTC()
	}
	if tr.PairedAt.IsZero() || tr.PairedAt.After(tr.PublishedAt) {
		tr.PairedAt = tr.PublishedAt
	}
	return tr, nil
}

// table converts one match: a bye scores as Tablekeeper scores its byes (a
// won game); a win is a 1–0 game, a tie one drawn game; an unreported
// match has no result yet.
func (c *converter) table(m Match) transfer.Table {
	var recorded time.Time
	if t, err := time.ParseInLocation(timestampLayout, m.Timestamp, c.loc); err == nil {
		recorded = t.UTC()
	}
	ids := m.UserIDs()
	if m.Result() == Bye {
		return transfer.Table{Bye: true, Seats: []int{c.entryOf[ids[0]]}, Why: i18n.F("bye (from the TOM file)"),
			Result: &transfer.Result{Seats: []transfer.SeatResult{{GamesWon: 1}}, RecordedAt: recorded}}
	}
	t := transfer.Table{Number: m.Table(), Seats: []int{c.entryOf[ids[0]], c.entryOf[ids[1]]}}
	res := &transfer.Result{Seats: make([]transfer.SeatResult, 2), RecordedAt: recorded}
	switch m.Result() {
	case Player1Won:
		res.Seats[0].GamesWon = 1
	case Player2Won:
		res.Seats[1].GamesWon = 1
	case Tie:
		res.GamesDrawn = 1
	default:
		res = nil
	}
	t.Result = res
	return t
}

// fixEntries makes each entry agree with the rounds: a player first seated
// in a later round joined then, and a player seated after the round their
// drop names dropped after the last round they played.
func (c *converter) fixEntries() {
	first := map[int]int{}
	last := map[int]int{}
	for _, r := range c.doc.Rounds {
		for _, t := range r.Tables {
			for _, s := range t.Seats {
				if first[s] == 0 {
					first[s] = r.Number
				}
				last[s] = r.Number
			}
		}
	}
	for i := range c.doc.Entries {
		en := &c.doc.Entries[i]
		switch f := first[i+1]; {
		case f > 1:
			en.JoinedRound = f
		case f == 0 && en.Status == event.EntryActive && len(c.doc.Rounds) > 0:
			// Registered, never seated: the next round is their first.
			en.JoinedRound = len(c.doc.Rounds) + 1
		}
		if en.Status == event.EntryDropped && last[i+1] > en.DroppedAfter {
			en.DroppedAfter = last[i+1]
		}
	}
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}
