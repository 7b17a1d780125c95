package ui

import (
	"os"
	"path/filepath"
	"testing"
)

// The Registration tab's Player codes dialog prints one player's slip as
// the report "player-slips/N" (reports/printing's PlayerSlipKey), or every
// player's as "player-slips", in a file named for the report, not the
// player's number.
func TestPrintPlayerSlipsAsksForOneOrAll(t *testing.T) {
	var jobs []printed
	m, errs := newTestPrintMenu(t, "en_GB.UTF-8", &jobs)
	m.printPlayerSlips(12)
	m.printPlayerSlips(0)
	errs.None(t)
	if len(jobs) != 2 {
		t.Fatalf("%d print jobs, want 2", len(jobs))
	}
	if jobs[0].content != "player-slips/12 of event 7 round 0 on A4" || jobs[1].content != "player-slips of event 7 round 0 on A4" {
		t.Errorf("printed %q and %q", jobs[0].content, jobs[1].content)
	}
	if got := filepath.Base(jobs[0].path); got != "Print night - player-slips.pdf" {
		t.Errorf("one player's slip is printed as %q", got)
	}
	for _, j := range jobs {
		_ = os.RemoveAll(filepath.Dir(j.path))
	}
}
