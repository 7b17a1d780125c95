// Package screen holds the desktop screens' language without importing
// Fyne, so that a package the store network shares with the screens
// (ui/internal/labels) can say words in it: tr.Setup sets it, and the
// server, which never calls Setup, says the words it asks for in English
// unless it asks in a reader's language.
package screen

import (
	"sync/atomic"

	"tablekeeper/core/i18n"
)

var current atomic.Value // i18n.Lang

// Set makes l the screens' language.
func Set(l i18n.Lang) { current.Store(l) }

// Lang is the screens' language (English until Set).
func Lang() i18n.Lang {
	if l, ok := current.Load().(i18n.Lang); ok {
		return l
	}
	return i18n.English
}

// Text says t in the screens' language.
func Text(t i18n.Text) string { return t.In(Lang()) }
