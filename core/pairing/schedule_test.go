package pairing

import (
	"errors"
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"tablekeeper/core/event"
	"tablekeeper/internal/linediff"
)

// The -update flag rewrites docs/schedules.md from the test instead of
// comparing with it. It is registered only if no other test file of the
// package has registered one.
var _ = func() bool {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files instead of comparing with them")
	}
	return true
}()

func schUpdate() bool {
	f := flag.Lookup("update")
	if f == nil {
		return false
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	b, _ := g.Get().(bool)
	return b
}

// schSeed is the seed of the schedules the tests and the report measure.
func schSeed() *rand.Rand { return rand.New(rand.NewPCG(2026, 12)) }

// schMemo keeps the schedules of schSeed that several tests measure:
// they are deterministic, and some take a fifth of a second.
var schMemo sync.Map // [3]int{n, k, rounds} → [][][]int

func schMemoSchedule(t *testing.T, n, k, rounds int) [][][]int {
	t.Helper()
	key := [3]int{n, k, rounds}
	if s, ok := schMemo.Load(key); ok {
		return s.([][][]int)
	}
	s, err := Schedule(n, k, rounds, schSeed())
	if err != nil {
		t.Fatal(err)
	}
	schMemo.Store(key, s)
	return s
}

var schMaxMemo sync.Map // [2]int{n, k} → int

func schMemoMax(t *testing.T, n, k int) int {
	t.Helper()
	m, err := schMax(n, k)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// schMax is MaxRoundsWithoutRepeat of schSeed, kept; safe to call from
// any goroutine.
func schMax(n, k int) (int, error) {
	if m, ok := schMaxMemo.Load([2]int{n, k}); ok {
		return m.(int), nil
	}
	m, err := MaxRoundsWithoutRepeat(n, k, schSeed())
	if err == nil {
		schMaxMemo.Store([2]int{n, k}, m)
	}
	return m, err
}

// schAppendix is one fixed schedule of Appendix I of the Shadowfist
// tournament rules (document 004), copied as printed: one row per player,
// each row listing, round by round, the table the row's player sits at,
// the row's player first.
type schAppendix struct {
	title string
	n, k  int
	rows  []string // "A ABC ADG AEI AFH": the player, then a table per round
	// note is the footnote under the table; noteRounds, noteMost and
	// noteOpps what it claims: over the first noteRounds rounds no pair
	// meets more than noteMost times and (when noteOpps > 0) every
	// player meets exactly noteOpps different opponents.
	note                           string
	noteRounds, noteMost, noteOpps int
	// fixes correct the rows that contradict the others, changing as few
	// entries as possible; alt is another correction, when one that changes
	// more entries keeps the footnote where fixes does not.
	fixes, alt []schAppendixFix
}

// schAppendixFix replaces one row's table in one round.
type schAppendixFix struct {
	round int
	row   string
	table string // as it should read, the row's player first
}

func schAppendixSchedules() []schAppendix {
	return []schAppendix{{
		title: "9 player round robin/Swiss, 3-player games", n: 9, k: 3,
		rows: []string{
			"A ABC ADG AEI AFH",
			"B BAC BEH BFG BDI",
			"C CAB CFI CDH CEG",
			"D DEF DAG DCH DBI",
			"E EDF EBH EAI ECG",
			"F FDE FCI FBG FAH",
			"G GHI GDA GBF GCE",
			"H HGI HBE HCD HAF",
			"I IGH ICF IAE IBD",
		},
		note: "every player plays each opponent once", noteRounds: 4, noteMost: 1, noteOpps: 8,
	}, {
		title: "8 player Swiss, 4-player games", n: 8, k: 4,
		rows: []string{
			"A ABCD ABEF ACFG ADGH",
			"B BACD BAEF BDEH BCEF",
			"C CABD CDGH CAFG CBEF",
			"D DABC DCGH DCEH DAGH",
			"E EFGH EABF ECDH EBCF",
			"F FEGH FABE FACG FBCE",
			"G GEFH GCDH GFAC GADH",
			"H HEFG HCDG HCDE HADG",
		},
		note: "no player plays the same opponent more than twice", noteRounds: 4, noteMost: 2,
		fixes: []schAppendixFix{{3, "D", "DBEH"}, {3, "E", "EBDH"}, {3, "H", "HBDE"}},
	}, {
		title: "12 player round robin/Swiss, 3-player games", n: 12, k: 3,
		rows: []string{
			"A ABC ADJ AGL AHK",
			"B BAC BGK BDH BEL",
			"C CAB CEH CFK CDI",
			"D DEF DAJ DBH DCI",
			"E EDF ECH EIJ EBL",
			"F FDE FIL FCK FGJ",
			"G GHI GBK GAL GFJ",
			"H HGI HCE HBD HAK",
			"I IGH IFL IEJ ICD",
			"J JKL JAD JEI JFG",
			"K KJL KBG KCF KAH",
			"L LJK LFI LAG LBE",
		},
		note:       "no player plays the same opponent more than once; all players play eight of the possible eleven opponents",
		noteRounds: 4, noteMost: 1, noteOpps: 8,
	}, {
		title: "12 player Swiss, 4-player games", n: 12, k: 4,
		rows: []string{
			"A ABCD AEFI AGHJ AGIK",
			"B BACD BDHL BCFL BEJH",
			"C CABD CGKJ CBFL CDFL",
			"D DABC DBHL DEIK DCFL",
			"E EFGH EAFI EDIK EBJH",
			"F FEGH FAEI FBCL FCDL",
			"G GEFH GCKJ GAHJ GAIK",
			"H HEFG HBDL HAGJ HBEJ",
			"I IJKL IAEF IDEK IAGK",
			"J JIKL JCGK JAGH JBEH",
			"K KIJL KCGJ KDEI KCDL",
			"L LIJK LDHB LBCF LCDK",
		},
		note:       "no player plays the same opponent more than twice; there will be opponents a given player will never face",
		noteRounds: 4, noteMost: 2,
		fixes: []schAppendixFix{{4, "K", "KAGI"}, {4, "L", "LCDF"}},
		alt: []schAppendixFix{{4, "A", "AFGI"}, {4, "C", "CDKL"}, {4, "D", "DCKL"}, {4, "F", "FAGI"},
			{4, "G", "GAFI"}, {4, "I", "IAFG"}},
	}, {
		title: "15 player Swiss, 3-player games", n: 15, k: 3,
		rows: []string{
			"A ABC ADG AJM AHK",
			"B BAC BJM BDG BFN",
			"C CAB CEH CFK CGO",
			"D DEF DAG DBG DIL",
			"E EDF ECH EIO EJL",
			"F FDE FLO FCK FBN",
			"G GHI GAD GBD GCO",
			"H HGI HCE HLN HAK",
			"I IGH IKN IEO IDL",
			"J JKL JBM JAM JEL",
			"K KJL KIN KCF KAH",
			"L LJK LFO LHN LEJ",
			"M MNO MBJ MAJ LDI",
			"N NMO NIK NHL NBF",
			"O OMN OFL OEI OCG",
		},
		note: "no player plays the same opponent more than once", noteRounds: 4, noteMost: 1,
		fixes: []schAppendixFix{{4, "D", "DIM"}, {4, "I", "IDM"}, {4, "M", "MDI"}},
	}, {
		title: "16 players Swiss, 4-player games", n: 16, k: 4,
		rows: []string{
			"A ABCD AEIM AGJP AFKM",
			"B BACD BFJN BHKM BGLP",
			"C CABD CGKO CELN CHJO",
			"D DABC DHLP DFIO DEIN",
			"E EFGH EAIM ECLN EDIN",
			"F FEGH FBJN FDIO FAHM",
			"G GEFH GCKO GAJP GBLP",
			"H HEFG HDLP HBKM HAFM",
			"I IJKL IAEM IDFO IDEN",
			"J JIKL JBFN JAGP JCHO",
			"K KIJL KCGO KBHM KAFM",
			"L LIJK LDHP LCEN LBGP",
			"M MNOP MAEI MBHK MAFH",
			"N NMOP NBFJ NCEL NDEI",
			"O OMNP OCGK ODFI OCHJ",
			"P PMNO PDHL PAGJ PBGL",
		},
		note:       "if only the first three rounds are used, no player faces a given opponent more than once",
		noteRounds: 3, noteMost: 1,
		fixes: []schAppendixFix{{4, "F", "FAKM"}, {4, "H", "HCJO"}, {4, "M", "MAFK"}},
	}}
}

// schFixText lists fixes as prose.
func schFixText(fixes []schAppendixFix) string {
	var fs []string
	for _, f := range fixes {
		fs = append(fs, fmt.Sprintf("row %s round %d reads %s", f.row, f.round, schCommaLetters(f.table)))
	}
	return schListNames(fs)
}

// letter names player i as the appendix does.
func schLetter(i int) string { return string(rune('A' + i)) }

// table returns the table of row p (0-based) in round r (0-based), as
// printed or as fixed.
func (a schAppendix) table(p, r int, fixed bool) string {
	t := strings.Fields(a.rows[p])[1+r]
	if fixed {
		for _, f := range a.fixes {
			if f.round == r+1 && f.row == schLetter(p) {
				t = f.table
			}
		}
	}
	return t
}

func (a schAppendix) roundCount() int { return len(strings.Fields(a.rows[0])) - 1 }

// schedule returns the rounds as tables of player indices: each distinct
// table the rows list, in the order first listed. Contradictory rows make
// an inconsistent schedule (a player at two tables, or at none).
func (a schAppendix) schedule(fixed bool) [][][]int {
	var out [][][]int
	for r := range a.roundCount() {
		seen := map[string]bool{}
		var round [][]int
		for p := range a.n {
			t := a.table(p, r, fixed)
			key := schSortedLetters(t)
			if seen[key] {
				continue
			}
			seen[key] = true
			var tb []int
			for _, c := range key {
				tb = append(tb, int(c-'A'))
			}
			round = append(round, tb)
		}
		out = append(out, round)
	}
	return out
}

func schSortedLetters(t string) string {
	b := []byte(t)
	slices.Sort(b)
	return string(b)
}

func schCommaLetters(t string) string { return strings.Join(strings.Split(t, ""), ", ") }

// schListNames joins names as prose: "A", "A and B", "A, B and C".
func schListNames(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// contradictions describes, round by round, the rows that disagree: the
// tables the rows give (with the rows giving each), and who that seats at
// two tables or none, or a row that leaves out its own player.
func (a schAppendix) contradictions() []string {
	var out []string
	for r := range a.roundCount() {
		if line := a.roundContradiction(r); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// roundContradiction describes round r (0-based) as contradictions does,
// or returns "" when its rows agree.
func (a schAppendix) roundContradiction(r int) string {
	var tables, own []string // distinct tables as listed; rows without their player
	rowsOf := map[string][]string{}
	agreed := true
	for p := range a.n {
		t := a.table(p, r, false)
		if !strings.Contains(t, schLetter(p)) {
			own = append(own, fmt.Sprintf("row %s reads %s, without %s", schLetter(p), schCommaLetters(t), schLetter(p)))
		}
		key := schSortedLetters(t)
		if rowsOf[key] == nil {
			tables = append(tables, key)
		}
		rowsOf[key] = append(rowsOf[key], schLetter(p))
	}
	var parts []string
	for _, t := range tables {
		agreed = agreed && strings.Join(rowsOf[t], "") == t
		parts = append(parts, fmt.Sprintf("%s (%s %s)", schCommaLetters(t), schPlural(len(rowsOf[t]), "row", "rows"), schListNames(rowsOf[t])))
	}
	if agreed && own == nil {
		return ""
	}
	line := fmt.Sprintf("round %d: the rows give the tables %s", r+1, strings.Join(parts, "; "))
	if who := a.misseated(tables); who != "" {
		line += ", so " + who
	}
	if own != nil {
		line += "; " + strings.Join(own, "; ")
	}
	return line
}

// misseated says who the tables seat twice or not at all.
func (a schAppendix) misseated(tables []string) string {
	seats := make([]int, a.n)
	for _, t := range tables {
		for _, c := range t {
			seats[c-'A']++
		}
	}
	var twice, none []string
	for p, s := range seats {
		switch {
		case s > 1:
			twice = append(twice, schLetter(p))
		case s == 0:
			none = append(none, schLetter(p))
		}
	}
	var who []string
	if twice != nil {
		who = append(who, schListNames(twice)+" "+schPlural(len(twice), "sits at two tables", "sit at two tables"))
	}
	if none != nil {
		who = append(who, schListNames(none)+" at none")
	}
	return strings.Join(who, " and ")
}

func schPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// noteBroken lists the pairs that meet more often than the footnote says,
// with their rounds, and the players whose opponent count differs from
// it, over the fixed schedule.
func (a schAppendix) noteBroken() []string {
	sched := a.schedule(true)[:a.noteRounds]
	rounds := map[[2]int][]int{}
	opps := make([]map[int]bool, a.n)
	for r, round := range sched {
		for _, tb := range round {
			for i, x := range tb {
				for _, y := range tb[:i] {
					pr := [2]int{min(x, y), max(x, y)}
					rounds[pr] = append(rounds[pr], r+1)
					if opps[x] == nil {
						opps[x] = map[int]bool{}
					}
					if opps[y] == nil {
						opps[y] = map[int]bool{}
					}
					opps[x][y], opps[y][x] = true, true
				}
			}
		}
	}
	var out []string
	for x := range a.n {
		for y := x + 1; y < a.n; y++ {
			if rs := rounds[[2]int{x, y}]; len(rs) > a.noteMost {
				var names []string
				for _, r := range rs {
					names = append(names, fmt.Sprint(r))
				}
				out = append(out, fmt.Sprintf("%s and %s meet in rounds %s", schLetter(x), schLetter(y), schListNames(names)))
			}
		}
	}
	if a.noteOpps > 0 {
		for x := range a.n {
			if len(opps[x]) != a.noteOpps {
				out = append(out, fmt.Sprintf("%s meets %d opponents", schLetter(x), len(opps[x])))
			}
		}
	}
	return out
}

// Rule S12: the appendix as printed contradicts itself in four schedules;
// the fixes make every round consistent, each changing only rows that
// disagree with the rest of their round.
func TestScheduleAppendixContradictionsAndFixes(t *testing.T) {
	// Rounds that contradict themselves as printed, by players and table size.
	want := map[[2]int]int{{8, 4}: 1, {12, 4}: 1, {15, 3}: 1, {16, 4}: 1}
	for _, a := range schAppendixSchedules() {
		if len(a.rows) != a.n {
			t.Fatalf("%s: %d rows", a.title, len(a.rows))
		}
		c := a.contradictions()
		raw := CheckSchedule(a.n, a.k, a.schedule(false))
		if w := want[[2]int{a.n, a.k}]; len(c) != w || (w > 0) != (raw != nil) {
			t.Errorf("%s: contradictions %q, check %v; want %d", a.title, c, raw, w)
		}
		if err := CheckSchedule(a.n, a.k, a.schedule(true)); err != nil {
			t.Errorf("%s: fixed schedule: %v", a.title, err)
		}
		if c := (schAppendix{n: a.n, k: a.k, rows: a.fixedRows()}).contradictions(); c != nil {
			t.Errorf("%s: fixed rows still disagree: %q", a.title, c)
		}
		for _, f := range append(a.fixes, a.alt...) {
			if f.table[:1] != f.row || len(f.table) != a.k {
				t.Errorf("%s: fix %+v: a row lists its own player first, then its table", a.title, f)
			}
		}
		if a.alt != nil {
			b := a
			b.fixes = a.alt
			if err := CheckSchedule(b.n, b.k, b.schedule(true)); err != nil || b.noteBroken() != nil || a.noteBroken() == nil {
				t.Errorf("%s: the other reading: %v, footnote broken by %q (and by the fix: %q)", a.title, err, b.noteBroken(), a.noteBroken())
			}
		}
	}
}

// fixedRows returns the rows with the fixes applied.
func (a schAppendix) fixedRows() []string {
	rows := make([]string, a.n)
	for p := range a.n {
		parts := []string{schLetter(p)}
		for r := range a.roundCount() {
			parts = append(parts, a.table(p, r, true))
		}
		rows[p] = strings.Join(parts, " ")
	}
	return rows
}

// Rule S12: over the appendix's four rounds, the generated schedule is at
// least as good as every appendix schedule (after the fixes, or in the
// other reading) by Schedule's order: no more meetings beyond a pair's
// second, then no more repeat meetings. The 9 at tables of 3 and the 16 at
// tables of 4 have no repeat at all (the appendix's 16 repeats 8 pairs in
// round 4), so they are at least as good by every count.
func TestScheduleAtLeastAsGoodAsTheAppendix(t *testing.T) {
	for _, a := range schAppendixSchedules() {
		t.Run(fmt.Sprintf("%d at %d", a.n, a.k), func(t *testing.T) {
			t.Parallel()
			rounds := a.roundCount()
			apps := []ScheduleQuality{MeasureSchedule(a.n, a.schedule(true))}
			if a.alt != nil {
				b := a
				b.fixes = a.alt
				apps = append(apps, MeasureSchedule(b.n, b.schedule(true)))
			}
			got := schMemoSchedule(t, a.n, a.k, rounds)
			if err := CheckSchedule(a.n, a.k, got); err != nil {
				t.Fatal(err)
			}
			q := MeasureSchedule(a.n, got)
			for _, app := range apps {
				if !schNoWorse(q, app) {
					t.Errorf("generated %+v, appendix %+v", q, app)
				}
			}
			if _, least := schEightAtFourFloor(); a.n == 8 && (q.ThirdMeetings != 0 || q.RepeatMeetings != least) {
				t.Errorf("8 at tables of 4: %+v, want no third meeting and %d repeat meetings", q, least)
			}
			if (a.n == 9 && a.k == 3 || a.n == 16 && a.k == 4) && (q.RepeatMeetings != 0 || q.MostMeetings != 1) {
				t.Errorf("%d at tables of %d: %d repeat meetings in %d rounds, want none", a.n, a.k, q.RepeatMeetings, rounds)
			}
		})
	}
}

// schNoWorse tells whether q is at least as good as app by Schedule's
// order, over as many rounds, with no pair meeting more often and no
// earlier repeat.
func schNoWorse(q, app ScheduleQuality) bool {
	if q.Rounds != app.Rounds || q.MostMeetings > app.MostMeetings || q.RoundsWithoutRepeat < app.RoundsWithoutRepeat {
		return false
	}
	if q.ThirdMeetings != app.ThirdMeetings {
		return q.ThirdMeetings < app.ThirdMeetings
	}
	return q.RepeatMeetings <= app.RepeatMeetings
}

// Every schedule seats every player exactly once a round at tables of the
// right sizes, starts with round 1 in player order, and is the same for
// the same seed.
func TestScheduleProperties(t *testing.T) {
	type tc struct{ n, k, rounds int }
	var cases []tc
	for n := 3; n <= 40; n++ {
		for _, k := range []int{3, 4, 5} {
			if _, err := ScheduleTableSizes(n, k); err != nil {
				continue
			}
			cases = append(cases, tc{n, k, 1 + n%5})
		}
	}
	cases = append(cases, tc{9, 3, 7}, tc{10, 4, 6}, tc{13, 3, 8}, tc{6, 4, 5}, tc{100, 4, 6}, tc{3, 3, 3})
	for i, c := range cases {
		t.Run(fmt.Sprintf("%d at %d for %d", c.n, c.k, c.rounds), func(t *testing.T) {
			t.Parallel()
			got, err := Schedule(c.n, c.k, c.rounds, schSeed())
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != c.rounds {
				t.Fatalf("%d rounds, want %d", len(got), c.rounds)
			}
			if err := CheckSchedule(c.n, c.k, got); err != nil {
				t.Fatal(err)
			}
			if err := schInOrder(got); err != nil {
				t.Fatal(err)
			}
			if i%5 == 0 {
				again, _ := Schedule(c.n, c.k, c.rounds, schSeed())
				if fmt.Sprint(again) != fmt.Sprint(got) {
					t.Fatalf("same seed, different schedules:\n%v\n%v", got, again)
				}
			}
			// With at least as many tables as seats at the largest, a
			// second round can always avoid the first round's pairs.
			sizes, _ := ScheduleTableSizes(c.n, c.k)
			if q := MeasureSchedule(c.n, got); c.rounds == 2 && len(sizes) >= sizes[0] && q.RepeatMeetings > 0 {
				t.Errorf("%d repeat meetings in %d rounds", q.RepeatMeetings, c.rounds)
			}
		})
	}
}

// schInOrder checks the canonical form: round 1 seats the players in
// order, each table is sorted, larger tables come first, then by their
// first player.
func schInOrder(sched [][][]int) error {
	next := 0
	for _, tb := range sched[0] {
		for _, p := range tb {
			if p != next {
				return fmt.Errorf("round 1 is %v, not in player order", sched[0])
			}
			next++
		}
	}
	for r, round := range sched {
		for i, tb := range round {
			if !slices.IsSorted(tb) || i > 0 && (len(tb) > len(round[i-1]) || len(tb) == len(round[i-1]) && tb[0] < round[i-1][0]) {
				return fmt.Errorf("round %d is not in order: %v", r+1, round)
			}
		}
	}
	return nil
}

// Up to MaxRoundsWithoutRepeat rounds no pair meets twice, and asking for
// fewer rounds gives the first rounds of the longest such schedule.
func TestScheduleUpToTheMaximumRepeatsNoPair(t *testing.T) {
	for _, c := range [][2]int{{9, 3}, {15, 3}, {16, 4}, {13, 4}, {20, 3}, {10, 3}, {32, 4}} {
		n, k := c[0], c[1]
		t.Run(fmt.Sprintf("%d at %d", n, k), func(t *testing.T) {
			t.Parallel()
			m := schMemoMax(t, n, k)
			if m < 1 || m > ScheduleBound(n, k) {
				t.Fatalf("%d rounds without repeat, bound %d", m, ScheduleBound(n, k))
			}
			full, err := Schedule(n, k, m, schSeed())
			if err != nil {
				t.Fatal(err)
			}
			if q := MeasureSchedule(n, full); q.RepeatMeetings != 0 || q.RoundsWithoutRepeat != m {
				t.Fatalf("%d rounds: %+v", m, q)
			}
			if m > 1 {
				part, _ := Schedule(n, k, m-1, schSeed())
				if MeasureSchedule(n, part).RepeatMeetings != 0 {
					t.Fatalf("%d rounds repeat a pair", m-1)
				}
			}
		})
	}
}

// Where n is k times a prime power of at least k, the designs give perfect
// rounds: the affine planes (9 at 3: 4 rounds, 16 at 4: 5), AG(3, 3) for
// 27 at 3 (13), and the transversal designs elsewhere.
func TestScheduleDesigns(t *testing.T) {
	for _, c := range []struct{ n, k, rounds int }{
		{9, 3, 4}, {27, 3, 13}, {81, 3, 40}, {12, 3, 4}, {15, 3, 5}, {21, 3, 7}, {24, 3, 8}, {75, 3, 25},
		{16, 4, 5}, {64, 4, 21}, {20, 4, 5}, {28, 4, 7}, {32, 4, 9}, {36, 4, 9}, {100, 4, 25},
		{8, 4, 1}, {18, 3, 1}, {24, 4, 1}, {4, 4, 1}, {10, 3, 0},
	} {
		d := schDesign(c.n, c.k)
		if len(d) != c.rounds {
			t.Errorf("%d at %d: %d rounds, want %d", c.n, c.k, len(d), c.rounds)
			continue
		}
		if err := CheckSchedule(c.n, c.k, d); err != nil {
			t.Errorf("%d at %d: %v", c.n, c.k, err)
		}
		if q := MeasureSchedule(c.n, d); q.RepeatMeetings != 0 {
			t.Errorf("%d at %d: %d repeat meetings", c.n, c.k, q.RepeatMeetings)
		}
	}
}

// The finite fields behind the designs: GF(q) for prime powers only, and
// every nonzero element has an inverse.
func TestScheduleFields(t *testing.T) {
	for q := 2; q <= 130; q++ {
		f, ok := newSchField(q)
		pp := false
		for p := 2; p <= q; p++ {
			x := q
			for x%p == 0 {
				x /= p
			}
			if x == 1 {
				pp = true
				break
			}
			if q%p == 0 {
				break
			}
		}
		if ok != pp {
			t.Fatalf("GF(%d): field %v, prime power %v", q, ok, pp)
		}
		if !ok || q > 64 {
			continue
		}
		for a := 1; a < q; a++ {
			inv := 0
			for b := 1; b < q; b++ {
				if f.mul(a, b) == 1 {
					inv++
				}
			}
			if inv != 1 {
				t.Fatalf("GF(%d): %d has %d inverses", q, a, inv)
			}
		}
	}
}

func TestScheduleTableSizes(t *testing.T) {
	for _, c := range []struct {
		n, k int
		want []int
	}{
		{8, 4, []int{4, 4}},
		{9, 4, []int{3, 3, 3}},
		{10, 4, []int{4, 3, 3}},
		{11, 4, []int{4, 4, 3}},
		{6, 4, []int{3, 3}},
		{8, 3, []int{3, 3, 2}},
		{10, 3, []int{3, 3, 2, 2}},
		{4, 3, []int{2, 2}},
		{3, 3, []int{3}},
	} {
		got, err := ScheduleTableSizes(c.n, c.k)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%d at %d: %v %v, want %v", c.n, c.k, got, err, c.want)
		}
	}
}

// The split has as many tables of k as any split into tables of k and
// k−1, larger tables first, and is refused only when there is none.
func TestScheduleTableSizesUseTheMostFullTables(t *testing.T) {
	for _, k := range []int{3, 4} {
		for n := k; n <= 200; n++ {
			most := -1
			for a := 0; a*k <= n; a++ {
				if (n-a*k)%(k-1) == 0 {
					most = a
				}
			}
			got, err := ScheduleTableSizes(n, k)
			switch {
			case most < 0 && err == nil:
				t.Errorf("%d at %d: %v, but no split exists", n, k, got)
			case most >= 0 && (err != nil || schFullTables(got, k) != most || schSum(got) != n):
				t.Errorf("%d at %d: %v %v, want %d tables of %d, larger first", n, k, got, err, most, k)
			}
		}
	}
}

// schFullTables counts the tables of k, or returns −1 when a table has
// another size than k and k−1 or the sizes are not in decreasing order.
func schFullTables(sizes []int, k int) int {
	full := 0
	for i, z := range sizes {
		if z != k && z != k-1 || i > 0 && z > sizes[i-1] {
			return -1
		}
		if z == k {
			full++
		}
	}
	return full
}

func schSum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func TestScheduleRefusesWhatItCannotSeat(t *testing.T) {
	for _, c := range []struct{ n, k, rounds int }{
		{8, 2, 3}, {10, 6, 3}, {7, 5, 1}, {2, 3, 1}, {3, 4, 1}, {5, 4, 2}, {9, 3, 0}, {9, 3, ScheduleMaxRounds + 1}, {ScheduleMaxPlayers + 1, 4, 1},
	} {
		_, err := Schedule(c.n, c.k, c.rounds, schSeed())
		if !errors.Is(err, event.ErrInvalid) {
			t.Errorf("%d at %d for %d rounds: %v, want an invalid-input error", c.n, c.k, c.rounds, err)
		}
	}
	if _, err := MaxRoundsWithoutRepeat(5, 4, schSeed()); !errors.Is(err, event.ErrInvalid) {
		t.Errorf("5 at 4: %v", err)
	}
	if err := CheckSchedule(6, 3, [][][]int{{{0, 1, 2}, {3, 4, 4}}}); err == nil {
		t.Error("a player seated twice passes")
	}
	if err := CheckSchedule(6, 3, [][][]int{{{0, 1}, {2, 3, 4, 5}}}); err == nil {
		t.Error("tables of 2 and 4 pass for tables of 3")
	}
}

// ScheduleRounds seats the entrants by index and says which pairs meet
// again.
func TestScheduleRoundsNamesTheRepeats(t *testing.T) {
	ids := []event.EntryID{11, 12, 13, 14, 15, 16, 17, 18}
	rounds, err := ScheduleRounds(ids, 4, 2, schSeed())
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 2 || len(rounds[0].Tables) != 2 || !slices.Equal(rounds[0].Tables[0].Seats, ids[:4]) {
		t.Fatalf("rounds %+v", rounds)
	}
	if !strings.Contains(rounds[0].Tables[0].Why.String(), "no opponents met before") {
		t.Errorf("round 1: %q", rounds[0].Tables[0].Why)
	}
	for _, tb := range rounds[1].Tables {
		if !strings.Contains(tb.Why.String(), "rematches") || !strings.Contains(tb.Why.String(), "2nd meeting") {
			t.Errorf("round 2 (8 at tables of 4 must repeat): %q", tb.Why)
		}
	}
}

// schReportRow is one line of the report's table.
// The report's table runs from schReportFirst to schReportLast players.
const schReportFirst, schReportLast = 6, 40

type schReportRow struct {
	n      int
	sizes  [3][]int // nil where n players cannot sit at tables of 3+j
	got    [3]int
	bounds [3]int
}

// TestScheduleReport writes docs/schedules.md with -update and otherwise
// checks that it is still what the code gives. It skips under -short
// (make test's race pass, after the plain pass has checked the file): it
// searches the longest schedule without repeats of every field of 6 to
// 40 players, minutes under the race detector, and the pairing code it
// runs from several goroutines (over the shared schRotMemo) runs there
// from TestScheduleProperties' parallel cases too.
func TestScheduleReport(t *testing.T) {
	if testing.Short() && !schUpdate() {
		t.Skip("docs/schedules.md is checked in the plain pass (without -short)")
	}
	const path = "../../docs/schedules.md"
	got := schReport(t)
	if schUpdate() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./core/pairing -run ScheduleReport -update)", err)
	}
	if l := linediff.First(string(want), got); l.N > 0 {
		t.Fatalf("%s is out of date at line %d (run with -update):\nhave %q\nwant %q", path, l.N, l.A, l.B)
	}
}

func schReport(t *testing.T) string {
	t.Helper()
	rows := schReportRows(t)
	apps := schAppendixSchedules()
	var b strings.Builder
	schReportIntro(&b)
	schReportContradictions(&b, apps)
	schReportComparison(t, &b, apps)
	schReportRounds(&b, rows)
	return b.String()
}

// schReportRows measures the rounds without repeat for 6 to 40 players at
// tables of 3, 4 and 5.
func schReportRows(t *testing.T) []schReportRow {
	t.Helper()
	var rows []schReportRow
	for n := schReportFirst; n <= schReportLast; n++ {
		rows = append(rows, schReportRow{n: n})
	}
	// The rows are independent: measure them on every core.
	type job struct{ i, j int }
	jobs := make(chan job)
	var wg sync.WaitGroup
	errs := make(chan error, 3*len(rows))
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for jb := range jobs {
				r := &rows[jb.i]
				k := 3 + jb.j
				sizes, err := ScheduleTableSizes(r.n, k)
				if err != nil {
					continue // a dash in the table
				}
				m, err := schMax(r.n, k)
				if err != nil {
					errs <- err
					continue
				}
				r.sizes[jb.j], r.got[jb.j], r.bounds[jb.j] = sizes, m, ScheduleBound(r.n, k)
			}
		}()
	}
	for i := range rows {
		for j := range 3 {
			jobs <- job{i, j}
		}
	}
	close(jobs)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return rows
}

func schReportIntro(b *strings.Builder) {
	b.WriteString(`# Fixed multiplayer schedules

Rule S12 (Appendix I of the Shadowfist tournament rules, document 004) gives
fixed schedules for 8, 9, 12, 15 and 16 players at tables of 3 or 4: every
round's tables are known before the event, chosen so that players meet the
same opponents as rarely as possible. ` + "`pairing.Schedule(n, k, rounds, rng)`" + ` builds
such a schedule for any number of players at tables of 3, 4 or 5:

- Tables are of k players, and of k−1 where n is not a multiple of k
  (10 at tables of 4: 4, 3, 3; 8 at tables of 3: 3, 3, 2), so nobody sits
  out; the smaller tables go round as evenly as the pairings allow.
- Schedules are compared, for a pair meeting m times, by the meetings
  beyond a pair's second first (Σ (m−2)⁺: nobody meets the same opponent
  a third time while that can be avoided), then by repeat meetings
  (Σ (m−1)⁺, so the most different opponents), then by how evenly the
  meetings spread, then by the share of the smaller tables.
- Where a resolvable design is known, it gives the rounds without a
  repeat, every player meeting every other exactly once: Kirkman triple
  systems for n ≡ 3 (mod 6) at tables of 3 (10 rounds for 21 players),
  the affine planes (9 at 3, 16 at 4, 25 at 5), resolvable (n, 4, 1)
  designs for 16, 28 and 40 at tables of 4, and transversal designs where
  n = k·g for a prime power g ≥ k; nearly Kirkman triple systems give 18,
  24, 30 and 36 players at tables of 3 the bound (everyone misses one
  opponent), and 24 at tables of 4 get 7 rounds. Each is built by a
  classical construction and checked before it is used; its players are
  renumbered with the seed, so schedules differ from seed to seed. A tabu search
  then adds round after round while no pair meets twice, and for the
  rounds beyond that minimises repeats. The search is seeded and counts
  work, not time, so a schedule is the same on every machine.

This file is written by ` + "`go test ./core/pairing -run ScheduleReport -update`" + `; the
normal test run checks that it still matches the code.

## Contradictions in Appendix I

Rows are named by player, as in the appendix; rounds count from 1. A row
lists the table its player sits at, the player first.

`)
}

func schReportContradictions(b *strings.Builder, apps []schAppendix) {
	for _, a := range apps {
		c := a.contradictions()
		broken := a.noteBroken()
		if c == nil && broken == nil {
			continue
		}
		fmt.Fprintf(b, "**%s.**\n\n", a.title)
		for _, line := range c {
			fmt.Fprintf(b, "- Printed, %s.\n", line)
		}
		if a.fixes != nil {
			fmt.Fprintf(b, "- Fixed, with the fewest entries changed: %s.\n", schFixText(a.fixes))
		}
		if a.alt != nil {
			fmt.Fprintf(b, "- Another reading, where %s, changes more entries but keeps the footnote.\n", schFixText(a.alt))
		}
		if broken != nil {
			fmt.Fprintf(b, "- The footnote says \"%s\", but with the fix %s.\n", a.note, schListNames(broken))
		}
		b.WriteString("\n")
	}
}

func schReportComparison(t *testing.T, b *strings.Builder, apps []schAppendix) {
	t.Helper()
	b.WriteString(`## Appendix I against the generated schedules

Over the appendix's rounds, after the fixes above. For each schedule:
meetings beyond a pair's second, Σ (m−2)⁺ / repeat meetings, Σ (m−1)⁺ /
pairs meeting more than once / the most meetings of a pair. The generated
schedules are those of the tests' seed.

| Players | Tables of | Rounds | Appendix I | Generated |
|---:|---:|---:|---|---|
`)
	for _, a := range apps {
		app := MeasureSchedule(a.n, a.schedule(true))
		gen := MeasureSchedule(a.n, schMemoSchedule(t, a.n, a.k, a.roundCount()))
		fmt.Fprintf(b, "| %d | %d | %d | %s | %s |\n", a.n, a.k, a.roundCount(), schQualityText(app), schQualityText(gen))
	}
	sets, least := schEightAtFourFloor()
	fmt.Fprintf(b, `
For 8 players at tables of 4 the generated schedule has more repeat
meetings than the appendix's but keeps the appendix's own footnote: no pair
meets three times. %d is the fewest repeat meetings four rounds can have
without that: a player's seats over the four rounds are a word of four
bits, and all %d sets of eight different words with four players at each
table were tried.
`, least, sets)
}

func schReportRounds(b *strings.Builder, rows []schReportRow) {
	b.WriteString(`
## Rounds without a repeat

How many rounds the generated schedules run before any pair of players
meets a second time (` + "`MaxRoundsWithoutRepeat`" + `, the "reached" figure),
against the most rounds any schedule can run (the "optimum"). Tables are
of k and, where n is not a multiple of k, of k−1. The optimum is at most
the bound floor((n−1)/(k−1)), k being the largest table: each round a
player meets at most k−1 new opponents. A letter says where the optimum
comes from; "≤ b" means that only the bound b is known here. A * marks a
size where Tablekeeper reaches the optimum; a dash, a size that cannot sit
at those tables.

| Players | Tables of 3 | Reached / optimum | Tables of 4 | Reached / optimum | Tables of 5 | Reached / optimum |
|---:|---|---:|---|---:|---|---:|
`)
	for _, r := range rows {
		fmt.Fprintf(b, "| %d |", r.n)
		for j := range 3 {
			if r.sizes[j] == nil {
				b.WriteString(" — | — |")
				continue
			}
			opt, exact, src := schOptimum(r.n, 3+j, r.got[j])
			switch {
			case !exact:
				fmt.Fprintf(b, " %s | %d / ≤ %d |", schSizesText(r.sizes[j]), r.got[j], opt)
			case r.got[j] == opt:
				fmt.Fprintf(b, " %s | %d / %d %s * |", schSizesText(r.sizes[j]), r.got[j], opt, src)
			default:
				fmt.Fprintf(b, " %s | %d / %d %s |", schSizesText(r.sizes[j]), r.got[j], opt, src)
			}
		}
		b.WriteString("\n")
	}
	b.WriteString(`
Where the optimum comes from:

- **K**: a Kirkman triple system KTS(n) exists for every n ≡ 3 (mod 6)
  (Ray-Chaudhuri and Wilson, 1971), (n−1)/2 rounds. Tablekeeper builds
  them (core/pairing/design.go): AG(2, 3) and AG(3, 3) for 9 and 27,
  Ray-Chaudhuri and Wilson's KTS(2q+1) for 15 and 39 and KTS(3q) for 21
  (q ≡ 1 mod 6 a prime power), and for 33 the doubling of the affine
  plane of order 4 with a KTS(9) on each line (Beth, Jungnickel and Lenz,
  Design Theory, Lemma IX.6.4).
- **N**: a nearly Kirkman triple system NKTS(n), every player missing one
  opponent, exists for every n ≡ 0 (mod 6) from 18 on (Baker and Wilson,
  1977; Handbook of Combinatorial Designs), (n−2)/2 rounds; none exists
  for 12, so 12 at tables of 3 stops at 4. Tablekeeper builds those for
  18, 24, 30 and 36 (see D).
- **A**: the affine plane AG(2, q) seats q² players at tables of q for
  q+1 rounds (9 at 3, 16 at 4, 25 at 5).
- **R**: a resolvable (n, 4, 1) design exists for every n ≡ 4 (mod 12)
  (Hanani, Ray-Chaudhuri and Wilson, 1972), (n−1)/3 rounds; Tablekeeper
  builds the ones for n = 3q+1, q ≡ 1 (mod 4) a prime power (Design
  Theory, VII.7.5): 16, 28 and 40.
- **D**: a resolvable group divisible design with blocks of 4 and groups
  of 3 (type 3^8): every player misses only the two others of their
  group. Tablekeeper finds it, as it finds NKTS(18), NKTS(24), NKTS(30)
  and NKTS(36), by a 1-rotational difference search: the rounds are the
  translates of one or two base rounds under Z_m, and a seeded
  backtracking search picks the base rounds so that no difference
  repeats; the result is checked before it is used.
- **S**: the social golfer problem's known results: 5 rounds for 20 at
  tables of 4 (Harvey's table of solutions), 10 for 32 (Aguado, 2004).
- **F**: fewer tables than seats at the largest: a second round must seat
  two players of one first-round table together, so 1.
- **B**: the bound, reached by the search.
`)
	schReportNotes(b, rows)
}

// schReportNotes lists the sizes where Tablekeeper stops short of a known
// optimum.
func schReportNotes(b *strings.Builder, rows []schReportRow) {
	var short []string
	for _, r := range rows {
		for j := range 3 {
			if r.sizes[j] == nil {
				continue
			}
			if opt, exact, _ := schOptimum(r.n, 3+j, r.got[j]); exact && r.got[j] < opt {
				short = append(short, fmt.Sprintf("%d at tables of %d (%d of %d)", r.n, 3+j, r.got[j], opt))
			}
		}
	}
	if short != nil {
		fmt.Fprintf(b, `
Where Tablekeeper stops short of a known optimum, no construction is
built in and the search does not find one: %s.
`, schListNames(short))
	}
}

// schOptimum returns the most rounds without a repeat that n players at
// tables of k can play, as known from design theory (exact), or the bound
// when it is not known here; src is the letter of docs/schedules.md that
// says where it comes from. reached is what Tablekeeper reaches: when it
// is the bound, the bound is the optimum.
func schOptimum(n, k, reached int) (opt int, exact bool, src string) {
	sizes, err := ScheduleTableSizes(n, k)
	if err != nil {
		return 0, false, ""
	}
	big, bound := sizes[0], ScheduleBound(n, k)
	if len(sizes) < big {
		return 1, true, "F"
	}
	if n%big == 0 {
		if opt, src, ok := schEvenOptimum(n, big); ok {
			return opt, true, src
		}
	}
	if reached == bound {
		return bound, true, "B"
	}
	return bound, false, ""
}

// schEvenOptimum is schOptimum's known optimum for n players at tables of
// big all full, with its letter, when design theory gives one.
func schEvenOptimum(n, big int) (opt int, src string, ok bool) {
	switch {
	case big == 3 && n%6 == 3:
		return (n - 1) / 2, "K", true
	case big == 3 && n == 12:
		return 4, "N", true
	case big == 3 && n%6 == 0 && n >= 18:
		return (n - 2) / 2, "N", true
	case big == 4 && n%12 == 4:
		return (n - 1) / 3, "R", true
	case big == 5 && n == 25:
		return 6, "A", true
	case big == 4 && n == 20:
		return 5, "S", true
	case big == 4 && n == 24:
		return 7, "D", true
	case big == 4 && n == 32:
		return 10, "S", true
	}
	return 0, "", false
}

// schEightAtFourFloor returns how many seatings of 8 players at two
// tables of 4 for four rounds have no pair meeting three times (up to
// renaming), and the fewest repeat meetings among them. A player's seats
// are a 4-bit word (bit r: the second table in round r); two players meet
// in the rounds where their words agree, so no pair meets three times
// only if the words are different.
func schEightAtFourFloor() (sets, least int) {
	least = -1
	var walk func(from int, words []int)
	walk = func(from int, words []int) {
		if len(words) == 8 {
			for r := range 4 {
				ones := 0
				for _, w := range words {
					ones += w >> r & 1
				}
				if ones != 4 {
					return
				}
			}
			sets++
			third, rep := 0, 0
			for i, x := range words {
				for _, y := range words[:i] {
					m := 4 - bits.OnesCount(uint(x^y))
					third += max(m-2, 0)
					rep += max(m-1, 0)
				}
			}
			if third == 0 && (least < 0 || rep < least) {
				least = rep
			}
			return
		}
		for w := from; w < 16; w++ {
			walk(w+1, append(words, w))
		}
	}
	walk(0, nil)
	return sets, least
}

func schQualityText(q ScheduleQuality) string {
	return fmt.Sprintf("%d / %d / %d / %d", q.ThirdMeetings, q.RepeatMeetings, q.RepeatPairs, q.MostMeetings)
}

// schSizesText is "4, 4, 3" shortened to "2×4 + 3" style counts.
func schSizesText(sizes []int) string {
	var parts []string
	for i := 0; i < len(sizes); {
		j := i
		for j < len(sizes) && sizes[j] == sizes[i] {
			j++
		}
		if j-i == 1 {
			parts = append(parts, fmt.Sprint(sizes[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d×%d", j-i, sizes[i]))
		}
		i = j
	}
	return strings.Join(parts, " + ")
}

func BenchmarkScheduleSixteenAtFourFiveRounds(b *testing.B) {
	for b.Loop() {
		if _, err := Schedule(16, 4, 5, schSeed()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScheduleTwentyFourAtThreeSixRounds(b *testing.B) {
	for b.Loop() {
		if _, err := Schedule(24, 3, 6, schSeed()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScheduleTwelveAtFourBeyondTheBound(b *testing.B) {
	for b.Loop() {
		if _, err := Schedule(12, 4, 4, schSeed()); err != nil {
			b.Fatal(err)
		}
	}
}

// Rule S12: with no rounds named, a schedule runs as long as no pair meets
// twice (16 players at tables of 4: 5 rounds), and at least 3 rounds even
// where a repeat comes sooner (6 players at tables of 3: 2).
func TestDefaultScheduleRounds(t *testing.T) {
	for _, c := range []struct{ n, k, want int }{{16, 4, 5}, {6, 3, 3}} {
		got, err := DefaultScheduleRounds(c.n, c.k, rand.New(rand.NewPCG(1, 0)))
		if err != nil || got != c.want {
			t.Errorf("%d players at tables of %d: %d rounds, %v; want %d", c.n, c.k, got, err, c.want)
		}
		if best, _ := MaxRoundsWithoutRepeat(c.n, c.k, rand.New(rand.NewPCG(1, 0))); c.want > 3 && best != got {
			t.Errorf("%d players: %d rounds, %d without a repeat", c.n, got, best)
		}
	}
	if _, err := DefaultScheduleRounds(2, 4, rand.New(rand.NewPCG(1, 0))); err == nil {
		t.Error("2 players at tables of 4: no error")
	}
}

// The schedule command's numbers are checked in its words, each mistake
// naming its flag and the range it takes.
func TestValidateScheduleNamesTheFlag(t *testing.T) {
	if err := ValidateSchedule(16, 4, 0); err != nil {
		t.Errorf("16 players at tables of 4: %v", err)
	}
	for _, c := range []struct {
		n, k, rounds int
		says         string
	}{
		{2, 4, 0, "--players must be between 3 and 1000"},
		{1001, 4, 0, "--players must be between 3 and 1000"},
		{16, 6, 0, "--table must be 3 to 5"},
		{16, 2, 0, "--table must be 3 to 5"},
		{16, 4, -1, "--rounds must be between 1 and 64"},
		{16, 4, 65, "--rounds must be between 1 and 64"},
	} {
		err := ValidateSchedule(c.n, c.k, c.rounds)
		if !errors.Is(err, event.ErrInvalid) || event.Message(err) != c.says {
			t.Errorf("%d players, tables of %d, %d rounds: %v, want %q", c.n, c.k, c.rounds, err, c.says)
		}
	}
}

// A seed gives one schedule; without rounds it runs the default number.
func TestSeededScheduleIsTheSameForASeed(t *testing.T) {
	a, err := SeededSchedule(16, 4, 0, 7)
	if err != nil {
		t.Fatal(err)
	}
	want, err := DefaultScheduleRounds(16, 4, rand.New(rand.NewPCG(7, 0)))
	if err != nil || len(a) != want {
		t.Fatalf("%d rounds, want %d (%v)", len(a), want, err)
	}
	b, err := SeededSchedule(16, 4, 0, 7)
	if err != nil || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("the same seed gave two schedules (%v)", err)
	}
	if c, err := SeededSchedule(16, 4, 3, 7); err != nil || len(c) != 3 {
		t.Errorf("3 rounds asked: %d (%v)", len(c), err)
	}
}
