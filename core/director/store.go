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

// readBy reads what get reads by key, in one read transaction: the
// services' plain reads of one list.
func readBy[K, T any](ctx context.Context, s Store, key K, get func(Tx, K) (T, error)) (T, error) {
	var out T
	err := s.Read(ctx, func(tx Tx) (err error) {
		out, err = get(tx, key)
		return err
	})
	return out, err
}
