package i18n

import (
	"strconv"
	"strings"
	"time"
)

// Date says a day in l: "25 Nov 2026" in English, "25 nov. 2026" in French.
// The month names are keys like any other ("Nov" → "nov.").
func Date(l Lang, t time.Time) string {
	return T(l, "%[1]d %[2]s %[3]d", t.Day(), T(l, months[t.Month()-1]), t.Year())
}

// months are the months' short names, the keys Date says.
var months = [12]string{K("Jan"), K("Feb"), K("Mar"), K("Apr"), K("May"), K("Jun"),
	K("Jul"), K("Aug"), K("Sep"), K("Oct"), K("Nov"), K("Dec")}

// Clock says a time of day in l, on the 24-hour clock both languages of a
// store use on a tournament floor: "18:05" (French "18 h 05").
func Clock(l Lang, t time.Time) string {
	return T(l, "%02[1]d:%02[2]d", t.Hour(), t.Minute())
}

// ClockSeconds says a time of day to the second in l, for the moment a
// laptop was last heard from: "14:02:13".
func ClockSeconds(l Lang, t time.Time) string {
	return T(l, "%02[1]d:%02[2]d:%02[3]d", t.Hour(), t.Minute(), t.Second())
}

// DateTime says a day and its time in l.
func DateTime(l Lang, t time.Time) string {
	return T(l, "%[1]s, %[2]s", Date(l, t), Clock(l, t))
}

// Decimal says v with prec digits after the separator of l: "66.7" in
// English, "66,7" in French.
func Decimal(l Lang, v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if sep := T(l, "decimal separator"); sep != "." {
		s = strings.Replace(s, ".", sep, 1)
	}
	return s
}

// Percent says a share (0.667) as a percentage with prec digits: "66.7%"
// in English, "66,7 %" in French.
func Percent(l Lang, share float64, prec int) string {
	return T(l, "%s%%", Decimal(l, share*100, prec))
}

// DecimalText puts l's decimal separator into a number already written
// with a point ("66.67" → "66,67" in French); other text is unchanged.
func DecimalText(l Lang, s string) string {
	if sep := T(l, "decimal separator"); sep != "." {
		return strings.Replace(s, ".", sep, 1)
	}
	return s
}
