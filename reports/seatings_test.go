package reports

import (
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// draftSeating returns the draft pods of n players, as even as can be and
// at most size a pod, the players in a shuffled but fixed order.
func draftSeating(n, size int, names func(int) string) Seatings {
	s := Seatings{EventName: "Altered Draft Night", Game: "Altered · Booster Draft", Date: time.Date(2025, 11, 22, 0, 0, 0, 0, time.UTC),
		Draft: true, Passes: []string{"left", "right", "left", "right"}}
	if n == 0 {
		return s
	}
	pods := (n + size - 1) / size
	next := 0
	for p := range pods {
		count := n / pods
		if p < n%pods {
			count++
		}
		pod := SeatingPod{Number: p + 1}
		for range count {
			pod.Seats = append(pod.Seats, names(next*37%n))
			next++
		}
		s.Pods = append(s.Pods, pod)
	}
	return s
}

// tableSeating returns round 1 seating of n players at tables of two, the
// odd one out with a bye.
func tableSeating(n int, names func(int) string) Seatings {
	s := Seatings{EventName: "Friday Night Altered", Game: "Altered · Standard", Date: time.Date(2025, 11, 21, 0, 0, 0, 0, time.UTC)}
	for i := 0; i+1 < n; i += 2 {
		s.Pods = append(s.Pods, SeatingPod{Number: i/2 + 1, Seats: []string{names(i), names(i + 1)}})
	}
	if n%2 == 1 {
		s.Byes = []string{names(n - 1)}
	}
	return s
}

func TestWriteSeatingsListsEveryPlayerByNameThenThePods(t *testing.T) {
	s := draftSeating(8, 8, func(i int) string {
		return []string{"Zoë Łukasz", "Æmber Ødegård", "李小龍", "adam Smith", "Émile Zola", longName, "Bo Chan", "Ødegård Åse"}[i]
	})
	s.Passes = s.Passes[:3]
	pdf := writeTestPDF(t, func(w io.Writer) error { return WriteSeatings(w, s, testOptions("")) })
	text := pdfText(t, pdf)
	containsAll(t, "the seating", text, "Altered Draft Night", "Draft pods", "Draft pods — pass left, right, left",
		"Altered · Booster Draft · 22 Nov 2025", "Player", "Pod", "Seat", "Pods in seat order", "Pod 1", "8 players",
		"Æmber Ødegård", "Zoë Łukasz", "李小龍", "Maximiliana", "…")
	// The list by name first, alphabetically: adam, Æmber, Bo, Émile,
	// Max…, Ødegård, Zoë, 李; then the pod in seat order.
	order := []string{"adam Smith", "Æmber Ødegård", "Bo Chan", "Émile Zola", "Maximiliana", "Ødegård Åse", "Zoë Łukasz", "李小龍", "Pods in seat order"}
	for _, n := range s.Pods[0].Seats {
		if n != longName {
			order = append(order, n)
		}
	}
	last := 0
	for _, name := range order {
		at := strings.Index(text[last:], name)
		if at < 0 {
			t.Fatalf("%q is missing or out of order in:\n%s", name, text)
		}
		last += at + len(name)
	}
	if got := pageCount(pdf); got != 1 {
		t.Errorf("8 players on %d pages, want 1", got)
	}
}

func TestSeatingsGiveEachPlayerTheirPodAndSeat(t *testing.T) {
	s := draftSeating(23, 5, playerName)
	c := layOut(t, "A4", func(c *canvas) { layoutSeatings(c, s) })
	checkLayout(t, c)
	// Each line of the list: name, pod, seat, in drawing order.
	var texts []string
	for _, pg := range c.pages {
		for _, op := range pg.ops {
			if op.kind == opText {
				texts = append(texts, op.sp.String())
			}
		}
	}
	joined := " | " + strings.Join(texts, " | ") + " | "
	for _, p := range s.Pods {
		for i, n := range p.Seats {
			want := " | " + n + " | " + strconv.Itoa(p.Number) + " | " + strconv.Itoa(i+1) + " | "
			if !strings.Contains(joined, want) {
				t.Errorf("%s should be in pod %d, seat %d", n, p.Number, i+1)
			}
		}
	}
}

func TestWriteSeatingsRoundOneWithAByeOverPages(t *testing.T) {
	s := tableSeating(511, playerName)
	pdf := writeTestPDF(t, func(w io.Writer) error { return WriteSeatings(w, s, testOptions("Letter")) })
	text := pdfText(t, pdf)
	containsAll(t, "the seating", text, "Round 1 seating", "Table", "BYE", "Tables in seat order", "Table 255")
	if strings.Contains(text, "pass") {
		t.Error("a seating without a draft talks of passing")
	}
	for i := range 511 {
		if !strings.Contains(text, playerName(i)) {
			t.Errorf("%q is missing", playerName(i))
		}
	}
	pages := pageCount(pdf)
	containsAll(t, "the seating", text, "Page "+strconv.Itoa(pages)+" of "+strconv.Itoa(pages), "Æmber – Björn")
}

func TestSeatingsLayoutKeepsTextInItsBoxes(t *testing.T) {
	names := hardNames(9, 2, 4)
	for _, n := range []int{0, 1, 8, 64, 512} {
		for _, paper := range []string{"A4", "Letter"} {
			checkLayout(t, layOut(t, paper, func(c *canvas) { layoutSeatings(c, draftSeating(n, 8, names)) }))
			checkLayout(t, layOut(t, paper, func(c *canvas) { layoutSeatings(c, draftSeating(n, 5, shortName)) }))
			checkLayout(t, layOut(t, paper, func(c *canvas) { layoutSeatings(c, tableSeating(n, names)) }))
		}
	}
}

func TestSeatingsGolden(t *testing.T) {
	s := draftSeating(8, 8, func(i int) string {
		return []string{"Zoë Łukasz", "Æmber Ødegård", "李小龍", "Bo Chan", "Émile Zola", longName, "Ann Lee", "Ødegård Åse"}[i]
	})
	checkGolden(t, "seatings-draft-8", layOut(t, "A4", func(c *canvas) { layoutSeatings(c, s) }))
	checkGolden(t, "seatings-round1-21-letter", layOut(t, "Letter", func(c *canvas) { layoutSeatings(c, tableSeating(21, playerName)) }))
}

func TestWriteSeatingsIsByteStable(t *testing.T) {
	s := draftSeating(64, 8, playerName)
	checkByteStable(t, "seating", func(w io.Writer) error { return WriteSeatings(w, s, testOptions("")) })
}

func TestWriteSeatingsRejectsSeatingsItCannotPrint(t *testing.T) {
	checkRejects(t, "a rejected seating", WriteSeatings, []rejected[Seatings]{
		{"a pass up", Seatings{Passes: []string{"left", "up"}}, Options{}, "left or right"},
		{"pod zero", Seatings{Draft: true, Pods: []SeatingPod{{Seats: []string{"Ann"}}}}, Options{}, "pod number 0"},
		{"an empty table", Seatings{Pods: []SeatingPod{{Number: 1}}}, Options{}, "table 1 has no players"},
	})
}
