package deck

import (
	"fmt"
	"strings"

	"tablekeeper/core/i18n"
)

// ParseAlliance reads a KeyForge Alliance registration typed or pasted as
// text (K3): "Pod:" lines naming each house pod and the Archon deck it
// comes from, optional "Token:" and "Tide:" lines, then the Archon deck
// lists, each opening with a line of three or more dashes or equals signs:
//
//	Pod: Dis from Tuca, the Sleepless Smuggler
//	Pod: Mars from Kira of the Vaults
//	Pod: Sanctum from Tuca, the Sleepless Smuggler
//	Token: Grumpus
//	---
//	Tuca, the Sleepless Smuggler
//	Call of the Archons
//	Brobnar, Dis, Sanctum
//	…
//
// Each deck list is read by ParseArchon; line numbers in errors count from
// the top of the whole text.
func ParseAlliance(text string) (Alliance, []List, []LineError) {
	var reg Alliance
	var errs []LineError
	var decks []List
	lines := splitLines(text)
	var chunk []string
	start := 0
	flush := func() {
		if len(chunk) == 0 {
			return
		}
		l, e := ParseArchon(strings.Join(chunk, "\n"))
		for i := range e {
			e[i].Line += start
			e[i].Message = fmt.Sprintf("line %d%s", e[i].Line, strings.TrimPrefix(e[i].Message, fmt.Sprintf("line %d", e[i].Line-start)))
			if !e[i].Sentence.IsZero() {
				e[i].Sentence = i18n.F(e[i].Sentence.Format, append([]any{e[i].Line}, e[i].Sentence.Args[1:]...)...)
			}
		}
		errs = append(errs, e...)
		if l.Name != "" || len(l.Entries) > 0 {
			decks = append(decks, l)
		}
		chunk = nil
	}
	inDecks := false
	for i, raw := range lines {
		s := cleanLine(raw)
		if isDeckSeparator(s) {
			flush()
			inDecks, start = true, i+1
			continue
		}
		if inDecks {
			chunk = append(chunk, raw)
			continue
		}
		key, value, ok := strings.Cut(s, ":")
		key = strings.ToLower(strings.TrimSpace(key))
		value = strings.TrimSpace(value)
		switch {
		case s == "" || strings.HasPrefix(s, "#") || strings.HasPrefix(s, "//"):
		case ok && key == "pod":
			house, from, found := strings.Cut(value, " from ")
			if !found || strings.TrimSpace(house) == "" || strings.TrimSpace(from) == "" {
				said := i18n.F("line %d: write a pod as \"Pod: House from Deck name\", not %q", i+1, s)
				errs = append(errs, LineError{Line: i + 1, Text: raw, Message: said.String(), Sentence: said})
				continue
			}
			reg.Pods = append(reg.Pods, Pod{House: strings.TrimSpace(house), Deck: strings.TrimSpace(from)})
		case ok && key == "token":
			reg.Tokens = append(reg.Tokens, value)
		case ok && key == "tide":
			v := strings.ToLower(value)
			reg.Tide = v == "yes" || v == "y" || v == "true" || v == "1"
		default:
			said := i18n.F("line %d: %q is not a Pod:, Token: or Tide: line; put the Archon deck lists after a line of dashes (---)", i+1, s)
			errs = append(errs, LineError{Line: i + 1, Text: raw, Message: said.String(), Sentence: said})
		}
	}
	flush()
	return reg, decks, errs
}

// isDeckSeparator reports whether s is a line of three or more dashes or
// equals signs, which opens an Archon deck list in ParseAlliance.
func isDeckSeparator(s string) bool {
	return len(s) >= 3 && (strings.Trim(s, "-") == "" || strings.Trim(s, "=") == "")
}
