package assets

import "embed"

// Translations holds one JSON file a language (translations/fr.json, …)
// in the format Fyne's lang package and go-i18n read: a message's key is
// its English text (a fmt format where it takes values), and its value the
// translation, a string or, where the count changes the words, an object
// with a form for each CLDR plural category of the language ("one" and
// "other" in English and French; "one", "few", "many" and "other" in
// Polish). English is the language of the keys, so en.json
// holds only the plural forms English needs. core/i18n reads these files
// for the web pages, the reports and the core's messages; the GUI loads the
// same files into Fyne's lang.
//
//go:embed translations/*.json
var Translations embed.FS
