// Package pairbench times the Swiss pairing on a simulated event held in
// memory (no database) for the side-by-side harness of .ci/bench: each
// round it computes the standings, pairs them with pairing.Swiss (the only
// call timed) and records every match's result from the harness's shared
// result model, writing the JSON lines the harness reads.
package pairbench

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"time"

	"tablekeeper/core/event"
	"tablekeeper/core/pairing"
	"tablekeeper/core/rules"
	"tablekeeper/core/standings"
)

// MaxPlayers bounds the players: ids must stay far inside the result
// model's uint32 arithmetic, and larger events are not a store's.
const MaxPlayers = 100000

// Validate checks a benchmark's players, rounds (0: DefaultRounds) and
// seed. Its sentences name the bench command's flags, whose values these
// are.
func Validate(n, rounds int, seed uint64) error {
	switch {
	case n < 2 || n > MaxPlayers:
		return event.Invalidf("--n must be between 2 and %d", MaxPlayers)
	case rounds < 0 || rounds > event.MaxRounds:
		return event.Invalidf("--rounds must be between 1 and %d", event.MaxRounds)
	case seed > math.MaxUint32:
		return event.Invalidf("--seed must be between 0 and %d (the result model is 32-bit)", uint64(math.MaxUint32))
	}
	return nil
}

// Swiss plays an event of n players over rounds rounds (0: DefaultRounds)
// with the results of the shared result model for seed, and writes its
// JSON lines to w: a start line, one line per round with the pairing time
// and the pairs, and an end line with the peak memory of the process.
func Swiss(w io.Writer, n, rounds int, seed uint64) error {
	if err := Validate(n, rounds, seed); err != nil {
		return err
	}
	if rounds == 0 {
		rounds = DefaultRounds(n)
	}
	_, format, err := rules.Lookup("generic", "swiss")
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if err := benchSwiss(bw, n, rounds, seed, format.Defaults); err != nil {
		return err
	}
	return bw.Flush()
}

// DefaultRounds is the harness's default: min(10, ceil(log2 n)+1).
func DefaultRounds(n int) int {
	r := 0
	for p := 1; p < n; p *= 2 {
		r++
	}
	return min(10, r+1)
}

// benchSwiss plays the event: each round it computes the standings, pairs
// them with pairing.Swiss (the only call timed), prints the pairs and
// records every match's result from the shared result model.
func benchSwiss(w *bufio.Writer, n, rounds int, seed uint64, set event.Settings) error {
	entries := make([]event.Entry, n)
	for i := range entries {
		id := event.EntryID(i + 1)
		entries[i] = event.Entry{ID: id, PlayerID: event.PlayerID(id), Status: event.EntryActive, CheckedIn: true, JoinedRound: 1}
	}
	byeGames := set.GamesPerMatch/2 + 1
	fmt.Fprintf(w, `{"ev":"start","N":%d,"R":%d,"seed":%d}`+"\n", n, rounds, seed)
	var played []event.Round
	line := make([]byte, 0, 64+16*n)
	for number := 1; number <= rounds; number++ {
		table := standings.Compute(entries, played, set)
		players := make([]pairing.Player, len(table))
		for i, s := range table {
			players[i] = pairing.Player{Entry: s.EntryID, Points: s.Points, Opponents: s.Opponents, Byes: s.Byes}
		}
		rng := rand.New(rand.NewPCG(seed, uint64(number))) // #nosec G404 -- the benchmark's rounds are drawn from a fixed seed so every run pairs the same
		start := time.Now()
		out := pairing.Swiss(players, rng)
		pairMs := float64(time.Since(start).Nanoseconds()) / 1e6

		r := event.Round{Number: number, Stage: event.StageSwiss, Seed: int64(seed)} // #nosec G115 -- the seed's bits are stored as the round's int64 seed, as the director stores it
		line = append(line[:0], `{"ev":"round","round":`...)
		line = strconv.AppendInt(line, int64(number), 10)
		line = append(line, `,"pairMs":`...)
		line = strconv.AppendFloat(line, pairMs, 'f', -1, 64)
		line = append(line, `,"pairs":[`...)
		for i, t := range out.Tables {
			if len(t.Seats) != 2 {
				return fmt.Errorf("round %d: the engine seated %d players at table %d", number, len(t.Seats), i+1)
			}
			a, b := t.Seats[0], t.Seats[1]
			if i > 0 {
				line = append(line, ',')
			}
			line = append(line, '[')
			line = strconv.AppendInt(line, int64(a), 10)
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(b), 10)
			line = append(line, ']')
			aw, bw, d := Result(uint32(seed), uint32(number), uint32(a), uint32(b)) // #nosec G115 -- Result hashes the low 32 bits of each; truncation is the intent
			r.Tables = append(r.Tables, event.Table{
				Number: i + 1,
				Seats:  []event.Seat{{EntryID: a}, {EntryID: b}},
				Result: &event.Result{Seats: []event.SeatResult{{GamesWon: aw}, {GamesWon: bw}}, GamesDrawn: d},
			})
		}
		if out.Bye != 0 {
			if len(out.Tables) > 0 {
				line = append(line, ',')
			}
			line = append(line, '[')
			line = strconv.AppendInt(line, int64(out.Bye), 10)
			line = append(line, ",null]"...)
			r.Tables = append(r.Tables, event.Table{
				Bye:    true,
				Seats:  []event.Seat{{EntryID: out.Bye}},
				Result: &event.Result{Seats: []event.SeatResult{{GamesWon: byeGames}}},
			})
		}
		line = append(line, "]}\n"...)
		if _, err := w.Write(line); err != nil {
			return err
		}
		// Flush each round so the harness sees progress (its timeout is
		// per line).
		if err := w.Flush(); err != nil {
			return err
		}
		played = append(played, r)
	}
	fmt.Fprintf(w, `{"ev":"end","maxRssMB":%d}`+"\n", int(math.Round(peakRSSMB())))
	return nil
}

// Result is the shared result model of .ci/bench (resultmodel.mjs, ported
// with the same uint32 arithmetic; .ci/bench/resultmodel_ref.go prints its
// vectors): the games won by a and b and the drawn games of a best of three. It depends only on
// (seed, round, lower id, higher id): 4% draws (1–1–1), otherwise the lower
// id wins when u < 0.52 and the loser takes 0 or 1 game.
func Result(seed, round, a, b uint32) (aWins, bWins, draws int) {
	h := MatchHash(seed, round, a, b)
	u := float64(h) / 4294967296.0
	if u < 0.04 {
		return 1, 1, 1
	}
	lo := a
	if b < a {
		lo = b
	}
	loWins := u < 0.52
	loser := int((h >> 7) & 1)
	if aWon := loWins == (a == lo); aWon {
		return 2, loser, 0
	}
	return loser, 2, 0
}

// MatchHash is the result model's hash of a match: it depends only on
// (seed, round, {a, b}), player ids being 1-based.
func MatchHash(seed, round, a, b uint32) uint32 {
	lo, hi := a, b
	if lo > hi {
		lo, hi = hi, lo
	}
	return benchFmix32(seed ^ round*0x9E3779B1 ^ lo*0x85EBCA77 ^ hi*0xC2B2AE3D)
}

// benchFmix32 is MurmurHash3's 32-bit finaliser.
func benchFmix32(h uint32) uint32 {
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}
