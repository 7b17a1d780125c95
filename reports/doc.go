// Package reports writes Tablekeeper's printed documents as PDF: pairings
// for the wall, and later standings, match slips and deck-check sheets.
//
// A report takes plain data, a report model built by its caller from what
// the director knows, and draws it; it never queries the database and never
// decides anything about the event. Each report is a model type and a Write
// function: WritePairings(w, Pairings{…}, Options{…}).
//
// Text is set in DejaVu Sans from package assets, falling back rune by rune
// to Droid Sans Fallback for Chinese and Japanese (Korean Hangul is not yet
// covered: the fallback font has none, and it prints as U+FFFD). Output is deterministic: with Options.Created set,
// the same model always gives the same bytes.
package reports
