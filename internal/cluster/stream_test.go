package cluster

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/raft"
)

// testKey is the key of a join code drawn for the test.
func testKey(t *testing.T) []byte {
	t.Helper()
	code, err := NewJoinCode()
	if err != nil {
		t.Fatal(err)
	}
	k, err := Key(code)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// keyRing is a layer's keys, changed while it runs.
type keyRing struct{ p atomic.Pointer[[][]byte] }

func ring(keys ...[]byte) *keyRing {
	r := &keyRing{}
	r.set(keys...)
	return r
}

func (r *keyRing) set(keys ...[]byte) { r.p.Store(&keys) }
func (r *keyRing) get() [][]byte      { return *r.p.Load() }

// listen starts a layer on 127.0.0.1 with keys, closed at the test's end.
func listen(t *testing.T, keys *keyRing) *Layer {
	t.Helper()
	l, err := Listen("127.0.0.1:0", "", keys.get)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	return l
}

// accepted is what one Accept gave.
type accepted struct {
	conn net.Conn
	err  error
}

// acceptOne runs one Accept of ln in the background.
func acceptOne(ln net.Listener) <-chan accepted {
	ch := make(chan accepted, 1)
	go func() {
		c, err := ln.Accept()
		ch <- accepted{c, err}
	}()
	return ch
}

// within waits for an Accept for at most d.
func within(t *testing.T, ch <-chan accepted, d time.Duration) net.Conn {
	t.Helper()
	select {
	case a := <-ch:
		if a.err != nil {
			t.Fatalf("Accept: %v", a.err)
		}
		t.Cleanup(func() { _ = a.conn.Close() })
		return a.conn
	case <-time.After(d):
		t.Fatalf("Accept gave nothing in %v", d)
		return nil
	}
}

// waitRefused waits (briefly) until l counted n refusals.
func waitRefused(t *testing.T, l *Layer, n int64) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for l.Refused() < n && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if got := l.Refused(); got != n {
		t.Fatalf("Refused() = %d, want %d", got, n)
	}
}

// waitPending waits (briefly) until n connections are in l's handshake.
func waitPending(t *testing.T, l *Layer, n int) {
	t.Helper()
	pending := func() int {
		l.mu.Lock()
		defer l.mu.Unlock()
		return len(l.pending)
	}
	deadline := time.Now().Add(3 * time.Second)
	for pending() != n && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if got := pending(); got != n {
		t.Fatalf("%d connections in their handshake, want %d", got, n)
	}
}

// exchange writes a message each way over the two ends of a stream.
func exchange(t *testing.T, dialed, acceptedConn net.Conn) {
	t.Helper()
	for _, p := range []struct {
		from, to net.Conn
		msg      string
	}{{dialed, acceptedConn, "append entries"}, {acceptedConn, dialed, "entries appended"}} {
		if _, err := p.from.Write([]byte(p.msg)); err != nil {
			t.Fatal(err)
		}
		got := make([]byte, len(p.msg))
		if _, err := io.ReadFull(p.to, got); err != nil || string(got) != p.msg {
			t.Fatalf("read %q, %v; want %q", got, err, p.msg)
		}
	}
}

func TestLayerRaftStreamsBothWays(t *testing.T) {
	keys := ring(testKey(t))
	a, b := listen(t, keys), listen(t, keys)
	for _, p := range []struct{ from, to *Layer }{{a, b}, {b, a}} {
		got := acceptOne(p.to)
		c, err := p.from.Dial(raft.ServerAddress(p.to.Addr().String()), time.Second)
		if err != nil {
			t.Fatalf("Dial %s: %v", p.to.Addr(), err)
		}
		t.Cleanup(func() { _ = c.Close() })
		exchange(t, c, within(t, got, 3*time.Second))
	}
	if a.Refused()+b.Refused() != 0 {
		t.Errorf("refused %d and %d, want none", a.Refused(), b.Refused())
	}
}

func TestLayerHTTPStream(t *testing.T) {
	keys := ring(testKey(t))
	a, b := listen(t, keys), listen(t, keys)
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.WriteString(w, "status of "+r.URL.Path)
		}),
		ReadHeaderTimeout: time.Second,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(b.HTTPListener()) }()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+b.Addr().String()+"/cluster/status", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := a.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if err != nil || string(body) != "status of /cluster/status" {
		t.Fatalf("answer %q, %v", body, err)
	}
	if err := srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Serve: %v", err)
	}
	// Closing the HTTP listener leaves raft's streams open.
	raftGot := acceptOne(b)
	c, err := a.Dial(raft.ServerAddress(b.Addr().String()), time.Second)
	if err != nil {
		t.Fatalf("raft Dial after the HTTP server stopped: %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	exchange(t, c, within(t, raftGot, 3*time.Second))
}

func TestLayerWrongCodeRefused(t *testing.T) {
	listener := listen(t, ring(testKey(t)))
	stranger := listen(t, ring(testKey(t)))
	raftGot := acceptOne(listener)
	c, err := stranger.Dial(raft.ServerAddress(listener.Addr().String()), time.Second)
	if err == nil {
		_ = c.Close()
		t.Fatal("a dial with another code got in")
	}
	if !errors.Is(err, ErrRefused) {
		t.Errorf("Dial: %v, want ErrRefused beneath", err)
	}
	waitRefused(t, listener, 1)

	// A stranger speaking the protocol with a wrong proof reads nothing
	// computed from the key: the listener closes without a byte.
	raw, err := tls.Dial("tcp", listener.Addr().String(), stranger.client)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = raw.Close() }()
	if _, err := raw.Write(bytes.Repeat([]byte{0x5a}, 32)); err != nil {
		t.Fatal(err)
	}
	_ = raw.SetReadDeadline(time.Now().Add(3 * time.Second))
	n, err := raw.Read(make([]byte, 64))
	if n != 0 || !errors.Is(err, io.EOF) {
		t.Fatalf("the stranger read %d bytes, %v; want none, then EOF", n, err)
	}
	waitRefused(t, listener, 2)
	select {
	case a := <-raftGot:
		t.Fatalf("Accept gave a refused peer's stream: %v, %v", a.conn, a.err)
	default:
	}
}

func TestLayerSilentPeerDoesNotBlockAccept(t *testing.T) {
	keys := ring(testKey(t))
	a, b := listen(t, keys), listen(t, keys)
	silent, err := net.Dial("tcp", b.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	got := acceptOne(b)
	start := time.Now()
	c, err := a.Dial(raft.ServerAddress(b.Addr().String()), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	exchange(t, c, within(t, got, handshakeTimeout/2))
	t.Logf("the good stream came %v after the silent one", time.Since(start))
	if n := b.Refused(); n != 0 {
		t.Errorf("Refused() = %d before the silent peer left", n)
	}
	_ = silent.Close()
	waitRefused(t, b, 1)
}

func TestLayerPlainHTTPRefused(t *testing.T) {
	l := listen(t, ring(testKey(t)))
	plain := &http.Client{Timeout: 3 * time.Second}
	resp, err := plain.Get("http://" + l.Addr().String() + "/api/cluster")
	if err == nil {
		_ = resp.Body.Close()
		t.Fatalf("a plain HTTP GET was answered: %s", resp.Status)
	}
	waitRefused(t, l, 1)
}

func TestLayerKeyRotation(t *testing.T) {
	oldKey, newKey := testKey(t), testKey(t)
	listenerKeys := ring(newKey, oldKey)
	listener := listen(t, listenerKeys)
	behind := listen(t, ring(oldKey))
	renewed := listen(t, ring(newKey))
	to := raft.ServerAddress(listener.Addr().String())

	got := acceptOne(listener)
	c, err := behind.Dial(to, time.Second)
	if err != nil {
		t.Fatalf("the old key while the renewal spreads: %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	exchange(t, c, within(t, got, 3*time.Second))

	listenerKeys.set(newKey)
	if c, err := behind.Dial(to, time.Second); err == nil {
		_ = c.Close()
		t.Fatal("the old key got in after the listener dropped it")
	}
	waitRefused(t, listener, 1)
	got = acceptOne(listener)
	c, err = renewed.Dial(to, time.Second)
	if err != nil {
		t.Fatalf("the new key: %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	exchange(t, c, within(t, got, 3*time.Second))
}

func TestLayerClose(t *testing.T) {
	keys := ring(testKey(t))
	a, b := listen(t, keys), listen(t, keys)
	raftGot, httpGot := acceptOne(b), acceptOne(b.HTTPListener())
	silent, err := net.Dial("tcp", b.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = silent.Close() }()
	waitPending(t, b, 1)
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []<-chan accepted{raftGot, httpGot} {
		if a := <-ch; !errors.Is(a.err, net.ErrClosed) {
			t.Errorf("Accept after Close: %v, %v; want net.ErrClosed", a.conn, a.err)
		}
	}
	// The connection still in its handshake was cut, not left to its deadline.
	_ = silent.SetReadDeadline(time.Now().Add(time.Second))
	if _, err := silent.Read(make([]byte, 1)); !errors.Is(err, io.EOF) {
		t.Errorf("a pending connection after Close: %v, want EOF", err)
	}
	if c, err := a.Dial(raft.ServerAddress(b.Addr().String()), time.Second); err == nil {
		_ = c.Close()
		t.Error("a closed layer was dialed")
	}
	if b.Refused() != 0 {
		t.Errorf("Close counted %d refusals", b.Refused())
	}
	if err := b.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}

func TestLayerAdvertisedAddress(t *testing.T) {
	keys := ring(testKey(t))
	if l, err := Listen("0.0.0.0:0", "", keys.get); err == nil {
		_ = l.Close()
		t.Error("a listener on 0.0.0.0 advertised itself")
	}
	for _, bad := range []string{"192.168.1.20", "192.168.1.20:port", "0.0.0.0:7000", ":7000"} {
		if l, err := Listen("127.0.0.1:0", bad, keys.get); err == nil {
			_ = l.Close()
			t.Errorf("advertised %q was taken", bad)
		}
	}
	l, err := Listen("0.0.0.0:0", "127.0.0.1:0", keys.get)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	_, port, _ := net.SplitHostPort(l.ln.Addr().String())
	if want := "127.0.0.1:" + port; l.Addr().String() != want || l.HTTPListener().Addr().String() != want {
		t.Errorf("Addr() = %s, want %s", l.Addr(), want)
	}
	other := listen(t, keys)
	got := acceptOne(l)
	c, err := other.Dial(raft.ServerAddress(l.Addr().String()), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	exchange(t, c, within(t, got, 3*time.Second))
}

// TestStreamRaftTransport runs raft's own NetworkTransport over two
// layers: an AppendEntries RPC goes and its answer comes back.
func TestStreamRaftTransport(t *testing.T) {
	keys := ring(testKey(t))
	transport := func() *raft.NetworkTransport {
		tr := raft.NewNetworkTransportWithLogger(listen(t, keys), 3, 10*time.Second, hclog.NewNullLogger())
		t.Cleanup(func() { _ = tr.Close() })
		return tr
	}
	leader, follower := transport(), transport()
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			var rpc raft.RPC
			select {
			case rpc = <-follower.Consumer():
			case <-done:
				return
			}
			req, ok := rpc.Command.(*raft.AppendEntriesRequest)
			if !ok {
				rpc.Respond(nil, errors.New("not an AppendEntries"))
				continue
			}
			rpc.Respond(&raft.AppendEntriesResponse{
				RPCHeader: raft.RPCHeader{ID: []byte("follower")},
				Term:      req.Term,
				LastLog:   req.Entries[len(req.Entries)-1].Index,
				Success:   true,
			}, nil)
		}
	}()
	req := &raft.AppendEntriesRequest{
		RPCHeader:    raft.RPCHeader{ID: []byte("leader"), Addr: []byte(leader.LocalAddr())},
		Term:         7,
		PrevLogEntry: 41,
		PrevLogTerm:  7,
		Entries:      []*raft.Log{{Index: 42, Term: 7, Type: raft.LogCommand, Data: []byte("one write transaction")}},
	}
	for range 3 { // the second and third reuse the pooled stream
		var resp raft.AppendEntriesResponse
		if err := leader.AppendEntries("follower", follower.LocalAddr(), req, &resp); err != nil {
			t.Fatal(err)
		}
		if !resp.Success || resp.Term != 7 || resp.LastLog != 42 || string(resp.ID) != "follower" {
			t.Fatalf("answer %+v", resp)
		}
	}
}

// BenchmarkLayerDial times one authenticated stream: TCP, TLS 1.3, both
// proofs and the type byte, until the listener hands it out.
func BenchmarkLayerDial(b *testing.B) {
	code, err := NewJoinCode()
	if err != nil {
		b.Fatal(err)
	}
	k, err := Key(code)
	if err != nil {
		b.Fatal(err)
	}
	keys := func() [][]byte { return [][]byte{k} }
	var layers [2]*Layer
	for i := range layers {
		if layers[i], err = Listen("127.0.0.1:0", "", keys); err != nil {
			b.Fatal(err)
		}
		defer func() { _ = layers[i].Close() }()
	}
	to := raft.ServerAddress(layers[1].Addr().String())
	for b.Loop() {
		got := acceptOne(layers[1])
		c, err := layers[0].Dial(to, time.Second)
		if err != nil {
			b.Fatal(err)
		}
		a := <-got
		if a.err != nil {
			b.Fatal(a.err)
		}
		_ = c.Close()
		_ = a.conn.Close()
	}
}
