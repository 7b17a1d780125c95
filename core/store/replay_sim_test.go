package store_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/sim"
	"tablekeeper/core/storage"
	"tablekeeper/core/store"
	"tablekeeper/core/transfer"
	"tablekeeper/internal/testdb"
)

// replicated is a storage.Store that does with two databases what a
// cluster does with its laptops (M2's cluster.Store, without raft): each
// write is captured on a (nothing written), sent through the unit's
// encoding, and applied at the next index on a and on b, a copy of a's
// starting file. After each unit it checks that the rows a's statements
// changed are the rows the capture holds, and, every checkEvery units,
// that the two databases export every event byte for byte the same.
type replicated struct {
	t          *testing.T
	a, b       *store.DB
	da, db     *director.Director // readers of a and b, for the exports
	index      uint64
	checkEvery int
	stmts      int
	bytes      int
	exports    int
}

var _ storage.Store = (*replicated)(nil)

func (r *replicated) Read(ctx context.Context, fn func(storage.Tx) error) error {
	return r.a.Read(ctx, fn)
}

func (r *replicated) Write(ctx context.Context, fn func(storage.Tx) error) error {
	if storage.RequestOf(ctx) == "" {
		// Each write answers a request, as the desk's will (M2).
		ctx = storage.WithRequest(ctx, fmt.Sprintf("request-%d", r.index+1))
	}
	// What the transaction would have committed, to compare with what
	// its replay commits: a write around the capture is missing there.
	var want []string
	u, err := r.a.Capture(ctx, func(tx storage.Tx) error {
		if err := fn(tx); err != nil {
			return err
		}
		var err error
		want, err = store.DumpTx(tx)
		return err
	})
	if err != nil {
		return err
	}
	data := storage.EncodeUnit(u)
	r.bytes += len(data)
	r.stmts += len(u.Stmts)
	u, err = storage.DecodeUnit(data)
	if err != nil {
		return err
	}
	r.index++
	if _, err := r.a.ApplyUnit(ctx, r.index, 1, u); err != nil {
		return err
	}
	if got := store.DumpDB(r.t, r.a); !slices.Equal(got, want) {
		r.t.Fatalf("unit %d: the replay committed %d rows, the transaction held %d: a write went around the capture\n%s",
			r.index, len(got), len(want), firstDiff([]byte(strings.Join(got, "\n")), []byte(strings.Join(want, "\n"))))
	}
	if _, err := r.b.ApplyUnit(context.Background(), r.index, 1, u); err != nil {
		return err
	}
	if int(r.index)%r.checkEvery == 0 {
		r.sameExports()
	}
	return nil
}

// sameExports checks that a and b export every event the same, byte for
// byte.
func (r *replicated) sameExports() {
	r.t.Helper()
	ctx := context.Background()
	var ids []event.EventID
	must(r.t, r.a.Read(ctx, func(tx storage.Tx) error {
		events, err := tx.Events()
		for _, e := range events {
			ids = append(ids, e.ID)
		}
		return err
	}))
	for _, id := range ids {
		x, y := exportOf(r.t, r.da, id), exportOf(r.t, r.db, id)
		if !bytes.Equal(x, y) {
			r.t.Fatalf("after unit %d, event %d exports differently:\n%s", r.index, id, firstDiff(x, y))
		}
		// The cluster's bookkeeping is the laptop's, not the event's.
		if bytes.Contains(x, []byte("request-")) {
			r.t.Fatalf("event %d's file holds a request id", id)
		}
		r.exports++
	}
}

func exportOf(t *testing.T, d *director.Director, id event.EventID) []byte {
	t.Helper()
	doc, err := d.Transfer.ExportEvent(context.Background(), id)
	must(t, err)
	var b bytes.Buffer
	must(t, transfer.Encode(&b, doc))
	return b.Bytes()
}

func firstDiff(x, y []byte) string {
	xs, ys := bytes.Split(x, []byte("\n")), bytes.Split(y, []byte("\n"))
	for i := range min(len(xs), len(ys)) {
		if !bytes.Equal(xs[i], ys[i]) {
			return fmt.Sprintf("line %d:\n%s\n%s", i+1, xs[i], ys[i])
		}
	}
	return fmt.Sprintf("%d lines and %d", len(xs), len(ys))
}

// Events played through a director on a store that captures every write
// on one database and applies it, unit by unit, on it and on a copy of
// its starting file: Swiss with drops and a top 8, a double elimination,
// multiplayer tables, a booster draft, decks, judges and the judge log,
// table-code reports (one over a result on record, resolved), players
// confirming their results from their phones, a player's own sign-in and
// drop request. After every unit (every tenth with -short) both
// databases export every event byte for byte the same, and at the end
// every row of every table is the same.
func TestEventsReplayedOnACopyExportTheSame(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	a, err := store.Open(filepath.Join(dir, "a.db"))
	must(t, err)
	defer a.Close()
	must(t, a.Backup(ctx, filepath.Join(dir, "b.db")))
	b, err := store.Open(filepath.Join(dir, "b.db"))
	must(t, err)
	defer b.Close()

	now := testdb.Stepping(time.Date(2026, 12, 5, 18, 0, 0, 0, time.UTC))
	r := &replicated{t: t, a: a, b: b, checkEvery: 1, da: testdb.Director(a, now, 0, 0), db: testdb.Director(b, now, 0, 0)}
	if testing.Short() {
		r.checkEvery = 10
	}
	d := director.New(r, now, sim.Source(29))
	d.SetCodeSource(rand.NewChaCha8([32]byte{29}))
	heard := 0
	defer d.Subscribe(func(director.Change) { heard++ })()

	s := sim.New(d, io.Discard, 29)
	enriched := map[event.EventID]bool{}
	s.Watch = func(ctx context.Context, id event.EventID) error {
		// Once round 1 is paired: decks, judges and their log.
		if !enriched[id] {
			enriched[id] = true
			enrich(t, d, id)
		}
		return nil
	}
	for _, p := range []sim.Plan{
		{Game: "generic", Format: "swiss-top8", Players: 16},
		{Game: "generic", Format: "double-elimination", Players: 7},
		{Game: "altered", Format: "free-for-all", Players: 9},
		{Game: "altered", Format: "booster-draft", Players: 9, OpenRound: true},
	} {
		if _, err := s.Play(ctx, p); err != nil {
			t.Fatalf("%s/%s: %v", p.Game, p.Format, err)
		}
	}
	phones(t, d)

	r.sameExports()
	rowsA, rowsB := store.DumpRows(t, a), store.DumpRows(t, b)
	if !slices.Equal(rowsA, rowsB) {
		for i := range min(len(rowsA), len(rowsB)) {
			if rowsA[i] != rowsB[i] {
				t.Fatalf("the databases differ from row %d:\n%s\n%s", i, rowsA[i], rowsB[i])
			}
		}
		t.Fatalf("%d rows and %d", len(rowsA), len(rowsB))
	}
	if idx, _, err := b.AppliedIndex(ctx); err != nil || idx != r.index {
		t.Errorf("the copy applied %d units (%v), the leader %d", idx, err, r.index)
	}
	if s, err := b.Check(ctx); err != nil || !s.OK() {
		t.Errorf("the copy's check: %v %q", err, s.Problems)
	}
	requests := 0
	for _, row := range rowsB {
		if strings.HasPrefix(row, "cluster_requests ") {
			requests++
		}
	}
	if requests != int(r.index) {
		t.Errorf("%d requests recorded for %d units", requests, r.index)
	}
	t.Logf("%d units, %d statements, %d bytes encoded (%d a unit), %d rows, %d exports compared, %d changes heard",
		r.index, r.stmts, r.bytes, r.bytes/int(r.index), len(rowsA), r.exports, heard)
	if r.index < 250 || heard < int(r.index)/2 {
		t.Errorf("%d units, %d changes heard: the test played less than it should", r.index, heard)
	}
}

// enrich gives event id decks, judges and judge log lines (one correcting
// another) through the director.
func enrich(t *testing.T, d *director.Director, id event.EventID) {
	t.Helper()
	ctx := context.Background()
	entries, err := d.Registration.Entries(ctx, id)
	must(t, err)
	for i, en := range entries[:2] {
		if _, err := d.Decks.SaveDeck(ctx, en.ID, fmt.Sprintf("Zoë's deck %d", i), "3 Card One\n3 Card Two\n"); err != nil {
			t.Fatalf("deck: %v", err)
		}
	}
	head, err := d.Judging.AddJudge(ctx, id, director.NewJudge{Name: "Hedda Head", Role: event.RoleHeadJudge, Order: 1})
	must(t, err)
	warn, err := d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: id, Round: 1, Table: 1, JudgeID: head.ID,
		EntryID: entries[0].ID, Kind: event.LogPenalty, Infraction: "Slow play", Penalty: "formal warning", Description: "took «long»"})
	must(t, err)
	_, err = d.Judging.LogJudgeEntry(ctx, event.JudgeLogEntry{EventID: id, Round: 1, Table: 1, JudgeID: head.ID,
		EntryID: entries[0].ID, Kind: event.LogRuling, Description: "withdrawn", Corrects: warn.ID})
	must(t, err)
}

// phones plays a round reported from phones: table codes, a report over a
// result on record resolved by the desk, players confirming their own
// results (agreeing, disagreeing, one alone), a player signed in on her
// phone asking to drop, and the desk accepting.
func phones(t *testing.T, d *director.Director) {
	t.Helper()
	ctx := context.Background()
	e, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Phones", Game: "generic", Format: "swiss"})
	must(t, err)
	var entries []event.Entry
	for i := range 10 {
		en, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: fmt.Sprintf("Phone Player %d", i)})
		must(t, err)
		must(t, d.Registration.CheckIn(ctx, en.ID, true))
		entries = append(entries, en)
	}
	round, err := d.Rounds.PairNextRound(ctx, e.ID)
	must(t, err)
	must(t, d.Drafts.PublishRound(ctx, e.ID, round.Number))
	codes, err := d.Network.TableCodes(ctx, e.ID, round.Number)
	must(t, err)
	for _, tb := range round.Tables[:3] {
		if _, err := d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: 1, Table: tb.Number, Code: codes[tb.Number], Result: "2-1", Device: "phone-a"}); err != nil {
			t.Fatalf("report: %v", err)
		}
	}
	// Another result over the one on record waits for the desk.
	tb := round.Tables[0]
	if _, err := d.Network.ReportByCode(ctx, director.TableReport{Event: e.ID, Round: 1, Table: tb.Number, Code: codes[tb.Number], Result: "0-2", Device: "phone-b"}); err == nil {
		t.Fatal("a second result over the one on record was taken")
	}
	open, err := d.Network.PhoneReports(ctx, e.ID)
	must(t, err)
	if len(open) == 0 {
		t.Fatal("the second report does not wait for the desk")
	}
	for _, rep := range open {
		must(t, d.Network.ResolveReport(ctx, e.ID, rep.ID, true))
	}

	// Another event, whose players confirm their own results.
	c, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Confirmed", Game: "generic", Format: "swiss"})
	must(t, err)
	set := c.Settings
	set.PlayersConfirmResults = true
	must(t, d.Events.UpdateSettings(ctx, c.ID, set))
	for i := range 8 {
		en, err := d.Registration.RegisterNew(ctx, c.ID, director.NewPlayer{Name: fmt.Sprintf("Confirming Player %d", i)})
		must(t, err)
		must(t, d.Registration.CheckIn(ctx, en.ID, true))
	}
	two, err := d.Rounds.PairNextRound(ctx, c.ID)
	must(t, err)
	must(t, d.Drafts.PublishRound(ctx, c.ID, two.Number))
	for i, tb := range two.Tables {
		if tb.Bye || i > 2 {
			continue
		}
		first, second := "2-0", "2-0"
		if i == 1 {
			second = "0-2" // they disagree
		}
		report := func(seat int, res string) {
			_, err := d.Confirmations.ReportAsPlayer(ctx, director.PlayerResult{Event: c.ID, Entry: tb.Seats[seat].EntryID, Round: two.Number, Result: res, Device: fmt.Sprintf("phone-%d", seat)})
			if err != nil {
				t.Fatalf("table %d seat %d: %v", tb.Number, seat, err)
			}
		}
		report(0, first)
		if i < 2 {
			report(1, second)
		}
	}

	// A player signs in on her phone and asks to drop; the desk accepts.
	who := entries[9]
	code, err := d.Phones.PlayerCode(ctx, who.ID)
	must(t, err)
	if _, err := d.Phones.SignInPlayer(ctx, director.PlayerSignInTry{Event: e.ID, Entry: who.ID, Code: code,
		Device: "phone-9", Address: "192.0.2.9", Token: "token-of-phone-9-0123456789abcdef", TTL: time.Hour}); err != nil {
		t.Fatalf("sign-in: %v", err)
	}
	ps, ok, err := d.Phones.PlayerSessionOf(ctx, e.ID, "token-of-phone-9-0123456789abcdef", "192.0.2.9")
	if err != nil || !ok {
		t.Fatalf("session: %v %v", ok, err)
	}
	req, err := d.Drops.RequestDrop(ctx, ps)
	must(t, err)
	must(t, d.Drops.AcceptDrop(ctx, e.ID, req.ID))
	must(t, d.Registration.Drop(ctx, entries[8].ID))
}
