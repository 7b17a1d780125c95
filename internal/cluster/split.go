package cluster

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hashicorp/raft"
)

// formerFile, in a laptop's cluster folder, lists the cluster addresses
// of the laptops it had when it took over, one a line: the laptops it
// asks, while it hosts alone, whether they carried on alone too.
const formerFile = "former-laptops"

// probeEvery is how many status ticks a lone host waits between asking
// its former laptops.
const probeEvery = 4

// Split is a second laptop that hosts this event on its own: both took
// over (the network between them was cut, not a laptop lost), and each
// took changes the other does not have.
type Split struct {
	// Addr is its cluster address; Since is when this laptop learnt it.
	Addr  string    `json:"addr"`
	Since time.Time `json:"since"`
}

// Split says whether another laptop carried on alone too, as this one
// learnt by asking it or by being asked.
func (n *Node) Split() (Split, bool) {
	if s := n.split.Load(); s != nil {
		return *s, true
	}
	return Split{}, false
}

// noteSplit keeps the first laptop found to host the event on its own.
func (n *Node) noteSplit(addr string) {
	sp := &Split{Addr: addr, Since: time.Now()}
	if n.split.CompareAndSwap(nil, sp) {
		n.cfg.Logf("cluster: the laptop at %s carried on alone too: each holds changes the other does not; nothing is merged", addr)
		if n.cfg.Split != nil {
			go n.cfg.Split(*sp)
		}
	}
}

// saveFormer keeps the addresses of the laptops other than this one
// before a takeover leaves them out.
func (n *Node) saveFormer() {
	var addrs []string
	for _, s := range n.servers() {
		if s.ID != n.id {
			addrs = append(addrs, string(s.Address))
		}
	}
	if len(addrs) == 0 {
		return
	}
	n.formerAddrs.Store(&addrs)
	if err := os.WriteFile(filepath.Join(n.cfg.Dir, formerFile), []byte(strings.Join(addrs, "\n")+"\n"), 0o600); err != nil {
		n.cfg.Logf("cluster: cannot keep the laptops before the takeover: %v", err)
	}
}

// loadFormer reads, at start, the laptops a takeover left out.
func (n *Node) loadFormer() {
	b, err := os.ReadFile(filepath.Join(n.cfg.Dir, formerFile)) // #nosec G304 -- this laptop's own cluster folder
	if err != nil {
		return
	}
	addrs := strings.Fields(string(b))
	n.formerAddrs.Store(&addrs)
}

// former are the laptops this one had before it took over that are not
// in its configuration now.
func (n *Node) former() []string {
	addrs := n.formerAddrs.Load()
	if addrs == nil {
		return nil
	}
	now := map[string]bool{}
	for _, s := range n.servers() {
		now[string(s.Address)] = true
	}
	var out []string
	for _, a := range *addrs {
		if !now[a] {
			out = append(out, a)
		}
	}
	return out
}

// probeFormer asks, on a lone host, each laptop it had before it took
// over to take it back: one that refuses has carried on alone too (a
// laptop that did not is a standby with no host, and does not answer as
// one; a host of the same history takes this one back).
func (n *Node) probeFormer(ctx context.Context, tick int) {
	if tick%probeEvery != 0 || n.r().State() != raft.Leader || n.Voters() != 1 {
		return
	}
	rep := report{ID: string(n.id), Addr: n.Addr(), URL: n.cfg.BaseURL, Applied: n.r().AppliedIndex(), LastAt: n.fsm.lastAt.Load()}
	rep.Unit, rep.UnitTerm, _ = n.cfg.DB.AppliedIndex(ctx)
	for _, addr := range n.former() {
		var ans reportAnswer
		var refused *refusedError
		if err := n.post(ctx, addr, "/cluster/status", rep, &ans); errors.As(err, &refused) {
			n.noteSplit(addr)
		}
	}
}
