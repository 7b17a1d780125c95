package director

import (
	"context"
	"tablekeeper/core/storage"
)

// Store runs director operations in one transaction each (core/store
// implements it); see storage.Store.
type Store = storage.Store

// Tx is what the director reads and writes inside one transaction; see
// storage.Tx and its role interfaces.
type Tx = storage.Tx

// readIn runs read in one read transaction and returns what it read.
func readIn[T any](ctx context.Context, s Store, read func(Tx) (T, error)) (T, error) {
	var out T
	err := s.Read(ctx, func(tx Tx) (err error) {
		out, err = read(tx)
		return err
	})
	return out, err
}

// readBy reads what get reads by key, in one read transaction: the
// services' plain reads of one list.
func readBy[K, T any](ctx context.Context, s Store, key K, get func(Tx, K) (T, error)) (T, error) {
	return readIn(ctx, s, func(tx Tx) (T, error) { return get(tx, key) })
}
