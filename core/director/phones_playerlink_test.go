package director_test

import (
	"testing"

	"tablekeeper/core/director"
)

// The kiosk and the slip write a code as "ABC-234"; the link's fragment
// carries the entry and the link token, and nothing reaches a query string.
func TestPlayerCodeIsWrittenAndLinkedAsThePageReadsIt(t *testing.T) {
	if got := director.FormatPlayerCode("ABC234"); got != "ABC-234" {
		t.Errorf("FormatPlayerCode = %q", got)
	}
	if got := director.NormalizeTableCode(director.FormatPlayerCode("ABC234")); got != "ABC234" {
		t.Errorf("the written code does not read back: %q", got)
	}
	if got := director.FormatPlayerCode("AB"); got != "AB" {
		t.Errorf("a code of another length is changed: %q", got)
	}
	link := director.PlayerLink("http://192.168.1.20:8080/events/7/", 12, "q-8_Zx")
	if link != "http://192.168.1.20:8080/events/7#entry=12&token=q-8_Zx" {
		t.Errorf("PlayerLink = %q", link)
	}
}
