package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// blob is a response body kept ready to send: as it is, gzipped when that
// saves anything (a phone on a busy Wi-Fi gets a tenth of the bytes of a
// long pairings list), and with an ETag so a refetch of an unchanged body
// costs a 304.
type blob struct {
	raw, gz []byte
	etag    string
}

// gzipAbove is the size below which a body is sent as it is.
const gzipAbove = 512

func newBlob(b []byte) blob {
	sum := sha256.Sum256(b)
	bl := blob{raw: b, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
	if len(b) > gzipAbove {
		if gz := gzipBytes(b); len(gz) < len(b) {
			bl.gz = gz
		}
	}
	return bl
}

// gzipWriters are reused: a gzip.Writer holds hundreds of KB of
// tables. gzipSlots bounds how many work at once, so a room of phones
// opening their pages in the same second does not make one each (the
// server's peak memory); a page waits some microseconds instead.
var (
	gzipWriters = sync.Pool{New: func() any {
		zw, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
		return zw
	}}
	gzipSlots = make(chan struct{}, 2*runtime.NumCPU())
)

// gzipBytes is b gzipped at the fastest level (nil if that failed).
func gzipBytes(b []byte) []byte {
	gzipSlots <- struct{}{}
	defer func() { <-gzipSlots }()
	var buf bytes.Buffer
	zw := gzipWriters.Get().(*gzip.Writer)
	defer gzipWriters.Put(zw)
	zw.Reset(&buf)
	if _, err := zw.Write(b); err != nil || zw.Close() != nil {
		return nil
	}
	return buf.Bytes()
}

// write sends the blob with its ETag, 304 when the client has it already,
// gzipped when the client takes it. The caller sets Content-Type and
// Cache-Control.
func (bl blob) write(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("ETag", bl.etag)
	h.Add("Vary", "Accept-Encoding")
	if inm := r.Header.Get("If-None-Match"); inm != "" && strings.Contains(inm, bl.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := bl.raw
	if bl.gz != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = bl.gz
	}
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK)
		return
	}
	_, _ = w.Write(body)
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip
// (and does not refuse it with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q, ok := strings.CutPrefix(strings.TrimSpace(params), "q=")
		if !ok {
			return true
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(q), 64)
		return err == nil && v > 0
	}
	return false
}
