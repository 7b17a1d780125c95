package reports

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

// testJudgeLog returns a log of n entries of every kind, with a correction
// and a withdrawal when there are enough.
func testJudgeLog(n int) JudgeLog {
	start := time.Date(2025, 11, 22, 10, 5, 0, 0, time.UTC)
	l := JudgeLog{EventName: "Shadowfist Saturday", Game: "Shadowfist · Final Brawl", Date: start,
		Judges: []JudgeLogJudge{{Name: "Ingrid Ødegård", Role: "head-judge", Order: 1}, {Name: "Zoë Łukasz", Role: "judge", Order: 2},
			{Name: "李小龍", Role: "judge", Order: 3}, {Name: "Tomás García", Role: "organizer"}}}
	kinds := []string{"penalty", "deck-check", "ruling", "appeal", "extension"}
	for i := range n {
		e := JudgeLogEntry{Number: i + 1, At: start.Add(time.Duration(i*7) * time.Minute), Round: 1 + i/6, Table: 1 + i*5%17,
			Kind: kinds[i%len(kinds)], Player: playerName(i), Judge: []string{"Ingrid Ødegård", "Zoë Łukasz", "李小龍"}[i%3]}
		switch e.Kind {
		case "penalty":
			e.Infraction, e.Penalty = "Stalling", "Point deduction"
			e.Points = 1 + i%2
			e.Description = "Took well over the time for the turn after two reminders; the opponent called a judge."
		case "deck-check":
			e.Description = "Random deck check at the start of the round."
			e.Outcome = "legal"
		case "ruling":
			e.Description = "Asked whether a site burned for victory counts when the owner seizes it back in the same turn."
			e.Extension = 3 * time.Minute
		case "appeal":
			e.Description = "Appealed the ruling on the burned site to the head judge."
			e.Outcome = "upheld"
		case "extension":
			e.Extension = 5 * time.Minute
			e.Description = "Table moved after a spill."
		}
		l.Entries = append(l.Entries, e)
	}
	if n >= 8 {
		l.Entries = append(l.Entries,
			JudgeLogEntry{Number: n + 1, At: start.Add(26 * time.Hour), Round: 5, Table: 2, Kind: "penalty", Player: playerName(0),
				Infraction: "Stalling", Penalty: "Warning", Judge: "Ingrid Ødegård", Corrects: 1,
				Description: "On review the first offence calls for a warning, not a deduction."},
			JudgeLogEntry{Number: n + 2, At: start.Add(26 * time.Hour), Kind: "penalty", Player: playerName(5), Penalty: "Void",
				Judge: "Ingrid Ødegård", Corrects: 6, Withdraws: true, Description: "Logged against the wrong player."})
	}
	return l
}

func TestWriteJudgeLogPrintsEveryEntry(t *testing.T) {
	l := testJudgeLog(10)
	l.Entries[2].Player = longName
	l.Entries[3].Description = strings.Repeat("A long description that runs on. ", 12)
	l.Entries[4].Source = "judge phone, device 9c1e"
	pdf := writeTestPDF(t, func(w io.Writer) error { return WriteJudgeLog(w, l, testOptions("")) })
	if !bytes.Contains(pdf, []byte("/MediaBox [0 0 841.89 595.28]")) {
		t.Error("the judge log is not landscape A4")
	}
	text := pdfText(t, pdf)
	flat := strings.Join(strings.Fields(text), " ")
	containsAll(t, "the judge log", flat, "Shadowfist Saturday", "Judge log", "Shadowfist · Final Brawl · 22 Nov 2025",
		"Judges", "Ingrid Ødegård", "Head judge", "Zoë Łukasz", "李小龍", "Organizer",
		"#", "Time", "Round", "Table", "Kind", "Player", "Infraction, penalty", "Judge", "Description, outcome",
		"#1", "10:05", "Penalty", "Stalling", "Point deduction, −1 point", "−2 points", "Deck check", "Outcome: legal", "Ruling", "+3 min extension",
		"Appeal", "Outcome: upheld", "+5 min extension", "Corrected by #11", "Withdrawn by #12", "Corrects #1", "Withdraws #6",
		"23 Nov 2025", "Maximiliana Alexandrina", "…", "A long description that runs on. A long", "judge phone, device 9c1e")
	if strings.Count(flat, "judge phone") != 1 {
		t.Error("an entry written at the organizer's computer says where it came from")
	}
}

func TestJudgeLogWrapsLongDescriptionsOverPages(t *testing.T) {
	l := testJudgeLog(3)
	l.Entries[1].Description = strings.Repeat("word ", 2000) + "END"
	c := layOutJudgeLog(t, "A4", l)
	checkLayout(t, c)
	texts := pageTexts(c)
	if len(texts) < 3 {
		t.Fatalf("a description of 2000 words on %d pages", len(texts))
	}
	all := strings.Join(texts, " | ")
	if got := strings.Count(all, "word"); got != 2000 {
		t.Errorf("%d words printed, want 2000", got)
	}
	containsAll(t, "the last page", texts[len(texts)-1], "END", "#2", "#3")
}

// layOutJudgeLog lays l out on landscape paper.
func layOutJudgeLog(t testing.TB, paper string, l JudgeLog) *canvas {
	t.Helper()
	return layOutOriented(t, "L", paper, func(c *canvas) { layoutJudgeLog(c, l) })
}

func TestJudgeLogLayoutKeepsTextInItsBoxes(t *testing.T) {
	for _, n := range []int{0, 1, 8, 64, 512} {
		for _, paper := range []string{"A4", "Letter"} {
			l := testJudgeLog(n)
			for i := range l.Entries {
				switch i % 9 {
				case 2:
					e := &l.Entries[i]
					e.Player, e.Judge, e.Infraction, e.Penalty, e.Kind = longName, longName, longName, longName, longName
					e.Description = strings.Repeat(longName+" ", 6)
				case 4:
					l.Entries[i].Player = strings.Repeat("龍", 40)
					l.Entries[i].Description = strings.Repeat("龍", 400)
				}
			}
			if n > 0 {
				l.Judges = append(l.Judges, JudgeLogJudge{Name: longName, Role: longName, Order: 5})
			}
			checkLayout(t, layOutJudgeLog(t, paper, l))
		}
	}
}

func TestJudgeLogGolden(t *testing.T) {
	l := testJudgeLog(10)
	l.Entries[2].Player = longName
	checkGolden(t, "judgelog-10", layOutJudgeLog(t, "A4", l))
}

func TestWriteJudgeLogIsByteStable(t *testing.T) {
	l := testJudgeLog(64)
	checkByteStable(t, "judge log", func(w io.Writer) error { return WriteJudgeLog(w, l, testOptions("Letter")) })
}

func TestWriteJudgeLogRejectsLogsItCannotPrint(t *testing.T) {
	checkRejects(t, "a rejected log", WriteJudgeLog, []rejected[JudgeLog]{
		{"entry zero", JudgeLog{Entries: []JudgeLogEntry{{}}}, Options{}, "numbered from 1"},
		{"twice", JudgeLog{Entries: []JudgeLogEntry{{Number: 1}, {Number: 1}}}, Options{}, "given twice"},
		{"a correction of nothing", JudgeLog{Entries: []JudgeLogEntry{{Number: 2, Corrects: 1}}}, Options{}, "not in the log"},
		{"a correction of itself", JudgeLog{Entries: []JudgeLogEntry{{Number: 2, Corrects: 2}}}, Options{}, "corrects itself"},
		{"a withdrawal of nothing", JudgeLog{Entries: []JudgeLogEntry{{Number: 2, Withdraws: true}}}, Options{}, "does not say which"},
		{"negative points", JudgeLog{Entries: []JudgeLogEntry{{Number: 1, Points: -2}}}, Options{}, "positive number"},
		{"a negative round", JudgeLog{Entries: []JudgeLogEntry{{Number: 1, Round: -1}}}, Options{}, "numbered from 1"},
	})
}

func TestKindLabel(t *testing.T) {
	for in, want := range map[string]string{"deck-check": "Deck check", "head-judge": "Head judge", "penalty": "Penalty", "": "", "élan": "Élan"} {
		if got := kindLabel(in); got != want {
			t.Errorf("kindLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkWriteJudgeLog512 writes a judge log of 512 entries.
func BenchmarkWriteJudgeLog512(b *testing.B) {
	l := testJudgeLog(512)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteJudgeLog(io.Discard, l, Options{Created: testDate}); err != nil {
			b.Fatal(err)
		}
	}
}
