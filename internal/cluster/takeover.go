package cluster

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/raft"

	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// tookOverSetting is the database-wide setting where a takeover keeps
// the last unit it held ("index term"), written through the log: a
// laptop that comes back is taken in again only when what it applied is
// part of that.
const tookOverSetting = "cluster.took_over"

// HostSilence says since when this laptop has heard nothing from a host
// (LastContact), and whether it is silent now: no laptop leads that this
// one knows of, and none has answered for Timing.Silence. Zero time: it
// never heard one since it started. That is when the window asks
// whether to carry on here.
func (n *Node) HostSilence() (since time.Time, silent bool) {
	r := n.r()
	if r.State() == raft.Leader {
		return time.Time{}, false
	}
	if addr, _ := r.LeaderWithID(); addr != "" {
		return time.Time{}, false
	}
	last := r.LastContact()
	return last, last.IsZero() || time.Since(last) >= n.cfg.Timing.Silence
}

// Takeover makes this laptop the host alone, when the host has not
// answered for Timing.Silence and the laptops that are left cannot
// choose one (two laptops, one lost): raft's configuration is recovered
// around this laptop alone (raft.RecoverCluster, which applies every
// entry its log holds), and raft starts again here as the leader. The
// other laptop, when it comes back, is taken in again as a standby and
// catches up (from a snapshot). Refused, with a sentence, while a host
// answers.
func (n *Node) Takeover(ctx context.Context) error {
	if n.r().State() == raft.Leader {
		return refusal(ErrTakeover, i18n.F("This laptop is the host already."))
	}
	if since, silent := n.HostSilence(); !silent {
		if since.IsZero() {
			return refusal(ErrTakeover, i18n.F("The host at %s answers: this laptop is its standby and needs no takeover.", n.leaderURL()))
		}
		return refusal(ErrTakeover, i18n.F("The host answered %s ago: wait until it has been silent for %s before carrying on here.",
			time.Since(since).Round(time.Second).String(), n.cfg.Timing.Silence.String()))
	}
	n.saveFormer()
	if err := n.recover(); err != nil {
		return err
	}
	if err := n.WaitLeader(ctx, 15*time.Second); err != nil {
		return err
	}
	idx, term, err := n.cfg.DB.AppliedIndex(ctx)
	if err != nil {
		return err
	}
	point := fmt.Sprintf("%d %d", idx, term)
	n.cfg.Logf("cluster: this laptop carries on alone as the host, from unit %d (term %d)", idx, term)
	return n.Store().Write(ctx, func(tx storage.Tx) error { return tx.SetAppSetting(tookOverSetting, point) })
}

// recover stops raft and starts it again as the leader of a cluster of
// this laptop alone.
func (n *Node) recover() error {
	n.writeMu.Lock()
	defer n.writeMu.Unlock()
	n.ready.Store(false)
	n.run.Load().stop()
	_, err := n.launch(func(conf *raft.Config, trans raft.Transport) error {
		self := raft.Configuration{Servers: []raft.Server{{Suffrage: raft.Voter, ID: n.id, Address: trans.LocalAddr()}}}
		return raft.RecoverCluster(conf, n.fsm, n.logs, n.logs, n.snaps, trans, self)
	})
	if err == nil {
		return nil
	}
	// Not recovered: raft runs again as it was, a standby still.
	if _, again := n.launch(nil); again != nil {
		n.cfg.Logf("cluster: raft did not start again after a failed takeover: %v", again)
	}
	return fmt.Errorf("cluster: takeover: %w", err)
}

// readmit takes back a laptop that reports and is not in raft's
// configuration: one that was lost when this laptop took over. It is
// taken in (a non-voter, a voter once caught up) when every unit it
// applied is one this laptop held at the takeover; otherwise it carried
// on alone too (both laptops took over), its database holds changes
// this one does not, and it is refused: nothing is merged silently.
func (n *Node) readmit(ctx context.Context, rep report) error {
	var point string
	if err := n.cfg.DB.Read(ctx, func(tx storage.Tx) error {
		p, _, err := tx.AppSetting(tookOverSetting)
		point = p
		return err
	}); err != nil {
		return err
	}
	var idx, term uint64
	if _, err := fmt.Sscan(point, &idx, &term); err != nil {
		return refusal(ErrJoinRefused, i18n.F("This laptop is not a member of the event's cluster: join it with --join and the join code."))
	}
	if rep.Unit > idx || rep.UnitTerm > term {
		return refusal(errCarriedOnToo, i18n.F("This laptop carried on alone too: it holds changes the host does not (it applied unit %d of term %d; the host took over at unit %d of term %d). Nothing is merged: keep its database aside and join again with a new one.",
			rep.Unit, rep.UnitTerm, idx, term))
	}
	go func() {
		if err := n.r().AddNonvoter(raft.ServerID(rep.ID), raft.ServerAddress(rep.Addr), 0, 10*time.Second).Error(); err != nil {
			n.cfg.Logf("cluster: take back %s: %v", rep.ID, err)
			return
		}
		n.cfg.Logf("cluster: laptop %s came back; it catches up as a standby", rep.ID)
	}()
	return nil
}
