package reports

import (
	"tablekeeper/core/event"

	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	textunicode "golang.org/x/text/encoding/unicode"

	"tablekeeper/core/i18n"
)

// RowProblem is a row of an imported file that was left out, and why, in a
// sentence that says how to fix it.
type RowProblem struct {
	// Row is the row's line in the file, counting from 1 as a text editor
	// and a spreadsheet do (they differ only after a quoted field that
	// spans lines). 0 means the file as a whole.
	Row int
	// Message says what is wrong and how to fix it, in English; Text is
	// the same sentence to say in the reader's language (In).
	Message string
	Text    i18n.Text
}

// rowProblem returns the problem of row told by text.
func rowProblem(row int, text i18n.Text) RowProblem {
	return RowProblem{Row: row, Message: text.String(), Text: text}
}

// In says the problem in l, as Error does in English.
func (p RowProblem) In(l i18n.Lang) string {
	msg := p.Message
	if !p.Text.IsZero() {
		msg = p.Text.In(l)
	}
	if p.Row == 0 {
		return msg
	}
	return i18n.T(l, "row %d: %s", p.Row, msg)
}

// Error returns the problem as "row N: message", or the message alone for
// the whole file, so that a RowProblem can be handled as an error.
func (p RowProblem) Error() string {
	if p.Row == 0 {
		return p.Message
	}
	return fmt.Sprintf("row %d: %s", p.Row, p.Message)
}

// maxImportBytes is the largest players file ReadPlayersCSV reads: far
// more than any event's players.
const maxImportBytes = 16 << 20

// The columns of a players file.
const (
	colNone = iota
	colName
	colFirst
	colLast
	colMember
	colEmail
)

// headingColumn returns the column a heading names, after
// normalizeHeading, or colNone for one ReadPlayersCSV does not know.
func headingColumn(h string) int {
	switch h {
	case "name", "player", "playername", "players", "fullname", "participant", "playersname",
		"nom", "joueur", "joueurs", "nomcomplet", "nomdujoueur", "participants":
		return colName
	case "firstname", "givenname", "first", "forename", "prenom":
		return colFirst
	case "lastname", "surname", "familyname", "last", "nomdefamille":
		return colLast
	case "member", "membernumber", "memberno", "membernr", "memberid", "membership", "membershipnumber",
		"membershipno", "membershipid", "dci", "dcinumber", "playerid", "playernumber", "id", "number", "no", "nr",
		"numerodemembre", "ndemembre", "nomembre", "membre", "numero", "adherent", "numerodadherent":
		return colMember
	case "email", "emailaddress", "mail", "mailaddress", "courriel", "adresseemail", "adressemail", "adressecourriel":
		return colEmail
	}
	return colNone
}

// normalizeHeading folds a heading for comparison: lower case, accents off,
// letters and digits only ("Member #" → "member", "E-mail" → "email").
func normalizeHeading(s string) string {
	var b strings.Builder
	for _, r := range event.FoldName(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// playerColumns says where the fields of a players file are; -1 for a
// column the file does not have.
type playerColumns struct {
	name, first, last, member, email int
	// width is the number of columns of the header, or 3 without one.
	width  int
	header bool
}

// headerColumns reads rec as a header row. It reports false when rec does
// not look like one: no cell is a heading it knows, or a cell holds an
// email address.
func headerColumns(rec []string) (playerColumns, bool) {
	cols := playerColumns{name: -1, first: -1, last: -1, member: -1, email: -1, width: len(rec), header: true}
	known := false
	for i, cell := range rec {
		if strings.Contains(cell, "@") {
			return cols, false
		}
		var col *int
		switch headingColumn(normalizeHeading(cell)) {
		case colName:
			col = &cols.name
		case colFirst:
			col = &cols.first
		case colLast:
			col = &cols.last
		case colMember:
			col = &cols.member
		case colEmail:
			col = &cols.email
		default:
			continue
		}
		known = true
		if *col < 0 {
			*col = i
		}
	}
	if cols.first >= 0 && cols.last < 0 && cols.name >= 0 && normalizeHeading(rec[cols.name]) == "nom" {
		// French "Prénom" and "Nom": Nom is the family name.
		cols.last, cols.name = cols.name, -1
	}
	return cols, known
}

// ReadPlayersCSV reads a players file for import: a name (required),
// member number and email a row. It returns the rows it could read and a
// problem for each row it left out, so that a file with a few bad rows
// still imports the rest and the organizer knows which rows to fix.
//
// The file may have a header row, recognised case-insensitively by headings
// such as "Name", "Player", "First name" and "Last name", "Member #",
// "Member number", "DCI", "Email" or "E-mail"; other columns are ignored.
// Without one, the columns are name, member number and email in that
// order. The separator is a comma, semicolon or tab, whichever the first
// row uses most. The text may be UTF-8 (with or without a byte order
// mark), UTF-16 with a byte order mark, or Windows-1252 (what older Excel
// saves as "CSV"); lines may end in LF, CRLF or CR; blank rows are skipped.
//
// A row is left out when its name is empty, its email has no "@", its
// member number repeats one earlier in the file, or it has more fields
// than the header. A problem with Row 0 concerns the whole file (one that
// cannot be read, or a header without a name column), and then no rows are
// returned.
func ReadPlayersCSV(r io.Reader) ([]PlayerRow, []RowProblem) {
	data, err := io.ReadAll(io.LimitReader(r, maxImportBytes+1))
	if err != nil {
		return nil, []RowProblem{rowProblem(0, i18n.F("The file could not be read (%v): try saving it again and importing the copy.", err))}
	}
	if len(data) > maxImportBytes {
		return nil, []RowProblem{rowProblem(0, i18n.F("The file is larger than %d MB: a players file is far smaller; check that you chose the right file.", maxImportBytes>>20))}
	}
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		return nil, []RowProblem{rowProblem(0, i18n.F("This is a spreadsheet workbook (such as .xlsx), not CSV: open it in your spreadsheet and save it as CSV, then import that file."))}
	}
	text := decodeText(data)
	if strings.ContainsRune(text, 0) {
		return nil, []RowProblem{rowProblem(0, i18n.F("The file holds binary data, not text: save the player list as CSV from your spreadsheet and import that file."))}
	}
	if !strings.Contains(text, "\n") {
		// Old Macintosh line ends: CR alone.
		text = strings.ReplaceAll(text, "\r", "\n")
	}
	return parsePlayers(text)
}

// parsePlayers reads the players of a decoded file.
func parsePlayers(text string) ([]PlayerRow, []RowProblem) {
	sep := sniffSeparator(text)
	cr := csv.NewReader(strings.NewReader(text))
	cr.Comma = sep
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	cr.ReuseRecord = false

	var (
		rows     []PlayerRow
		problems []RowProblem
		cols     playerColumns
		first    = true
		members  = map[string]memberSeen{}
	)
	problem := func(row int, text i18n.Text) {
		problems = append(problems, rowProblem(row, text))
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				problem(0, i18n.F("The file could not be read past row %d (%v): save it again as CSV and import the copy.", line, err))
				break
			}
			problem(pe.StartLine, i18n.F("The row could not be read as CSV (%v): check its double quotes.", pe.Err))
			continue
		}
		if blankRecord(rec) {
			continue
		}
		if first {
			first = false
			if c, ok := headerColumns(rec); ok {
				if c.name < 0 && (c.first < 0 || c.last < 0) {
					return nil, []RowProblem{rowProblem(line, i18n.F("The header row has no column of player names: head that column \"Name\" (or \"First name\" and \"Last name\") and import again."))}
				}
				cols = c
				continue
			}
			cols = playerColumns{name: 0, first: -1, last: -1, member: 1, email: 2, width: 3}
		}
		if p, ok := readPlayerRow(rec, cols, sep, line, problem); ok {
			key := strings.ToUpper(p.MemberNumber)
			if prev, dup := members[key]; dup && key != "" {
				problem(line, i18n.F("Member number %s is already on row %d (%s): correct one of the two, or leave this one empty.",
					p.MemberNumber, prev.row, prev.name))
				continue
			}
			if key != "" {
				members[key] = memberSeen{line, p.Name}
			}
			rows = append(rows, p)
		}
	}
	return rows, problems
}

// memberSeen is where a member number was first seen in a file.
type memberSeen struct {
	row  int
	name string
}

// readPlayerRow reads the player of one record, or reports through problem
// why it cannot.
func readPlayerRow(rec []string, cols playerColumns, sep rune, line int, problem func(int, i18n.Text)) (PlayerRow, bool) {
	fields := len(rec)
	for fields > 0 && strings.TrimSpace(rec[fields-1]) == "" {
		fields--
	}
	for _, f := range rec {
		if strings.ContainsAny(f, "\r\n") {
			problem(line, i18n.F("A double quote in this row is never closed, so the rows after it were read as part of it: remove the stray \" or close it, and import again."))
			return PlayerRow{}, false
		}
	}
	if fields > cols.width {
		sepName := i18n.F(map[rune]string{',': i18n.K("comma"), ';': i18n.K("semicolon"), '\t': i18n.K("tab")}[sep])
		if cols.header {
			problem(line, i18n.F("The row has %d fields but the header has %d: put a name or email that contains a %s in double quotes, or remove the extra fields.",
				fields, cols.width, sepName))
		} else {
			problem(line, i18n.F("The row has %d fields but a file without a header row has at most 3 (name, member number, email): put a name that contains a %s in double quotes, or add a header row naming the columns.",
				fields, sepName))
		}
		return PlayerRow{}, false
	}
	field := func(i int) string {
		if i < 0 || i >= len(rec) {
			return ""
		}
		return unsafeText(strings.TrimSpace(rec[i]))
	}
	name := field(cols.name)
	if cols.name < 0 || name == "" && (cols.first >= 0 || cols.last >= 0) {
		name = strings.TrimSpace(field(cols.first) + " " + field(cols.last))
	}
	p := PlayerRow{Name: strings.Join(strings.Fields(name), " "), MemberNumber: field(cols.member), Email: field(cols.email)}
	if p.Name == "" {
		problem(line, i18n.F("The name is empty: write the player's name in the name column, or delete the row."))
		return PlayerRow{}, false
	}
	if msg := emailProblem(p.Email); !msg.IsZero() {
		problem(line, msg)
		return PlayerRow{}, false
	}
	return p, true
}

// emailProblem returns what is wrong with an email address, or nothing when
// nothing is (an empty one is fine: email is optional). The check is
// deliberately loose: one "@" with something on each side and no spaces.
func emailProblem(email string) i18n.Text {
	if email == "" {
		return i18n.Text{}
	}
	at := strings.IndexByte(email, '@')
	switch {
	case at < 0:
		return i18n.F("The email %q has no @: correct it, or leave the email empty.", email)
	case strings.IndexFunc(email, unicode.IsSpace) >= 0:
		return i18n.F("The email %q contains a space: correct it, or leave the email empty.", email)
	case at == 0 || at == len(email)-1 || strings.Count(email, "@") > 1:
		return i18n.F("The email %q is not an address like name@example.com: correct it, or leave the email empty.", email)
	}
	return i18n.Text{}
}

// blankRecord reports whether every field of rec is empty or spaces.
func blankRecord(rec []string) bool {
	for _, f := range rec {
		if strings.TrimSpace(f) != "" {
			return false
		}
	}
	return true
}

// sniffSeparator returns the separator of a CSV text: whichever of comma,
// semicolon and tab its first non-blank line has most of outside quotes,
// the comma when it has none or on a tie.
func sniffSeparator(text string) rune {
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var commas, semis, tabs int
		quoted := false
		for _, r := range line {
			switch {
			case r == '"':
				quoted = !quoted
			case quoted:
			case r == ',':
				commas++
			case r == ';':
				semis++
			case r == '\t':
				tabs++
			}
		}
		switch {
		case semis > commas && semis >= tabs:
			return ';'
		case tabs > commas && tabs > semis:
			return '\t'
		}
		return ','
	}
	return ','
}

// decodeText returns data as a Go string: without a UTF-8 byte order mark,
// decoded from UTF-16 when it starts with a UTF-16 byte order mark (an odd
// last byte is dropped), and from Windows-1252 when it is not valid UTF-8.
func decodeText(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		data = data[3:]
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return decodeUTF16(data[2:], textunicode.LittleEndian)
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return decodeUTF16(data[2:], textunicode.BigEndian)
	}
	if utf8.Valid(data) {
		return string(data)
	}
	var b strings.Builder
	b.Grow(len(data) + len(data)/4)
	for _, c := range data {
		r := charmap.Windows1252.DecodeByte(c)
		if r == utf8.RuneError {
			// The five bytes Windows-1252 leaves undefined keep their
			// code points, as in Latin-1.
			r = rune(c)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// decodeUTF16 decodes UTF-16 text without its byte order mark in the given
// byte order; an odd last byte is dropped, and what is not UTF-16 becomes
// U+FFFD.
func decodeUTF16(data []byte, order textunicode.Endianness) string {
	data = data[:len(data)&^1]
	// The decoder never fails: it replaces what it cannot decode.
	text, _ := textunicode.UTF16(order, textunicode.IgnoreBOM).NewDecoder().Bytes(data)
	return string(text)
}
