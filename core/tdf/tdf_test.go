package tdf_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/tdf"
)

func readSample(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// parseSample parses testdata/name.
func parseSample(t *testing.T, name string) *tdf.File {
	t.Helper()
	f, err := tdf.Parse(bytes.NewReader(readSample(t, name)))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func samples(t *testing.T) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", "*.tdf"))
	if err != nil || len(names) < 3 {
		t.Fatalf("testdata holds %d .tdf files (%v)", len(names), err)
	}
	for i := range names {
		names[i] = filepath.Base(names[i])
	}
	return names
}

// Every file parses, writes, and parses back to the same thing; writing
// that again gives the same bytes; and what viewers read (every match with
// its outcome, players and table) is still there.
func TestParseAndRewriteKeepsWhatViewersRead(t *testing.T) {
	for _, name := range samples(t) {
		t.Run(name, func(t *testing.T) {
			raw := readSample(t, name)
			f, err := tdf.Parse(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			var once bytes.Buffer
			if err := tdf.Write(&once, f); err != nil {
				t.Fatal(err)
			}
			g, err := tdf.Parse(bytes.NewReader(once.Bytes()))
			if err != nil {
				t.Fatalf("the rewritten file does not parse: %v\n%s", err, once.String())
			}
			if !reflect.DeepEqual(f, g) {
				t.Fatalf("the rewritten file reads differently")
			}
			var twice bytes.Buffer
			if err := tdf.Write(&twice, g); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(once.Bytes(), twice.Bytes()) {
				t.Fatal("writing the file twice gives different bytes")
			}
			for _, tag := range []string{"<match ", "<player1 ", "<player2 ", "<tablenumber>", "<dropped>", "<round ", "<pod ", `outcome="3"`, `outcome="5"`, "<categorycut", "<blockedranges>"} {
				if a, b := bytes.Count(raw, []byte(tag)), bytes.Count(once.Bytes(), []byte(tag)); a != b {
					t.Errorf("%s: %d in the file, %d rewritten", tag, a, b)
				}
			}
			if !bytes.HasPrefix(once.Bytes(), []byte(`<?xml version="1.0" encoding="UTF-8"?>`+"\n<tournament ")) {
				t.Errorf("rewritten file starts %q", once.String()[:80])
			}
		})
	}
}

// A malformed file is refused with a sentence naming the element.
func TestMalformedFilesNameTheElement(t *testing.T) {
	base := string(readSample(t, "sample-league-challenge.tdf"))
	first := `<match outcome="1">`
	if !strings.Contains(base, first) {
		t.Fatal("the sample has no player-1 win to break")
	}
	cases := []struct {
		name, from, to, want string
	}{
		{"an unknown outcome", `<match outcome="`, `<match outcome="9" old="`, "outcome 9; TOM outcomes are 0 (not reported yet), 1 (player 1 won), 2 (player 2 won), 3 (tie) and 5 (bye)"},
		{"an outcome that is not a number", `<match outcome="`, `<match outcome="x" old="`, `has outcome "x"`},
		{"a bye naming two players", "<match outcome=\"5\">\n\t\t\t\t\t\t\t<player userid=", "<match outcome=\"5\">\n\t\t\t\t\t\t\t<player1 userid=\"5300001\"/><player2 userid=", "is a bye (outcome 5) but does not name one <player>"},
		{"a match naming one player", `<player2 userid=`, `<playerB userid=`, "does not name <player1> and <player2>"},
		{"a player the file does not list", `<player1 userid="`, `<player1 userid="99`, "<players> has no such player"},
		{"a round number that is not a number", `<round number="2"`, `<round number="two"`, `round 2 of the Masters pod has number "two"`},
		{"an unknown round type", `type="2" stage="5" >`, `type="7" stage="5" >`, `has type "7"; TOM round types are 1 (top cut), 2 and 3 (Swiss)`},
		{"a table number that is not a number", `<tablenumber>2</tablenumber>`, `<tablenumber>B</tablenumber>`, `has table number "B"`},
		{"a player without userid", `<player userid="5300002">`, `<player>`, "has no userid"},
		{"a drop round that is not a number", `<round>1</round>`, `<round>first</round>`, `has <dropped> with round "first"`},
		{"a pod category that is not a number", `<pod category="2"`, `<pod category="M"`, `pod 1 has category "M"`},
		{"a file cut short", `</tournament>`, ``, "not well-formed XML"},
		{"another program's XML", `<tournament `, `<event `, "not a TOM tournament file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(base, c.from) {
				t.Fatalf("the sample has no %q", c.from)
			}
			broken := strings.Replace(base, c.from, c.to, 1)
			if c.name == "another program's XML" {
				broken = strings.Replace(broken, "</tournament>", "</event>", 1)
			}
			_, err := tdf.Parse(strings.NewReader(broken))
			if err == nil {
				t.Fatal("the file was accepted")
			}
			if !errors.Is(err, event.ErrInvalid) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want it to say %q", err, c.want)
			}
		})
	}
	// A player seated twice in a round.
	f, err := tdf.Parse(strings.NewReader(base))
	if err != nil {
		t.Fatal(err)
	}
	ms := f.Pods.Pod[0].Rounds.Round[0].Matches.Match
	ms[len(ms)-1].Player1 = ms[0].Player2
	if ms[0].Player2 == nil {
		ms[len(ms)-1].Player1 = ms[1].Player2
	}
	if err := tdf.Write(&bytes.Buffer{}, f); err == nil || !strings.Contains(err.Error(), "a player plays once a round") {
		t.Fatalf("writing a round that seats a player twice: %v", err)
	}
	if _, err := tdf.Parse(strings.NewReader("")); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Fatalf("an empty file: %v", err)
	}
}

// expectedPoints is what the file's Swiss results give each player of a
// pod: 3 a win or a bye, 1 a tie; keyed by userid.
func expectedPoints(pods []tdf.Pod) map[string]int {
	pts := map[string]int{}
	for _, pod := range pods {
		for _, r := range pod.Rounds.Round {
			if r.TopCut() {
				continue
			}
			for _, m := range r.Matches.Match {
				ids := m.UserIDs()
				switch m.Result() {
				case tdf.Bye, tdf.Player1Won:
					pts[ids[0]] += 3
				case tdf.Player2Won:
					pts[ids[1]] += 3
				case tdf.Tie:
					pts[ids[0]]++
					pts[ids[1]]++
				}
			}
		}
	}
	return pts
}

// importFile imports a sample into a new database and returns each event
// with the pods it came from.
func importFile(t *testing.T, d *director.Director, name string, mode tdf.PodMode) (*tdf.File, []event.Event, []tdf.Imported) {
	t.Helper()
	f := parseSample(t, name)
	evs, ims := importDocuments(t, d, f, tdf.ImportOptions{Pods: mode, Now: time.Date(2026, 5, 9, 20, 0, 0, 0, time.UTC)})
	return f, evs, ims
}

// importDocuments turns a parsed file into documents with opt and imports
// each as the director does, returning the events and the documents.
func importDocuments(t *testing.T, d *director.Director, f *tdf.File, opt tdf.ImportOptions) ([]event.Event, []tdf.Imported) {
	t.Helper()
	ims, err := tdf.ToDocuments(f, opt)
	if err != nil {
		t.Fatal(err)
	}
	var evs []event.Event
	for _, im := range ims {
		e, err := d.Transfer.ImportEvent(context.Background(), im.Document)
		if err != nil {
			t.Fatalf("importing %s: %v", im.Document.Event.Name, err)
		}
		evs = append(evs, e)
	}
	return evs, ims
}

// Importing a file gives every player the points the file's results give,
// in either pod mode, and the pods become as many events as the organizer
// chose.
func TestImportedStandingsMatchTheFile(t *testing.T) {
	ctx := context.Background()
	for _, name := range samples(t) {
		for _, mode := range []tdf.PodMode{tdf.PodsSeparate, tdf.PodsOne} {
			t.Run(name+"/"+string(mode), func(t *testing.T) {
				d := newDirector(t)
				f, evs, ims := importFile(t, d, name, mode)
				want := len(f.Pods.Pod)
				if mode == tdf.PodsOne {
					want = 1
				}
				if len(evs) != want {
					t.Fatalf("%d events, want %d", len(evs), want)
				}
				memberOf := map[string]string{}
				for _, p := range f.Players.Player {
					memberOf[p.Name()] = p.UserID
				}
				pts := expectedPoints(f.Pods.Pod)
				seen := 0
				for i, e := range evs {
					st, err := d.Rounds.Standings(ctx, e.ID)
					if err != nil {
						t.Fatal(err)
					}
					if len(st) != len(ims[i].Document.Entries) {
						t.Errorf("%s: %d standings for %d entries", e.Name, len(st), len(ims[i].Document.Entries))
					}
					for _, s := range st {
						id := memberOf[s.Name]
						if s.Points != pts[id] {
							t.Errorf("%s: %s (%s) has %d points, the file gives %d", e.Name, s.Name, id, s.Points, pts[id])
						}
						seen++
					}
				}
				if seen != len(f.Players.Player) {
					t.Errorf("%d players in the standings, %d in the file", seen, len(f.Players.Player))
				}
			})
		}
	}
}

// After an import Tablekeeper pairs the next round: no one twice, no
// dropped player, no rematch where the file's rounds leave a choice.
func TestPairNextRoundAfterImport(t *testing.T) {
	ctx := context.Background()
	d := newDirector(t)
	f, evs, _ := importFile(t, d, "sample-league-challenge.tdf", tdf.PodsSeparate)
	e := evs[0]
	r, err := d.Rounds.PairNextRound(ctx, e.ID)
	if err != nil {
		t.Fatalf("pairing after the import: %v", err)
	}
	if r.Number != len(f.Pods.Pod[0].Rounds.Round)+1 {
		t.Fatalf("paired round %d", r.Number)
	}
	entries, err := d.Registration.Entries(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	status := map[event.EntryID]event.EntryStatus{}
	for _, en := range entries {
		status[en.ID] = en.Status
	}
	seated := map[event.EntryID]bool{}
	for _, tb := range r.Tables {
		for _, s := range tb.Seats {
			if seated[s.EntryID] || status[s.EntryID] != event.EntryActive {
				t.Fatalf("entry %d seated twice or while dropped", s.EntryID)
			}
			seated[s.EntryID] = true
		}
	}
	active := 0
	for _, en := range entries {
		if en.Active() {
			active++
		}
	}
	if len(seated) != active || active != 8 {
		t.Fatalf("%d seated of %d active (the file has 9 players, one dropped)", len(seated), active)
	}

	// A file whose last round still waits for results: the next round waits too.
	_, evs, _ = importFile(t, d, "sample-in-progress.tdf", tdf.PodsSeparate)
	if _, err := d.Rounds.PairNextRound(ctx, evs[0].ID); !errors.Is(err, event.ErrState) {
		t.Fatalf("pairing over a round without its results: %v", err)
	}
}

// The pod choice: a bad one is refused with a sentence; the top cut left
// out is said.
func TestImportNotesAndChoices(t *testing.T) {
	f := parseSample(t, "sample-cup-two-pods.tdf")
	if _, err := tdf.ToDocuments(f, tdf.ImportOptions{Pods: "both"}); err == nil || !strings.Contains(err.Error(), "choose separate") {
		t.Fatalf("pods both: %v", err)
	}
	ims, err := tdf.ToDocuments(f, tdf.ImportOptions{Pods: tdf.PodsSeparate})
	if err != nil {
		t.Fatal(err)
	}
	if len(ims) != 2 || !strings.HasSuffix(ims[1].Document.Event.Name, "— Masters") || len(ims[1].Notes) != 1 || !strings.Contains(ims[1].Notes[0], "top cut (round 5, 6)") {
		t.Fatalf("imports %q notes %q", ims[1].Document.Event.Name, ims[1].Notes)
	}
	if got := len(ims[1].Document.Rounds); got != 4 {
		t.Fatalf("the Masters event has %d rounds, want its 4 Swiss rounds", got)
	}
}

// With separate pods, a player of the file who is in no age division's
// rounds is named in a note instead of vanishing; one event enters them.
func TestSeparatePodsNameThePlayersInNoPod(t *testing.T) {
	f := parseSample(t, "sample-cup-two-pods.tdf")
	f.Players.Player = append(f.Players.Player, tdf.Player{UserID: "9999999", FirstName: "Late", LastName: "Arrival"})
	ims, err := tdf.ToDocuments(f, tdf.ImportOptions{Pods: tdf.PodsSeparate})
	if err != nil {
		t.Fatal(err)
	}
	if notes := strings.Join(ims[0].Notes, " | "); !strings.Contains(notes, "1 player(s) of the file are in no age division's rounds and were left out: Late Arrival") {
		t.Errorf("notes %q", notes)
	}
	one, err := tdf.ToDocuments(f, tdf.ImportOptions{Pods: tdf.PodsOne})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range one[0].Notes {
		if strings.Contains(n, "left out: Late") {
			t.Errorf("one event still leaves a player out: %q", n)
		}
	}
}
