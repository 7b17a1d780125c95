package deck

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// mustParse parses a decklist that has no line errors.
func mustParse(t *testing.T, text string) List {
	t.Helper()
	return mustRead(t, "Parse", Parse, text)
}

// mustParseArchon reads an Archon deck list, failing the test on an error.
func mustParseArchon(t *testing.T, text string) List {
	t.Helper()
	return mustRead(t, "ParseArchon", ParseArchon, text)
}

// mustRead reads text with parse (named name in the failure), failing the
// test on a line error.
func mustRead(t *testing.T, name string, parse func(string) (List, []LineError), text string) List {
	t.Helper()
	l, errs := parse(text)
	if len(errs) > 0 {
		t.Fatalf("%s: unexpected line errors %v", name, errs)
	}
	return l
}

// cards writes n lines "copies Prefix i" for i from 1 to n.
func cards(prefix string, n, copies int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d %s %d\n", copies, prefix, i)
	}
	return b.String()
}

// versions returns card list rows for "Prefix 1" to "Prefix n".
func versions(prefix string, n int, c Card) []Card {
	var out []Card
	for i := 1; i <= n; i++ {
		c.Name = fmt.Sprintf("%s %d", prefix, i)
		out = append(out, c)
	}
	return out
}

// checkIssues compares issues exactly, reporting both lists in full.
func checkIssues(t *testing.T, what string, got, want []Issue) {
	t.Helper()
	same := func(a, b Issue) bool { return a.Rule == b.Rule && a.Card == b.Card && a.Message == b.Message }
	if !slices.EqualFunc(got, want, same) {
		t.Errorf("%s:\n got  %s\n want %s", what, issuesString(got), issuesString(want))
	}
}

func issuesString(is []Issue) string {
	if len(is) == 0 {
		return "(none)"
	}
	var b strings.Builder
	for _, i := range is {
		fmt.Fprintf(&b, "\n   {Rule: %q, Card: %q, Message: %q}", i.Rule, i.Card, i.Message)
	}
	return b.String()
}

// validateCase is a deck list to validate against cards, in format (when
// empty, the format checkValidate is given), with the problems and the
// warnings the report must give.
type validateCase struct {
	name     string
	format   Format
	text     string
	cards    CardList
	problems []Issue
	warnings []Issue
}

// checkValidate validates each case's list, in the case's format or else
// in format, and checks the report.
func checkValidate(t *testing.T, format Format, tests []validateCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.format
			if f == "" {
				f = format
			}
			checkReport(t, Validate(f, mustParse(t, tt.text), tt.cards), tt.problems, tt.warnings)
		})
	}
}

// checkReport compares a report's problems and warnings exactly.
func checkReport(t *testing.T, got Report, problems, warnings []Issue) {
	t.Helper()
	checkIssues(t, "problems", got.Problems, problems)
	checkIssues(t, "warnings", got.Warnings, warnings)
	if got.Legal() != (len(problems) == 0) {
		t.Errorf("Legal() = %v with %d problems", got.Legal(), len(problems))
	}
}

// is builds an Issue.
func is(rule, card, msg string) Issue { return Issue{Rule: rule, Card: card, Message: msg} }

// sameLineError compares line errors by what a reader sees in English.
func sameLineError(a, b LineError) bool {
	return a.Line == b.Line && a.Text == b.Text && a.Message == b.Message
}
