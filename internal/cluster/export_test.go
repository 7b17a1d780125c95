package cluster

import "github.com/hashicorp/raft"

// TakeSnapshot has raft snapshot the database now and compact its log,
// so that a laptop that joins after it gets the snapshot, not the log.
func (n *Node) TakeSnapshot() error { return n.r().Snapshot().Error() }

// WithStreams has raft's streams go through wrap (a network that the
// partition tests cut).
func WithStreams(cfg Config, wrap func(raft.StreamLayer) raft.StreamLayer) Config {
	cfg.wrapLayer = wrap
	return cfg
}
