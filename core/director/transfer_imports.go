package director

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"tablekeeper/core/i18n"

	"tablekeeper/core/event"
)

// ImportReport says what ImportPlayers did.
type ImportReport struct {
	// Registered counts the entries the import made.
	Registered int
	// NewPlayers counts the players it added to the directory (the others
	// were already there and joined the event as themselves).
	NewPlayers int
	// Already names the players who were registered in the event before:
	// nothing changed for them, so importing a file twice changes nothing.
	Already []string
	// Problems lists the rows not taken, each with what to fix.
	Problems []string
}

// importKey matches a row without a member number to a directory player:
// the folded name (case and accents) plus the e-mail, ignoring case.
func importKey(name, email string) string {
	return event.FoldName(name) + "\x00" + strings.ToLower(strings.TrimSpace(email))
}

// ImportPlayers registers a file's players in an event in one transaction:
// all of them or, if anything fails, none. A row joins the directory's
// player with its member number (a different name there is a problem row),
// else the player with the same folded name and e-mail, else it adds a new
// player. A player already registered in the event is counted as such and
// left alone, so importing the same file again changes nothing. Rows with a
// problem (no name, a name that cannot be shown, a member number of someone
// else) are listed and skipped; the rest are saved together.
func (d *Transfer) ImportPlayers(ctx context.Context, id event.EventID, rows []NewPlayer) (ImportReport, error) {
	var rep ImportReport
	err := d.store.Write(ctx, func(tx Tx) error {
		rep = ImportReport{}
		e, err := unfinished(tx, id, i18n.K("%s is finished; it takes no more players"))
		if err != nil {
			return err
		}
		rounds, err := tx.RoundCount(id)
		if err != nil {
			return err
		}
		m, err := newImportMatcher(tx, id)
		if err != nil {
			return err
		}
		for i, np := range rows {
			if err := d.importRow(tx, e, rounds, m, np, &rep); err != nil {
				var rowErr *event.Error
				if !errors.As(err, &rowErr) {
					return err // the database failed: nothing is saved
				}
				rep.Problems = append(rep.Problems, fmt.Sprintf("%s (player %d of the file): %s", strings.TrimSpace(np.Name), i+1, event.Message(err)))
			}
		}
		if rep.Registered == 0 {
			return nil
		}
		return d.log(tx, id, rounds, i18n.FN("imported %d players from a file (%d new to the directory)", rep.Registered, rep.Registered, rep.NewPlayers))
	})
	if err != nil {
		return ImportReport{}, err
	}
	return rep, nil
}

// importMatcher finds the directory player a row stands for, and knows who
// is registered in the event; it learns the players the import adds, so a
// row repeated in the file registers once.
type importMatcher struct {
	byMember   map[string]event.Player
	byKey      map[string]event.Player
	registered map[event.PlayerID]bool
}

func newImportMatcher(tx Tx, id event.EventID) (*importMatcher, error) {
	players, err := tx.FindPlayers("", 0)
	if err != nil {
		return nil, err
	}
	entries, err := tx.Entries(id)
	if err != nil {
		return nil, err
	}
	m := &importMatcher{
		byMember:   make(map[string]event.Player, len(players)),
		byKey:      make(map[string]event.Player, len(players)),
		registered: make(map[event.PlayerID]bool, len(entries)),
	}
	for _, p := range players {
		m.learn(p)
	}
	for _, en := range entries {
		m.registered[en.PlayerID] = true
	}
	return m, nil
}

func (m *importMatcher) learn(p event.Player) {
	if p.MemberNo != "" {
		m.byMember[p.MemberNo] = p
	}
	k := importKey(p.Name, p.Email)
	if _, ok := m.byKey[k]; !ok {
		m.byKey[k] = p
	}
}

// find returns the directory player for p, or p itself (ID 0) when there
// is none.
func (m *importMatcher) find(p event.Player) (event.Player, error) {
	if p.MemberNo != "" {
		known, ok := m.byMember[p.MemberNo]
		switch {
		case ok && event.FoldName(known.Name) == event.FoldName(p.Name):
			return known, nil
		case ok:
			return p, event.Conflictf("member number %s belongs to %s in the directory; correct the number or the name in the file", p.MemberNo, known.Name)
		}
		return p, nil
	}
	if known, ok := m.byKey[importKey(p.Name, p.Email)]; ok {
		return known, nil
	}
	return p, nil
}

func (d *core) importRow(tx Tx, e event.Event, rounds int, m *importMatcher, np NewPlayer, rep *ImportReport) error {
	p := np.player(d.dir)
	if err := p.Validate(); err != nil {
		return err
	}
	p, err := m.find(p)
	if err != nil {
		return err
	}
	if p.ID == 0 {
		if err := tx.CreatePlayer(&p); err != nil {
			return err
		}
		m.learn(p)
		rep.NewPlayers++
	}
	if m.registered[p.ID] {
		rep.Already = append(rep.Already, p.Name)
		return nil
	}
	en := newEntry(e.ID, p.ID, rounds, d.now())
	if err := tx.CreateEntry(&en); err != nil {
		return err
	}
	m.registered[p.ID] = true
	rep.Registered++
	return nil
}
