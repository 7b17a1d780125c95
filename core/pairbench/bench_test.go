package pairbench

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/event"
)

// benchLine is any line of the bench contract (.ci/bench/README.md).
type benchLine struct {
	Ev       string   `json:"ev"`
	N        *int     `json:"N"`
	R        *int     `json:"R"`
	Seed     *uint64  `json:"seed"`
	Round    int      `json:"round"`
	PairMs   *float64 `json:"pairMs"`
	Pairs    [][]*int `json:"pairs"`
	MaxRssMB *float64 `json:"maxRssMB"`
}

func runBenchLines(t *testing.T, n, rounds int, seed uint64) []benchLine {
	t.Helper()
	var out bytes.Buffer
	if err := Swiss(&out, n, rounds, seed); err != nil {
		t.Fatalf("%d players, %d rounds, seed %d: %v", n, rounds, seed, err)
	}
	var lines []benchLine
	for i, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		var v benchLine
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("line %d is not a contract line: %v\n%s", i+1, err, l)
		}
		lines = append(lines, v)
	}
	return lines
}

// checkBenchContract checks the start, round and end lines of an event of n
// players and r rounds: every player 1..n exactly once in each round, at
// most one bye, and a pairing time that is not negative.
func checkBenchContract(t *testing.T, lines []benchLine, n, r int, seed uint64) {
	t.Helper()
	if len(lines) != r+2 {
		t.Fatalf("%d lines, want start + %d rounds + end", len(lines), r)
	}
	s := lines[0]
	if s.Ev != "start" || s.N == nil || *s.N != n || s.R == nil || *s.R != r || s.Seed == nil || *s.Seed != seed {
		t.Errorf("first line %+v, want start N=%d R=%d seed=%d", s, n, r, seed)
	}
	for k, l := range lines[1 : r+1] {
		if l.Ev != "round" || l.Round != k+1 {
			t.Errorf("line %d: ev %q round %d, want round %d", k+2, l.Ev, l.Round, k+1)
		}
		if l.PairMs == nil || *l.PairMs < 0 {
			t.Errorf("round %d: pairMs %v, want a time ≥ 0", k+1, l.PairMs)
		}
		seen := make(map[int]int)
		byes := 0
		for _, p := range l.Pairs {
			if len(p) != 2 || p[0] == nil {
				t.Errorf("round %d: pair %v is not [id,id] or [id,null]", k+1, p)
				continue
			}
			seen[*p[0]]++
			if p[1] == nil {
				byes++
			} else {
				seen[*p[1]]++
			}
		}
		for id := 1; id <= n; id++ {
			if seen[id] != 1 {
				t.Errorf("round %d: player %d appears %d times", k+1, id, seen[id])
			}
		}
		if len(seen) != n {
			t.Errorf("round %d: %d distinct ids, want exactly 1..%d", k+1, len(seen), n)
		}
		if byes != n%2 {
			t.Errorf("round %d: %d byes for %d players", k+1, byes, n)
		}
	}
	e := lines[r+1]
	if e.Ev != "end" || e.MaxRssMB == nil || *e.MaxRssMB < 0 {
		t.Errorf("last line %+v, want end with maxRssMB ≥ 0", e)
	}
}

func TestBenchSwissContract(t *testing.T) {
	lines := runBenchLines(t, 64, 5, 1)
	checkBenchContract(t, lines, 64, 5, 1)
}

func TestBenchSwissOddPlayersAndDefaultRounds(t *testing.T) {
	// 37 players: a bye every round; rounds default to min(10, ceil(log2 37)+1) = 7.
	lines := runBenchLines(t, 37, 0, 3)
	checkBenchContract(t, lines, 37, 7, 3)
	for n, want := range map[int]int{2: 2, 8: 4, 9: 5, 64: 7, 256: 9, 512: 10, 1024: 10, 4096: 10} {
		if got := DefaultRounds(n); got != want {
			t.Errorf("default rounds for %d players: %d, want %d", n, got, want)
		}
	}
}

func TestBenchSwissSameSeedSamePairs(t *testing.T) {
	pairs := func(seed uint64) string {
		var b strings.Builder
		for _, l := range runBenchLines(t, 33, 4, seed) {
			if l.Ev == "round" {
				js, _ := json.Marshal(l.Pairs)
				b.Write(js)
			}
		}
		return b.String()
	}
	a, b, c := pairs(5), pairs(5), pairs(6)
	if a != b {
		t.Error("the same seed paired differently")
	}
	if a == c {
		t.Error("another seed paired the same")
	}
}

// TestBenchResultModel checks the port against the vectors that
// `go run .ci/bench/resultmodel_ref.go` and `node resultmodel-vectors.mjs`
// print.
func TestBenchResultModel(t *testing.T) {
	for _, v := range []struct {
		seed, round, a, b uint32
		hash              uint32
		aw, bw, d         int
	}{
		{1, 1, 1, 2, 1625817163, 2, 0, 0},
		{1, 1, 2, 1, 1625817163, 0, 2, 0},
		{7, 3, 10, 500, 3120286678, 1, 2, 0},
		{42, 9, 4096, 17, 2119304581, 1, 2, 0},
		{3, 5, 123, 124, 2264702237, 0, 2, 0},
	} {
		if h := MatchHash(v.seed, v.round, v.a, v.b); h != v.hash {
			t.Errorf("seed=%d round=%d a=%d b=%d: hash %d, want %d", v.seed, v.round, v.a, v.b, h, v.hash)
		}
		aw, bw, d := Result(v.seed, v.round, v.a, v.b)
		if aw != v.aw || bw != v.bw || d != v.d {
			t.Errorf("seed=%d round=%d a=%d b=%d: %d-%d-%d, want %d-%d-%d", v.seed, v.round, v.a, v.b, aw, bw, d, v.aw, v.bw, v.d)
		}
	}
	// The reference's distribution line: pairs=44850 draws=1785 lowIdWins=21433.
	draws, loWins, n := 0, 0, 0
	for a := uint32(1); a <= 300; a++ {
		for b := a + 1; b <= 300; b++ {
			aw, bw, d := Result(1, 1, a, b)
			n++
			if d == 1 {
				draws++
			} else if aw > bw {
				loWins++
			}
			// The outcome must not depend on the order of the ids.
			if bw2, aw2, d2 := Result(1, 1, b, a); aw2 != aw || bw2 != bw || d2 != d {
				t.Fatalf("a=%d b=%d: %d-%d-%d one way, %d-%d-%d the other", a, b, aw, bw, d, bw2, aw2, d2)
			}
		}
	}
	if n != 44850 || draws != 1785 || loWins != 21433 {
		t.Errorf("pairs=%d draws=%d lowIdWins=%d, want pairs=44850 draws=1785 lowIdWins=21433", n, draws, loWins)
	}
}

// Bad players, rounds and seeds are refused with a sentence naming the
// flag, before any line is written.
func TestBenchRejectsBadArguments(t *testing.T) {
	for _, c := range []struct {
		n, rounds int
		seed      uint64
		want      string
	}{
		{0, 0, 1, "--n must be between 2 and 100000"},
		{1, 0, 1, "--n must be between 2 and 100000"},
		{MaxPlayers + 1, 0, 1, "--n must be between 2 and 100000"},
		{8, -1, 1, "--rounds must be between 1 and 64"},
		{8, event.MaxRounds + 1, 1, "--rounds must be between 1 and 64"},
		{8, 0, 1 << 32, "--seed must be between 0 and 4294967295 (the result model is 32-bit)"},
	} {
		var out bytes.Buffer
		err := Swiss(&out, c.n, c.rounds, c.seed)
		if !errors.Is(err, event.ErrInvalid) || event.Message(err) != c.want || out.Len() != 0 {
			t.Errorf("n=%d rounds=%d seed=%d: %v, %q written; want %q", c.n, c.rounds, c.seed, err, out.String(), c.want)
		}
	}
}
