package cluster

// TakeSnapshot has raft snapshot the database now and compact its log,
// so that a laptop that joins after it gets the snapshot, not the log.
func (n *Node) TakeSnapshot() error { return n.r().Snapshot().Error() }
