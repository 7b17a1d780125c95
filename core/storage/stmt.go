package storage

import (
	"context"
	"strconv"
	"sync/atomic"
)

// Stmt is one writing statement of a captured transaction: its SQL text
// and arguments, as they ran, and what it did, which a replay must do
// too (a different count means the databases have diverged).
type Stmt struct {
	SQL  string
	Args []Value
	// Rows is how many rows the statement changed and LastID the rowid
	// it inserted last; both are 0 for a statement that is no INSERT,
	// UPDATE, DELETE or REPLACE (a savepoint), and LastID is 0 for one
	// that inserted no row.
	Rows, LastID int64
}

// ValueKind is the type of a Value: SQLite's five storage classes.
type ValueKind uint8

// The kinds of value.
const (
	ValueNull ValueKind = iota
	ValueInt
	ValueFloat
	ValueText
	ValueBlob
)

// Value is one argument of a statement, as the driver binds it: NULL, a
// 64-bit integer, a float, a text or a blob. Only the field of its kind
// is set.
type Value struct {
	Kind ValueKind
	I    int64
	F    float64
	S    string
	B    []byte
}

// requestKey carries a request id in a context.
type requestKey struct{}

// WithRequest returns a context whose writes answer request id: a page's
// request (its Tablekeeper-Request header), which is sent again, with the
// same id, when the answer was lost. A replicated store records the id
// with the write, and a second write with it is recorded once.
func WithRequest(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestKey{}, id)
}

// RequestOf returns the request id WithRequest put in ctx, or "".
func RequestOf(ctx context.Context) string {
	id, _ := ctx.Value(requestKey{}).(string)
	return id
}

// requestsKey carries a request whose writes are numbered in a context.
type requestsKey struct{}

// requests numbers the writes of one request.
type requests struct {
	id string
	n  atomic.Int64
}

// WithRequests returns a context for the writes of request id, however
// many it makes (a page's request may make several): NextRequest gives
// each its own id, the same ones in the same order when the request is
// sent again, so that each write is recorded once.
func WithRequests(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestsKey{}, &requests{id: id})
}

// NextRequest returns the id of the next write of the request
// WithRequests put in ctx ("ID.1", "ID.2"…), or "" when there is none.
func NextRequest(ctx context.Context) string {
	r, _ := ctx.Value(requestsKey{}).(*requests)
	if r == nil {
		return ""
	}
	return r.id + "." + strconv.FormatInt(r.n.Add(1), 10)
}
