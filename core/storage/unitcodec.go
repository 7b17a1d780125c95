package storage

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"tablekeeper/core/event"
)

// UnitVersion is the version of the encoding EncodeUnit writes, its first
// byte. DecodeUnit reads it and refuses any other, a newer Tablekeeper's
// above all, with ErrUnitVersion.
const UnitVersion = 1

// ErrUnitVersion means an encoded unit was written in a version of the
// encoding this build does not know (a newer Tablekeeper's).
var ErrUnitVersion = errors.New("unit encoded by another version of Tablekeeper")

// ErrBadUnit means an encoded unit is cut short or corrupt.
var ErrBadUnit = errors.New("corrupt unit")

// EncodeUnit encodes u in a compact binary form, versioned (UnitVersion),
// that DecodeUnit gives back exactly: integers stay integers to the last
// bit, floats keep their bits, NULL stays apart from an empty text or
// blob. Every number is a varint, every text and blob a length and its
// bytes.
func EncodeUnit(u Unit) []byte {
	b := make([]byte, 0, 64+len(u.Request))
	b = append(b, UnitVersion)
	b = binary.AppendUvarint(b, uint64(len(u.Changes)))
	for _, c := range u.Changes {
		b = binary.AppendVarint(b, int64(c.Event))
		b = binary.AppendUvarint(b, uint64(c.What))
		b = binary.AppendUvarint(b, uint64(len(c.Players)))
		for _, p := range c.Players {
			b = binary.AppendVarint(b, int64(p))
		}
	}
	b = appendString(b, u.Request)
	b = binary.AppendVarint(b, u.At)
	b = binary.AppendUvarint(b, uint64(len(u.Stmts)))
	for _, s := range u.Stmts {
		b = appendString(b, s.SQL)
		b = binary.AppendVarint(b, s.Rows)
		b = binary.AppendVarint(b, s.LastID)
		b = binary.AppendUvarint(b, uint64(len(s.Args)))
		for _, v := range s.Args {
			b = appendValue(b, v)
		}
	}
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendValue(b []byte, v Value) []byte {
	b = append(b, byte(v.Kind))
	switch v.Kind {
	case ValueInt:
		b = binary.AppendVarint(b, v.I)
	case ValueFloat:
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v.F))
	case ValueText:
		b = appendString(b, v.S)
	case ValueBlob:
		b = binary.AppendUvarint(b, uint64(len(v.B)))
		b = append(b, v.B...)
	}
	return b
}

// DecodeUnit decodes what EncodeUnit wrote. A payload of another version
// fails with ErrUnitVersion, one cut short, corrupt or with bytes after
// the unit with ErrBadUnit; neither panics, whatever the bytes.
func DecodeUnit(data []byte) (Unit, error) {
	if len(data) == 0 {
		return Unit{}, fmt.Errorf("%w: empty", ErrBadUnit)
	}
	if data[0] != UnitVersion {
		return Unit{}, fmt.Errorf("%w: version %d, this build reads version %d", ErrUnitVersion, data[0], UnitVersion)
	}
	r := &unitReader{b: data[1:]}
	u := r.unit()
	if r.err == nil && len(r.b) > 0 {
		r.fail("%d bytes after the unit", len(r.b))
	}
	if r.err != nil {
		return Unit{}, r.err
	}
	return u, nil
}

// unitReader reads an encoded unit; its first error sticks, and every
// read after it returns zero values.
type unitReader struct {
	b   []byte
	err error
}

func (r *unitReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", ErrBadUnit, fmt.Sprintf(format, args...))
	}
	r.b = nil
}

func (r *unitReader) unit() Unit {
	var u Unit
	if n := r.count("changes"); n > 0 {
		u.Changes = make([]Change, n)
		for i := range u.Changes {
			u.Changes[i] = r.change()
		}
	}
	u.Request = r.string("request")
	u.At = r.varint("time")
	if n := r.count("statements"); n > 0 {
		u.Stmts = make([]Stmt, n)
		for i := range u.Stmts {
			u.Stmts[i] = r.stmt()
		}
	}
	return u
}

func (r *unitReader) change() Change {
	c := Change{Event: event.EventID(r.varint("event"))}
	what := r.uvarint("kind")
	if what > math.MaxUint16 {
		r.fail("change kind %d", what)
	}
	c.What = ChangeKind(what) // #nosec G115 -- checked against MaxUint16 above
	if n := r.count("players"); n > 0 {
		c.Players = make([]event.EntryID, n)
		for i := range c.Players {
			c.Players[i] = event.EntryID(r.varint("player"))
		}
	}
	return c
}

func (r *unitReader) stmt() Stmt {
	s := Stmt{SQL: r.string("statement")}
	s.Rows = r.varint("rows")
	s.LastID = r.varint("last id")
	if n := r.count("arguments"); n > 0 {
		s.Args = make([]Value, n)
		for i := range s.Args {
			s.Args[i] = r.value()
		}
	}
	return s
}

func (r *unitReader) value() Value {
	if len(r.b) == 0 {
		r.fail("cut short in a value")
		return Value{}
	}
	v := Value{Kind: ValueKind(r.b[0])}
	r.b = r.b[1:]
	switch v.Kind {
	case ValueNull:
	case ValueInt:
		v.I = r.varint("integer")
	case ValueFloat:
		if len(r.b) < 8 {
			r.fail("cut short in a float")
			return Value{}
		}
		v.F = math.Float64frombits(binary.LittleEndian.Uint64(r.b))
		r.b = r.b[8:]
	case ValueText:
		v.S = r.string("text")
	case ValueBlob:
		v.B = r.bytes("blob")
	default:
		r.fail("value of kind %d", v.Kind)
	}
	return v
}

func (r *unitReader) uvarint(what string) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("bad number in the %s", what)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// varint reads a signed number: binary.PutVarint's zig-zag encoding of
// it, an unsigned varint.
func (r *unitReader) varint(what string) int64 {
	u := r.uvarint(what)
	return int64(u>>1) ^ -int64(u&1) // #nosec G115 -- zig-zag decoding, as binary.Varint does
}

// count reads how many items follow; each takes a byte at least, so a
// count above the bytes left is corrupt (and allocates nothing).
func (r *unitReader) count(what string) int {
	n := r.uvarint(what)
	if n > uint64(len(r.b)) {
		r.fail("%d %s in %d bytes", n, what, len(r.b))
		return 0
	}
	return int(n) // #nosec G115 -- n is at most len(r.b), an int
}

// bytes reads a length and that many bytes, copied (a blob of length 0
// is an empty blob, not NULL).
func (r *unitReader) bytes(what string) []byte {
	n := r.uvarint(what)
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)) {
		r.fail("%s of %d bytes in %d", what, n, len(r.b))
		return nil
	}
	out := append([]byte{}, r.b[:n]...)
	r.b = r.b[n:]
	return out
}

func (r *unitReader) string(what string) string {
	return string(r.bytes(what))
}
