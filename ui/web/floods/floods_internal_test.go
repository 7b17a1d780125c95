package floods

import (
	"fmt"
	"testing"
	"time"
)

// The flood watch's memory is bounded: past maxKeys devices and
// addresses a kind keeps no more keys and says its counts are at least
// that; a window later it forgets them and counts exactly again.
func TestTheFloodWatchIsBounded(t *testing.T) {
	var w Watch
	now := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	for i := range maxKeys + 500 {
		w.note(now, PlayerCode, fmt.Sprint("d:", i), fmt.Sprint("10.0.", i))
	}
	k := &w.kinds[PlayerCode]
	if len(k.devices) > maxKeys || len(k.addrs) > maxKeys {
		t.Fatalf("%d devices and %d addresses kept, bound %d", len(k.devices), len(k.addrs), maxKeys)
	}
	a, _ := w.alert(now)
	if a.PlayerCode.Tries != maxKeys+500 || a.PlayerCode.Devices != maxKeys || !a.PlayerCode.Full {
		t.Errorf("alert %+v; want every try, the bound of devices, and Full", a.PlayerCode)
	}
	later := now.Add(Window + time.Minute)
	w.note(later, PlayerCode, "d:new", "10.1.0.1")
	if a, _ := w.alert(later); a.PlayerCode != (Flood{Tries: 1, Devices: 1, Addresses: 1}) {
		t.Errorf("a window later: %+v", a.PlayerCode)
	}
}

// BenchmarkNote measures counting one guess when the watch is full of
// other devices and addresses: the cost a flood puts on each request.
func BenchmarkNote(b *testing.B) {
	var w Watch
	now := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC)
	for i := range maxKeys {
		w.note(now, TableCode, fmt.Sprint("d:", i), fmt.Sprint("10.0.", i))
	}
	keys := make([][2]string, 4096)
	for i := range keys {
		keys[i] = [2]string{fmt.Sprint("d:new", i), fmt.Sprint("10.9.", i)}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := keys[i%len(keys)]
		w.note(now.Add(time.Duration(i)*time.Microsecond), TableCode, k[0], k[1])
	}
}
