// Package reports writes Tablekeeper's printed documents as PDF and its
// exports as CSV: the pairings sheet (WritePairings), the list by name for
// the wall (WritePairingsByName), match slips (WriteSlips), standings
// (WriteStandings), the registered decks for deck checks (WriteDecklists)
// and blank registration sheets (WriteBlankDecklist), round 1 and draft
// seating (WriteSeatings), elimination brackets (WriteBracket), the judge
// log (WriteJudgeLog), the event summary (WriteSummary), the players,
// pairings, results and standings files (WritePlayersCSV and its
// siblings), and the import of a players file (ReadPlayersCSV).
//
// A report takes plain data, a report model built by its caller from what
// the director knows, and draws it; it never queries the database and never
// decides anything about the event. Each report is a model type and a Write
// function: WritePairings(w, Pairings{…}, Options{…}). The reports after
// the pairings sheet are laid out first, as pages of drawing operations, and
// then painted (see canvas.go); the tests compare those layouts with golden
// files in testdata/ and check that no text leaves its box or overlaps
// another.
//
// Text is set in DejaVu Sans from package assets, falling back rune by rune
// to Droid Sans Fallback for Chinese and Japanese and to NanumSquare for
// Korean Hangul; a PDF embeds only the fonts it draws with, each cut down to
// the glyphs it uses. A character none of them has (an emoji, a script such
// as Ethiopic or Tibetan, private use) prints as its code point in hex in a
// small box, so two names that differ only there never print alike. A name
// too long for its cell shrinks, then is cut with "…". Output is deterministic:
// with Options.Created set, the same model always gives the same bytes.
package reports
