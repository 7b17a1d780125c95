package registration

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/ui/internal/uitest"
	"tablekeeper/ui/internal/work"
)

// setupDraft opens the Registration tab of a Heresy Revelations event
// (rule H7: a draft in groups of ideally 5) with n players.
func setupDraft(t *testing.T, n int) fixture {
	t.Helper()
	test.NewTempApp(t)
	d := uitest.Director(t)
	e := uitest.EventOf(t, d, "Revelations night", "heresy", "revelations")
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("Player %02d", i+1)
	}
	uitest.Players(t, d, e.ID, names...)
	return show(t, d, e, work.Sync{}, fyne.NewSize(1280, 720))
}

func TestTheDraftPodsButtonShowsOnlyForADraftFormat(t *testing.T) {
	f := setup(t)
	if f.S.draftButton.Visible() {
		t.Error("a Swiss event without a draft offers draft pods")
	}
	g := setupDraft(t, 5)
	if !g.S.draftButton.Visible() {
		t.Fatal("a Revelations event does not offer draft pods")
	}
}

func TestDrawingDraftPodsShowsThePodsAndThePasses(t *testing.T) {
	f := setupDraft(t, 23)
	test.Tap(uitest.Button(t, f.W.Content(), "Draft pods…", 0))
	f.Errs.None(t)
	top := f.W.Canvas().Overlays().Top()
	if top == nil || !uitest.HasText(top, "Pods of 5 (3 to 5), 3 packs each.") || !uitest.HasText(top, "Pack 1: left · Pack 2: right · Pack 3: left") {
		t.Fatalf("before a draw the dialog shows %q", uitest.Texts(top))
	}

	test.Tap(uitest.Button(t, top, "Draw pods", 0))
	f.Errs.None(t)
	drawn, err := f.D.Drafts.DraftPods(t.Context(), f.E.ID)
	if err != nil {
		t.Fatal(err)
	}
	top = f.W.Canvas().Overlays().Top()
	texts := uitest.Texts(top)
	if f.S.pods.summary.Text != "23 players in 5 pods (5, 5, 5, 4, 4)" ||
		!uitest.HasText(top, fmt.Sprintf("Drawn %s · seed %d (the same seed and players give the same pods)", i18n.DateTime(i18n.English, drawn.DrawnAt.Local()), drawn.Seed)) {
		t.Errorf("summary %q", f.S.pods.summary.Text)
	}
	for i, pod := range drawn.Pods {
		if !uitest.HasText(top, fmt.Sprintf("Pod %d", i+1)) || !uitest.HasText(top, fmt.Sprintf("%d players", len(pod.Seats))) {
			t.Errorf("no card for pod %d in %q", i+1, texts)
		}
		first := name(t, f, pod.Seats[0])
		if !uitest.HasText(top, first) {
			t.Errorf("pod %d: %s (seat 1) not shown", i+1, first)
		}
	}
	if !uitest.HasText(top, "Pack 1: left · Pack 2: right · Pack 3: left") {
		t.Errorf("passes not shown: %q", texts)
	}
	if f.S.status.Text != "Draft pods drawn: 23 players in 5 pods (5, 5, 5, 4, 4)" {
		t.Errorf("status %q", f.S.status.Text)
	}

	// Drawing again asks first; Cancel keeps the pods.
	test.Tap(uitest.Button(t, top, "Draw again", 0))
	if f.S.pods.confirm == nil || !uitest.HasText(f.W.Canvas().Overlays().Top(), "Draw the draft pods again?\nThe 5 pods drawn at 18:30 are replaced: every player gets a new seat.") {
		t.Fatalf("no confirmation: %q", uitest.Texts(f.W.Canvas().Overlays().Top()))
	}
	f.S.pods.confirm.Dismiss()
	if again, _ := f.D.Drafts.DraftPods(t.Context(), f.E.ID); again.Seed != drawn.Seed {
		t.Fatal("Cancel drew the pods again")
	}
	test.Tap(uitest.Button(t, f.W.Canvas().Overlays().Top(), "Draw again", 0))
	f.S.pods.confirm.Confirm()
	f.Errs.None(t)
	again, _ := f.D.Drafts.DraftPods(t.Context(), f.E.ID)
	if again.Seed == drawn.Seed {
		t.Fatal("confirming did not draw again")
	}
	if got := f.S.pods.seating; got.Seed != again.Seed {
		t.Errorf("the dialog shows seed %d, the director has %d", got.Seed, again.Seed)
	}

	test.Tap(uitest.Button(t, f.W.Canvas().Overlays().Top(), "Close", 0))
	if f.W.Canvas().Overlays().Top() != nil {
		t.Error("Close left the dialog open")
	}
}

func name(t *testing.T, f fixture, id event.EntryID) string {
	t.Helper()
	for _, en := range f.Entries(t) {
		if en.ID == id {
			return en.Name
		}
	}
	t.Fatalf("no entry %d", id)
	return ""
}

func TestAFailedDrawSaysWhyInTheDialog(t *testing.T) {
	f := setupDraft(t, 2)
	test.Tap(uitest.Button(t, f.W.Content(), "Draft pods…", 0))
	test.Tap(uitest.Button(t, f.W.Canvas().Overlays().Top(), "Draw pods", 0))
	want := "2 players cannot be seated in draft pods of 3 to 5: add a player, or allow pods as small as 2"
	if !f.S.pods.problem.Visible() || f.S.pods.problem.Text != work.Sentence(event.Invalid(want)) {
		t.Errorf("problem %q", f.S.pods.problem.Text)
	}
	f.Errs.None(t)
}

func TestADroppedPlayerIsMarkedInThePods(t *testing.T) {
	f := setupDraft(t, 6)
	ctx := t.Context()
	s, err := f.D.Drafts.DrawDraftPods(ctx, f.E.ID)
	if err != nil {
		t.Fatal(err)
	}
	gone := s.Pods[1].Seats[2]
	if err := f.D.Registration.Drop(ctx, gone); err != nil {
		t.Fatal(err)
	}
	f.S.Reload()
	test.Tap(uitest.Button(t, f.W.Content(), "Draft pods…", 0))
	want := name(t, f, gone) + " (dropped before round 1)"
	if !uitest.HasText(f.W.Canvas().Overlays().Top(), want) {
		t.Errorf("no %q in %q", want, uitest.Texts(f.W.Canvas().Overlays().Top()))
	}
}
