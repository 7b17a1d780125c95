package reports

import (
	"slices"
	"strings"

	"tablekeeper/core/event"
)

// sortByName sorts items by the names name returns (event.FoldName), computing each key
// once. Items with identical names keep their order.
func sortByName[T any](items []T, name func(T) string) {
	type keyed struct {
		key, name string
		item      T
	}
	ks := make([]keyed, len(items))
	for i, it := range items {
		n := name(it)
		ks[i] = keyed{event.FoldName(n), n, it}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		if c := strings.Compare(a.key, b.key); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	for i := range ks {
		items[i] = ks[i].item
	}
}
