package director

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/rules"
	"tablekeeper/core/transfer"
)

// ExportEvent reads everything about an event, in one read transaction, as
// an event file's document (core/transfer): the event and its settings,
// players and entries, teams, decks with their check, rounds with clocks,
// tables and results, judges and the judge log, draft pods, the league and
// week, and the activity log. The document holds no database IDs, so the
// same event exported from any database is the same document.
func (d *Transfer) ExportEvent(ctx context.Context, id event.EventID) (transfer.Document, error) {
	var doc transfer.Document
	err := d.store.Read(ctx, func(tx Tx) error {
		x := exporter{tx: tx}
		var err error
		doc, err = x.document(id)
		return err
	})
	return doc, err
}

// exporter builds a document, keeping the position of every row it has
// written so later rows can refer to it.
type exporter struct {
	tx      Tx
	doc     transfer.Document
	player  map[event.PlayerID]int
	entry   map[event.EntryID]int
	team    map[event.TeamID]int
	judge   map[event.JudgeID]int
	logLine map[event.JudgeLogID]int
}

// utc is a saved time as the document writes it: UTC, milliseconds, zero
// left zero.
func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC().Truncate(time.Millisecond)
}

func (x *exporter) document(id event.EventID) (transfer.Document, error) {
	e, err := x.tx.Event(id)
	if err != nil {
		return transfer.Document{}, err
	}
	x.doc = transfer.Document{
		Format: transfer.FormatName, Version: transfer.Version,
		Event: transfer.Event{Name: e.Name, Game: e.Game, Format: e.Format, Date: e.Date.UTC().Format(transfer.DateLayout),
			State: e.State, Settings: e.Settings, CreatedAt: utc(e.CreatedAt)},
		Players: []transfer.Player{}, Entries: []transfer.Entry{},
	}
	steps := []func(event.Event) error{x.entries, x.decks, x.rounds, x.judges, x.draft, x.league, x.log, x.origins}
	for _, step := range steps {
		if err := step(e); err != nil {
			return transfer.Document{}, err
		}
	}
	return x.doc, nil
}

// origins copies what the file the event was imported from held that the
// event does not (a TOM file's sanction number, pods, birth dates), so an
// export in that format, or to another database, keeps it.
func (x *exporter) origins(e event.Event) error {
	kept, err := x.tx.Origins(e.ID)
	if err != nil || len(kept) == 0 {
		return err
	}
	x.doc.Origins = map[string]json.RawMessage{}
	for kind, data := range kept {
		x.doc.Origins[kind] = json.RawMessage(data)
	}
	return nil
}

// addPlayer writes a directory player once and returns its position.
func (x *exporter) addPlayer(id event.PlayerID) (int, error) {
	if i, ok := x.player[id]; ok {
		return i, nil
	}
	p, err := x.tx.Player(id)
	if err != nil {
		return 0, err
	}
	x.doc.Players = append(x.doc.Players, transfer.Player{Name: p.Name, MemberNo: p.MemberNo, Email: p.Email})
	x.player[id] = len(x.doc.Players)
	return x.player[id], nil
}

func (x *exporter) entries(e event.Event) error {
	teams, err := x.tx.Teams(e.ID)
	if err != nil {
		return err
	}
	x.team = make(map[event.TeamID]int, len(teams))
	for i, tm := range teams {
		x.doc.Teams = append(x.doc.Teams, transfer.Team{Name: tm.Name})
		x.team[tm.ID] = i + 1
	}
	entries, err := x.tx.Entries(e.ID)
	if err != nil {
		return err
	}
	x.player = make(map[event.PlayerID]int, len(entries))
	x.entry = make(map[event.EntryID]int, len(entries))
	for _, en := range entries {
		p, err := x.addPlayer(en.PlayerID)
		if err != nil {
			return err
		}
		x.doc.Entries = append(x.doc.Entries, transfer.Entry{
			Player: p, Status: en.Status, CheckedIn: en.CheckedIn, Seed: en.Seed, FixedTable: en.FixedTable,
			JoinedRound: en.JoinedRound, DroppedAfter: en.DroppedAfter, Namesake: en.Namesake,
			Team: x.team[en.TeamID], RegisteredAt: utc(en.RegisteredAt),
		})
		x.entry[en.ID] = len(x.doc.Entries)
	}
	return nil
}

func (x *exporter) decks(e event.Event) error {
	decks, err := x.tx.Decks(e.ID)
	if err != nil {
		return err
	}
	for _, dk := range decks {
		_, rep, err := checkDeck(x.tx, e, dk.List)
		if err != nil {
			return err
		}
		td := transfer.Deck{Entry: x.entry[dk.EntryID], Name: dk.Name, List: dk.List,
			LockedAt: utc(dk.LockedAt), UpdatedAt: utc(dk.UpdatedAt), Legal: rep.Legal()}
		for _, p := range rep.Problems {
			td.Problems = append(td.Problems, p.Message)
		}
		x.doc.Decks = append(x.doc.Decks, td)
	}
	return nil
}

func (x *exporter) rounds(e event.Event) error {
	rounds, err := x.tx.Rounds(e.ID)
	if err != nil {
		return err
	}
	for _, r := range rounds {
		announced, err := x.tx.Announced(r.ID)
		if err != nil {
			return err
		}
		c := r.Clock
		tr := transfer.Round{Number: r.Number, Stage: r.Stage, Name: r.Name, BestOf: r.BestOf, Seed: r.Seed,
			PairedAt: utc(r.PairedAt), PublishedAt: utc(r.PublishedAt), Announced: announced,
			Clock: transfer.Clock{DurationMs: c.Duration.Milliseconds(), StartedAt: utc(c.StartedAt), PausedAt: utc(c.PausedAt),
				PausedMs: c.Paused.Milliseconds(), AddedMs: c.Added.Milliseconds()},
			Tables: make([]transfer.Table, 0, len(r.Tables)),
		}
		codes, err := x.tx.TableCodes(e.ID, r.Number)
		if err != nil {
			return err
		}
		for _, t := range r.Tables {
			tt := transfer.Table{Number: t.Number, Bye: t.Bye, Why: t.Why, ExtensionMs: t.Extension.Milliseconds(),
				Code: codes[t.Number], Seats: make([]int, len(t.Seats))}
			if t.Bye {
				tt.Code = ""
			}
			for i, s := range t.Seats {
				tt.Seats[i] = x.entry[s.EntryID]
			}
			if res := t.Result; res != nil {
				tt.Result = &transfer.Result{GamesDrawn: res.GamesDrawn, TimeOut: res.TimeOut, RecordedAt: utc(res.RecordedAt),
					ByPlayers: res.ByPlayers, Seats: make([]transfer.SeatResult, len(res.Seats))}
				for i, s := range res.Seats {
					tt.Result.Seats[i] = transfer.SeatResult{GamesWon: s.GamesWon, Points: s.Points, Place: s.Place, Games: s.Games}
				}
			}
			tr.Tables = append(tr.Tables, tt)
		}
		x.doc.Rounds = append(x.doc.Rounds, tr)
	}
	return nil
}

func (x *exporter) judges(e event.Event) error {
	judges, err := x.tx.Judges(e.ID)
	if err != nil {
		return err
	}
	x.judge = make(map[event.JudgeID]int, len(judges))
	for _, j := range judges {
		tj := transfer.Judge{Name: j.Name, Role: j.Role, Order: j.Order}
		if j.PlayerID != 0 {
			if tj.Player, err = x.addPlayer(j.PlayerID); err != nil {
				return err
			}
		}
		x.doc.Judges = append(x.doc.Judges, tj)
		x.judge[j.ID] = len(x.doc.Judges)
	}
	log, err := x.tx.JudgeLog(e.ID)
	if err != nil {
		return err
	}
	x.logLine = make(map[event.JudgeLogID]int, len(log))
	for _, l := range log {
		x.doc.JudgeLog = append(x.doc.JudgeLog, transfer.JudgeLogEntry{
			At: utc(l.At), Round: l.Round, Table: l.Table, Kind: l.Kind,
			Judge: x.judge[l.JudgeID], Entry: x.entry[l.EntryID], Corrects: x.logLine[l.Corrects],
			Infraction: l.Infraction, Penalty: l.Penalty, Description: l.Description,
			ExtensionMs: l.Extension.Milliseconds(), Points: l.Points, Outcome: l.Outcome, Source: l.Source,
		})
		x.logLine[l.ID] = len(x.doc.JudgeLog)
	}
	return nil
}

func (x *exporter) draft(e event.Event) error {
	s, err := x.tx.DraftSeating(e.ID)
	if errors.Is(err, event.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	dr := &transfer.Draft{Seed: s.Seed, DrawnAt: utc(s.DrawnAt), Passes: s.Passes, Pods: make([][]int, len(s.Pods))}
	for i, p := range s.Pods {
		dr.Pods[i] = make([]int, len(p.Seats))
		for j, en := range p.Seats {
			dr.Pods[i][j] = x.entry[en]
		}
	}
	x.doc.Draft = dr
	return nil
}

func (x *exporter) league(e event.Event) error {
	le, err := x.tx.EventLeague(e.ID)
	if errors.Is(err, event.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	l, err := x.tx.League(le.LeagueID)
	if err != nil {
		return err
	}
	x.doc.League = &transfer.League{Name: l.Name, Kind: l.Kind, Finals: l.Finals, TieSeed: l.TieSeed,
		CreatedAt: utc(l.CreatedAt), Week: le.Week}
	return nil
}

func (x *exporter) log(e event.Event) error {
	lines, err := x.tx.Log(e.ID)
	if err != nil {
		return err
	}
	for _, l := range lines {
		x.doc.Log = append(x.doc.Log, transfer.LogLine{At: utc(l.At), Round: l.Round, Message: l.Message})
	}
	return nil
}

// ImportEvent saves an event file's document as a new event, in one write
// transaction: all of it or, when anything fails, nothing. Every row gets a
// new ID. A player joins the directory's player with the same member number
// (a different name there refuses the file), else the one with the same
// folded name and e-mail, as ImportPlayers does; otherwise the player is
// added. The event joins the league of the same name and kind, made when
// the database has none. The activity log is copied as it was, with no
// line added, so exporting the imported event gives the same file.
func (d *Transfer) ImportEvent(ctx context.Context, doc transfer.Document) (event.Event, error) {
	out, err := d.ImportEvents(ctx, doc)
	if err != nil {
		return event.Event{}, err
	}
	return out[0], nil
}

// ImportEvents brings several documents into the database as new events
// (the age-division pods of one TOM file, say) in ONE transaction: every
// event or, when any of them fails, none. Each is imported as ImportEvent
// does.
func (d *Transfer) ImportEvents(ctx context.Context, docs ...transfer.Document) ([]event.Event, error) {
	if len(docs) == 0 {
		return nil, event.Invalid("the file holds no event to import")
	}
	for _, doc := range docs {
		if err := checkImport(doc); err != nil {
			return nil, err
		}
	}
	var out []event.Event
	err := d.store.Write(ctx, func(tx Tx) error {
		out = out[:0]
		for _, doc := range docs {
			im := importer{d: d.dir, tx: tx, doc: doc}
			e, err := im.run()
			if err != nil {
				return err
			}
			out = append(out, e)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// checkImport checks a document before anything is written.
func checkImport(doc transfer.Document) error {
	if err := doc.Validate(); err != nil {
		return err
	}
	if _, _, err := rules.Lookup(doc.Event.Game, doc.Event.Format); err != nil {
		return event.Invalidf("the file's event is %s/%s, which this Tablekeeper does not know: %s",
			doc.Event.Game, doc.Event.Format, event.Message(err))
	}
	for _, r := range doc.Rounds {
		if r.Announced != "" && !json.Valid([]byte(r.Announced)) {
			return event.Invalidf("round %d's clock announcements are not the record Tablekeeper writes", r.Number)
		}
	}
	return nil
}

// importer writes a document, keeping the new ID of every row by its
// position in the document.
type importer struct {
	d       *Director
	tx      Tx
	doc     transfer.Document
	ev      event.Event
	players []event.PlayerID
	entries []event.EntryID
	teams   []event.TeamID
	judges  []event.JudgeID
}

func (im *importer) run() (event.Event, error) {
	steps := []func() error{im.event, im.directory, im.entryRows, im.deckRows, im.roundRows, im.judgeRows, im.draftRows, im.leagueRow, im.logRows, im.originRows}
	for _, step := range steps {
		if err := step(); err != nil {
			return event.Event{}, err
		}
	}
	return im.ev, nil
}

// originRows keeps the document's origins (a TOM file's own data) with
// the new event.
func (im *importer) originRows() error {
	for kind, data := range im.doc.Origins {
		if err := im.tx.SaveOrigin(im.ev.ID, kind, string(data)); err != nil {
			return err
		}
	}
	return nil
}

func (im *importer) event() error {
	e := im.doc.Event
	day, err := e.Day()
	if err != nil {
		return err
	}
	im.ev = event.Event{Name: e.Name, Game: e.Game, Format: e.Format, Date: day, State: e.State, Settings: e.Settings, CreatedAt: e.CreatedAt}
	return im.tx.CreateEvent(&im.ev)
}

func (im *importer) directory() error {
	m, err := newImportMatcher(im.tx, 0)
	if err != nil {
		return err
	}
	im.players = make([]event.PlayerID, len(im.doc.Players))
	for i, tp := range im.doc.Players {
		p, err := m.find(event.Player{Name: tp.Name, MemberNo: tp.MemberNo, Email: tp.Email})
		if err != nil {
			return event.Invalidf("player %d of the file: %s", i+1, event.Message(err))
		}
		if p.ID == 0 {
			p.CreatedAt = im.d.now()
			if err := im.tx.CreatePlayer(&p); err != nil {
				return err
			}
			m.learn(p)
		}
		im.players[i] = p.ID
	}
	return nil
}

func (im *importer) entryRows() error {
	im.teams = make([]event.TeamID, len(im.doc.Teams))
	for i, t := range im.doc.Teams {
		tm := event.Team{EventID: im.ev.ID, Name: t.Name}
		if err := im.tx.CreateTeam(&tm); err != nil {
			return err
		}
		im.teams[i] = tm.ID
	}
	im.entries = make([]event.EntryID, len(im.doc.Entries))
	for i, te := range im.doc.Entries {
		en := event.Entry{EventID: im.ev.ID, PlayerID: im.players[te.Player-1], Status: te.Status, CheckedIn: te.CheckedIn,
			Seed: te.Seed, FixedTable: te.FixedTable, JoinedRound: te.JoinedRound, DroppedAfter: te.DroppedAfter,
			Namesake: te.Namesake, RegisteredAt: te.RegisteredAt}
		if te.Team > 0 {
			en.TeamID = im.teams[te.Team-1]
		}
		if err := im.tx.CreateEntry(&en); err != nil {
			return err
		}
		im.entries[i] = en.ID
	}
	return nil
}

func (im *importer) deckRows() error {
	for _, td := range im.doc.Decks {
		dk := event.Deck{EntryID: im.entries[td.Entry-1], Name: td.Name, List: td.List, LockedAt: td.LockedAt, UpdatedAt: td.UpdatedAt}
		if err := im.tx.SaveDeck(&dk); err != nil {
			return err
		}
	}
	return nil
}

func (im *importer) roundRows() error {
	for _, tr := range im.doc.Rounds {
		c := tr.Clock
		r := event.Round{EventID: im.ev.ID, Number: tr.Number, Stage: tr.Stage, Name: tr.Name, BestOf: tr.BestOf, Seed: tr.Seed,
			PairedAt: tr.PairedAt, PublishedAt: tr.PublishedAt,
			Clock:  event.Clock{Duration: ms(c.DurationMs), StartedAt: c.StartedAt, PausedAt: c.PausedAt, Paused: ms(c.PausedMs), Added: ms(c.AddedMs)},
			Tables: make([]event.Table, len(tr.Tables))}
		for i, tt := range tr.Tables {
			t := event.Table{Number: tt.Number, Bye: tt.Bye, Why: tt.Why, Extension: ms(tt.ExtensionMs), Seats: make([]event.Seat, len(tt.Seats))}
			for j, s := range tt.Seats {
				t.Seats[j] = event.Seat{EntryID: im.entries[s-1]}
			}
			if res := tt.Result; res != nil {
				t.Result = &event.Result{GamesDrawn: res.GamesDrawn, TimeOut: res.TimeOut, RecordedAt: res.RecordedAt,
					ByPlayers: res.ByPlayers, Seats: make([]event.SeatResult, len(res.Seats))}
				for j, s := range res.Seats {
					t.Result.Seats[j] = event.SeatResult{GamesWon: s.GamesWon, Points: s.Points, Place: s.Place, Games: s.Games}
				}
			}
			r.Tables[i] = t
		}
		if err := im.tx.CreateRound(&r); err != nil {
			return err
		}
		codes := map[int]string{}
		for _, tt := range tr.Tables {
			if tt.Code != "" {
				codes[tt.Number] = tt.Code
			}
		}
		if len(codes) > 0 {
			if err := im.tx.SaveTableCodes(im.ev.ID, r.Number, codes); err != nil {
				return err
			}
		}
		if tr.Announced != "" {
			if err := im.tx.SetAnnounced(r.ID, tr.Announced); err != nil {
				return err
			}
		}
	}
	return nil
}

func ms(n int64) time.Duration { return time.Duration(n) * time.Millisecond }

func (im *importer) judgeRows() error {
	im.judges = make([]event.JudgeID, len(im.doc.Judges))
	for i, tj := range im.doc.Judges {
		j := event.Judge{EventID: im.ev.ID, Name: tj.Name, Role: tj.Role, Order: tj.Order}
		if tj.Player > 0 {
			j.PlayerID = im.players[tj.Player-1]
		}
		if err := im.tx.CreateJudge(&j); err != nil {
			return err
		}
		im.judges[i] = j.ID
	}
	lines := make([]event.JudgeLogID, len(im.doc.JudgeLog))
	for i, tl := range im.doc.JudgeLog {
		l := event.JudgeLogEntry{EventID: im.ev.ID, At: tl.At, Round: tl.Round, Table: tl.Table, Kind: tl.Kind,
			Infraction: tl.Infraction, Penalty: tl.Penalty, Description: tl.Description,
			Extension: ms(tl.ExtensionMs), Points: tl.Points, Outcome: tl.Outcome, Source: tl.Source}
		if tl.Judge > 0 {
			l.JudgeID = im.judges[tl.Judge-1]
		}
		if tl.Entry > 0 {
			l.EntryID = im.entries[tl.Entry-1]
		}
		if tl.Corrects > 0 {
			l.Corrects = lines[tl.Corrects-1]
		}
		if err := im.tx.AppendJudgeLog(&l); err != nil {
			return err
		}
		lines[i] = l.ID
	}
	return nil
}

func (im *importer) draftRows() error {
	td := im.doc.Draft
	if td == nil {
		return nil
	}
	s := event.DraftSeating{Seed: td.Seed, DrawnAt: td.DrawnAt, Passes: td.Passes, Pods: make([]event.DraftPod, len(td.Pods))}
	for i, pod := range td.Pods {
		s.Pods[i] = event.DraftPod{Number: i + 1, Seats: make([]event.EntryID, len(pod))}
		for j, en := range pod {
			s.Pods[i].Seats[j] = im.entries[en-1]
		}
	}
	return im.tx.SaveDraftSeating(im.ev.ID, s)
}

func (im *importer) leagueRow() error {
	tl := im.doc.League
	if tl == nil {
		return nil
	}
	leagues, err := im.tx.Leagues()
	if err != nil {
		return err
	}
	var id event.LeagueID
	for _, l := range leagues {
		if l.Name == tl.Name && l.Kind == tl.Kind {
			id = l.ID
		}
	}
	if id == 0 {
		l := event.League{Name: tl.Name, Kind: tl.Kind, Finals: tl.Finals, TieSeed: tl.TieSeed, CreatedAt: tl.CreatedAt}
		if l.CreatedAt.IsZero() {
			l.CreatedAt = im.d.now()
		}
		if err := im.tx.CreateLeague(&l); err != nil {
			return err
		}
		id = l.ID
	}
	return im.tx.AddLeagueEvent(event.LeagueEvent{LeagueID: id, EventID: im.ev.ID, Week: tl.Week})
}

func (im *importer) logRows() error {
	for _, tl := range im.doc.Log {
		l := event.LogEntry{EventID: im.ev.ID, At: tl.At, Round: tl.Round, Message: tl.Message}
		if err := im.tx.AppendLog(&l); err != nil {
			return err
		}
	}
	return nil
}
