package reports

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tablekeeper/core/i18n"
)

// readCSV reads back a file the package wrote, checking the byte order
// mark.
func readCSV(t *testing.T, data []byte) [][]string {
	t.Helper()
	if !bytes.HasPrefix(data, []byte(utf8BOM)) {
		t.Fatal("the file does not start with a UTF-8 byte order mark")
	}
	recs, err := csv.NewReader(bytes.NewReader(data[len(utf8BOM):])).ReadAll()
	if err != nil {
		t.Fatalf("reading the CSV back: %v", err)
	}
	return recs
}

// wantRecords compares CSV records.
func wantRecords(t *testing.T, got, want [][]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d:\n%q", len(got), len(want), got)
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("record %d = %q, want %q", i+1, got[i], want[i])
		}
	}
}

func TestPlayersCSVRoundTrip(t *testing.T) {
	players := []PlayerRow{
		{Name: "Æmber Ødegård", MemberNumber: "KF-0001", Email: "aember@example.com", Status: "checked in"},
		{Name: "Zoë Łukasz", MemberNumber: "", Email: "", Status: "registered"},
		{Name: "李小龍", MemberNumber: "42", Email: "bruce@example.cn", Status: "dropped"},
		{Name: `Jo "JJ" O'Neil, Jr.`, MemberNumber: "7", Email: "jj@example.com"},
		{Name: "=HYPERLINK(\"http://evil\")", MemberNumber: "+1", Email: "@x@example.com"},
		{Name: "Ann\nLee", MemberNumber: "8"},
	}
	var buf bytes.Buffer
	if err := WritePlayersCSV(&buf, players, Options{}); err != nil {
		t.Fatal(err)
	}
	recs := readCSV(t, buf.Bytes())
	if !slices.Equal(recs[0], []string{"name", "member number", "email", "status"}) {
		t.Errorf("header %q", recs[0])
	}
	if got := recs[5][0]; got != "'=HYPERLINK(\"http://evil\")" {
		t.Errorf("a name that is a formula was written as %q, want it behind an apostrophe", got)
	}

	got, problems := ReadPlayersCSV(bytes.NewReader(buf.Bytes()))
	// The last player's email is no address, and a line break inside a
	// name reads as a stray quote: both are reported.
	if len(problems) != 2 || problems[0].Row != 6 || problems[1].Row != 7 {
		t.Errorf("problems %v, want rows 6 and 7", problems)
	}
	want := slices.Clone(players[:4])
	for i := range want {
		want[i].Status = ""
	}
	if !slices.Equal(got, want) {
		t.Errorf("read back\n%q\nwant\n%q", got, want)
	}
}

func TestPairingsCSV(t *testing.T) {
	p := Pairings{Round: 3, Tables: []PairingsTable{
		{Number: 1, Code: "ABC23D", Seats: []PairingsSeat{{Name: "Æmber Ødegård", Points: 6, MemberNumber: "001"}, {Name: "Zoë Łukasz", Points: -2}}},
		{Number: 2, Seats: []PairingsSeat{{Name: "A"}, {Name: "B"}, {Name: "-C"}}},
		{Bye: true, Seats: []PairingsSeat{{Name: "李小龍", Points: 3}}},
	}}
	var buf bytes.Buffer
	if err := WritePairingsCSV(&buf, p, Options{}); err != nil {
		t.Fatal(err)
	}
	wantRecords(t, readCSV(t, buf.Bytes()), [][]string{
		{"round", "table", "seat", "name", "member number", "points", "code"},
		{"3", "1", "1", "Æmber Ødegård", "001", "6", "ABC23D"},
		{"3", "1", "2", "Zoë Łukasz", "", "-2", "ABC23D"},
		{"3", "2", "1", "A", "", "0", ""},
		{"3", "2", "2", "B", "", "0", ""},
		{"3", "2", "3", "'-C", "", "0", ""},
		{"3", "BYE", "1", "李小龍", "", "3", ""},
	})
}

func TestResultsCSV(t *testing.T) {
	results := []ResultRow{
		{Round: 1, Table: 1, Names: []string{"Ann Lee", "Bo Chan"}, Result: "Ann Lee 2–1"},
		{Round: 1, Table: 2, Names: []string{"Cy", "Di", "Ed"}, Result: "1st Di, 2nd Cy, 3rd Ed"},
		{Round: 1, Names: []string{"Zoë Łukasz"}, Result: "Bye"},
	}
	var buf bytes.Buffer
	if err := WriteResultsCSV(&buf, results, Options{}); err != nil {
		t.Fatal(err)
	}
	wantRecords(t, readCSV(t, buf.Bytes()), [][]string{
		{"round", "table", "players", "result"},
		{"1", "1", "Ann Lee vs Bo Chan", "Ann Lee 2–1"},
		{"1", "2", "Cy vs Di vs Ed", "1st Di, 2nd Cy, 3rd Ed"},
		{"1", "", "Zoë Łukasz", "Bye"},
	})
}

func TestStandingsCSV(t *testing.T) {
	s := Standings{Round: 4, Tiebreakers: []string{"OMW%", "Game points"}, DrawNote: i18n.F("* drawn"), Rows: []StandingsRow{
		{Rank: 1, Name: "Æmber Ødegård", Team: "Les Dragons", Points: 12, Wins: 4, Tiebreakers: []string{"62.50%", "-3"}},
		{Rank: 2, Name: "Zoë Łukasz", Points: 9, Wins: 3, Losses: 1, Draws: 0, Tiebreakers: []string{"55.00%", "+4"}, Dropped: true, Drawn: true},
		{Name: "Unranked", Tiebreakers: []string{"", "=1+1"}},
	}}
	var buf bytes.Buffer
	if err := WriteStandingsCSV(&buf, s, Options{}); err != nil {
		t.Fatal(err)
	}
	wantRecords(t, readCSV(t, buf.Bytes()), [][]string{
		{"rank", "name", "team", "points", "wins", "losses", "draws", "OMW%", "Game points", "tie order", "dropped"},
		{"1", "Æmber Ødegård", "Les Dragons", "12", "4", "0", "0", "62.50%", "-3", "", ""},
		{"2", "Zoë Łukasz", "", "9", "3", "1", "0", "55.00%", "+4", "drawn", "dropped"},
		{"", "Unranked", "", "0", "0", "0", "0", "", "'=1+1", "", ""},
	})
	s.Rows[0].Team = ""
	buf.Reset()
	if err := WriteStandingsCSV(&buf, s, Options{}); err != nil {
		t.Fatal(err)
	}
	if recs := readCSV(t, buf.Bytes()); slices.Contains(recs[0], "team") {
		t.Error("a team column without teams")
	}
	if err := WriteStandingsCSV(&buf, Standings{Round: 1, Tiebreakers: []string{"X"}, Rows: []StandingsRow{{}}}, Options{}); err == nil {
		t.Error("standings with a missing tiebreaker value were written")
	}
}

func TestReadPlayersCSV(t *testing.T) {
	type row = PlayerRow
	tests := []struct {
		name     string
		in       string
		want     []PlayerRow
		problems []string // "row: words of the message … more words"
	}{
		{"a header with aliases", "Player,Member #,E-mail\nAnn Lee,1,ann@example.com\n",
			[]row{{Name: "Ann Lee", MemberNumber: "1", Email: "ann@example.com"}}, nil},
		{"a header in another order and case", "EMAIL;DCI;NAME\nann@example.com;12;Ann Lee\n",
			[]row{{Name: "Ann Lee", MemberNumber: "12", Email: "ann@example.com"}}, nil},
		{"member number spelt out, extra columns ignored", "Deck,Name,Member number,Paid\nFoo,Ann,3,yes\n",
			[]row{{Name: "Ann", MemberNumber: "3"}}, nil},
		{"first and last names", "First name,Last name,Email\nAnn,Lee,\nBo,,\n",
			[]row{{Name: "Ann Lee"}, {Name: "Bo"}}, nil},
		{"no header", "Ann Lee,1,ann@example.com\nBo Chan\n",
			[]row{{Name: "Ann Lee", MemberNumber: "1", Email: "ann@example.com"}, {Name: "Bo Chan"}}, nil},
		{"a byte order mark, CRLF, blank lines and quotes", "\uFEFFName,Email\r\n\r\n\"Lee, Ann\",\"ann@example.com\"\r\n,\r\n  \r\n\"Jo \"\"JJ\"\" Smith\",\r\n",
			[]row{{Name: "Lee, Ann", Email: "ann@example.com"}, {Name: `Jo "JJ" Smith`}}, nil},
		{"semicolons", "Name;Member;Email\nLee, Ann;1;a@b.c\nBo;2;\n",
			[]row{{Name: "Lee, Ann", MemberNumber: "1", Email: "a@b.c"}, {Name: "Bo", MemberNumber: "2"}}, nil},
		{"tabs", "Name\tEmail\nAnn\ta@b.c\n", []row{{Name: "Ann", Email: "a@b.c"}}, nil},
		{"carriage returns alone", "Name,Email\rAnn,a@b.c\rBo,\r", []row{{Name: "Ann", Email: "a@b.c"}, {Name: "Bo"}}, nil},
		{"Windows-1252", "Name\nZo\xeb \xc6mber\n\x8aime\n", []row{{Name: "Zoë Æmber"}, {Name: "Šime"}}, nil},
		{"UTF-16 with a byte order mark", "\xff\xfeN\x00a\x00m\x00e\x00\n\x00Z\x00o\x00\xeb\x00\n\x00", []row{{Name: "Zoë"}}, nil},
		{"Windows-1252 letters beyond Latin-1", "Name\n\x8c\x9cvre \x9f\x8ei\x9ea\n", []row{{Name: "Œœvre ŸŽiža"}}, nil},
		{"UTF-16 big-endian with a byte order mark", "\xfe\xff\x00N\x00a\x00m\x00e\x00\n\x00Z\x00o\x00\xeb\x00 \x67\x4e\x00\n", []row{{Name: "Zoë 李"}}, nil},
		{"UTF-16 beyond the Basic Multilingual Plane, an odd last byte dropped", "\xff\xfeN\x00a\x00m\x00e\x00\n\x00A\x00n\x00n\x00 \x00\x40\xd8\x00\xdc\n\x00\x00", []row{{Name: "Ann \U00020000"}}, nil},
		{"a UTF-8 byte order mark before Windows-1252", "\xef\xbb\xbfName\nZo\xeb\n", []row{{Name: "Zoë"}}, nil},
		{"spaces tidied", "Name\n  Ann    Lee  \n", []row{{Name: "Ann Lee"}}, nil},
		{"an empty name", "Name,Member #\nAnn,1\n,2\nBo,3\n",
			[]row{{Name: "Ann", MemberNumber: "1"}, {Name: "Bo", MemberNumber: "3"}}, []string{"3: name is empty"}},
		{"emails that are not addresses", "Name,Email\nAnn,ann.example.com\nBo,bo @example.com\nCy,@example.com\nDi,di@example.com\n",
			[]row{{Name: "Di", Email: "di@example.com"}}, []string{"2: has no @", "3: contains a space", "4: not an address"}},
		{"a repeated member number", "Name,DCI\nAnn,100\nBo,200\nCy,100\nDi,\nEd,\n",
			[]row{{Name: "Ann", MemberNumber: "100"}, {Name: "Bo", MemberNumber: "200"}, {Name: "Di"}, {Name: "Ed"}},
			[]string{"4: 100 is already on row 2 (Ann)"}},
		{"too many fields under a header", "Name,Email\nLee, Ann,ann@example.com\nBo,\n",
			[]row{{Name: "Bo"}}, []string{"2: 3 fields but the header has 2 … double quotes"}},
		{"too many fields without a header", "Ann,1,a@b.c,x\nBo\n",
			[]row{{Name: "Bo"}}, []string{"1: 4 fields … at most 3"}},
		{"trailing empty fields are fine", "Name,Email\nAnn,a@b.c,,,\n", []row{{Name: "Ann", Email: "a@b.c"}}, nil},
		{"a quote never closed", "Name,Email\nAnn,a@b.c\n\"Bo,\nCy,c@d.e\n",
			[]row{{Name: "Ann", Email: "a@b.c"}}, []string{"3: never closed"}},
		{"a header without names", "Member #,Email\n1,a@b.c\n", nil, []string{"1: no column of player names"}},
		{"an Excel workbook", "PK\x03\x04rest", nil, []string{"0: not CSV"}},
		{"binary data", "Name\nA\x00B\n", nil, []string{"0: binary data"}},
		{"an empty file", "", nil, nil},
		{"formula protection undone", "Name\n'=Ann\n'Bo\n", []row{{Name: "=Ann"}, {Name: "'Bo"}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := ReadPlayersCSV(strings.NewReader(tt.in))
			if !slices.Equal(got, tt.want) {
				t.Errorf("rows\n%q\nwant\n%q", got, tt.want)
			}
			var gotProblems []string
			for _, p := range problems {
				gotProblems = append(gotProblems, p.Error())
			}
			if len(problems) != len(tt.problems) {
				t.Fatalf("problems %q, want %d", gotProblems, len(tt.problems))
			}
			for i, want := range tt.problems {
				p := problems[i]
				row, words, _ := strings.Cut(want, ": ")
				if fmt.Sprint(p.Row) != row {
					t.Errorf("problem %q, want row %s", p.Error(), row)
				}
				for _, w := range strings.Split(words, " … ") {
					if !strings.Contains(p.Message, w) {
						t.Errorf("problem %q does not mention %q", p.Error(), w)
					}
				}
				if !strings.Contains(p.Message, ":") || !strings.HasSuffix(p.Message, ".") {
					t.Errorf("problem %q should say what is wrong, then how to fix it, as a sentence", p.Message)
				}
			}
		})
	}
}

func TestReadPlayersCSVRejectsAHugeFile(t *testing.T) {
	huge := strings.Repeat("Ann Lee,1,a@b.c\n", maxImportBytes/16+1)
	rows, problems := ReadPlayersCSV(strings.NewReader(huge))
	if rows != nil || len(problems) != 1 || problems[0].Row != 0 {
		t.Errorf("%d rows, problems %v", len(rows), problems)
	}
}

func FuzzReadPlayersCSV(f *testing.F) {
	for _, seed := range []string{
		"Name,Member #,Email\nAnn,1,a@b.c\n",
		"\uFEFFPlayer;DCI;E-mail\r\n\"Lee; Ann\";2;x\r\n",
		"Ann\n\"Bo\nCy",
		"First name\tLast name\nAnn\tLee\n",
		"\xff\xfeN\x00",
		"Zo\xeb,1\n",
		"\"\"\"\n,,,,\n;;;",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, problems := ReadPlayersCSV(bytes.NewReader(data))
		for _, r := range rows {
			if strings.TrimSpace(r.Name) == "" {
				t.Errorf("a row without a name: %q", r)
			}
			if r.Email != "" && !strings.Contains(r.Email, "@") {
				t.Errorf("an email without @: %q", r.Email)
			}
		}
		for _, p := range problems {
			if p.Message == "" || p.Row < 0 {
				t.Errorf("a problem without a message or row: %+v", p)
			}
		}
		// What was read writes out and reads back the same, with English
		// or French headings.
		for _, l := range []i18n.Lang{i18n.English, i18n.French} {
			var buf bytes.Buffer
			if err := WritePlayersCSV(&buf, rows, Options{Lang: l}); err != nil {
				t.Fatal(err)
			}
			again, problems := ReadPlayersCSV(&buf)
			if len(problems) > 0 || !slices.Equal(again, rows) && len(rows) > 0 {
				t.Errorf("round trip in %s of %q: got %q, problems %v", l, rows, again, problems)
			}
		}
	})
}

// The import's problems are kept as sentences the window says in its
// language.
func TestImportProblemsAreSaidInFrench(t *testing.T) {
	_, problems := ReadPlayersCSV(strings.NewReader("Name,Email\n,bo@example.org\nAda,ada@\nBo;x,a,b\n"))
	if len(problems) != 3 {
		t.Fatalf("problems %v", problems)
	}
	for i, want := range []string{
		"ligne 2\u00a0: Le nom est vide",
		"ligne 3\u00a0: L’adresse e-mail \"ada@\" n’est pas une adresse comme nom@exemple.com",
		"ligne 4\u00a0: La ligne a 3 champs mais l’en-tête en a 2\u00a0: mettez entre guillemets un nom ou une adresse e-mail qui contient une virgule",
	} {
		if got := problems[i].In(i18n.French); !strings.HasPrefix(got, want) {
			t.Errorf("problem %d in French: %q, want it to start %q", i, got, want)
		}
	}
	if got, want := problems[0].In(i18n.English), problems[0].Error(); got != want {
		t.Errorf("in English %q, Error %q", got, want)
	}
}

// A players file with French headings imports as one with English ones;
// "Prénom" beside "Nom" makes Nom the family name.
func TestPlayersFileWithFrenchHeadings(t *testing.T) {
	for _, c := range []struct{ file, name string }{
		{"Prénom;Nom;N° de membre;Courriel\nZoë;Ødegård;77;zoe@example.org\n", "Zoë Ødegård"},
		{"Nom,Numéro de membre,Adresse e-mail\nZoë Ødegård,77,zoe@example.org\n", "Zoë Ødegård"},
		{"Joueur\tNuméro\tE-mail\nZoë Ødegård\t77\tzoe@example.org\n", "Zoë Ødegård"},
	} {
		rows, problems := ReadPlayersCSV(strings.NewReader(c.file))
		if len(problems) != 0 || len(rows) != 1 {
			t.Errorf("%q: rows %v, problems %v", c.file, rows, problems)
			continue
		}
		if got := rows[0]; got.Name != c.name || got.MemberNumber != "77" || got.Email != "zoe@example.org" {
			t.Errorf("%q: read %+v", c.file, got)
		}
	}
}

// The files' headings, a bye and a dropped player are said in the
// language asked for.
func TestCSVHeadingsInFrench(t *testing.T) {
	fr := Options{Lang: i18n.French}
	var buf bytes.Buffer
	p := twoPlayerRound(1, playerName)
	p.Tables = append(p.Tables, PairingsTable{Bye: true, Seats: []PairingsSeat{{Name: "Odd One Out"}}})
	if err := WritePairingsCSV(&buf, p, fr); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, buf.Bytes())
	if got := strings.Join(rows[0], ","); got != "ronde,table,place,nom,numéro de membre,points,code" || rows[3][1] != "EXEMPT" {
		t.Errorf("the French pairings file: %q", rows)
	}
	buf.Reset()
	if err := WriteStandingsCSV(&buf, testStandings(3, true, false), fr); err != nil {
		t.Fatal(err)
	}
	rows = readCSV(t, buf.Bytes())
	if got := strings.Join(rows[0][:7], ","); got != "rang,nom,points,victoires,défaites,nuls,OMW%" || rows[0][len(rows[0])-1] != "abandon" ||
		rows[0][len(rows[0])-2] != "ordre à égalité" {
		t.Errorf("the French standings file's headings: %q", rows[0])
	}
}
