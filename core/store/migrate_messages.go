package store

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"tablekeeper/core/i18n"
)

// convertMessages is migration 12's step: the English sentences that
// schemas 1 to 9 stored in event_log.message, tables.why and rounds.name
// become messages kept as data (i18n.Encode of a key and its values), said
// in each reader's language from then on.
//
// It reads each sentence against the formats that built it, one last time:
// this is the only place where Tablekeeper reads its own English back, and
// it runs once per database. A value that is itself a sentence (a round's
// name inside a log line, a reason among "; "-separated reasons, a part of
// a ", "-separated list) is read as a message too. A conversion is kept
// only when the message says in English exactly what was stored (or when
// its format says it in new words, see oldFormats); anything else, such as
// an organizer's own words, is kept as plain words (i18n.Plain), marked
// so, never lost.
func convertMessages(ctx context.Context, tx *sql.Tx) error {
	c := newConverter()
	for _, col := range []struct {
		table, column string
		lists         bool
	}{
		{"event_log", "message", false}, {"tables", "why", false}, {"rounds", "name", true},
	} {
		// A round's name may be a list ("winners round 2, losers round
		// 1"); a log line or a reason is read as a list only inside.
		c.topLists = col.lists
		if err := c.convertColumn(ctx, tx, col.table, col.column); err != nil {
			return fmt.Errorf("%s.%s: %w", col.table, col.column, err)
		}
	}
	// The trigger migration 12's SQL dropped for the conversion, as
	// migration 1 made it.
	_, err := tx.ExecContext(ctx, `CREATE TRIGGER event_log_append_only BEFORE UPDATE ON event_log
BEGIN
    SELECT RAISE(ABORT, 'the activity log is append-only');
END`)
	return err
}

func (c *converter) convertColumn(ctx context.Context, tx *sql.Tx, table, column string) error {
	stored, err := migrationRows(ctx, tx, fmt.Sprintf(`SELECT DISTINCT %s FROM %s WHERE %s <> ''`, column, table, column),
		func(rows *sql.Rows, s *string) error { return rows.Scan(s) })
	if err != nil {
		return err
	}
	update, err := tx.PrepareContext(ctx, fmt.Sprintf(`UPDATE %s SET %s = ? WHERE %s = ?`, table, column, column))
	if err != nil {
		return err
	}
	defer update.Close()
	for _, s := range stored {
		if _, err := update.ExecContext(ctx, i18n.Encode(c.convert(s)), s); err != nil {
			return err
		}
	}
	return nil
}

// migratedFormats are the formats whose English schemas 1 to 9 stored:
// every key is a key of today's code, which builds the same message (a
// test checks each has its translations).
var migratedFormats = []string{
	"round 1 by seeding: seed %d v seed %d",
	"same points (%d)",
	"pair-down: %d v %d points",
	"rematch: no pairing without one exists",
	"bye: lowest-ranked player without a bye",
	"bye: every player has had one; lowest-ranked player with the fewest",
	"pod of %d drawn at random",
	"pod of %d on %d points",
	"pod of %d on %d–%d points",
	"%s (rule H2: tables of four take the top scores)",
	"seat order drawn",
	"%d players meet again",
	"%d players meet again (%d pairs)",
	"round robin (S10): Berger table %d of round %d, seed %d v seed %d",
	"%s, seats swapped (second cycle)",
	"bye: odd number of players, each has one bye per cycle (round robin)",
	"walkover (K10): the scheduled opponent, entry %d, was dropped or disqualified",
	"round %d of %d",
	"walkover (K10): %s, entry %d was dropped or disqualified",
	"%s: seed %d v seed %d",
	"%s: draw %d v draw %d",
	"bye: %s, seed %d has no opponent",
	"bye: %s, draw %d has no opponent",
	"third-place match",
	"grand final",
	"grand final reset",
	"losers final",
	"losers round %d",
	"losers round %d %s",
	"winners final",
	"winners round %d",
	"winners round %d %s",
	"final",
	"semi-final",
	"semi-final %s",
	"quarter-final",
	"quarter-final %s",
	"round %d",
	"round %d %s",
	"playoff %s (best of three, K6)",
	"cut round (K6): 1 v 1 losses; %d of the %d players left go out to leave eight for the playoff",
	"waits (K6 cut round): %d table(s) of 1-loss players cut the field to eight",
	"loss round %d",
	"loss round %d (%s)",
	"cut to eight",
	"cut to the final %d",
	"loss round %d: %d v %d losses",
	"loss round %d: pair-down, %d v %d losses (odd number of unbeaten players)",
	"rematch, no pairing without one was found",
	"round %d: seed %d v seed %d",
	"round %d, unbeaten: seed %d v seed %d",
	"round %d, one loss each: seed %d v seed %d",
	"round %d, pair-down, unbeaten v one loss: seed %d v seed %d",
	"fixed schedule (S12), round %d of %d: no opponents met before",
	"final table",
	"final table: the top %d by match points, then game points; seat order drawn",
	"secondary table: places %d to %d; seat order drawn",
	"final table (S10 e): the %d players left after the loss rounds; seat order drawn",
	"secondary table: places %d to %d, the next by fewest losses then most games won; seat order drawn",
	"top %d: %s",
	"schedule round %d of %d",
	"fixed schedule: table of %d",
	"fixed schedule: table of %d, %d seat(s) left empty by a drop",
	"bye: the rest of the scheduled table dropped",
	"fixed table for %s",
	"changed by the organizer",
	"round 1: both drafted in pod %d (A5)",
	"the odd player of pod %d",
	"joined after the draft pods were drawn",
	"round 1: %s and %s",
	"round 1: %s",
	"the bye is drawn among the players left over",
	"challenge game",
	"challenge game %d",
	"%s paired: %d tables, seed %d",
	"added to the league %s as week %d",
	"challenge game %d: %s won against %s",
	"check-in undone: %s",
	"checked in at the kiosk: %s",
	"checked in: %s",
	"deck registered: %s (%s)",
	"dropped for not checking in: %s",
	"dropped: %s, after round %d",
	"dropped: %s, after round %d; team %s is no longer paired",
	"dropped: %s, before round 1; team %s cannot play: dissolve it and make a new one",
	"event created: %s (%s)",
	"event finished",
	"fixed table removed for %s",
	"judge added: %s (%s)",
	"judge log: %s (%s)",
	"judge log: %s",
	"late entry: %s, paired from round %d",
	"re-instated: %s",
	"registered: %s",
	"reinstated: %s, disqualification withdrawn",
	"round %d pairings withdrawn to pair again",
	"round %d published",
	"round %d table %d corrected: %s (was %s)",
	"round %d table %d: %s",
	"round %d table %d: phone report accepted; the table already had %s (%s)",
	"round %d table %d: phone report rejected by the organizer: %s (%s)",
	"round %d withdrawn before it was published",
	"round %d: %s (%s)",
	"round %d: %s and %s swapped seats",
	"round %d: %s",
	"round %d: teams %s and %s swapped seats",
	"seed %d for %s",
	"seed removed for %s",
	"settings changed",
	"signed up and checked in at the kiosk as a namesake (not the %s already registered; please check): %s",
	"signed up and checked in at the kiosk: %s",
	"table %d fixed for %s",
	"table %d: %s disqualified mid-match; the opponent wins (K10)",
	"table %d: match loss for %s entered as the result",
	"table %d: match loss for %s withdrawn; the table reports its result again",
	"team dissolved: %s (%s)",
	"team made: %s (%s)",
	"the automatic backup after round %d could not be written: %s",
	"round %d (final)",
	"playoff %s",
	"final and secondary tables",
	"bye: lowest-ranked team without a bye",
	"bye: every team has had one; lowest-ranked team with the fewest",
	"cut round (S10 e): 1 v 1 losses; %d of the %d players left go out to leave %d for the final table",
	"waits (cut round): %d table(s) of 1-loss players cut the field to the final %d",
	"bye (H6, 4.2.2): %s",
	"bye (H6, 4.2.2): nobody eligible just lost a match; %s",
	"bye (H6, 4.2.2): every player left has had a bye; %s",
	"just lost a match",
	"one loss",
	"fewest lost games (%d)",
	"then most Tau stored at the last loss (%d)",
	"then drawn at random among %d",
	"fixed schedule (S12), round %d of %d; rematches, no schedule without them was found: %s",
	"entries %d and %d (%s meeting)",
	"2nd",
	"3rd",
	"%dth",
	"bye (from the TOM file)",
	"round %d (%s)",
	"clock started",
	"clock paused",
	"clock resumed",
	"clock reset",
	"%s added to the round",
	"%s taken from the round",
	"round time set to %s",
	"round untimed",
	"untimed",
	"untimed, %s played",
	"not started, %s",
	"time",
	"over by %s",
	"paused, %s left",
	"Time warning: %s left in the round.",
	"Time: the round's time is up.",
	"Table %d: your extended time is up.",
	"players reported %s, but the table has %s: saved for the organizer to check (%s)",
	"players reported %s: waiting for the organizer's approval (%s)",
	"players, table code, device %s",
	"%s, accepted by the organizer",
	"%s (%s)",
	"%s %d–%d %s",
	"%s (%d drawn)",
	"%s at time",
	"%s %d (won)",
	"%s %d (lead at time)",
	"%s; time-out",
	"legal",
	"imported from the TOM file of %q",
	"imported from the TOM file of %q (sanction %s)",
}

// oldFormat is a format whose words changed when the sentences became
// data: the stored English is read with old, and the message is built by
// build from the values read.
type oldFormat struct {
	old   string
	build func(args []any) i18n.Text
}

// oldFormats are the sentences stored in words today's code no longer
// uses (real plurals instead of "player(s)", the rule as a value).
var oldFormats = []oldFormat{
	{"bye (%s): odd number of players; drawn at random among %d 1-loss player(s) without a bye", func(a []any) i18n.Text {
		return i18n.Text{Format: "bye (%[1]s): odd number of players; drawn at random among %[2]d 1-loss players without a bye", Args: []any{a[0], a[1]}, Count: count(a[1])}
	}},
	{"bye (%s): odd number of players; drawn at random among %d unbeaten player(s) without a bye, as no 1-loss player is without one", func(a []any) i18n.Text {
		return i18n.Text{Format: "bye (%[1]s): odd number of players; drawn at random among %[2]d unbeaten players without a bye, as no 1-loss player is without one", Args: []any{a[0], a[1]}, Count: count(a[1])}
	}},
	{"bye (%s): odd number of players; drawn at random among %d 1-loss player(s), as every player has had a bye", func(a []any) i18n.Text {
		return i18n.Text{Format: "bye (%[1]s): odd number of players; drawn at random among %[2]d 1-loss players, as every player has had a bye", Args: []any{a[0], a[1]}, Count: count(a[1])}
	}},
	{"bye (%s): odd number of players; drawn at random among %d unbeaten player(s), as every player has had a bye", func(a []any) i18n.Text {
		return i18n.Text{Format: "bye (%[1]s): odd number of players; drawn at random among %[2]d unbeaten players, as every player has had a bye", Args: []any{a[0], a[1]}, Count: count(a[1])}
	}},
	{"%d problem(s)", func(a []any) i18n.Text {
		return i18n.Text{Format: "%d problems", Args: a, Count: count(a[0])}
	}},
	{"draft pods drawn: %d %s, seed %d", func(a []any) i18n.Text {
		return i18n.Text{Format: "draft pods drawn: %d pods, seed %d", Args: []any{a[0], a[2]}, Count: count(a[0])}
	}},
	{"imported %d player(s) from a file (%d new to the directory)", func(a []any) i18n.Text {
		return i18n.Text{Format: "imported %d players from a file (%d new to the directory)", Args: a, Count: count(a[0])}
	}},
}

// count is the plural count of a value read with %d.
func count(v any) *int {
	n, _ := v.(int)
	return &n
}

// pattern is one format compiled to read its sentences back.
type pattern struct {
	format string
	// prefix is the format's words before its first value, which a
	// sentence must start with: most formats are passed over on it.
	prefix string
	re     *regexp.Regexp
	verbs  []byte // the verb of each value, in order
	// nested formats ("%s (%s)", "%s at time") read only a value inside
	// a sentence: at the top they would read an organizer's own words.
	nested bool
	build  func(args []any) i18n.Text
}

// converter reads stored sentences into messages, remembering each one
// (the same reason is stored on many tables).
type converter struct {
	patterns []pattern
	done     map[string]i18n.Text
	// olds are the messages built by oldFormats, by their JSON, with the
	// words they were stored in (see english).
	olds     map[string]string
	topLists bool
}

// verbRE finds the values of a format: %d, %s, %q.
var verbRE = regexp.MustCompile(`%(?:\[\d+\])?([dsq])`)

func newConverter() *converter {
	c := &converter{done: map[string]i18n.Text{}, olds: map[string]string{}}
	for _, o := range oldFormats {
		c.patterns = append(c.patterns, compilePattern(o.old, o.build))
	}
	for _, f := range migratedFormats {
		c.patterns = append(c.patterns, compilePattern(f, nil))
	}
	for i := range c.patterns {
		c.patterns[i].nested = slices.Contains(nestedOnly, c.patterns[i].format)
	}
	// Most words first: a format is tried before any with fewer words of
	// its own ("round %d published" before "round %d %s").
	slices.SortStableFunc(c.patterns, func(a, b pattern) int { return b.words() - a.words() })
	return c
}

// words is how much of the format is its own words rather than values.
func (p pattern) words() int { return len(verbRE.ReplaceAllString(p.format, "")) }

// nestedOnly are the formats that were only ever stored inside another
// sentence (a result, a clock's reading, a report's source): mostly
// values, they would read an organizer's own words at the top.
var nestedOnly = []string{
	"%s (%s)", "%s %d–%d %s", "%s (%d drawn)", "%s at time", "%s %d (won)", "%s %d (lead at time)",
	"%s; time-out", "%s added to the round", "%s taken from the round", "%s, accepted by the organizer",
	"%d problem(s)", "%dth", "2nd", "3rd", "time", "legal", "one loss",
	"round %d %s", "winners round %d %s", "losers round %d %s", "semi-final %s", "quarter-final %s",
}

// keyed are the formats whose text value is a bracket match's key
// ("W1-2"), one word: a value with a space is not theirs.
var keyed = []string{"round %d %s", "winners round %d %s", "losers round %d %s", "semi-final %s", "quarter-final %s"}

// wrapped are the formats whose last value is a message of ours (a
// report's source, a clock's reading): words in brackets that no format
// reads (a player's nickname) are not theirs.
var wrapped = []string{"%s (%s)"}

func compilePattern(format string, build func([]any) i18n.Text) pattern {
	p := pattern{format: format, build: build}
	var b strings.Builder
	b.WriteString("^")
	last := 0
	for i, m := range verbRE.FindAllStringSubmatchIndex(format, -1) {
		if i == 0 {
			p.prefix = format[:m[0]]
		}
		b.WriteString(regexp.QuoteMeta(format[last:m[0]]))
		last = m[1]
		verb := format[m[2]]
		p.verbs = append(p.verbs, verb)
		if verb == 'd' {
			b.WriteString(`(-?\d+)`)
		} else {
			b.WriteString(`(.+?)`)
		}
	}
	if p.verbs == nil {
		p.prefix = format
	}
	b.WriteString(regexp.QuoteMeta(format[last:]))
	b.WriteString("$")
	p.re = regexp.MustCompile(b.String())
	return p
}

// convert reads one stored sentence.
func (c *converter) convert(stored string) i18n.Text {
	if t, ok := c.done[stored]; ok && !c.topLists {
		return t
	}
	t, ok := c.read(stored, false, 0)
	if !ok {
		t = i18n.Plain(stored)
	}
	c.done[stored] = t
	return t
}

// read reads s as a message: a whole format, else reasons separated by
// "; ", else (inside a sentence) a list separated by ", ".
func (c *converter) read(s string, nested bool, depth int) (i18n.Text, bool) {
	if depth > 8 || s == "" {
		return i18n.Text{}, false
	}
	if t, ok := c.match(s, nested, depth); ok {
		return t, true
	}
	if t, ok := c.joined(s, "; ", "%s; %s", nested, depth); ok {
		return t, true
	}
	if nested || (depth == 0 && c.topLists) {
		return c.joined(s, ", ", "%s, %s", true, depth)
	}
	return i18n.Text{}, false
}

// match reads s with the first format that reads it and says it back.
func (c *converter) match(s string, nested bool, depth int) (i18n.Text, bool) {
	for _, p := range c.patterns {
		if (p.nested && !nested) || !strings.HasPrefix(s, p.prefix) {
			continue
		}
		m := p.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		args, ok := c.values(p, m[1:], depth)
		if !ok || !fits(p.format, args) {
			continue
		}
		if p.build != nil {
			t := p.build(args)
			c.olds[i18n.Encode(t)] = s
			return t, true
		}
		t := i18n.Text{Format: p.format, Args: args}
		if len(args) == 0 {
			t.Args = nil
		}
		if c.english(t) == s {
			return t, true
		}
	}
	return i18n.Text{}, false
}

// fits reports whether values read by a format are of the kind it takes
// (see keyed and wrapped).
func fits(format string, args []any) bool {
	switch {
	case slices.Contains(keyed, format):
		s, ok := args[len(args)-1].(string)
		return ok && !strings.ContainsAny(s, " \t")
	case slices.Contains(wrapped, format):
		_, ok := args[len(args)-1].(i18n.Text)
		return ok
	}
	return true
}

// english says a message in the English that was stored: as today's
// English, except the messages built by oldFormats, said in their old
// words, so that a sentence holding one is still checked word for word.
func (c *converter) english(t i18n.Text) string {
	if old, ok := c.olds[i18n.Encode(t)]; ok {
		return old
	}
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		if n, ok := a.(i18n.Text); ok {
			a = c.english(n)
		}
		args[i] = a
	}
	return i18n.Text{Format: t.Format, Args: args, Count: t.Count}.String()
}

// values reads the values of a matched sentence: %d as a number, %q as a
// quoted string, %s as a message when one reads it, else as words.
func (c *converter) values(p pattern, groups []string, depth int) ([]any, bool) {
	args := make([]any, len(groups))
	for i, v := range groups {
		switch p.verbs[i] {
		case 'd':
			n, err := strconv.Atoi(v)
			if err != nil {
				return nil, false
			}
			args[i] = n
		case 'q':
			u, err := strconv.Unquote(v)
			if err != nil {
				return nil, false
			}
			args[i] = u
		default:
			if t, ok := c.read(v, true, depth+1); ok {
				args[i] = t
			} else {
				args[i] = v
			}
		}
	}
	return args, true
}

// joined reads s as parts separated by sep, kept as nested messages
// joined by key (left first, as the code builds them), when at least one
// part reads as a message; the others are kept as words.
func (c *converter) joined(s, sep, key string, nested bool, depth int) (i18n.Text, bool) {
	parts := strings.Split(s, sep)
	if len(parts) < 2 {
		return i18n.Text{}, false
	}
	read := false
	var out i18n.Text
	for i, part := range parts {
		var v any = part
		if t, ok := c.read(part, nested || sep == ", ", depth+1); ok {
			v, read = t, true
		}
		if i == 0 {
			if t, ok := v.(i18n.Text); ok {
				out = t
			} else {
				out = i18n.Plain(part)
			}
			continue
		}
		out = i18n.F(key, out, v)
	}
	if !read || c.english(out) != s {
		return i18n.Text{}, false
	}
	return out, true
}
