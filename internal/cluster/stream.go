package cluster

// The authenticated connections between laptops (plan §2.9). Each is TCP,
// then TLS 1.3 for encryption only (each side's certificate is a
// throw-away self-signed one, so TLS authenticates nobody), then a proof
// of the join code's key bound to that TLS session:
//
//	dialer   → listener  HMAC-SHA256(key, EKM ‖ 'd')
//	listener → dialer    HMAC-SHA256(key, EKM ‖ 'l')   (only if the first was right)
//	dialer   → listener  'r' (a raft RPC stream) or 'h' (HTTP between laptops)
//
// EKM is the session's exported keying material, so a proof cannot be
// replayed on another connection nor relayed by a man in the middle (his
// two sessions have two EKMs). The dialer proves first: a stranger who
// connects gets no byte computed from the key, only a close. An impostor
// listener gets one HMAC, worthless against a 99-bit code.

import (
	"context"
	"crypto/ed25519"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/raft"

	"tablekeeper/core/i18n"
)

// handshakeTimeout bounds a connection's handshake, on either side, when
// the dialer gave no earlier deadline.
const handshakeTimeout = 5 * time.Second

// ekmLabel is the TLS exporter label the proofs are computed over.
const ekmLabel = "EXPORTER-tablekeeper-cluster"

// The roles a proof is made for, so the listener's answer is not the
// dialer's proof sent back.
const (
	roleDialer   = 'd'
	roleListener = 'l'
)

// The stream types the dialer sends once both proofs are checked.
const (
	streamRaft = 'r'
	streamHTTP = 'h'
)

// ErrRefused is beneath a dial the other laptop refused: it closed the
// connection instead of proving it holds the key, because this laptop's
// code is not its own (or it is no Tablekeeper cluster), or it proved a
// key this laptop does not hold.
var ErrRefused = errors.New("cluster: the other laptop refused the join code")

// Layer is one laptop's cluster listener, and its dialer to the others:
// TCP, then TLS 1.3 with a throw-away self-signed ed25519 certificate, then
// each side proves it holds the key derived from the join code (see the
// comment at the top of this file), then the dialer says what the stream
// carries: a raft RPC ('r', Accept and Dial: it is a raft.StreamLayer) or
// HTTP between laptops ('h', HTTPListener, DialHTTP and Client).
//
// Each accepted connection's handshake runs in its own goroutine with a
// 5 s deadline, so a slow or hostile peer never blocks Accept; a failed
// handshake closes the connection and is counted (Refused).
type Layer struct {
	ln        net.Listener
	advertise net.Addr
	keys      func() [][]byte
	server    *tls.Config
	client    *tls.Config

	raftConns chan net.Conn
	http      *httpListener
	web       *http.Client

	refused atomic.Int64
	closed  chan struct{}
	once    sync.Once
	wg      sync.WaitGroup

	mu      sync.Mutex
	pending map[net.Conn]struct{} // connections still in their handshake
}

// Listen listens on addr ("IP:PORT"; port 0 picks one, for tests). keys
// returns the keys accepted now, the current one first: a dial proves the
// first, and an accepted peer may prove any of them, so the old code stays
// valid while a renewal spreads. advertise is the address the other
// laptops dial ("" = the listener's own address; a listener on 0.0.0.0 or
// [::] must be told a real IP; a port 0 there is the listener's port).
func Listen(addr, advertise string, keys func() [][]byte) (*Layer, error) {
	cert, err := throwAwayCertificate()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	adv, err := advertised(ln.Addr(), advertise)
	if err != nil {
		_ = ln.Close()
		return nil, err
	}
	l := &Layer{
		ln:        ln,
		advertise: adv,
		keys:      keys,
		server: &tls.Config{
			MinVersion:             tls.VersionTLS13,
			Certificates:           []tls.Certificate{cert},
			ClientAuth:             tls.RequireAnyClientCert,
			SessionTicketsDisabled: true,
		},
		client: &tls.Config{
			MinVersion:         tls.VersionTLS13,
			Certificates:       []tls.Certificate{cert},
			InsecureSkipVerify: true, // #nosec G402 -- authenticated by the HMAC over the TLS exporter
		},
		raftConns: make(chan net.Conn),
		closed:    make(chan struct{}),
		pending:   map[net.Conn]struct{}{},
	}
	l.http = &httpListener{layer: l, conns: make(chan net.Conn), closed: make(chan struct{})}
	l.web = &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, address string) (net.Conn, error) {
			return l.DialHTTP(ctx, address)
		},
		MaxIdleConnsPerHost: 4,
		IdleConnTimeout:     90 * time.Second,
	}}
	l.wg.Add(1)
	go l.acceptLoop()
	return l, nil
}

// tcpAddr is an advertised address, as the other laptops dial it.
type tcpAddr string

func (a tcpAddr) Network() string { return "tcp" }
func (a tcpAddr) String() string  { return string(a) }

// advertised is the address to advertise for a listener on own: advertise
// ("" = own), with a port 0 there replaced by own's port. An unspecified
// IP (0.0.0.0, [::]) cannot be dialed from another laptop, so it is
// refused.
func advertised(own net.Addr, advertise string) (net.Addr, error) {
	_, ownPort, err := net.SplitHostPort(own.String())
	if err != nil {
		return nil, err
	}
	if advertise == "" {
		advertise = own.String()
	}
	host, port, err := net.SplitHostPort(advertise)
	if err != nil {
		return nil, i18n.Errorf(err, "the cluster address %s is not IP:PORT", advertise)
	}
	if port == "0" {
		port = ownPort
	}
	if n, err := strconv.ParseUint(port, 10, 16); err != nil || n == 0 {
		return nil, i18n.Errorf(err, "the cluster address %s is not IP:PORT", advertise)
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		return nil, i18n.Errorf(nil, "the cluster address %s is every address of this laptop: give the one the other laptops reach it at", advertise)
	}
	return tcpAddr(net.JoinHostPort(host, port)), nil
}

// throwAwayCertificate makes a self-signed ed25519 certificate for one
// run. It authenticates nothing (the proofs do); TLS needs one to
// encrypt.
func throwAwayCertificate() (tls.Certificate, error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return tls.Certificate{}, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		return tls.Certificate{}, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(10 * 365 * 24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, pub, priv)
	if err != nil {
		return tls.Certificate{}, err
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: priv}, nil
}

// acceptLoop accepts TCP connections until the layer is closed, and
// hands each to its own handshake.
func (l *Layer) acceptLoop() {
	defer l.wg.Done()
	var backoff time.Duration
	for {
		c, err := l.ln.Accept()
		if err != nil {
			if l.isClosed() || errors.Is(err, net.ErrClosed) {
				return
			}
			// Out of file descriptors and the like: wait, as net/http does.
			backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
			select {
			case <-time.After(backoff):
			case <-l.closed:
				return
			}
			continue
		}
		backoff = 0
		if !l.track(c) {
			_ = c.Close()
			return
		}
		l.wg.Add(1)
		go l.serve(c)
	}
}

// track records c as in its handshake, so Close can cut it; false once
// the layer is closed.
func (l *Layer) track(c net.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.pending == nil {
		return false
	}
	l.pending[c] = struct{}{}
	return true
}

// untrack forgets c: its handshake is over.
func (l *Layer) untrack(c net.Conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.pending, c)
}

// serve runs the listener's side of c's handshake and hands the stream
// to Accept or to the HTTP listener, or closes it and counts it refused.
func (l *Layer) serve(c net.Conn) {
	defer l.wg.Done()
	conn, kind, err := l.handshakeAccepted(c)
	l.untrack(c)
	if err != nil {
		if !l.isClosed() {
			l.refused.Add(1)
		}
		_ = c.Close()
		return
	}
	to, closed := l.raftConns, l.closed
	if kind == streamHTTP {
		to, closed = l.http.conns, l.http.closed
	}
	select {
	case to <- conn:
	case <-closed:
		_ = conn.Close()
	case <-l.closed:
		_ = conn.Close()
	}
}

// handshakeAccepted is the listener's side of the handshake: TLS, check
// the dialer's proof against every key accepted now, answer with the
// proof of the key it proved, read the stream type.
func (l *Layer) handshakeAccepted(c net.Conn) (net.Conn, byte, error) {
	if err := c.SetDeadline(time.Now().Add(handshakeTimeout)); err != nil {
		return nil, 0, err
	}
	conn := tls.Server(c, l.server)
	if err := conn.Handshake(); err != nil {
		return nil, 0, err
	}
	ekm, err := exported(conn)
	if err != nil {
		return nil, 0, err
	}
	var got [sha256.Size]byte
	if _, err := io.ReadFull(conn, got[:]); err != nil {
		return nil, 0, err
	}
	keys := l.keys()
	i := matchingKey(keys, ekm, got[:])
	if i < 0 {
		return nil, 0, errors.New("cluster: a peer did not prove the key")
	}
	if _, err := conn.Write(proof(keys[i], ekm, roleListener)); err != nil {
		return nil, 0, err
	}
	var kind [1]byte
	if _, err := io.ReadFull(conn, kind[:]); err != nil {
		return nil, 0, err
	}
	if kind[0] != streamRaft && kind[0] != streamHTTP {
		return nil, 0, fmt.Errorf("cluster: unknown stream type %q", kind[0])
	}
	if kind[0] == streamHTTP {
		return &provenConn{Conn: conn, previous: i > 0}, kind[0], c.SetDeadline(time.Time{})
	}
	return conn, kind[0], c.SetDeadline(time.Time{})
}

// provenConn is an HTTP stream with what its dialer proved: previous is
// true when it proved the join code before a renewal (accepted for a
// minute so the laptops of the cluster keep talking), which lets in no
// new laptop (ProvedPrevious).
type provenConn struct {
	net.Conn
	previous bool
}

// provedKey is the context key of an HTTP request's provenConn.
type provedKey struct{}

// connContext marks the requests of an HTTP stream whose dialer proved
// the previous join code (the node's http.Server's ConnContext).
func connContext(ctx context.Context, c net.Conn) context.Context {
	if p, ok := c.(*provenConn); ok && p.previous {
		return context.WithValue(ctx, provedKey{}, true)
	}
	return ctx
}

// ProvedPrevious says whether a request between laptops came over a
// stream that proved the join code before the last renewal: a laptop of
// the cluster that has not read the new code yet, or someone who knew the
// old one. Such a request may not bring a laptop in.
func ProvedPrevious(ctx context.Context) bool {
	v, _ := ctx.Value(provedKey{}).(bool)
	return v
}

// matchingKey is the index in keys of the key whose dialer's proof over
// ekm is got, or -1. Every key is tried, in constant time each.
func matchingKey(keys [][]byte, ekm, got []byte) int {
	found := -1
	for i, k := range keys {
		if len(k) > 0 && hmac.Equal(proof(k, ekm, roleDialer), got) && found < 0 {
			found = i
		}
	}
	return found
}

// proof is HMAC-SHA256(key, ekm ‖ role).
func proof(key, ekm []byte, role byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(ekm)
	m.Write([]byte{role})
	return m.Sum(nil)
}

// exported is the session's keying material the proofs are bound to.
func exported(conn *tls.Conn) ([]byte, error) {
	state := conn.ConnectionState()
	return state.ExportKeyingMaterial(ekmLabel, nil, 32)
}

// dial connects to address, runs the dialer's side of the handshake and
// sends the stream type kind. Without a deadline in ctx the handshake has
// handshakeTimeout.
func (l *Layer) dial(ctx context.Context, address string, kind byte) (net.Conn, error) {
	keys := l.keys()
	if len(keys) == 0 || len(keys[0]) == 0 {
		return nil, errors.New("cluster: no key to dial with")
	}
	if l.isClosed() {
		return nil, net.ErrClosed
	}
	// The current key first; the one before a renewal only if the other
	// laptop refused it (it has not read the new code yet).
	for i, key := range keys {
		conn, err := l.dialWith(ctx, address, key, kind)
		if errors.Is(err, ErrRefused) && i+1 < len(keys) {
			continue
		}
		if errors.Is(err, ErrRefused) {
			return nil, i18n.Errorf(err, "the laptop at %s refused this laptop's join code", address)
		}
		return conn, err
	}
	return nil, errors.New("cluster: no key to dial with")
}

// dialWith is one dial of dial's, proving key.
func (l *Layer) dialWith(ctx context.Context, address string, key []byte, kind byte) (net.Conn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", address)
	if err != nil {
		return nil, err
	}
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(handshakeTimeout)
	}
	conn, err := l.handshakeDialed(ctx, c, deadline, key, kind)
	if err != nil {
		_ = c.Close()
		return nil, err
	}
	return conn, nil
}

// handshakeDialed is the dialer's side of the handshake on c.
func (l *Layer) handshakeDialed(ctx context.Context, c net.Conn, deadline time.Time, key []byte, kind byte) (net.Conn, error) {
	if err := c.SetDeadline(deadline); err != nil {
		return nil, err
	}
	conn := tls.Client(c, l.client)
	if err := conn.HandshakeContext(ctx); err != nil {
		return nil, err
	}
	ekm, err := exported(conn)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Write(proof(key, ekm, roleDialer)); err != nil {
		return nil, err
	}
	var got [sha256.Size]byte
	if _, err := io.ReadFull(conn, got[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, ErrRefused
		}
		return nil, err
	}
	if !hmac.Equal(proof(key, ekm, roleListener), got[:]) {
		return nil, ErrRefused
	}
	if _, err := conn.Write([]byte{kind}); err != nil {
		return nil, err
	}
	return conn, c.SetDeadline(time.Time{})
}

// Accept waits for the next raft stream ('r') a peer opened and proved;
// after Close it returns net.ErrClosed. (raft.StreamLayer)
func (l *Layer) Accept() (net.Conn, error) {
	select {
	case c := <-l.raftConns:
		return c, nil
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

// Close stops listening: Accept and the HTTP listener's Accept return
// net.ErrClosed, and the connections still in their handshake are cut.
// The streams already handed out are their owners' to close. It waits for
// the layer's goroutines to end. (raft.StreamLayer)
func (l *Layer) Close() error {
	var err error
	l.once.Do(func() {
		close(l.closed)
		err = l.ln.Close()
		l.mu.Lock()
		for c := range l.pending {
			_ = c.Close()
		}
		l.pending = nil
		l.mu.Unlock()
		l.wg.Wait()
		l.web.CloseIdleConnections()
	})
	return err
}

// isClosed reports whether Close was called.
func (l *Layer) isClosed() bool {
	select {
	case <-l.closed:
		return true
	default:
		return false
	}
}

// Addr is the advertised address, the one the other laptops dial (raft
// records it as this server's address). (raft.StreamLayer)
func (l *Layer) Addr() net.Addr { return l.advertise }

// Dial opens a raft stream to the laptop at address, proving the current
// key and checking the other laptop's proof, within timeout (0: the
// handshake has 5 s). A laptop that refuses the key gives an error
// beneath which is ErrRefused. (raft.StreamLayer)
func (l *Layer) Dial(address raft.ServerAddress, timeout time.Duration) (net.Conn, error) {
	ctx := context.Background()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	return l.dial(ctx, string(address), streamRaft)
}

// HTTPListener is the listener of the HTTP streams ('h') the other
// laptops open, for the http.Server the node runs on it. Closing it stops
// only the HTTP streams (their Accept returns net.ErrClosed); closing the
// layer stops both.
func (l *Layer) HTTPListener() net.Listener { return l.http }

// DialHTTP opens an HTTP stream to the laptop at address ("IP:PORT", its
// cluster address), within ctx (without a deadline there, the handshake
// has 5 s).
func (l *Layer) DialHTTP(ctx context.Context, address string) (net.Conn, error) {
	return l.dial(ctx, address, streamHTTP)
}

// Client is an HTTP client whose connections are the layer's HTTP
// streams: a request to http://CLUSTERADDR/path goes to the laptop at
// CLUSTERADDR, authenticated and encrypted by the layer (no proxy, no
// second TLS). It is the same client at every call, so its idle
// connections are reused.
func (l *Layer) Client() *http.Client { return l.web }

// Refused reports how many accepted connections failed the handshake: a
// wrong code, a stranger, a plain HTTP client, a peer that said nothing
// for 5 s.
func (l *Layer) Refused() int64 { return l.refused.Load() }

// httpListener is the net.Listener of a layer's HTTP streams.
type httpListener struct {
	layer  *Layer
	conns  chan net.Conn
	closed chan struct{}
	once   sync.Once
}

// Accept waits for the next HTTP stream; net.ErrClosed once the listener
// or its layer is closed.
func (h *httpListener) Accept() (net.Conn, error) {
	select {
	case c := <-h.conns:
		return c, nil
	case <-h.closed:
		return nil, net.ErrClosed
	case <-h.layer.closed:
		return nil, net.ErrClosed
	}
}

// Close stops the HTTP streams only; the raft streams go on.
func (h *httpListener) Close() error {
	h.once.Do(func() { close(h.closed) })
	return nil
}

// Addr is the layer's advertised address.
func (h *httpListener) Addr() net.Addr { return h.layer.advertise }
