package tdf_test

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/tdf"
	"tablekeeper/core/transfer"
)

// exportTOM exports event id as a TOM file, written and parsed back as a
// viewer or TOM would read it.
func exportTOM(t *testing.T, d *director.Director, id event.EventID) *tdf.File {
	t.Helper()
	return writeAndParse(t, exportDoc(t, d, id), time.UTC)
}

// exportEventFile exports event id as an event file.
func exportEventFile(t *testing.T, d *director.Director, id event.EventID) *bytes.Buffer {
	t.Helper()
	var b bytes.Buffer
	if err := transfer.Encode(&b, exportDoc(t, d, id)); err != nil {
		t.Fatal(err)
	}
	return &b
}

// writeAndParse exports doc as a TOM file (dates in loc), writes it and
// parses it back as a viewer or TOM would read it.
func writeAndParse(t *testing.T, doc transfer.Document, loc *time.Location) *tdf.File {
	t.Helper()
	f, err := tdf.FromDocument(doc, loc)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := tdf.Write(&buf, f); err != nil {
		t.Fatal(err)
	}
	back, err := tdf.Parse(&buf)
	if err != nil {
		t.Fatalf("the exported file does not parse: %v\n%s", err, buf.String())
	}
	return back
}

// threeDivisions is a cup whose Juniors, Seniors and Masters play in pods
// of their own (categories 0, 1 and 2), as TOM writes a cup of that size:
// four players a division, two rounds each, birth dates masked to the
// 27th of February as TOM's exports do.
func threeDivisions(t *testing.T) *tdf.File {
	t.Helper()
	f := &tdf.File{Type: "3", Stage: "4", Version: "1.84", GameType: "TRADING_CARD_GAME", Mode: "TCG1DAY",
		Data: tdf.Data{Name: "Lyon League Cup", ID: "26-11-001234", City: "Lyon", State: "Auvergne-Rhône-Alpes", Country: "France",
			RoundTime: "50", FinalsRoundTime: "75", Organizer: tdf.Organizer{PopID: "2100042", Name: "Boutique du Dragon"},
			StartDate: "11/21/2026", LessSwiss: "false", AutoTableNumber: "true", OverflowTableStart: "0"},
		TimeElapsed: "3000"}
	born := []string{"2016", "2012", "1990"}
	table := 1
	for div := range 3 {
		pod := tdf.Pod{Category: strconv.Itoa(div), Stage: "1",
			PodData: &tdf.PodData{StartingTable: strconv.Itoa(table), Playoff3rd4th: "false", SubgroupCount: "1"}}
		var ids []string
		for i := range 4 {
			id := strconv.Itoa(5100000 + 100*div + i)
			ids = append(ids, id)
			f.Players.Player = append(f.Players.Player, tdf.Player{UserID: id, FirstName: fmt.Sprintf("Joueur%d", i), LastName: fmt.Sprintf("Division%d", div),
				BirthDate: "02/27/" + born[div], Starter: "true", CreationDate: "11/21/2026 09:0" + strconv.Itoa(i) + ":00", LastModifiedDate: "11/21/2026 09:3" + strconv.Itoa(i) + ":00"})
		}
		sg := tdf.Subgroup{Number: "1"}
		for _, id := range ids {
			sg.Players = append(sg.Players, tdf.PlayerRef{UserID: id})
		}
		pod.Subgroups.Subgroup = []tdf.Subgroup{sg}
		for r, pairs := range [][4]int{{0, 1, 2, 3}, {0, 2, 1, 3}} {
			round := tdf.Round{Number: strconv.Itoa(r + 1), Type: "3", Stage: "5", TimeLeft: "0",
				PairTime: fmt.Sprintf("11/21/2026 1%d:00:00", r), StartTime: fmt.Sprintf("11/21/2026 1%d:02:00", r)}
			for m := range 2 {
				round.Matches.Match = append(round.Matches.Match, tdf.Match{Outcome: strconv.Itoa(1 + (m+r)%3),
					Player1: &tdf.PlayerRef{UserID: ids[pairs[2*m]]}, Player2: &tdf.PlayerRef{UserID: ids[pairs[2*m+1]]},
					Timestamp: fmt.Sprintf("11/21/2026 1%d:40:00", r), TableNumber: strconv.Itoa(table + m)})
			}
			pod.Rounds.Round = append(pod.Rounds.Round, round)
		}
		table += 2
		f.Pods.Pod = append(f.Pods.Pod, pod)
	}
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	return f
}

// importParsed imports a parsed file as the director does.
func importParsed(t *testing.T, d *director.Director, f *tdf.File, mode tdf.PodMode) []event.Event {
	t.Helper()
	evs, _ := importDocuments(t, d, f, tdf.ImportOptions{Pods: mode, Now: time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)})
	return evs
}

// sameAsTheFile checks that an exported file kept what TOM needs of the
// original: its attributes (type, stage, version, mode), its <data>
// (sanction number, city, state, country, organizer, date, round times),
// every player's element (birth date, dates, drop), and per pod its
// category and stage, and for each Swiss round its type, stage and
// matches.
func sameAsTheFile(t *testing.T, what string, orig, out *tdf.File) {
	t.Helper()
	if out.Type != orig.Type || out.Stage != orig.Stage || out.Version != orig.Version || out.GameType != orig.GameType || out.Mode != orig.Mode {
		t.Errorf("%s: <tournament type=%q stage=%q version=%q gametype=%q mode=%q>, the file had %q %q %q %q %q", what,
			out.Type, out.Stage, out.Version, out.GameType, out.Mode, orig.Type, orig.Stage, orig.Version, orig.GameType, orig.Mode)
	}
	if !reflect.DeepEqual(out.Data, orig.Data) {
		t.Errorf("%s: <data> is\n%+v\nthe file had\n%+v", what, out.Data, orig.Data)
	}
	// The standings of the divisions this file holds, as the file had
	// them; none for a division the file had none of.
	var want, got []tdf.StandingsPod
	if orig.Standings != nil {
		for _, sp := range orig.Standings.Pod {
			if slices.ContainsFunc(out.Pods.Pod, func(p tdf.Pod) bool { return slices.Contains(heldBy[p.Category], sp.Category) }) {
				want = append(want, sp)
			}
		}
	}
	if out.Standings != nil {
		got = out.Standings.Pod
	}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(out.FinalsOptions, orig.FinalsOptions) {
		t.Errorf("%s: <standings> %+v <finalsoptions> %+v, the file had %+v %+v", what, got, out.FinalsOptions, want, orig.FinalsOptions)
	}
	if out.TimeElapsed != orig.TimeElapsed {
		t.Errorf("%s: <timeelapsed> %q, the file had %q", what, out.TimeElapsed, orig.TimeElapsed)
	}
	samePlayersAndPods(t, what, orig, out)
}

// samePlayersAndPods is sameAsTheFile's part for the players and pods.
func samePlayersAndPods(t *testing.T, what string, orig, out *tdf.File) {
	t.Helper()
	players := map[string]tdf.Player{}
	for _, p := range orig.Players.Player {
		players[p.UserID] = p
	}
	for _, p := range out.Players.Player {
		if was, ok := players[p.UserID]; !ok || !reflect.DeepEqual(p, was) {
			t.Errorf("%s: player %s is\n%+v\nthe file had\n%+v", what, p.UserID, p, was)
		}
	}
	for _, pod := range out.Pods.Pod {
		i := slices.IndexFunc(orig.Pods.Pod, func(p tdf.Pod) bool { return p.Category == pod.Category })
		if i < 0 {
			t.Errorf("%s: a pod of category %s (%s), which the file did not have", what, pod.Category, tdf.DivisionName(pod.Division()))
			continue
		}
		was := orig.Pods.Pod[i]
		if pod.Stage != was.Stage || !reflect.DeepEqual(pod.PodData, was.PodData) || !reflect.DeepEqual(pod.Subgroups, was.Subgroups) {
			t.Errorf("%s: pod %s is stage %q %+v %+v, the file had %q %+v %+v", what, pod.Category, pod.Stage, pod.PodData, pod.Subgroups, was.Stage, was.PodData, was.Subgroups)
		}
		sameRounds(t, what+": pod "+pod.Category, was, pod)
	}
}

// sameRounds checks that each round of pod is the file's round of that
// number in pod was: its type, stage, time left and matches.
func sameRounds(t *testing.T, what string, was, pod tdf.Pod) {
	t.Helper()
	for _, r := range pod.Rounds.Round {
		j := slices.IndexFunc(was.Rounds.Round, func(w tdf.Round) bool { return w.Number == r.Number })
		if j < 0 {
			t.Errorf("%s has a round %s the file did not have", what, r.Number)
			continue
		}
		w := was.Rounds.Round[j]
		if r.Type != w.Type || r.Stage != w.Stage || r.TimeLeft != w.TimeLeft {
			t.Errorf("%s round %s is type %q stage %q, the file had %q %q", what, r.Number, r.Type, r.Stage, w.Type, w.Stage)
		}
		if got, want := matchLines(r), matchLines(w); !slices.Equal(got, want) {
			t.Errorf("%s round %s matches %q, the file had %q", what, r.Number, got, want)
		}
	}
}

// heldBy lists the categories whose standings a pod of each category
// holds: its own, and each division of a pod of divisions paired
// together.
var heldBy = map[string][]string{"0": {"0"}, "1": {"1"}, "2": {"2"}, "8": {"8", "0", "1"}, "9": {"9", "1", "2"}, "10": {"10", "0", "1", "2", "8", "9"}}

// matchLines says each match of a round as "outcome players", sorted.
func matchLines(r tdf.Round) []string {
	var out []string
	for _, m := range r.Matches.Match {
		out = append(out, fmt.Sprint(m.Result(), m.UserIDs()))
	}
	slices.Sort(out)
	return out
}

// categories lists the pod categories of files, sorted.
func categories(files ...*tdf.File) []string {
	var out []string
	for _, f := range files {
		for _, p := range f.Pods.Pod {
			out = append(out, p.Category)
		}
	}
	slices.Sort(out)
	return out
}

// A TOM file imported, then exported with nothing changed, keeps what TOM
// and the Play! Pokémon upload need, exactly as it was: the sanction
// number, city, state and country, the organizer, the date and round
// times, the mode (cup, league challenge) and stages, the divisions (a
// Juniors, a Seniors, a Juniors-and-Seniors pod stays that pod, never
// rewritten as Masters), the rounds' types, and every player's birth date.
// Both ways of importing pods: one event per pod gives one file per pod;
// one event for all gives the file's pods back.
func TestTOMRoundTripKeepsWhatTOMNeeds(t *testing.T) {
	d := newDirector(t)
	files := map[string]*tdf.File{"three divisions": threeDivisions(t)}
	for _, name := range samples(t) {
		f := parseSample(t, name)
		files[name] = f
	}
	// TOM ranks a pod of divisions paired together per division: the
	// cup's Juniors-and-Seniors pod (8) with standings for Juniors (0) and
	// Seniors (1), as a real cup's file has them.
	cup := parseSample(t, "sample-cup-two-pods.tdf")
	cup.Standings.Pod = append(cup.Standings.Pod,
		tdf.StandingsPod{Category: "0", Type: "finished", Player: []tdf.Placed{{ID: "3100001", Place: "1"}, {ID: "3100005", Place: "2"}}},
		tdf.StandingsPod{Category: "1", Type: "finished", Player: []tdf.Placed{{ID: "3100002", Place: "1"}, {ID: "3100003", Place: "2"}, {ID: "3100004", Place: "3"}}})
	files["cup with standings per division"] = cup
	for name, orig := range files {
		for _, mode := range []tdf.PodMode{tdf.PodsSeparate, tdf.PodsOne} {
			what := fmt.Sprintf("%s, pods %s", name, mode)
			var outs []*tdf.File
			for _, e := range importParsed(t, d, orig, mode) {
				out := exportTOM(t, d, e.ID)
				sameAsTheFile(t, what, orig, out)
				outs = append(outs, out)
			}
			if got, want := categories(outs...), categories(orig); !slices.Equal(got, want) {
				t.Errorf("%s: the exported pods are of categories %v, the file's %v", what, got, want)
			}
			if mode == tdf.PodsSeparate && len(outs) != len(orig.Pods.Pod) {
				t.Errorf("%s: %d files for %d pods", what, len(outs), len(orig.Pods.Pod))
			}
		}
	}
}

// What the organizer does in Tablekeeper after the import is written
// anew, around what the file had: a round paired and played here takes
// the type the file gives its Swiss rounds (2 in a league challenge), a
// player who drops here gets a <dropped>, a late entry joins the pod
// without a birth date; the sanction number, the organizer and the other
// players' birth dates stay; the file's standings, no longer true, go.
func TestTOMExportAfterPlayingOnKeepsTheFileAndWritesWhatChanged(t *testing.T) {
	ctx := context.Background()
	d := newDirector(t)
	orig := parseSample(t, "sample-league-challenge.tdf")
	e := importParsed(t, d, orig, tdf.PodsSeparate)[0]
	late, err := d.Registration.RegisterNew(ctx, e.ID, director.NewPlayer{Name: "Zoé Late"})
	if err != nil {
		t.Fatal(err)
	}
	r := playRound(t, d, e.ID)
	if err := d.Registration.Drop(ctx, late.ID); err != nil {
		t.Fatal(err)
	}
	out := exportTOM(t, d, e.ID)
	if out.Standings != nil || out.FinalsOptions != nil {
		t.Errorf("after a round played here the file's standings %+v and finals options %+v are written", out.Standings, out.FinalsOptions)
	}
	if out.Data.ID != orig.Data.ID || out.Data.Organizer != orig.Data.Organizer || out.Mode != "LEAGUECHALLENGE" || out.Pods.Pod[0].Category != "2" {
		t.Errorf("sanction %q organizer %+v mode %q category %q", out.Data.ID, out.Data.Organizer, out.Mode, out.Pods.Pod[0].Category)
	}
	rounds := out.Pods.Pod[0].Rounds.Round
	if n := len(rounds); n != len(orig.Pods.Pod[0].Rounds.Round)+1 || rounds[n-1].Type != "2" || rounds[n-1].Number != strconv.Itoa(r.Number) {
		t.Fatalf("rounds %+v", rounds)
	}
	var zoe *tdf.Player
	for i, p := range out.Players.Player {
		if p.Name() == "Zoé Late" {
			zoe = &out.Players.Player[i]
		} else if i < len(orig.Players.Player) && p.BirthDate != orig.Players.Player[i].BirthDate {
			t.Errorf("%s's birth date %q, the file had %q", p.Name(), p.BirthDate, orig.Players.Player[i].BirthDate)
		}
	}
	if zoe == nil || zoe.BirthDate != "" || zoe.Dropped == nil || zoe.Dropped.Round != strconv.Itoa(r.Number) {
		t.Errorf("the late entry %+v", zoe)
	}
	if !slices.ContainsFunc(out.Pods.Pod[0].Subgroups.Subgroup[0].Players, func(p tdf.PlayerRef) bool { return p.UserID == zoe.UserID }) {
		t.Errorf("the late entry is not in the pod's subgroup: %+v", out.Pods.Pod[0].Subgroups)
	}
}

// Pairing across divisions after an import as one event makes one pod of
// the divisions paired together (Juniors and Seniors with Masters: 10),
// as TOM pairs them; never Masters alone. The sanction number and birth
// dates stay.
func TestTOMExportAfterPairingAcrossDivisionsWritesTheCombinedPod(t *testing.T) {
	ctx := context.Background()
	d := newDirector(t)
	cup := parseSample(t, "sample-cup-two-pods.tdf")
	one := importParsed(t, d, cup, tdf.PodsOne)[0]
	if _, err := pairPublished(ctx, d, one.ID); err != nil {
		t.Fatal(err)
	}
	out := exportTOM(t, d, one.ID)
	if got := categories(out); !slices.Equal(got, []string{"10"}) {
		t.Errorf("after a round paired across divisions the pods are %v, want one pod of category 10 (all divisions)", got)
	}
	if out.Data.ID != cup.Data.ID || out.Players.Player[0].BirthDate != cup.Players.Player[0].BirthDate {
		t.Errorf("sanction %q, first birth date %q", out.Data.ID, out.Players.Player[0].BirthDate)
	}
}

// pairPublished pairs and publishes the next round.
func pairPublished(ctx context.Context, d *director.Director, id event.EventID) (event.Round, error) {
	r, err := d.Rounds.PairNextRound(ctx, id)
	if err != nil {
		return r, err
	}
	return r, d.Drafts.PublishRound(ctx, id, r.Number)
}

// playRound pairs, publishes and plays the next round of event id, the
// first seat winning each table.
func playRound(t *testing.T, d *director.Director, id event.EventID) event.Round {
	t.Helper()
	ctx := context.Background()
	r, err := pairPublished(ctx, d, id)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range r.Tables {
		if !tb.Bye {
			if err := d.Rounds.RecordResult(ctx, id, r.Number, tb.Number, event.Result{Seats: []event.SeatResult{{GamesWon: 1}, {}}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return r
}

// An event imported from TOM and moved to another database as an event
// file keeps what the TOM file had: the event file written there is the
// same, byte for byte, and its TOM export still has the sanction number,
// the pod and the birth dates.
func TestTOMDataMovesWithTheEventFile(t *testing.T) {
	ctx := context.Background()
	orig := parseSample(t, "sample-cup-two-pods.tdf")
	d := newDirector(t)
	e := importParsed(t, d, orig, tdf.PodsSeparate)[1]
	first := exportEventFile(t, d, e.ID)
	back, err := transfer.Decode(bytes.NewReader(first.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	other := newDirector(t)
	moved, err := other.Transfer.ImportEvent(ctx, back)
	if err != nil {
		t.Fatal(err)
	}
	second := exportEventFile(t, other, moved.ID)
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Errorf("the event file changed on its way:\n%s\n---\n%s", first.String(), second.String())
	}
	if !bytes.Contains(first.Bytes(), []byte(`"origins": {`)) {
		t.Errorf("the event file has no origins:\n%s", first.String())
	}
	sameAsTheFile(t, "moved", orig, exportTOM(t, other, moved.ID))
}
