package transfer_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"tablekeeper/core/i18n"
	"testing"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/transfer"
)

// small is a valid document: three players, one round of one table and a
// bye, a judge and a judge log line with its correction.
func small() transfer.Document {
	at := time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)
	return transfer.Document{
		Format: transfer.FormatName, Version: transfer.Version,
		Event: transfer.Event{Name: "Friday", Game: "generic", Format: "swiss", Date: "2026-03-01", State: event.StateRunning,
			Settings: event.Settings{Structure: event.StructureSwiss, TableSize: 2, GamesPerMatch: 3, RoundMinutes: 50,
				Points: event.Points{Win: 3, Draw: 1, Bye: 3}}},
		Players: []transfer.Player{{Name: "Ada"}, {Name: "Zoë", MemberNo: "7"}, {Name: "Bram", Email: "b@example.org"}},
		Entries: []transfer.Entry{{Player: 1, Status: event.EntryActive, JoinedRound: 1},
			{Player: 2, Status: event.EntryActive, JoinedRound: 1}, {Player: 3, Status: event.EntryDropped, JoinedRound: 1, DroppedAfter: 1}},
		Rounds: []transfer.Round{{Number: 1, Stage: event.StageSwiss, Seed: 9, PairedAt: at, PublishedAt: at,
			Clock: transfer.Clock{DurationMs: 50 * 60 * 1000, StartedAt: at},
			Tables: []transfer.Table{
				{Number: 1, Seats: []int{1, 2}, Result: &transfer.Result{Seats: []transfer.SeatResult{{GamesWon: 2}, {GamesWon: 1}}, RecordedAt: at}},
				{Bye: true, Seats: []int{3}, Result: &transfer.Result{Seats: []transfer.SeatResult{{GamesWon: 2}}}},
			}}},
		Judges:   []transfer.Judge{{Name: "Hedda", Role: event.RoleHeadJudge, Order: 1}},
		JudgeLog: []transfer.JudgeLogEntry{{At: at, Round: 1, Table: 1, Kind: event.LogPenalty, Judge: 1, Entry: 2, Penalty: "warning"}, {At: at, Kind: event.LogPenalty, Judge: 1, Entry: 2, Corrects: 1}},
		Log:      []transfer.LogLine{{At: at, Round: 1, Message: i18n.F("round %d table %d: %s", 1, 1, i18n.Text{Format: "%s %d–%d %s", Args: []any{"Ada", 2, 1, "Zoë"}})}},
	}
}

func encode(t *testing.T, doc transfer.Document) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := transfer.Encode(&b, doc); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestEncodeDecodeGivesTheSameFile(t *testing.T) {
	first := encode(t, small())
	doc, err := transfer.Decode(bytes.NewReader(first))
	if err != nil {
		t.Fatal(err)
	}
	if again := encode(t, doc); !bytes.Equal(first, again) {
		t.Fatalf("decode then encode changed the file:\n%s\n---\n%s", first, again)
	}
	doc = small()
	doc.Origins = map[string]json.RawMessage{"tom": json.RawMessage(`{"mode":"TCG1DAY","data":{"ID":"26-05-000001"}}`)}
	withOrigin := encode(t, doc)
	back, err := transfer.Decode(bytes.NewReader(withOrigin))
	if err != nil || !bytes.Equal(encode(t, back), withOrigin) || !bytes.Contains(withOrigin, []byte(`"ID": "26-05-000001"`)) {
		t.Fatalf("a document with a TOM origin: %v\n%s", err, withOrigin)
	}
	for _, want := range []string{`"format": "tablekeeper-event"`, `"version": 3`, `"date": "2026-03-01"`, `"startedAt": "2026-03-01T18:00:00Z"`} {
		if !bytes.Contains(first, []byte(want)) {
			t.Errorf("file lacks %s", want)
		}
	}
	if bytes.Contains(first, []byte(`"pausedAt"`)) {
		t.Error("a zero time is written; it should be left out")
	}
}

// TestBadFilesAreRefusedWithASentence feeds files that are not JSON, JSON of
// another program, a newer version, cut-short files and files whose
// references or results cannot be, and checks the one sentence naming what
// is wrong.
func TestBadFilesAreRefusedWithASentence(t *testing.T) {
	good := string(encode(t, small()))
	edit := func(f func(*transfer.Document)) string {
		d := small()
		f(&d)
		return string(encode(t, d))
	}
	cases := []struct{ name, file, want string }{
		{"not JSON", "name,member number\nAda,1\n", "not JSON"},
		{"an array", "[1, 2]", "not an object"},
		{"another program's JSON", `{"name": "Friday", "players": []}`, `no "format"`},
		{"another format", `{"format": "melee-export", "version": 1}`, `format is "melee-export"`},
		{"no version", `{"format": "tablekeeper-event"}`, `no valid "version"`},
		{"a newer version", strings.Replace(good, `"version": 3`, `"version": 4`, 1), "newer Tablekeeper"},
		{"a missing list", strings.Replace(good, `"entries":`, `"entrants":`, 1), "does not know"},
		{"a missing event field", strings.Replace(good, `"date": "2026-03-01",`, ``, 1), `no "date" field`},
		{"a wrong type", strings.Replace(good, `"seed": 9`, `"seed": "nine"`, 1), "rounds.seed"},
		{"two values", good + "{}", "after top-level value"},
		{"a bad date", edit(func(d *transfer.Document) { d.Event.Date = "1/3/2026" }), "not a date"},
		{"an entry of a player not there", edit(func(d *transfer.Document) { d.Entries[1].Player = 9 }), "entry 2 names player 9, but the file has 3"},
		{"a player entered twice", edit(func(d *transfer.Document) { d.Entries[1].Player = 1 }), "same player"},
		{"a seat of an entry not there", edit(func(d *transfer.Document) { d.Rounds[0].Tables[0].Seats[1] = 4 }), "names entry 4"},
		{"a player seated twice", edit(func(d *transfer.Document) { d.Rounds[0].Tables[1].Seats[0] = 1 }), "seated twice"},
		{"an impossible result", edit(func(d *transfer.Document) { d.Rounds[0].Tables[0].Result.Seats[1].GamesWon = 2 }), "more games than a best of 3"},
		{"a negative result", edit(func(d *transfer.Document) { d.Rounds[0].Tables[0].Result.Seats[0].GamesWon = -1 }), "impossible"},
		{"negative points", edit(func(d *transfer.Document) { d.Rounds[0].Tables[0].Result.Seats[0].Points = -3 }), "gives a seat -3 points, below zero"},
		{"a result of the wrong seats", edit(func(d *transfer.Document) {
			d.Rounds[0].Tables[0].Result.Seats = d.Rounds[0].Tables[0].Result.Seats[:1]
		}), "its result has 1"},
		{"a correction of a later line", edit(func(d *transfer.Document) { d.JudgeLog[0].Corrects = 2 }), "corrects an earlier one"},
		{"an unknown judge", edit(func(d *transfer.Document) { d.JudgeLog[0].Judge = 3 }), "names judge 3"},
		{"rounds out of order", edit(func(d *transfer.Document) { d.Rounds[0].Number = 2 }), "numbered 1, 2, 3 and so on"},
		{"rounds before round 1", edit(func(d *transfer.Document) { d.Event.State = event.StateRegistration }), "in registration"},
		{"bad settings", edit(func(d *transfer.Document) { d.Event.Settings.TableSize = 9 }), "the event: a table seats"},
		{"an unknown setting", strings.Replace(good, `"tableSize": 2,`, `"tableSize": 2, "tableColour": "green",`, 1), `does not know, "tableColour"`},
		{"an unknown setting in a group", strings.Replace(good, `"tableSize": 2,`, `"tableSize": 2, "playoff": {"topCut": 4, "seeding": "random"},`, 1), `does not know, "seeding"`},
		{"a setting of the wrong type", strings.Replace(good, `"tableSize": 2,`, `"tableSize": 2, "playoff": {"topCut": "eight"},`, 1), "event.settings.playoff.topCut"},
		{"a flat setting beside its group", strings.Replace(good, `"tableSize": 2,`, `"tableSize": 2, "topCut": 4, "playoff": {"bestOf": 3},`, 1), `"playoff" both as a group and as the flat keys`},
		{"a bad group setting", edit(func(d *transfer.Document) { d.Event.Settings.Draft.Packs = 3 }), "the draft settings need an ideal pod size"},
		{"a drop after a round the event does not have", edit(func(d *transfer.Document) { d.Entries[2].DroppedAfter = 50 }),
			"entry 3 (Bram) dropped after round 50, but the event has 1 round"},
		{"a drop in an event with no rounds", edit(func(d *transfer.Document) {
			d.Event.State, d.Rounds, d.JudgeLog, d.Log = event.StateRegistration, nil, nil, nil
			d.Entries[2].DroppedAfter = 1
		}), "entry 3 (Bram) dropped after round 1, but the event has no rounds; a drop before round 1 is dropped after 0"},
		{"a late entry after the last round", edit(func(d *transfer.Document) { d.Entries[0].JoinedRound = 5 }),
			"entry 1 (Ada) joined in round 5, but the event has 1 round"},
		{"an unknown status", edit(func(d *transfer.Document) { d.Entries[0].Status = "gone" }), `unknown status "gone"`},
		{"an origin that is not an object", strings.Replace(good, `"log": [`, `"origins": {"tom": [1, 2]}, "log": [`, 1), "tom origin is not a JSON object"},
		{"an origin without a kind", strings.Replace(good, `"log": [`, `"origins": {"": {}}, "log": [`, 1), "an origin is named by its file kind"},
		{"a league week out of range", edit(func(d *transfer.Document) {
			d.League = &transfer.League{Name: "Spring", Kind: event.LeagueLackey, Week: 9}
		}), "week 9"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := transfer.Decode(strings.NewReader(c.file))
			if err == nil {
				t.Fatal("accepted")
			}
			if !errors.Is(err, event.ErrInvalid) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q (invalid: %v), want it to say %q", err, errors.Is(err, event.ErrInvalid), c.want)
			}
			if strings.Count(strings.TrimSuffix(err.Error(), "."), ". ") > 0 || strings.Contains(err.Error(), "\n") {
				t.Errorf("more than one sentence: %q", err)
			}
		})
	}
}

// A file of version 1 carries the settings as one flat object: it still
// decodes, its flat keys read into the groups, and is written again as
// the current version with the groups.
func TestAVersion1FileReadsItsFlatSettings(t *testing.T) {
	v3 := string(encode(t, small()))
	v1 := strings.Replace(v3, `"version": 3`, `"version": 1`, 1)
	v1 = strings.Replace(v1, `"tableSize": 2,`, `"tableSize": 2, "topCut": 4, "playoffBestOf": 5, "playoffMinutes": 75, "thirdPlace": true,`, 1)
	doc, err := transfer.Decode(strings.NewReader(v1))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Version != 1 {
		t.Errorf("version %d, want the file's 1", doc.Version)
	}
	if got, want := doc.Event.Settings.Playoff, (event.PlayoffSettings{TopCut: 4, BestOf: 5, Minutes: 75, ThirdPlace: true}); got != want {
		t.Errorf("playoff %+v, want %+v", got, want)
	}
	again := string(encode(t, doc))
	if !strings.Contains(again, `"version": 3`) || !strings.Contains(again, `"playoff": {`) || strings.Contains(again, `"playoffBestOf"`) {
		t.Errorf("written again as:\n%s", again)
	}
}

// A file of version 2 wrote round names, reasons and log lines as English
// sentences: they import as plain words, said as written in every
// language, and are written again as messages.
func TestAVersion2FileReadsItsSentencesAsWords(t *testing.T) {
	v3 := string(encode(t, small()))
	msg := `"message": {
        "k": "round %d table %d: %s",`
	if !strings.Contains(v3, msg) {
		t.Fatalf("the log line is not written as a message:\n%s", v3)
	}
	start := strings.Index(v3, `"log": [`)
	v2 := strings.Replace(v3[:start], `"version": 3`, `"version": 2`, 1) +
		`"log": [{"at": "2026-03-01T18:00:00Z", "round": 1, "message": "round 1 table 1: Ada 2–1 Zoë"}]}`
	doc, err := transfer.Decode(strings.NewReader(v2))
	if err != nil {
		t.Fatal(err)
	}
	line := doc.Log[0].Message
	if !line.IsPlain() || line.In(i18n.French) != "round 1 table 1: Ada 2–1 Zoë" {
		t.Errorf("a version 2 log line reads as %#v", line)
	}
}

// Points below zero are a game's rule, not a file's choice: Shadowfist's
// game points go below zero and its event files keep them; another
// game's file with them is refused (the case in
// TestBadFilesAreRefusedWithASentence).
func TestNegativePointsOnlyWhereTheGameHasThem(t *testing.T) {
	d := small()
	d.Event.Settings.Scoring = event.ScoringShadowfist
	d.Rounds[0].Tables[0].Result.Seats[0].Points = -3
	if err := d.Validate(); err != nil {
		t.Fatalf("a Shadowfist file with negative game points: %v", err)
	}
	d.Event.Settings.Scoring = small().Event.Settings.Scoring
	if err := d.Validate(); err == nil || !strings.Contains(err.Error(), "below zero") {
		t.Fatalf("a file of another game with negative points: %v", err)
	}
}

// The rounds an entry joins and leaves in are the event's: a player who
// left before round 1 (dropped after 0) imports, in an event with no
// rounds too, and one who joined after the last round paired, waiting
// for the next; the refusal of a drop after a round there is not is said
// in French too.
func TestAnEntryJoinsAndLeavesInTheEventsRounds(t *testing.T) {
	doc := small()
	doc.Entries[0].JoinedRound = 2
	if err := doc.Validate(); err != nil {
		t.Errorf("a late entry waiting for round 2: %v", err)
	}
	doc = small()
	doc.Event.State, doc.Rounds, doc.JudgeLog, doc.Log = event.StateRegistration, nil, nil, nil
	doc.Entries[2].DroppedAfter = 0
	if err := doc.Validate(); err != nil {
		t.Errorf("a drop before round 1 in registration: %v", err)
	}
	doc.Entries[2].DroppedAfter = 3
	err := doc.Validate()
	if fr := i18n.Error(i18n.French, err); !strings.Contains(fr, "Bram") || !strings.Contains(fr, "ronde 3") || strings.Contains(fr, "dropped") {
		t.Errorf("the French refusal says %q", fr)
	}
}
