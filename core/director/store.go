package director

import "tablekeeper/core/storage"

// Store runs director operations in one transaction each (core/store
// implements it); see storage.Store.
type Store = storage.Store

// Tx is what the director reads and writes inside one transaction; see
// storage.Tx and its role interfaces.
type Tx = storage.Tx
