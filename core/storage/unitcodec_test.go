package storage

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"tablekeeper/core/event"
)

// sampleUnit holds every kind of value at its edges.
func sampleUnit() Unit {
	return Unit{
		Changes: []Change{
			{Event: 7, What: ChangeResult | ChangePlayerReports, Players: []event.EntryID{3, 1 << 40}},
			{Event: 0, What: ChangeDirectory},
		},
		Request: "8f0c-Ünïcode-请求",
		At:      1764646800123,
		Stmts: []Stmt{
			{SQL: "SAVEPOINT op"},
			{SQL: "INSERT INTO t (a, b, c, d, e, f, g, h) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", Rows: 1, LastID: math.MaxInt64, Args: []Value{
				{Kind: ValueInt, I: math.MinInt64}, {Kind: ValueInt, I: math.MaxInt64}, {Kind: ValueInt, I: 0},
				{Kind: ValueFloat, F: -0.1}, {Kind: ValueFloat, F: math.Inf(-1)}, {Kind: ValueNull},
				{Kind: ValueText, S: "Zoë ✓ 한국어 \x00 end"}, {Kind: ValueBlob, B: []byte{0, 255, 1}},
			}},
			{SQL: "UPDATE t SET x = ?, y = ?", Rows: -1, LastID: math.MinInt64, Args: []Value{{Kind: ValueText, S: ""}, {Kind: ValueBlob, B: []byte{}}}},
			{SQL: "RELEASE op"},
		},
	}
}

// A unit comes back from its encoding exactly: every integer to the last
// bit, floats, NULL apart from the empty text and the empty blob.
func TestAUnitRoundTrips(t *testing.T) {
	u := sampleUnit()
	got, err := DecodeUnit(EncodeUnit(u))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, u) {
		t.Fatalf("decoded\n%+v\nencoded\n%+v", got, u)
	}
	if b := got.Stmts[2].Args[1].B; b == nil || len(b) != 0 {
		t.Errorf("an empty blob came back as %#v", b)
	}
	nan := Unit{Stmts: []Stmt{{SQL: "x", Args: []Value{{Kind: ValueFloat, F: math.NaN()}}}}}
	got, err = DecodeUnit(EncodeUnit(nan))
	if err != nil || !math.IsNaN(got.Stmts[0].Args[0].F) {
		t.Errorf("NaN came back as %v, %v", got, err)
	}
	empty, err := DecodeUnit(EncodeUnit(Unit{}))
	if err != nil || !reflect.DeepEqual(empty, Unit{}) {
		t.Errorf("the empty unit came back as %+v, %v", empty, err)
	}
}

// A payload of a newer encoding, cut short, corrupt or followed by more
// bytes is refused with an error that says which.
func TestABadUnitIsRefused(t *testing.T) {
	good := EncodeUnit(sampleUnit())
	future := append([]byte{UnitVersion + 1}, good[1:]...)
	if _, err := DecodeUnit(future); !errors.Is(err, ErrUnitVersion) {
		t.Errorf("a future version gave %v", err)
	}
	for i := range len(good) {
		if _, err := DecodeUnit(good[:i]); !errors.Is(err, ErrBadUnit) {
			t.Fatalf("the unit cut at %d of %d bytes gave %v", i, len(good), err)
		}
	}
	if _, err := DecodeUnit(append(append([]byte{}, good...), 0)); !errors.Is(err, ErrBadUnit) {
		t.Errorf("a trailing byte gave %v", err)
	}
	// A count far beyond the bytes there allocates nothing.
	huge := []byte{UnitVersion, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}
	if _, err := DecodeUnit(huge); !errors.Is(err, ErrBadUnit) {
		t.Errorf("a huge count gave %v", err)
	}
	badKind := EncodeUnit(Unit{Stmts: []Stmt{{SQL: "x", Args: []Value{{Kind: 9}}}}})
	if _, err := DecodeUnit(badKind); !errors.Is(err, ErrBadUnit) {
		t.Errorf("a value of kind 9 gave %v", err)
	}
}

// FuzzDecodeUnit: no bytes make DecodeUnit panic, and whatever it
// accepts encodes back to the same bytes.
func FuzzDecodeUnit(f *testing.F) {
	f.Add(EncodeUnit(sampleUnit()))
	f.Add(EncodeUnit(Unit{}))
	f.Add([]byte{})
	f.Add([]byte{UnitVersion, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		u, err := DecodeUnit(data)
		if err != nil {
			return
		}
		if again := EncodeUnit(u); string(again) != string(data) {
			// Varints have one shortest form; a longer one decodes
			// too. The decoded unit must at least be stable.
			u2, err := DecodeUnit(again)
			if err != nil || !reflect.DeepEqual(u, u2) {
				t.Fatalf("%x decoded to %+v, which encodes to %x and decodes to %+v (%v)", data, u, again, u2, err)
			}
		}
	})
}
