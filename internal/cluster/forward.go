package cluster

import (
	"context"
	"net"
	"net/http"
	"net/http/httputil"
	"net/netip"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hashicorp/raft"
)

// A write that reaches a standby (a phone that opened the standby's
// address) is carried out by the leader: the standby sends the request,
// as it came, to the leader over the laptops' authenticated wire (the
// layer's HTTP streams, under /cluster/web/), the leader's store network
// answers it as its own, and the standby relays the answer once its own
// database holds what the write saved, so that the phone's next read
// from the standby sees it.

// Headers between the laptops. The client header is trusted only on the
// authenticated wire (a phone cannot reach /cluster/web/ at all).
const (
	headerClient  = "Tablekeeper-Client"
	headerApplied = "Tablekeeper-Applied"
	webPrefix     = "/cluster/web"
)

// relayWait bounds how long a standby waits to hold a forwarded write
// before it relays the answer all the same.
const relayWait = time.Second

type forwardedKey struct{}

// Forwarded reports whether the request came from a standby, forwarded
// to this laptop as the leader: its Host is the standby's, its
// RemoteAddr the phone's, already checked by the standby.
func Forwarded(r *http.Request) bool {
	v, _ := r.Context().Value(forwardedKey{}).(bool)
	return v
}

// SetWeb gives the node the store network that answers writes forwarded
// to it when it leads.
func (n *Node) SetWeb(h http.Handler) { n.web.Store(&h) }

// Forward sends a write this standby received to the leader and relays
// its answer. With no leader to send it to, it returns ErrElecting's
// refusal and writes nothing (the caller answers it).
func (n *Node) Forward(w http.ResponseWriter, r *http.Request) error {
	addr, _ := n.r().LeaderWithID()
	if addr == "" || n.r().State() == raft.Leader {
		return errElecting()
	}
	client := r.RemoteAddr
	if host, _, err := net.SplitHostPort(client); err == nil {
		client = host
	}
	proxy := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.Out.URL.Scheme = "http"
			pr.Out.URL.Host = string(addr)
			pr.Out.URL.Path = webPrefix + pr.In.URL.Path
			pr.Out.URL.RawPath = ""
			pr.Out.Host = pr.In.Host
			pr.Out.Header.Set(headerClient, client)
		},
		Transport: n.run.Load().layer.Client().Transport,
		ModifyResponse: func(resp *http.Response) error {
			if idx, err := strconv.ParseUint(resp.Header.Get(headerApplied), 10, 64); err == nil {
				n.waitApplied(r.Context(), idx)
			}
			resp.Header.Del(headerApplied)
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, _ *http.Request, err error) {
			n.cfg.Logf("cluster: forward %s %s to %s: %v", r.Method, r.URL.Path, addr, err)
			w.Header().Set("Retry-After", "1")
			http.Error(w, errElecting().Error(), http.StatusServiceUnavailable)
		},
	}
	proxy.ServeHTTP(w, r)
	return nil
}

// waitApplied waits, up to relayWait, until this laptop's database has
// applied the unit at idx.
func (n *Node) waitApplied(ctx context.Context, idx uint64) {
	deadline := time.Now().Add(relayWait)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if got, _, err := n.cfg.DB.AppliedIndex(ctx); err != nil || got >= idx {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// serveWeb answers a write a standby forwarded: the leader's own store
// network handles it, with the phone's address, and the answer says
// which unit this laptop had applied once the write was done.
func (n *Node) serveWeb(w http.ResponseWriter, r *http.Request) {
	h := n.web.Load()
	if h == nil || !n.Leader() {
		// Leadership moved while the request travelled: the standby
		// answers 503 and the page sends it again.
		w.Header().Set("Retry-After", "1")
		http.Error(w, errElecting().Error(), http.StatusServiceUnavailable)
		return
	}
	ip, err := netip.ParseAddr(r.Header.Get(headerClient))
	if err != nil {
		http.Error(w, "no client address", http.StatusBadRequest)
		return
	}
	r2 := r.Clone(context.WithValue(r.Context(), forwardedKey{}, true))
	r2.Header.Del(headerClient)
	r2.RemoteAddr = net.JoinHostPort(ip.String(), "0")
	r2.URL.Path = strings.TrimPrefix(r.URL.Path, webPrefix)
	r2.URL.RawPath = ""
	r2.RequestURI = r2.URL.RequestURI()
	(*h).ServeHTTP(&appliedWriter{ResponseWriter: w, n: n}, r2)
}

// appliedWriter adds to an answer the unit this laptop had applied when
// the answer began (the write it answers is done by then).
type appliedWriter struct {
	http.ResponseWriter
	n     *Node
	wrote atomic.Bool
}

func (a *appliedWriter) WriteHeader(status int) {
	if a.wrote.CompareAndSwap(false, true) {
		if idx, _, err := a.n.cfg.DB.AppliedIndex(context.Background()); err == nil {
			a.Header().Set(headerApplied, strconv.FormatUint(idx, 10))
		}
	}
	a.ResponseWriter.WriteHeader(status)
}

func (a *appliedWriter) Write(b []byte) (int, error) {
	if !a.wrote.Load() {
		a.WriteHeader(http.StatusOK)
	}
	return a.ResponseWriter.Write(b)
}
