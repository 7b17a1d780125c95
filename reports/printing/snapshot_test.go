package printing

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/storage"
	"tablekeeper/internal/testdb"
)

// countingStore counts the transactions the director opens.
type countingStore struct {
	storage.Store
	reads, writes atomic.Int64
}

func (c *countingStore) Read(ctx context.Context, fn func(storage.Tx) error) error {
	c.reads.Add(1)
	return c.Store.Read(ctx, fn)
}

func (c *countingStore) Write(ctx context.Context, fn func(storage.Tx) error) error {
	c.writes.Add(1)
	return c.Store.Write(ctx, fn)
}

// snapshotEvent is an eight-player Swiss of game/format with round 1
// played and round 2 paired as a draft, on a director whose transactions
// are counted.
func snapshotEvent(t *testing.T, format string) (*director.Director, *countingStore, event.EventID, event.Round) {
	t.Helper()
	needPdftotext(t)
	ctx := t.Context()
	cs := &countingStore{Store: testdb.Open(t)}
	d := testdb.Director(cs, func() time.Time { return pdfTime }, 1, 2)
	players := 8
	if format == "single-elimination" {
		players = 4
	}
	e := newEvent(ctx, t, d, "Friday Night", format, numbered(players)...)
	recordAll(ctx, t, d, e.ID, pairPublished(ctx, t, d, e.ID), event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 0}}})
	r2, err := d.Rounds.PairNextRound(ctx, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	return d, cs, e.ID, r2
}

// writeText writes report key (of the latest round) and returns its text:
// a CSV as it is, a PDF through pdftotext; and the line Write returned.
func writeText(t *testing.T, d *director.Director, id event.EventID, key string) (text, summary string) {
	t.Helper()
	var buf bytes.Buffer
	summary, err := Printer{D: ServicesOf(d)}.Write(t.Context(), key, id, 0, "A4", &buf)
	if err != nil {
		t.Fatalf("%s: %v", key, err)
	}
	if strings.HasSuffix(key, "csv") {
		return buf.String(), summary
	}
	return pdfText(t, &buf), summary
}

// With round 2 a draft, every report counts round 1 only and says so: the
// results CSV has no round 2 rows, the summary one round played and its
// top "after round 1"; a round's sheets of the draft say it is one. Once
// round 2 is published with one result in, the summary's top says the
// round is in progress and the sheets no longer say draft.
func TestReportsCountOnlyPublishedRoundsAndSaySo(t *testing.T) {
	ctx := t.Context()
	d, _, id, r2 := snapshotEvent(t, "swiss")
	results, _ := writeText(t, d, id, "results-csv")
	if regexp.MustCompile(`(?m)^2,`).MatchString(results) || !regexp.MustCompile(`(?m)^1,`).MatchString(results) {
		t.Errorf("the results CSV with round 2 a draft:\n%s", results)
	}
	summary, _ := writeText(t, d, id, "summary")
	if !strings.Contains(summary, "Top 8 after round 1") || !regexp.MustCompile(`\s1\n.*\sround played\n`).MatchString(summary) {
		t.Errorf("the summary with round 2 a draft does not say 1 round played and the top 8 after round 1:\n%s", summary)
	}
	for key, title := range map[string]string{
		"pairings":         "Round 2 pairings (draft, not published)",
		"pairings-by-name": "Round 2 pairings (draft, not published)",
		"slips":            "Round 2 (draft, not published)",
	} {
		if text, _ := writeText(t, d, id, key); !strings.Contains(text, title) {
			t.Errorf("%s of the draft round 2 does not say %q:\n%s", key, title, text)
		}
	}
	if seating, _ := writeText(t, d, id, "seatings"); !strings.Contains(seating, "Round 1 seating") || strings.Contains(seating, "draft") {
		t.Errorf("the published round 1's seating:\n%s", seating)
	}

	if err := d.Drafts.PublishRound(ctx, id, 2); err != nil {
		t.Fatal(err)
	}
	if err := d.Rounds.RecordResult(ctx, id, 2, r2.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
		t.Fatal(err)
	}
	if summary, _ := writeText(t, d, id, "summary"); !strings.Contains(summary, "Top 8 — round 2 in progress: 1 of 4 results") ||
		!regexp.MustCompile(`\s1\n.*\sround played\n`).MatchString(summary) {
		t.Errorf("the summary with round 2 in progress:\n%s", summary)
	}
	if results, _ := writeText(t, d, id, "results-csv"); strings.Count(results, "\n2,") != 4 {
		t.Errorf("the results CSV with round 2 published does not list its 4 tables:\n%s", results)
	}
	for _, key := range []string{"pairings", "pairings-by-name", "slips"} {
		if text, _ := writeText(t, d, id, key); strings.Contains(text, "draft") || !strings.Contains(text, "Round 2") {
			t.Errorf("%s of the published round 2:\n%s", key, text)
		}
	}
	if err := d.Events.FinishEvent(ctx, id); err == nil {
		if summary, _ := writeText(t, d, id, "summary"); !strings.Contains(summary, "Final top 8") {
			t.Errorf("the summary of the finished event:\n%s", summary)
		}
	}
}

// The bracket prints the published elimination rounds only: with the
// final a draft, one round.
func TestTheBracketLeavesADraftRoundOut(t *testing.T) {
	d, _, id, _ := snapshotEvent(t, "single-elimination")
	if _, said := writeText(t, d, id, "bracket"); !strings.Contains(said, "1 round paired") {
		t.Errorf("the bracket with the final a draft: %q", said)
	}
	if err := d.Drafts.PublishRound(t.Context(), id, 2); err != nil {
		t.Fatal(err)
	}
	if _, said := writeText(t, d, id, "bracket"); !strings.Contains(said, "2 rounds paired") {
		t.Errorf("the bracket with the final published: %q", said)
	}
}

// Every report is built from one snapshot: one read transaction, however
// many questions its builder asks, and no write.
func TestEveryReportReadsOneSnapshot(t *testing.T) {
	ctx := t.Context()
	d, cs, id, _ := snapshotEvent(t, "swiss")
	if err := d.Drafts.PublishRound(ctx, id, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Decks.SaveDeck(ctx, 1, "Deck", "4 Card"); err != nil {
		t.Fatal(err)
	}
	for _, key := range Keys() {
		if key == "tdf" {
			continue
		}
		reads, writes := cs.reads.Load(), cs.writes.Load()
		var buf bytes.Buffer
		_, err := Printer{D: ServicesOf(d)}.Write(ctx, key, id, 0, "A4", &buf)
		// A Swiss has no bracket to print: the refusal is read in the
		// same one transaction.
		if err != nil && (key != "bracket" || !strings.Contains(err.Error(), "not on a bracket chart")) {
			t.Errorf("%s: %v", key, err)
		}
		// The player slips draw the codes not drawn yet, in one write
		// before their snapshot.
		wantW := int64(0)
		if key == PlayerSlipsKey {
			wantW = 1
		}
		if r, w := cs.reads.Load()-reads, cs.writes.Load()-writes; r != 1 || w != wantW {
			t.Errorf("%s: %d read and %d write transactions, want 1 and %d", key, r, w, wantW)
		}
	}
}

// results-csv with a round (export --round N) holds that round's tables
// only; a draft round (no results yet) and a round that is not there are
// refused with a sentence, not answered with the whole event.
func TestTheResultsCSVOfOneRound(t *testing.T) {
	ctx := t.Context()
	d, _, id, r2 := snapshotEvent(t, "swiss")
	write := func(round int) (string, error) {
		var buf bytes.Buffer
		_, err := Printer{D: ServicesOf(d)}.Write(ctx, "results-csv", id, round, "A4", &buf)
		return buf.String(), err
	}
	if _, err := write(2); !errors.Is(err, event.ErrState) || !strings.Contains(err.Error(), "Round 2 is a draft") {
		t.Errorf("round 2, a draft: %v", err)
	}
	if _, err := write(9); !errors.Is(err, event.ErrNotFound) {
		t.Errorf("round 9: %v", err)
	}
	if err := d.Drafts.PublishRound(ctx, id, 2); err != nil {
		t.Fatal(err)
	}
	if err := d.Rounds.RecordResult(ctx, id, 2, r2.Tables[0].Number, event.Result{Seats: []event.SeatResult{{GamesWon: 2}, {GamesWon: 1}}}); err != nil {
		t.Fatal(err)
	}
	for round, want := range map[int]string{1: "1,", 2: "2,"} {
		csv, err := write(round)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		lines := strings.Split(strings.TrimSpace(csv), "\n")[1:]
		if len(lines) != 4 {
			t.Errorf("round %d: %d rows, want its 4 tables:\n%s", round, len(lines), csv)
		}
		for _, l := range lines {
			if !strings.HasPrefix(l, want) {
				t.Errorf("round %d holds the row %q", round, l)
			}
		}
	}
	if all, err := write(0); err != nil || strings.Count(all, "\n") != 9 {
		t.Errorf("every round: %v\n%s", err, all)
	}
}
