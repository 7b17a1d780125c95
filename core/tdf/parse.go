package tdf

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// Parse reads a TOM file and checks it: every number Tablekeeper reads is a
// number, every match names players the file lists, no player sits twice in
// a round. A file that fails gets an event.ErrInvalid error whose sentence
// names the element and says what TOM writes there.
func Parse(r io.Reader) (*File, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("tdf: read: %w", err)
	}
	if len(data) > maxFileBytes {
		return nil, event.Invalidf("the file is larger than %d MB: a TOM file is far smaller; check that it is the .tdf TOM saved", maxFileBytes>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, event.Invalid("the file is empty: a TOM file starts with <tournament>")
	}
	if bytes.HasPrefix(data, []byte("\xff\xfe")) || bytes.HasPrefix(data, []byte("\xfe\xff")) {
		return nil, event.Invalid("the file is written in UTF-16; save it from TOM again, or convert it to UTF-8")
	}
	if !utf8.Valid(data) {
		return nil, event.Invalid("the file is not UTF-8 text: it is not a TOM file, or it was damaged; save it from TOM again")
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = func(charset string, in io.Reader) (io.Reader, error) {
		// The bytes are valid UTF-8 (checked above); a declaration such as
		// "utf8" or "us-ascii" describes them well enough.
		return in, nil
	}
	var f File
	if err := dec.Decode(&f); err != nil {
		return nil, decodeError(err)
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	return &f, nil
}

// decodeError turns the XML decoder's error into a sentence.
func decodeError(err error) error {
	var syn *xml.SyntaxError
	if errors.As(err, &syn) {
		return event.Invalidf("the file is not well-formed XML (line %d: %s): it is not a TOM file, or it was cut short; save it from TOM again", syn.Line, syn.Msg)
	}
	msg := err.Error()
	if strings.Contains(msg, "expected element type <tournament>") {
		return event.Invalidf("the file's root element is not <tournament> (%s): it is not a TOM tournament file", strings.TrimPrefix(msg, "expected element type <tournament> but have "))
	}
	if errors.Is(err, io.EOF) {
		return event.Invalid("the file holds no XML element: a TOM file starts with <tournament>")
	}
	return event.Invalidf("the file could not be read as TOM XML: %s", msg)
}

// Validate checks what Tablekeeper reads in the file (Parse calls it; Write
// calls it before writing).
func (f *File) Validate() error {
	if f.XMLName.Local != "" && f.XMLName.Local != "tournament" {
		return event.Invalidf("the root element is <%s>, not <tournament>: it is not a TOM tournament file", f.XMLName.Local)
	}
	known := make(map[string]bool, len(f.Players.Player))
	for i, p := range f.Players.Player {
		if err := p.validate(i+1, known); err != nil {
			return err
		}
		known[p.UserID] = true
	}
	seen := map[int]bool{}
	for i, pod := range f.Pods.Pod {
		c, err := wholeNumber(pod.Category)
		if err != nil {
			return event.Invalidf("pod %d has category %q; TOM pod categories are whole numbers: 0 (Juniors), 1 (Seniors), 2 (Masters), 8, 9 and 10 (divisions paired together)", i+1, pod.Category)
		}
		if seen[c] {
			return event.Invalidf("the file has two pods of category %d (%s); TOM writes one pod per division", c, DivisionName(c))
		}
		seen[c] = true
		if err := pod.validate(known); err != nil {
			return err
		}
	}
	return nil
}

func (p Player) validate(n int, known map[string]bool) error {
	id := strings.TrimSpace(p.UserID)
	switch {
	case id == "":
		return event.Invalidf("player %d of <players> (%s) has no userid; TOM gives every player their Play! Pokémon ID", n, p.Name())
	case len(id) > maxUserIDLength:
		return event.Invalidf("player %d of <players> has a userid of %d characters; a Play! Pokémon ID is a short number", n, len(id))
	case id != p.UserID:
		return event.Invalidf("player %d of <players> has userid %q with spaces around it; TOM writes the ID alone", n, p.UserID)
	case known[id]:
		return event.Invalidf("userid %s is listed twice in <players>; each player appears once", id)
	case strings.TrimSpace(p.FirstName) == "" && strings.TrimSpace(p.LastName) == "":
		return event.Invalidf("player %s has neither <firstname> nor <lastname>; TOM writes both", id)
	}
	if p.Dropped != nil {
		if r, err := wholeNumber(p.Dropped.Round); err != nil {
			return event.Invalidf("player %s (%s) has <dropped> with round %q; TOM writes the last round played, a whole number", id, p.Name(), p.Dropped.Round)
		} else if r > event.MaxRounds {
			return event.Invalidf("player %s (%s) dropped after round %d; an event has at most %d rounds", id, p.Name(), r, event.MaxRounds)
		}
	}
	return nil
}

func (pod Pod) validate(known map[string]bool) error {
	name := pod.label()
	for _, sg := range pod.Subgroups.Subgroup {
		for _, ref := range sg.Players {
			if !known[ref.UserID] {
				return event.Invalidf("the %s lists userid %q in its subgroup, but <players> has no such player", name, ref.UserID)
			}
		}
	}
	numbers := map[int]bool{}
	for i, r := range pod.Rounds.Round {
		n, err := wholeNumber(r.Number)
		if err != nil || n < 1 {
			return event.Invalidf("round %d of the %s has number %q; TOM numbers rounds 1, 2, 3…", i+1, name, r.Number)
		}
		if n > event.MaxRounds {
			return event.Invalidf("the %s has a round %d; an event has at most %d rounds", name, n, event.MaxRounds)
		}
		if numbers[n] {
			return event.Invalidf("the %s has two rounds numbered %d", name, n)
		}
		numbers[n] = true
		t, err := wholeNumber(r.Type)
		if err != nil || (t != RoundTopCut && t != RoundSwissNoCut && t != RoundSwiss) {
			return event.Invalidf("round %d of the %s has type %q; %s", n, name, r.Type, roundTypesTold())
		}
		if err := r.validate(n, name, known); err != nil {
			return err
		}
	}
	return nil
}

func (r Round) validate(n int, pod i18n.Text, known map[string]bool) error {
	seated := map[string]int{}
	tables := map[int]int{}
	for i, m := range r.Matches.Match {
		where := i18n.F("match %d of round %d of the %s", i+1, n, pod)
		if err := m.validate(where, known); err != nil {
			return err
		}
		for _, id := range m.UserIDs() {
			if prev, ok := seated[id]; ok {
				return event.Invalidf("%s seats userid %s, who already plays in match %d of that round; a player plays once a round", where, id, prev)
			}
			seated[id] = i + 1
		}
		if t := m.Table(); t != 0 {
			if prev, ok := tables[t]; ok {
				return event.Invalidf("%s is at table %d, like match %d of that round; each table seats one match", where, t, prev)
			}
			tables[t] = i + 1
		}
	}
	return nil
}

func (m Match) validate(where i18n.Text, known map[string]bool) error {
	o, err := wholeNumber(m.Outcome)
	if err != nil {
		return event.Invalidf("%s has outcome %q; %s", where, m.Outcome, outcomesTold())
	}
	switch Outcome(o) {
	case NotReported, Player1Won, Player2Won, Tie:
		if m.Player1 == nil || m.Player2 == nil || m.Player != nil {
			return event.Invalidf("%s (outcome %d) does not name <player1> and <player2>; a match names <player1> and <player2>, a bye (outcome 5) one <player>", where, o)
		}
		if m.Player1.UserID == m.Player2.UserID {
			return event.Invalidf("%s pairs userid %s against themselves", where, m.Player1.UserID)
		}
	case Bye:
		p := m.Player
		if p == nil && m.Player2 == nil {
			// Some tools write the bye's player as <player1>.
			p = m.Player1
		}
		if p == nil || m.Player2 != nil || (m.Player != nil && m.Player1 != nil) {
			return event.Invalidf("%s is a bye (outcome 5) but does not name one <player>; a bye names its one player", where)
		}
	default:
		return event.Invalidf("%s has outcome %d; %s", where, o, outcomesTold())
	}
	for _, id := range m.UserIDs() {
		if !known[id] {
			return event.Invalidf("%s names userid %q, but <players> has no such player", where, id)
		}
	}
	if strings.TrimSpace(m.TableNumber) != "" {
		if _, err := wholeNumber(m.TableNumber); err != nil {
			return event.Invalidf("%s has table number %q; TOM writes a whole number (0 for a bye)", where, m.TableNumber)
		}
	}
	return nil
}

// wholeNumber reads a non-negative integer written in an element or
// attribute, allowing spaces around it.
func wholeNumber(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, err
	}
	if n < 0 || n > 1_000_000 {
		return 0, strconv.ErrRange
	}
	return n, nil
}

// number reads a field Validate has checked.
func number(s string) int {
	n, _ := wholeNumber(s)
	return n
}

// Name is the player's name as Tablekeeper shows it: first name, then last.
func (p Player) Name() string {
	return strings.Join(strings.Fields(p.FirstName+" "+p.LastName), " ")
}

// DroppedAfter reports whether the player dropped and the last round they
// played.
func (p Player) DroppedAfter() (round int, dropped bool) {
	if p.Dropped == nil {
		return 0, false
	}
	return number(p.Dropped.Round), true
}

// Division is the pod's category (Juniors, Seniors, Masters…).
func (pod Pod) Division() int { return number(pod.Category) }

func (pod Pod) label() i18n.Text {
	c, err := wholeNumber(pod.Category)
	if err != nil {
		return i18n.F("pod %q", pod.Category)
	}
	return i18n.F("%s pod", DivisionName(c))
}

// No is the round's number.
func (r Round) No() int { return number(r.Number) }

// TopCut reports whether the round is a single-elimination round after the
// Swiss.
func (r Round) TopCut() bool { return number(r.Type) == RoundTopCut }

// Result is the match's outcome code.
func (m Match) Result() Outcome { return Outcome(number(m.Outcome)) }

// Table is the match's table number (0 for a bye or when none is written).
func (m Match) Table() int { return number(m.TableNumber) }

// UserIDs lists the match's players: the bye's one player, or player 1 then
// player 2.
func (m Match) UserIDs() []string {
	var ids []string
	for _, p := range []*PlayerRef{m.Player, m.Player1, m.Player2} {
		if p != nil {
			ids = append(ids, p.UserID)
		}
	}
	return ids
}

// outcomesTold says which outcomes TOM writes, after a refused one.
func outcomesTold() i18n.Text {
	return i18n.F("TOM outcomes are 0 (not reported yet), 1 (player 1 won), 2 (player 2 won), 3 (tie) and 5 (bye)")
}

// roundTypesTold says which round types TOM writes, after a refused one.
func roundTypesTold() i18n.Text {
	return i18n.F("TOM round types are 1 (top cut), 2 and 3 (Swiss)")
}
