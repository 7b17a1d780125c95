package judgelog

import (
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

// penaltyNames are the penalties' keys, for the translation files: the
// stored value (Penalties) is the English key itself.
var penaltyNames = map[string]string{
	InformalWarning:  i18n.K("informal warning"),
	FormalWarning:    i18n.K("formal warning"),
	GameLoss:         i18n.K("game loss"),
	MatchLoss:        i18n.K("match loss"),
	ExtraLoss:        i18n.K("extra loss"),
	PointDeduction:   i18n.K("point deduction"),
	Disqualification: i18n.K("disqualification"),
	Ejection:         i18n.K("ejection"),
	Void:             i18n.K("void"),
}

// kindNames are the judge log's entry kinds, said in a line.
var kindNames = map[event.JudgeLogKind]string{
	event.LogPenalty:   i18n.K("penalty"),
	event.LogDeckCheck: i18n.K("deck check"),
	event.LogRuling:    i18n.K("ruling"),
	event.LogAppeal:    i18n.K("appeal"),
	event.LogExtension: i18n.K("time extension"),
}

// PenaltyName says a stored penalty (one of Penalties, or Void) in l; a
// value it does not know is returned as stored.
func PenaltyName(l i18n.Lang, penalty string) string {
	if k, ok := penaltyNames[penalty]; ok {
		return i18n.T(l, k)
	}
	return penalty
}

// penaltyText is a penalty to say in the reader's language.
func penaltyText(penalty string) i18n.Text {
	if k, ok := penaltyNames[penalty]; ok {
		return i18n.F(k)
	}
	return i18n.Text{Format: penalty}
}

// kindText is an entry kind to say in the reader's language.
func kindText(kind event.JudgeLogKind) i18n.Text {
	if k, ok := kindNames[kind]; ok {
		return i18n.F(k)
	}
	return i18n.Text{Format: string(kind)}
}

// KindName says an entry kind in l; a kind it does not know is returned
// as stored.
func KindName(l i18n.Lang, kind event.JudgeLogKind) string {
	if k, ok := kindNames[kind]; ok {
		return i18n.T(l, k)
	}
	return string(kind)
}

// InfractionName says an infraction as stored in JudgeLogEntry.Infraction
// in l: a catalogue name is translated, a judge's own wording is left as
// typed.
func InfractionName(l i18n.Lang, stored string) string {
	return i18n.T(l, stored)
}
