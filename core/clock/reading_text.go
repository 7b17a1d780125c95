package clock

import "tablekeeper/core/i18n"

// Text is what the clock shows, kept as a message to say in a reader's
// language (the activity log stores it so): the words of String.
func (r Reading) Text() i18n.Text {
	switch {
	case !r.Timed && !r.Started:
		return i18n.F("untimed")
	case !r.Timed:
		return i18n.F("untimed, %s played", Format(r.Elapsed))
	case !r.Started:
		return i18n.F("not started, %s", Format(r.Remaining))
	case r.Expired && Format(-r.Remaining) == "0:00":
		return i18n.F("time")
	case r.Expired:
		return i18n.F("over by %s", Format(-r.Remaining))
	case r.Paused:
		return i18n.F("paused, %s left", Format(r.Remaining))
	}
	return i18n.Plain(Format(r.Remaining))
}
