package store

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/storage"
)

// A database of schema version 16 keeps its judges' phones signed in and
// takes, from migration 17, the judge each acts as in each event: one
// choice per event (a new one replaces it), only one of that event's
// judges, gone with the session when it is pruned.
func TestMigration17KeepsTheJudgeAPhoneChose(t *testing.T) {
	path, old := openOlder(t, 16)
	f := newFixture(t, old, 2)
	var grace, ben, other event.Judge
	var session storage.StaffSession
	write(t, old, func(tx *Tx) error {
		second := event.Event{Name: "Saturday", Game: "keyforge", Format: "archon", Date: t0, State: event.StateRegistration, Settings: swissSettings(), CreatedAt: t0}
		must(t, tx.CreateEvent(&second))
		grace = event.Judge{EventID: f.event.ID, Name: "Grace", Role: event.RoleHeadJudge}
		ben = event.Judge{EventID: f.event.ID, Name: "Ben", Role: event.RoleJudge}
		other = event.Judge{EventID: second.ID, Name: "Ida", Role: event.RoleHeadJudge}
		for _, j := range []*event.Judge{&grace, &ben, &other} {
			must(t, tx.CreateJudge(j))
		}
		session = storage.StaffSession{TokenHash: "h", Kind: "judge", Device: "dev", Started: t0, LastSeen: t0, Expires: t0.Add(time.Hour)}
		return tx.AddStaffSession(&session)
	})
	must(t, old.Close())

	db, err := Open(path)
	must(t, err)
	defer db.Close()
	write(t, db, func(tx *Tx) error {
		if got, err := tx.StaffJudges(session.ID); err != nil || len(got) != 0 {
			t.Errorf("an old session's judges: %v, %v", got, err)
		}
		must(t, tx.SetStaffJudge(session.ID, f.event.ID, grace.ID))
		must(t, tx.SetStaffJudge(session.ID, f.event.ID, ben.ID))
		if err := tx.SetStaffJudge(session.ID, f.event.ID, other.ID); !errors.Is(err, event.ErrNotFound) {
			t.Errorf("another event's judge: %v, want ErrNotFound", err)
		}
		must(t, tx.SetStaffJudge(session.ID, other.EventID, other.ID))
		got, err := tx.StaffJudges(session.ID)
		if err != nil || len(got) != 2 || got[f.event.ID] != ben.ID || got[other.EventID] != other.ID {
			t.Errorf("the phone's judges: %v, %v", got, err)
		}
		if _, err := tx.EndStaffSessions("", session.ID, t0, "signed-out"); err != nil {
			return err
		}
		must(t, tx.PruneStaffSessions(t0.Add(time.Minute)))
		if got, err := tx.StaffJudges(session.ID); err != nil || len(got) != 0 {
			t.Errorf("a pruned session's judges: %v, %v", got, err)
		}
		return nil
	})
}

// A reader (check, export, backup) of a database an older Tablekeeper
// holds does not bring its schema up to date under it: that writes, and
// is refused with the holder named; once the holder has closed, the
// reader migrates it.
func TestAReaderDoesNotMigrateADatabaseAnOlderWriterHolds(t *testing.T) {
	path, old := openOlder(t, 16)
	must(t, old.Close())
	// An older Tablekeeper locks the name only.
	held := flock.New(lockPath(path))
	if ok, err := held.TryLock(); !ok || err != nil {
		t.Fatalf("the older writer's lock: %v %v", ok, err)
	}
	if err := wantRefusal(t, OpenShared, path, ErrLocked, "a reader of an older database held by its writer"); !strings.Contains(i18n.Error(i18n.English, err), "open in an older Tablekeeper") {
		t.Errorf("the refusal says %q", i18n.Error(i18n.English, err))
	} else if fr := i18n.Error(i18n.French, err); !strings.Contains(fr, "Tablekeeper plus ancien") {
		t.Errorf("the French refusal says %q", fr)
	}
	if _, version := fileHeader(t, path); version != 16 {
		t.Fatalf("user_version %d under the older writer", version)
	}
	must(t, held.Close())
	db, err := OpenShared(path)
	must(t, err)
	must(t, db.Close())
	if _, version := fileHeader(t, path); version != int64(latestVersion(t)) {
		t.Errorf("user_version %d once the writer closed, want %d", version, latestVersion(t))
	}
}
