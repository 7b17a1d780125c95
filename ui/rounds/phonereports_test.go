package rounds

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"tablekeeper/core/director"
	"tablekeeper/ui/internal/uitest"
)

// report sends a result for table n of round 1 from a phone, with the
// table's code.
func (f fixture) report(t *testing.T, n int, result, device string) (director.ReportOutcome, error) {
	t.Helper()
	codes, err := f.D.Network.TableCodes(t.Context(), f.E.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	return f.D.Network.ReportByCode(t.Context(), director.TableReport{Event: f.E.ID, Round: 1, Table: n, Code: codes[n], Result: result, Device: device})
}

// hasTextContaining reports whether a visible text under root contains
// part.
func hasTextContaining(root fyne.CanvasObject, part string) bool {
	for _, s := range uitest.Texts(root) {
		if strings.Contains(s, part) {
			return true
		}
	}
	return false
}

// A result reported from a phone shows "Reported by players" beside its
// table; one typed at the desk does not.
func TestAResultFromAPhoneIsMarkedReportedByPlayers(t *testing.T) {
	f := setup(t)
	sh := f.sheet(t, 1)
	if out, err := f.report(t, sh.Tables[0].Number, "2-0", "phone-1"); err != nil || out != director.ReportRecorded {
		t.Fatal(out, err)
	}
	f.enter(t, "2", "2-1")
	f.S.Load(f.E.ID)
	want := ByPlayers + " · " + sh.Tables[0].Why.String()
	if !uitest.HasText(f.W.Content(), want) {
		t.Errorf("no %q among %q", want, uitest.Texts(f.W.Content()))
	}
	if strings.Count(strings.Join(uitest.Texts(f.W.Content()), "\n"), ByPlayers) != 1 {
		t.Errorf("the table typed at the desk is marked too: %q", uitest.Texts(f.W.Content()))
	}
	f.Errs.None(t)
}

// Multiplayer rows are marked the same way.
func TestAMultiplayerResultFromAPhoneIsMarked(t *testing.T) {
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Heresy night", "heresy", "reascension")
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Zoë Ødegård", "李小龍", "김민준", "Bob Stone", "Chiara Rossi", "Dee Hall")
	uitest.Pair(t, d, e.ID)
	f := show(t, d, e)
	if out, err := f.report(t, 1, "2 | 5 | 9 | 3 | 0", "phone-1"); err != nil || out != director.ReportRecorded {
		t.Fatal(out, err)
	}
	f.S.Load(e.ID)
	if !hasTextContaining(f.W.Content(), ByPlayers) {
		t.Errorf("no %q among %q", ByPlayers, uitest.Texts(f.W.Content()))
	}
}

// A report that disagrees with the result on record is listed "to check"
// with both results; Accept asks first (Enter keeps the result on record),
// and replacing applies the players' result; Reject keeps the table as it
// was. The list goes away when nothing waits.
func TestReportsToCheckAreAcceptedOnlyAfterAsking(t *testing.T) {
	f := setup(t)
	sh := f.sheet(t, 1)
	t1, t2 := sh.Tables[0], sh.Tables[1]
	f.enter(t, "1", "2-1")
	f.enter(t, "2", "2-0")
	if f.S.phone.box.Visible() {
		t.Fatal("the phone reports show with none open")
	}
	for _, n := range []int{t1.Number, t2.Number} {
		if _, err := f.report(t, n, "0-2", "f9e8d7c6b5"); err == nil {
			t.Fatal("a conflicting report was recorded")
		}
	}
	f.S.Load(f.E.ID)
	if !f.S.phone.box.Visible() || f.S.phone.title.Text != "Phone reports: 2 to check" || len(f.S.PhoneReports()) != 2 {
		t.Fatalf("list %q, %d reports", f.S.phone.title.Text, len(f.S.PhoneReports()))
	}
	content := f.W.Content()
	head := "Round 1, table 1 · " + t1.Players[0].Name + " v " + t1.Players[1].Name
	for _, want := range []string{head, "To check", "Reported: " + t1.Players[0].Name + " 0–2 " + t1.Players[1].Name,
		"on record: " + t1.Players[0].Name + " 2–1 " + t1.Players[1].Name, `typed "0-2" at`, "on device f9e8d7"} {
		if !hasTextContaining(content, want) {
			t.Errorf("no %q among %q", want, uitest.Texts(content))
		}
	}

	test.Tap(uitest.Button(t, content, "Accept", 0))
	q := f.S.phone.confirm
	if q == nil || !q.Visible() {
		t.Fatal("accepting over a result on record did not ask")
	}
	f.W.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if got := f.sheet(t, 1).Tables[0].Result; got.Seats[0].GamesWon != 2 {
		t.Fatalf("Enter replaced the result on record: %+v", got)
	}
	test.Tap(uitest.Button(t, content, "Accept", 0))
	f.S.phone.confirm.Confirm()
	if got := f.sheet(t, 1).Tables[0].Result; got.Seats[1].GamesWon != 2 || !got.ByPlayers {
		t.Fatalf("after replacing: %+v", got)
	}
	if !strings.Contains(f.S.status.Text, "accepted") || len(f.S.PhoneReports()) != 1 {
		t.Errorf("status %q, %d reports left", f.S.status.Text, len(f.S.PhoneReports()))
	}

	test.Tap(uitest.Button(t, f.W.Content(), "Reject", 0))
	if got := f.sheet(t, 1).Tables[1].Result; got.Seats[0].GamesWon != 2 || got.ByPlayers {
		t.Errorf("after rejecting: %+v", got)
	}
	if f.S.phone.box.Visible() || !strings.Contains(f.S.status.Text, "rejected") {
		t.Errorf("list visible %v, status %q", f.S.phone.box.Visible(), f.S.status.Text)
	}
	f.Errs.None(t)
}

// With approval on, a report waits for the organizer, who accepts it
// without a question (nothing is replaced).
func TestReportsWaitingForApprovalAreAcceptedAtOnce(t *testing.T) {
	test.NewTempApp(t)
	ctx := t.Context()
	d := uitest.Director(t)
	e := uitest.Event(t, d, "Friday Swiss")
	s := e.Settings
	s.PhoneReportsNeedApproval = true
	if err := d.Events.UpdateSettings(ctx, e.ID, s); err != nil {
		t.Fatal(err)
	}
	uitest.Players(t, d, e.ID, "Ada Lovelace", "Zoë Ødegård", "李小龍", "김민준")
	uitest.Pair(t, d, e.ID)
	f := show(t, d, e)
	if out, err := f.report(t, 2, "1-1-1", "phone-3"); err != nil || out != director.ReportPending {
		t.Fatal(out, err)
	}
	f.S.Load(e.ID)
	if f.S.phone.title.Text != "Phone reports: 1 waiting for your approval" || !hasTextContaining(f.W.Content(), "Waiting") {
		t.Fatalf("list %q: %q", f.S.phone.title.Text, uitest.Texts(f.W.Content()))
	}
	test.Tap(uitest.Button(t, f.W.Content(), "Accept", 0))
	if f.S.phone.confirm != nil {
		t.Error("accepting a report with nothing on record asked")
	}
	if got := f.sheet(t, 1).Tables[1].Result; got == nil || got.GamesDrawn != 1 || !got.ByPlayers {
		t.Errorf("after approval: %+v", got)
	}
	if f.S.phone.box.Visible() {
		t.Error("the list stays with nothing waiting")
	}
}

// A report already dealt with elsewhere says so on the status line.
func TestAReportDealtWithElsewhereSaysSo(t *testing.T) {
	f := setup(t)
	f.enter(t, "1", "2-1")
	if _, err := f.report(t, 1, "0-2", "f9e8d7c6b5"); err == nil {
		t.Fatal("a conflicting report was recorded")
	}
	f.S.Load(f.E.ID)
	r := f.S.PhoneReports()[0]
	if err := f.D.Network.ResolveReport(t.Context(), f.E.ID, r.ID, false); err != nil {
		t.Fatal(err)
	}
	test.Tap(uitest.Button(t, f.W.Content(), "Reject", 0))
	if f.S.status.Importance != widget.DangerImportance || !strings.Contains(f.S.status.Text, "already dealt with") {
		t.Errorf("status %q", f.S.status.Text)
	}
	if f.S.phone.box.Visible() {
		t.Error("the list was not read again")
	}
}
