package rules

import (
	"testing"

	"tablekeeper/core/clock"
)

// K8: a match level at one game each when time is called between games
// goes to most keys over the match, and the winner is recorded a game
// ahead (2–1), since the standings know a match win only by games won.
func TestAKeyForgeMatchWonAtTimeIsRecordedAGameAhead(t *testing.T) {
	m := clock.KeyForgeMatch{Names: [2]string{"Ada", "Bob"}, Games: []clock.KeyForgeGameRecord{
		{Players: [2]clock.KeyForgeTally{{Keys: 3}, {Keys: 1}}, Winner: 1},
		{Players: [2]clock.KeyForgeTally{{Keys: 2}, {Keys: 3}}, Winner: 2},
	}}
	d, err := clock.KeyForgeMatchAtTime(m)
	if err != nil {
		t.Fatal(err)
	}
	r := KeyForgeMatchResult(m, d)
	if d.Winner != 1 || r.Seats[0].GamesWon != 2 || r.Seats[1].GamesWon != 1 || !r.TimeOut {
		t.Fatalf("winner %d, result %+v; want Ada 2–1 at time", d.Winner, r)
	}
	if got := MatchResultText(r).String(); got != "2–1 (time)" {
		t.Errorf("said %q", got)
	}
	if got := KeyForgeMatchHeadline(d, m.Names).String(); got != "Ada wins the match — step 2, most keys over the match: 5 keys to 4" {
		t.Errorf("headline %q", got)
	}
	stats, ok := KeyForgeRecordedGames(&r)
	if !ok || len(stats[0]) != 2 || stats[0][0][StatKeys] != 3 || stats[1][1][StatKeys] != 3 {
		t.Errorf("recorded games %v, %v", stats, ok)
	}
}

// K7: one game at time, the winner's game won with the counts typed.
func TestAKeyForgeGameAtTimeRecordsTheCounts(t *testing.T) {
	players := [2]clock.KeyForgePlayer{{Name: "Ada", Keys: 2, Aember: 3, First: true}, {Name: "Bob", Keys: 1, Aember: 7}}
	d, err := clock.KeyForgeGameAtTime(players)
	if err != nil {
		t.Fatal(err)
	}
	r := KeyForgeGameResult(players, d)
	w := d.Winner - 1
	if r.Seats[w].GamesWon != 1 || r.Seats[1-w].GamesWon != 0 || r.Seats[0].Games[0].Stats[StatFirst] != 1 || r.Seats[1].Games[0].Stats[StatForged] != 1 {
		t.Errorf("decision %+v, result %+v", d, r)
	}
	if got := KeyForgeGameHeadline(d, [2]string{"Ada", "Bob"}); got.IsZero() {
		t.Error("no headline")
	}
}
