package pairing

import (
	"tablekeeper/core/i18n"

	"tablekeeper/core/event"
)

// RoundRobinOptions are the choices of a round robin.
type RoundRobinOptions struct {
	// Double plays every pairing twice: a second cycle of the same rounds
	// with the seats swapped.
	Double bool
	// Withdrawn are the entries dropped or disqualified (K10): each of
	// their remaining games is a walkover for the opponent.
	Withdrawn []event.EntryID
}

// RoundRobinSchedule returns every round of a round robin (S10: every player
// meets every other once; twice with double) from Berger tables, the circle
// method of chess round robins. The entrants, in seed order, take the
// numbers 1 to n; with an odd number a phantom player n+1 is added and
// whoever meets it has the bye, so each player has exactly one bye per
// cycle. The last number stays fixed while the others turn round it: in
// round r the fixed player meets the p with 2p ≡ r+1 (mod n−1), and the
// other tables pair p+t with p−t. The fixed player takes the first seat in
// even rounds; at the other tables the first seat goes to a where the
// distance from a to the opponent, counted forward mod n−1, is odd. So the
// seats alternate as in published Berger tables and nobody has more than one
// first seat more than second seats. With double, the second cycle repeats
// the first with the seats swapped.
func RoundRobinSchedule(entrants []event.EntryID, double bool) ([]Round, error) {
	if err := elCheckEntrants(entrants); err != nil {
		return nil, err
	}
	n := len(entrants)
	if n%2 == 1 {
		n++
	}
	id := func(label int) event.EntryID { // label 1..n; the phantom is 0
		if label > len(entrants) {
			return 0
		}
		return entrants[label-1]
	}
	mod := n - 1
	norm := func(x int) int { // into 1..mod
		x %= mod
		if x <= 0 {
			x += mod
		}
		return x
	}
	cycle := n - 1
	var out []Round
	for r := 1; r <= cycle; r++ {
		var rd Round
		var p int
		for q := 1; q <= mod; q++ {
			if norm(2*q) == norm(r+1) {
				p = q
				break
			}
		}
		pairs := [][2]int{{p, n}}
		if r%2 == 0 {
			pairs[0] = [2]int{n, p}
		}
		for t := 1; t < n/2; t++ {
			a, b := norm(p+t), norm(p-t)
			if norm(b-a)%2 == 0 {
				a, b = b, a
			}
			pairs = append(pairs, [2]int{a, b})
		}
		for ti, pr := range pairs {
			a, b := id(pr[0]), id(pr[1])
			switch {
			case a == 0:
				rd.Bye, rd.ByeWhy = b, rrByeWhy()
			case b == 0:
				rd.Bye, rd.ByeWhy = a, rrByeWhy()
			default:
				rd.Tables = append(rd.Tables, Table{Seats: []event.EntryID{a, b},
					Why: i18n.F("round robin (S10): Berger table %d of round %d, seed %d v seed %d", ti+1, r, pr[0], pr[1])})
			}
		}
		out = append(out, rd)
	}
	if double {
		for r := range cycle {
			first := out[r]
			rd := Round{Bye: first.Bye, ByeWhy: first.ByeWhy}
			for _, t := range first.Tables {
				rd.Tables = append(rd.Tables, Table{Seats: []event.EntryID{t.Seats[1], t.Seats[0]},
					Why: i18n.F("%s, seats swapped (second cycle)", t.Why)})
			}
			out = append(out, rd)
		}
	}
	return out, nil
}

// rrByeWhy is the reason of a round robin's bye.
func rrByeWhy() i18n.Text {
	return i18n.F("bye: odd number of players, each has one bye per cycle (round robin)")
}

// RoundRobin returns the next round of a round robin (see
// RoundRobinSchedule): round len(played)+1 of the schedule, or Done after
// the last. Each played round's two-player tables must be pairings of the
// matching scheduled round. A scheduled game with a withdrawn entrant (K10)
// is a walkover for the other, reported as a PassWalkover (the director
// records it as a win, a bye table); a withdrawn player's bye is dropped.
// Placements are left to the standings (core/standings), which rank a round
// robin by points and tiebreakers like Swiss.
func RoundRobin(entrants []event.EntryID, played []event.Round, opt RoundRobinOptions) (Progress, error) {
	sched, err := RoundRobinSchedule(entrants, opt.Double)
	if err != nil {
		return Progress{}, err
	}
	if len(played) > len(sched) {
		return Progress{}, event.Invalidf("round robin: %d rounds played, the schedule has %d", len(played), len(sched))
	}
	for i, h := range played {
		want := map[[2]event.EntryID]bool{}
		for _, t := range sched[i].Tables {
			want[elPair(t.Seats[0], t.Seats[1])] = true
		}
		for _, t := range h.Tables {
			if len(t.Seats) != 2 {
				continue
			}
			if p := elPair(t.Seats[0].EntryID, t.Seats[1].EntryID); !want[p] {
				return Progress{}, event.Invalidf("round robin: round %d, table %d (entry %d v entry %d) is not in round %d of the schedule", h.Number, t.Number, p[0], p[1], i+1)
			}
		}
	}
	if len(played) == len(sched) {
		return Progress{Done: true}, nil
	}
	r := len(played) + 1
	rd := sched[r-1]
	withdrawn := elSet(opt.Withdrawn)
	nr := NextRound{Name: i18n.F("round %d of %d", r, len(sched))}
	for _, t := range rd.Tables {
		a, b := t.Seats[0], t.Seats[1]
		switch {
		case withdrawn[a] && withdrawn[b]:
		case withdrawn[a] || withdrawn[b]:
			w, l := a, b
			if withdrawn[a] {
				w, l = b, a
			}
			nr.Passes = append(nr.Passes, Pass{Entry: w, Kind: PassWalkover,
				Why: i18n.F("walkover (K10): the scheduled opponent, entry %d, was dropped or disqualified", l)})
		default:
			nr.Tables = append(nr.Tables, t)
		}
	}
	if rd.Bye != 0 && !withdrawn[rd.Bye] {
		nr.Passes = append(nr.Passes, Pass{Entry: rd.Bye, Kind: PassBye, Why: rd.ByeWhy})
	}
	return Progress{Next: nr}, nil
}
