package store

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/i18n"
)

// Who holds a database is kept as data in its lock file and said in the
// language of whoever finds it taken: a French screen reads "processus …
// sur … depuis le …", never the English of the process that wrote it.
func TestWhoHoldsTheDatabaseIsSaidInTheReadersLanguage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "store.db")
	held, err := lockWriter(path, "tablekeeper serve")
	must(t, err)
	defer held.release()
	_, err = lockWriter(path, "tablekeeper")
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("a second writer got %v", err)
	}
	en, fr := i18n.Error(i18n.English, err), i18n.Error(i18n.French, err)
	if !strings.Contains(en, "(tablekeeper serve, process ") || !strings.Contains(en, ", since ") {
		t.Errorf("English: %q", en)
	}
	if !strings.Contains(fr, "(tablekeeper serve, processus ") || !strings.Contains(fr, ", depuis le ") || strings.Contains(fr, "process ") || strings.Contains(fr, "since") {
		t.Errorf("French: %q", fr)
	}
	// An empty note names no one; a note written before the values were
	// data stands as it was.
	if got, want := holderText("").In(i18n.French), i18n.T(i18n.French, "another program"); got != want {
		t.Errorf("an empty note reads %q, want %q", got, want)
	}
	old := "tablekeeper, process 7 on till, since 2026-11-01 18:00"
	if got := holderText(old).In(i18n.French); got != old {
		t.Errorf("an old note reads %q", got)
	}
}
