package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"tablekeeper/core/deck"
	"tablekeeper/core/event"
	"tablekeeper/core/judgelog"
	"tablekeeper/core/rules"
	"tablekeeper/reports"
	"tablekeeper/ui"
)

// moreReportKinds are the reports of the print pack beyond the round
// sheets: decklists, seatings, the bracket, the judge log and the summary.
func moreReportKinds() []reportKind {
	return []reportKind{
		{newReport("decklists", "Decklists (a page per deck)", "pdf", false), writeDecklists},
		{newReport("blank-decklist", "Blank decklist sheet", "pdf", false), writeBlankDecklist},
		{newReport("seatings", "Seatings (round 1 or draft pods)", "pdf", false), writeSeatings},
		{newReport("bracket", "Bracket", "pdf", false), writeBracket},
		{newReport("judgelog", "Judge log", "pdf", false), writeJudgeLog},
		{newReport("summary", "Event summary", "pdf", false), writeSummary},
	}
}

func writeDecklists(ctx context.Context, p printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, err := p.d.Event(ctx, id)
	if err != nil {
		return "", err
	}
	checks, err := p.d.Decks(ctx, id)
	if err != nil {
		return "", err
	}
	byID, err := p.entriesByID(ctx, id)
	if err != nil {
		return "", err
	}
	f := deck.Format(e.Settings.DeckRules)
	out := reports.Decklists{EventName: e.Name, FormatName: f.Name(), Date: e.Date}
	for _, c := range checks {
		en := byID[c.Deck.EntryID]
		dl := reports.Decklist{Player: en.Name, MemberNumber: en.MemberNo, DeckName: c.Deck.Name,
			Registered: c.Deck.UpdatedAt, Locked: c.Deck.LockedAt, Unchecked: f == deck.FormatNone}
		for _, is := range c.Report.Problems {
			dl.Problems = append(dl.Problems, is.Message)
		}
		for _, is := range c.Report.Warnings {
			dl.Warnings = append(dl.Warnings, is.Message)
		}
		dl.Sections = deckSections(f, c.Deck.List)
		out.Decks = append(out.Decks, dl)
	}
	if len(out.Decks) == 0 {
		return "", event.Statef("%s has no decks registered yet; register them on the Registration tab (Decks…)", e.Name)
	}
	if err := reports.WriteDecklists(w, out, reports.Options{Paper: paper}); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d decklists of %s", len(out.Decks), e.Name), nil
}

// deckSections groups a decklist's cards by the sections the player wrote.
func deckSections(f deck.Format, text string) []reports.DeckSection {
	var l deck.List
	switch f {
	case deck.FormatArchonStandard, deck.FormatArchonSealed:
		l, _ = deck.ParseArchon(text)
	default:
		l, _ = deck.Parse(text)
	}
	var out []reports.DeckSection
	for _, en := range l.Entries {
		if len(out) == 0 || out[len(out)-1].Title != en.Section {
			out = append(out, reports.DeckSection{Title: en.Section})
		}
		s := &out[len(out)-1]
		s.Cards = append(s.Cards, reports.DeckCard{Count: en.Count, Name: en.Name})
	}
	return out
}

func writeBlankDecklist(ctx context.Context, p printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, err := p.d.Event(ctx, id)
	if err != nil {
		return "", err
	}
	f := deck.Format(e.Settings.DeckRules)
	fields, sections := f.BlankSections()
	name := f.Name()
	if f == deck.FormatNone {
		name = rules.Describe(e.Game, e.Format)
	}
	b := reports.BlankDecklist{EventName: e.Name, FormatName: name, Date: e.Date, Fields: fields, Sections: sections, Notes: f.Rules()}
	if err := reports.WriteBlankDecklist(w, b, reports.Options{Paper: paper}); err != nil {
		return "", err
	}
	return "a blank " + name + " decklist for " + e.Name, nil
}

func writeSeatings(ctx context.Context, p printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, err := p.d.Event(ctx, id)
	if err != nil {
		return "", err
	}
	s := reports.Seatings{EventName: e.Name, Game: rules.Describe(e.Game, e.Format), Date: e.Date}
	byID, err := p.entriesByID(ctx, id)
	if err != nil {
		return "", err
	}
	if e.Settings.HasDraft() {
		pods, err := p.d.DraftPods(ctx, id)
		if err == nil {
			s.Draft, s.Title = true, "Draft pods"
			for _, d := range pods.Passes {
				s.Passes = append(s.Passes, string(d))
			}
			for _, pod := range pods.Pods {
				sp := reports.SeatingPod{Number: pod.Number}
				for _, en := range pod.Seats {
					sp.Seats = append(sp.Seats, byID[en].Name)
				}
				s.Pods = append(s.Pods, sp)
			}
		}
	}
	if !s.Draft {
		sh, err := p.d.RoundSheet(ctx, id, 1)
		if err != nil {
			return "", event.Statef("%s has no round 1 or draft pods to seat yet", e.Name)
		}
		s.Title = "Round 1 seating"
		for _, t := range sh.Tables {
			if t.Bye {
				for _, pl := range t.Players {
					s.Byes = append(s.Byes, pl.Name)
				}
				continue
			}
			sp := reports.SeatingPod{Number: t.Number}
			for _, pl := range t.Players {
				sp.Seats = append(sp.Seats, pl.Name)
			}
			s.Pods = append(s.Pods, sp)
		}
	}
	if err := reports.WriteSeatings(w, s, reports.Options{Paper: paper}); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s of %s, %d tables or pods", strings.ToLower(s.Title), e.Name, len(s.Pods)), nil
}

// writeBracket prints the elimination or playoff rounds paired so far as
// a single-elimination bracket: each round's matches in table order, the
// winners carried to the next round's boxes.
func writeBracket(ctx context.Context, p printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, err := p.d.Event(ctx, id)
	if err != nil {
		return "", err
	}
	rounds, err := p.d.Rounds(ctx, id)
	if err != nil {
		return "", err
	}
	byID, err := p.entriesByID(ctx, id)
	if err != nil {
		return "", err
	}
	b := reports.Bracket{EventName: e.Name, Game: rules.Describe(e.Game, e.Format), Date: e.Date, Kind: reports.SingleElimination}
	n := 0
	for _, r := range rounds {
		if r.Stage != event.StageElimination && r.Stage != event.StagePlayoff {
			continue
		}
		sh, err := p.d.RoundSheet(ctx, id, r.Number)
		if err != nil {
			return "", err
		}
		n++
		b.Winners.Rounds = append(b.Winners.Rounds, r.Name)
		slot := 0
		for _, t := range sh.Tables {
			if len(t.Players) == 0 {
				continue
			}
			slot++
			m := reports.BracketMatch{Round: n, Slot: slot}
			m.A = reports.BracketSide{Name: t.Players[0].Name, Seed: byID[t.Players[0].Entry].Seed}
			if t.Bye || len(t.Players) < 2 {
				m.B = reports.BracketSide{Bye: true}
			} else {
				m.B = reports.BracketSide{Name: t.Players[1].Name, Seed: byID[t.Players[1].Entry].Seed}
			}
			if res := t.Result; res != nil && len(res.Seats) == 2 {
				a, bb := res.Seats[0].GamesWon, res.Seats[1].GamesWon
				m.Score = fmt.Sprintf("%d–%d", a, bb)
				switch {
				case a > bb:
					m.Winner = 1
				case bb > a:
					m.Winner = 2
				}
			}
			b.Winners.Matches = append(b.Winners.Matches, m)
		}
		if n == 1 {
			b.Size = 1
			for b.Size < 2*slot {
				b.Size *= 2
			}
		}
	}
	if n == 0 {
		return "", event.Statef("%s has no elimination or playoff rounds yet; the bracket prints once one is paired", e.Name)
	}
	if err := reports.WriteBracket(w, b, reports.Options{Paper: paper}); err != nil {
		return "", err
	}
	return fmt.Sprintf("the bracket of %s, %d rounds paired", e.Name, n), nil
}

func writeJudgeLog(ctx context.Context, p printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, err := p.d.Event(ctx, id)
	if err != nil {
		return "", err
	}
	judges, err := p.d.Judges(ctx, id)
	if err != nil {
		return "", err
	}
	log, err := p.d.JudgeLog(ctx, id)
	if err != nil {
		return "", err
	}
	byID, err := p.entriesByID(ctx, id)
	if err != nil {
		return "", err
	}
	jn := map[event.JudgeID]string{}
	out := reports.JudgeLog{EventName: e.Name, Game: rules.Describe(e.Game, e.Format), Date: e.Date}
	for _, j := range judges {
		jn[j.ID] = j.Name
		out.Judges = append(out.Judges, reports.JudgeLogJudge{Name: j.Name, Role: string(j.Role), Order: j.Order})
	}
	number := map[event.JudgeLogID]int{}
	for i, l := range log {
		number[l.ID] = i + 1
		out.Entries = append(out.Entries, reports.JudgeLogEntry{
			Number: i + 1, At: l.At, Round: l.Round, Table: l.Table, Kind: string(l.Kind), Player: byID[l.EntryID].Name,
			Infraction: l.Infraction, Penalty: l.Penalty, Points: l.Points, Extension: l.Extension, Judge: jn[l.JudgeID],
			Description: l.Description, Outcome: l.Outcome, Corrects: number[l.Corrects], Withdraws: l.Penalty == judgelog.Void,
		})
	}
	if err := reports.WriteJudgeLog(w, out, reports.Options{Paper: paper}); err != nil {
		return "", err
	}
	return fmt.Sprintf("the judge log of %s, %d entries", e.Name, len(out.Entries)), nil
}

func writeSummary(ctx context.Context, p printer, id event.EventID, _ int, paper string, w io.Writer) (string, error) {
	e, err := p.d.Event(ctx, id)
	if err != nil {
		return "", err
	}
	entries, err := p.d.Entries(ctx, id)
	if err != nil {
		return "", err
	}
	rounds, err := p.d.Rounds(ctx, id)
	if err != nil {
		return "", err
	}
	table, err := p.d.Standings(ctx, id)
	if err != nil {
		return "", err
	}
	log, err := p.d.JudgeLog(ctx, id)
	if err != nil {
		return "", err
	}
	checks, err := p.d.Decks(ctx, id)
	if err != nil {
		return "", err
	}
	s := reports.Summary{EventName: e.Name, Game: rules.Describe(e.Game, e.Format), Date: e.Date,
		Structure: formatSummary(e), Registered: len(entries), RoundsPlayed: len(rounds), TopTitle: "Top 8"}
	for _, en := range entries {
		switch en.Status {
		case event.EntryDropped:
			s.Dropped++
		case event.EntryDisqualified:
			s.Disqualified++
		}
	}
	for _, r := range rounds {
		for _, t := range r.Tables {
			if t.Bye {
				s.Byes++
			} else if t.Result != nil {
				s.TablesPlayed++
			}
		}
	}
	for _, l := range judgelog.Effective(log) {
		if l.Kind == event.LogPenalty {
			s.Penalties++
		}
	}
	s.DecksRegistered = len(checks)
	for _, c := range checks {
		if c.Legal() {
			s.DecksLegal++
		}
	}
	if e.State == event.StateFinished && len(table) > 0 {
		s.Winner = table[0].Name
	}
	for i, st := range table {
		if i == 8 {
			break
		}
		s.Top = append(s.Top, reports.SummaryPlace{Rank: st.Rank, Name: st.Name, Points: st.Points,
			Record: fmt.Sprintf("%d–%d–%d", st.Wins, st.Losses, st.Draws)})
	}
	if err := reports.WriteSummary(w, s, reports.Options{Paper: paper}); err != nil {
		return "", err
	}
	return "the summary of " + e.Name, nil
}

// newReport describes a report of the Print menu.
func newReport(key, name, ext string, round bool) ui.Report {
	return ui.Report{Key: key, Name: name, Ext: ext, Round: round}
}

// formatSummary says in a line how the event's format plays.
func formatSummary(e event.Event) string {
	if _, f, err := rules.Lookup(e.Game, e.Format); err == nil {
		return f.Summary
	}
	return string(e.Settings.Structure)
}

// entriesByID returns an event's entries by ID, for reports that name the
// players of their rows.
func (p printer) entriesByID(ctx context.Context, id event.EventID) (map[event.EntryID]event.Entry, error) {
	entries, err := p.d.Entries(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make(map[event.EntryID]event.Entry, len(entries))
	for _, en := range entries {
		out[en.ID] = en
	}
	return out, nil
}
