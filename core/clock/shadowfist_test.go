package clock

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/event"
)

func TestShadowfistAtTime(t *testing.T) {
	tests := []struct {
		name    string
		seats   []ShadowfistSeat
		places  []int
		tie     bool
		decided ShadowfistDecided
		explain string
	}{
		{
			// Rule S8 (5.5 c): a single closest player wins on time-out,
			// whatever the game points.
			name:    "closest to victory",
			seats:   []ShadowfistSeat{{Sites: 2, GamePoints: 20}, {Sites: 4, GamePoints: 3}, {Sites: 1, GamePoints: 9}, {Sites: 2, GamePoints: 8}},
			places:  []int{2, 1, 4, 3},
			decided: DecidedCloseness,
			explain: "Seat 2 is closest to victory (1 site short) and wins on time-out.",
		},
		{
			// Rule S8: closeness counts the sites each player needs; a
			// card lowering the target to 4 makes 3 sites closer than 3
			// of 5.
			name:    "sites to win changed by cards",
			seats:   []ShadowfistSeat{{Sites: 3}, {Sites: 3, SitesToWin: 4}, {Sites: 3, SitesToWin: 6}},
			places:  []int{2, 1, 3},
			decided: DecidedCloseness,
		},
		{
			// Rule S8 (5.5 d): equally close players are separated by
			// game points.
			name:    "game points among the closest",
			seats:   []ShadowfistSeat{{Sites: 3, GamePoints: 9}, {Sites: 1, GamePoints: 2}, {Sites: 3, GamePoints: 12}},
			places:  []int{2, 3, 1},
			decided: DecidedGamePoints,
			explain: "Seats 1 and 3 are equally close to victory (2 sites short); seat 3 has the most game points (12) and wins on time-out.",
		},
		{
			// Rule S8 (5.5 e): equal on both, a tie on time-out for the
			// leaders; the others placed from 2.
			name:    "tie on time-out",
			seats:   []ShadowfistSeat{{Sites: 3, GamePoints: 9}, {Sites: 1, GamePoints: 2}, {Sites: 3, GamePoints: 9}, {Sites: 3, GamePoints: 4}, {Sites: 0}},
			places:  []int{1, 3, 1, 2, 4},
			tie:     true,
			decided: DecidedTie,
			explain: "Seats 1 and 3 are equally close to victory (2 sites short) with 9 game points each: tie on time-out.",
		},
		{
			// Everyone tied: all share the lead.
			name:    "all tied",
			seats:   []ShadowfistSeat{{Sites: 2, GamePoints: 5}, {Sites: 2, GamePoints: 5}, {Sites: 2, GamePoints: 5}},
			places:  []int{1, 1, 1},
			tie:     true,
			decided: DecidedTie,
		},
		{
			// Players behind the lead equal on both share a place.
			name:    "shared places behind the winner",
			seats:   []ShadowfistSeat{{Sites: 1, GamePoints: 5}, {Sites: 1, GamePoints: 5}, {Sites: 4}, {Sites: 0, GamePoints: 7}},
			places:  []int{2, 2, 1, 4},
			decided: DecidedCloseness,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ShadowfistAtTime(tt.seats)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Places, tt.places) || got.Tie != tt.tie || got.Decided != tt.decided {
				t.Errorf("places %v tie %v decided %q; want %v %v %q", got.Places, got.Tie, got.Decided, tt.places, tt.tie, tt.decided)
			}
			if !strings.Contains(got.Explanation.String(), tt.explain) {
				t.Errorf("explanation %q lacks %q", got.Explanation.String(), tt.explain)
			}
		})
	}
}

func TestShadowfistAtTimeInvalid(t *testing.T) {
	tests := []struct {
		name  string
		seats []ShadowfistSeat
		says  string
	}{
		{"one seat", []ShadowfistSeat{{Sites: 1}}, "2 to 5 seats"},
		{"six seats", make([]ShadowfistSeat, 6), "2 to 5 seats"},
		{"negative sites", []ShadowfistSeat{{Sites: -1}, {}}, "seat 1"},
		{"a winner", []ShadowfistSeat{{Sites: 1}, {Sites: 5}}, "full win"},
		{"a winner by a lowered target", []ShadowfistSeat{{Sites: 4, SitesToWin: 4}, {Sites: 1}}, "full win"},
		{"a negative target", []ShadowfistSeat{{}, {SitesToWin: -1}}, "seat 2"},
		{"game points out of range", []ShadowfistSeat{{}, {GamePoints: 500}}, "out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ShadowfistAtTime(tt.seats)
			wantInvalid(t, err, tt.says)
		})
	}
}

// Rule S4: time by table size, 85 minutes for four, 110 for five, the two-
// and three-player times as settings; +15 online with voice, +30 without.
func TestShadowfistTableTime(t *testing.T) {
	limits := ShadowfistLimits{TwoPlayers: mins(60), ThreePlayers: mins(75)}
	tests := []struct {
		players int
		limits  ShadowfistLimits
		venue   Venue
		want    time.Duration
	}{
		{4, limits, InPerson, mins(85)},
		{5, limits, InPerson, mins(110)},
		{2, limits, InPerson, mins(60)},
		{3, limits, InPerson, mins(75)},
		{4, limits, OnlineVoice, mins(100)},
		{4, limits, OnlineNoVoice, mins(115)},
		{5, ShadowfistLimits{FivePlayers: mins(120)}, OnlineVoice, mins(135)},
		{4, ShadowfistLimits{FourPlayers: mins(90)}, InPerson, mins(90)},
	}
	for _, tt := range tests {
		got, err := ShadowfistTableTime(tt.players, tt.limits, tt.venue)
		if err != nil || got != tt.want {
			t.Errorf("ShadowfistTableTime(%d, %+v, %d) = %v, %v; want %v", tt.players, tt.limits, tt.venue, got, err, tt.want)
		}
	}
	bad := []struct {
		players int
		limits  ShadowfistLimits
		venue   Venue
		says    string
	}{
		{2, ShadowfistLimits{}, InPerson, "give no figure"},
		{3, ShadowfistLimits{TwoPlayers: mins(60)}, InPerson, "3-player"},
		{1, limits, InPerson, "2 to 5"},
		{6, limits, InPerson, "2 to 5"},
		{4, ShadowfistLimits{FourPlayers: -mins(1)}, InPerson, "between 0 and 24 hours"},
		{4, limits, Venue(7), "unknown venue"},
	}
	for _, tt := range bad {
		_, err := ShadowfistTableTime(tt.players, tt.limits, tt.venue)
		if !errors.Is(err, event.ErrInvalid) || !strings.Contains(event.Message(err), tt.says) {
			t.Errorf("ShadowfistTableTime(%d, %+v, %d): err = %v, want one saying %q", tt.players, tt.limits, tt.venue, err, tt.says)
		}
	}
}
