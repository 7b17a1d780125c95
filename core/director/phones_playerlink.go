package director

import (
	"net/url"
	"strconv"
	"strings"

	"tablekeeper/core/event"
)

// FormatPlayerCode writes a player code in two groups of three, "ABC-234",
// as the kiosk shows it and the slip prints it: easier to read aloud and
// to copy than six letters in a row (the phone takes it with or without
// the dash, in either case).
func FormatPlayerCode(code string) string {
	if len(code) != PlayerCodeLength {
		return code
	}
	return code[:3] + "-" + code[3:]
}

// PlayerLink is the address that signs a phone in as entry with her link
// token (PlayerCredential.Token, not the code she types): the event's page
// with #entry=N&token=… (the event page's script reads it). The token is
// in the fragment, which browsers never send, so it is in no server's or
// proxy's log, and the page takes it out of the address bar at once.
// eventURL is the event page's address (http://host:port/events/ID).
func PlayerLink(eventURL string, entry event.EntryID, token string) string {
	return strings.TrimSuffix(eventURL, "/") + "#entry=" + strconv.FormatInt(int64(entry), 10) + "&token=" + url.QueryEscape(token)
}
