package cluster

import (
	"context"
	"time"

	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// previousCode is a join code replaced by a renewal, and until when it is
// accepted.
type previousCode struct {
	code  string
	until time.Time
}

// RenewJoinCode draws a new join code on the host and writes it through
// the log, so every laptop has it: from then on a laptop joins with the
// new code only. The laptops of the cluster keep their places (the old
// code is accepted between them for Timing.Grace while the new one reaches
// each); one that was away for longer is started again with
// --join-code and the new code. Refused on a standby, with a sentence.
func (n *Node) RenewJoinCode(ctx context.Context) (string, error) {
	if !n.Leader() {
		return "", refusal(ErrStandby, i18n.F("Renew the join code on the host: this laptop is a standby."))
	}
	code, err := NewJoinCode()
	if err != nil {
		return "", err
	}
	if err := n.Store().Write(ctx, func(tx storage.Tx) error { return tx.SetAppSetting(codeSetting, code) }); err != nil {
		return "", err
	}
	n.readCode(ctx)
	return code, nil
}

// readCode takes the join code the database holds, when a renewal
// written through the log changed it: the code before it is accepted for
// Timing.Grace more.
func (n *Node) readCode(ctx context.Context) {
	var saved string
	if err := n.cfg.DB.Read(ctx, func(tx storage.Tx) error {
		c, _, err := tx.AppSetting(codeSetting)
		saved = c
		return err
	}); err != nil || saved == "" {
		return
	}
	cur := n.code.Load()
	if saved == *cur {
		return
	}
	n.previous.Store(&previousCode{code: *cur, until: time.Now().Add(n.cfg.Timing.Grace)})
	n.code.Store(&saved)
	n.cfg.Logf("cluster: the join code was renewed; the old one is accepted between laptops for %s more", n.cfg.Timing.Grace)
}
