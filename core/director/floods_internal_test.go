package director

import (
	"fmt"
	"testing"
	"time"
)

// The flood watch's memory is bounded: past maxFloodKeys devices and
// addresses a kind keeps no more keys and says its counts are at least
// that; a window later it forgets them and counts exactly again.
func TestTheFloodWatchIsBounded(t *testing.T) {
	var w floodWatch
	now := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	for i := range maxFloodKeys + 500 {
		w.note(now, GuessPlayerCode, fmt.Sprint("d:", i), fmt.Sprint("10.0.", i))
	}
	k := &w.kinds[GuessPlayerCode]
	if len(k.devices) > maxFloodKeys || len(k.addrs) > maxFloodKeys {
		t.Fatalf("%d devices and %d addresses kept, bound %d", len(k.devices), len(k.addrs), maxFloodKeys)
	}
	a, _ := w.alert(now)
	if a.PlayerCode.Tries != maxFloodKeys+500 || a.PlayerCode.Devices != maxFloodKeys || !a.PlayerCode.Full {
		t.Errorf("alert %+v; want every try, the bound of devices, and Full", a.PlayerCode)
	}
	later := now.Add(FloodWindow + time.Minute)
	w.note(later, GuessPlayerCode, "d:new", "10.1.0.1")
	if a, _ := w.alert(later); a.PlayerCode != (Flood{Tries: 1, Devices: 1, Addresses: 1}) {
		t.Errorf("a window later: %+v", a.PlayerCode)
	}
}

// BenchmarkNoteGuess measures counting one guess when the watch is full
// of other devices and addresses: the cost a flood puts on each request.
func BenchmarkNoteGuess(b *testing.B) {
	var w floodWatch
	now := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	for i := range maxFloodKeys {
		w.note(now, GuessTableCode, fmt.Sprint("d:", i), fmt.Sprint("10.0.", i))
	}
	keys := make([][2]string, 4096)
	for i := range keys {
		keys[i] = [2]string{fmt.Sprint("d:new", i), fmt.Sprint("10.9.", i)}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := keys[i%len(keys)]
		w.note(now.Add(time.Duration(i)*time.Microsecond), GuessTableCode, k[0], k[1])
	}
}
