package director

// The player directory's corrections: a name mistyped at sign-up is
// renamed, a regular entered twice is merged into one player. Entries
// name their directory player, so a rename shows on every pairing,
// standings and history at once; a merge moves the other player's entries
// (with their decks, results, judge log lines, league weeks and codes,
// which all hang on the entries) to the player kept. Both are logged in
// the directory's log, a merge also in each event whose entry moved.

import (
	"context"
	"slices"
	"strings"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// PlayerEdit is a directory player's name, member number and e-mail as
// the organizer corrected them.
type PlayerEdit struct {
	Name     string
	MemberNo string
	Email    string
}

// EditPlayer saves a directory player's corrected name, member number and
// e-mail, logging each change (old → new) in the directory's log, in one
// write. Every event she is entered in shows the new name. Nothing
// changed writes nothing. A member number another player holds is
// event.ErrConflict naming its holder.
func (d *Directory) EditPlayer(ctx context.Context, id event.PlayerID, ed PlayerEdit) (event.Player, error) {
	var p event.Player
	err := d.store.Write(ctx, func(tx Tx) error {
		old, err := tx.Player(id)
		if err != nil {
			return err
		}
		p = old
		p.Name = strings.Join(strings.Fields(ed.Name), " ")
		p.MemberNo = strings.TrimSpace(ed.MemberNo)
		p.Email = strings.TrimSpace(ed.Email)
		lines := editLines(old, p)
		if len(lines) == 0 {
			return nil
		}
		if err := tx.UpdatePlayer(p); err != nil {
			return err
		}
		return d.logDirectory(tx, id, lines...)
	})
	return p, err
}

// editLines are the directory log's lines of a change from old to p.
func editLines(old, p event.Player) []i18n.Text {
	var lines []i18n.Text
	if old.Name != p.Name {
		lines = append(lines, i18n.F("%s renamed %s", old.Name, p.Name))
	}
	switch {
	case old.MemberNo == p.MemberNo:
	case old.MemberNo == "":
		lines = append(lines, i18n.F("%s: member number %s added", p.Name, p.MemberNo))
	case p.MemberNo == "":
		lines = append(lines, i18n.F("%s: member number %s removed", p.Name, old.MemberNo))
	default:
		lines = append(lines, i18n.F("%s: member number %s changed to %s", p.Name, old.MemberNo, p.MemberNo))
	}
	if old.Email != p.Email {
		lines = append(lines, i18n.F("%s: e-mail changed", p.Name))
	}
	return lines
}

func (d *core) logDirectory(tx Tx, id event.PlayerID, lines ...i18n.Text) error {
	for _, msg := range lines {
		if err := tx.AppendDirectoryLog(&event.DirectoryLogEntry{At: d.now(), Player: id, Message: msg}); err != nil {
			return err
		}
	}
	return nil
}

// Merged says what MergePlayers did.
type Merged struct {
	// Kept is the player kept, as she reads after the merge.
	Kept event.Player
	// Entries is how many entries moved to her.
	Entries int
}

// MergePlayers merges directory player gone into player keep, the same
// person entered twice: every entry of gone (and so its decks, results,
// judge log lines, league weeks, player codes and history) becomes
// keep's, a judge seat of gone names keep, keep takes gone's member
// number and e-mail where she has none, and gone leaves the directory;
// logged in the directory's log and in the activity log of each event
// whose entry moved, in one write.
//
// When both are entered in one event the merge is refused
// (event.ErrConflict): one person cannot play twice in an event, so they
// are two people (namesakes), or one entry is a mistake to drop there
// first; merging would lose which results are whose.
func (d *Directory) MergePlayers(ctx context.Context, gone, keep event.PlayerID) (Merged, error) {
	var out Merged
	if gone == keep {
		return out, event.Invalid("choose two different players to merge")
	}
	err := d.store.Write(ctx, func(tx Tx) error {
		g, err := tx.Player(gone)
		if err != nil {
			return err
		}
		k, err := tx.Player(keep)
		if err != nil {
			return err
		}
		moving, err := tx.PlayerEntries(gone)
		if err != nil {
			return err
		}
		if err := checkNoSharedEvent(tx, g, k, moving); err != nil {
			return err
		}
		if err := tx.MovePlayer(gone, keep); err != nil {
			return err
		}
		merged := k
		if merged.MemberNo == "" {
			merged.MemberNo = g.MemberNo
		}
		if merged.Email == "" {
			merged.Email = g.Email
		}
		if merged != k {
			if err := tx.UpdatePlayer(merged); err != nil {
				return err
			}
		}
		out = Merged{Kept: merged, Entries: len(moving)}
		line := i18n.FN("%[1]s merged into %[2]s: %[3]d entries moved", len(moving), namedPlayer(g), namedPlayer(k), len(moving))
		if err := d.logDirectory(tx, keep, line); err != nil {
			return err
		}
		for _, en := range moving {
			if err := d.log(tx, en.EventID, 0, i18n.F("%s merged into %s in the player directory", namedPlayer(g), namedPlayer(k))); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// checkNoSharedEvent refuses a merge of g into k when an event has both.
func checkNoSharedEvent(tx Tx, g, k event.Player, moving []event.Entry) error {
	if len(moving) == 0 {
		return nil
	}
	staying, err := tx.PlayerEntries(k.ID)
	if err != nil {
		return err
	}
	for _, en := range moving {
		if !slices.ContainsFunc(staying, func(s event.Entry) bool { return s.EventID == en.EventID }) {
			continue
		}
		e, err := tx.Event(en.EventID)
		if err != nil {
			return err
		}
		return event.Conflictf("%s and %s are both entered in %s, and one person cannot play twice in an event: they are two people. Nothing was merged.", g.Name, k.Name, e.Name)
	}
	return nil
}

// namedPlayer is a player's name with her member number, to tell two
// players of one name apart in a log.
func namedPlayer(p event.Player) string {
	if p.MemberNo == "" {
		return p.Name
	}
	return p.Name + " (" + p.MemberNo + ")"
}

// DirectoryLog returns the directory log's lines about a player (her
// renames, the players merged into her), oldest first.
func (d *Directory) DirectoryLog(ctx context.Context, id event.PlayerID) ([]event.DirectoryLogEntry, error) {
	return readBy(ctx, d.store, id, Tx.DirectoryLog)
}
