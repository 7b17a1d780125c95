package printing

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/reports"
)

// PlayerSlipsKey is the report of the players' slips with their player
// codes: every player of the event, or one (Printer.Entry).
const PlayerSlipsKey = "player-slips"

// PlayerSlipKey is the key of entry's slip alone: "player-slips/N".
func PlayerSlipKey(entry event.EntryID) string {
	return PlayerSlipsKey + "/" + strconv.FormatInt(int64(entry), 10)
}

// oneSlip splits a key of PlayerSlipKey into PlayerSlipsKey and its
// entry; any other key is returned as it is, with entry 0.
func oneSlip(key string) (string, event.EntryID) {
	base, n, ok := strings.Cut(key, "/")
	if !ok || base != PlayerSlipsKey {
		return key, 0
	}
	entry, err := strconv.ParseInt(n, 10, 64)
	if err != nil || entry < 1 {
		return key, 0
	}
	return base, event.EntryID(entry)
}

// drawPlayerCodes draws the player codes and link tokens a player-slips
// report prints, before the report's read-only snapshot: the codes of
// every player still in event id (or of Printer.Entry), those not drawn yet
// drawn now, in one write that logs the slips printed.
func (p Printer) drawPlayerCodes(ctx context.Context, id event.EventID) (map[event.EntryID]director.PlayerCredential, error) {
	how := director.CodeReveal{Via: director.RevealSlip}
	if p.Entry != 0 {
		c, err := p.D.Phones.RevealPlayerCode(ctx, p.Entry, how)
		return map[event.EntryID]director.PlayerCredential{p.Entry: c}, err
	}
	return p.D.Phones.RevealPlayerCodes(ctx, id)
}

// writePlayerSlips writes the players' slips: every player still in the
// event by name, or Printer.Entry alone (who may have dropped: she asked
// for it), each with her code and, while the network is on, the event
// page's address and the QR code of the link (her link token) that signs
// her phone in.
func writePlayerSlips(ctx context.Context, p Printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, entries, err := p.eventEntries(ctx, id)
	if err != nil {
		return "", err
	}
	entries = slices.DeleteFunc(entries, func(en event.Entry) bool {
		if p.Entry != 0 {
			return en.ID != p.Entry
		}
		return !en.Active()
	})
	if p.Entry != 0 && len(entries) == 0 {
		return "", event.NotFoundf("%s has no player number %d", e.Name, p.Entry)
	}
	slices.SortStableFunc(entries, func(a, b event.Entry) int { return strings.Compare(event.FoldName(a.Name), event.FoldName(b.Name)) })
	s := reports.PlayerSlips{EventName: e.Name, Game: rules.DescribeText(e.Game, e.Format).In(p.docLang)}
	page := ""
	if p.Address != "" {
		page = eventPage(p.Address, id)
		s.Address = page
	}
	for _, en := range entries {
		c := p.codes[en.ID]
		if c.Code == "" {
			return "", event.Conflictf("%s was registered while the slips were being printed; print them again", en.Name)
		}
		slip := reports.PlayerSlip{Name: en.Name, Code: director.FormatPlayerCode(c.Code)}
		if page != "" {
			slip.Link = director.PlayerLink(page, en.ID, c.Token)
		}
		s.Players = append(s.Players, slip)
	}
	if err := reports.WritePlayerSlips(w, s, reports.Options{Paper: paper, Lang: p.docLang}); err != nil {
		return "", err
	}
	if p.Entry != 0 {
		return i18n.T(p.Lang, "the player slip of %s", entries[0].Name), nil
	}
	return i18n.N(p.Lang, "player slips of %s, %d players", len(s.Players), e.Name, len(s.Players)), nil
}

// eventPage is the address of event id's page under base, the store
// network's address.
func eventPage(base string, id event.EventID) string {
	return strings.TrimSuffix(base, "/") + "/events/" + strconv.FormatInt(int64(id), 10)
}
