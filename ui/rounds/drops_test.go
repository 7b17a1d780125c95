package rounds

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/ui/internal/uitest"
)

// ask has the player of entry en ask from her phone to drop.
func (f fixture) ask(t *testing.T, en event.Entry) {
	t.Helper()
	if _, err := f.D.Drops.RequestDrop(t.Context(), director.PlayerSession{Event: f.E.ID, Entry: en.ID, Name: en.Name, Device: strings.ToLower(en.Name[:3]) + "0f9e8d7c"}); err != nil {
		t.Fatal(err)
	}
}

// The Round tab lists a request to drop with who, after which round,
// when and from which device; the Missing results list marks her table;
// Accept drops her after this round, Refuse keeps her in, and the list
// goes when nothing waits.
func TestTheRoundTabListsDropRequests(t *testing.T) {
	f := setup(t)
	es := f.Entries(t)
	if f.S.drops.box.Visible() {
		t.Fatal("the list shows with no request")
	}
	f.ask(t, es[0])
	f.ask(t, es[1])
	f.S.Load(f.E.ID)
	if !f.S.drops.box.Visible() || !uitest.HasText(f.W.Content(), "Drop requests: 2 players asked to drop") {
		t.Fatalf("no list: %q", uitest.Texts(f.W.Content()))
	}
	if !hasTextContaining(f.W.Content(), "Ada Lovelace · after round 1 · asked at ") || !hasTextContaining(f.W.Content(), "from device ada0f9") {
		t.Errorf("the row does not say who, when and from where: %q", uitest.Texts(f.W.Content()))
	}
	test.Tap(f.S.missing)
	top := f.W.Canvas().Overlays().Top()
	if said := strings.Join(uitest.Texts(top), "\n"); !strings.Contains(said, "asked to drop: Ada Lovelace") {
		t.Errorf("the missing list does not mark Ada: %q", said)
	}
	pressKey(f.W.Canvas(), fyne.KeyReturn)

	test.Tap(uitest.Button(t, f.W.Content(), "Accept", 0))
	f.S.Load(f.E.ID)
	got := f.Entries(t)
	if got[0].Status != event.EntryDropped || got[0].DroppedAfter != 1 {
		t.Fatalf("accepted: %+v", got[0])
	}
	test.Tap(uitest.Button(t, f.W.Content(), "Refuse", 0))
	f.S.Load(f.E.ID)
	if got := f.Entries(t); !got[1].Active() {
		t.Fatalf("refused, yet %+v", got[1])
	}
	if f.S.drops.box.Visible() || len(f.S.DropRequests()) != 0 {
		t.Error("the list still shows with nothing waiting")
	}
	f.Errs.None(t)
}
