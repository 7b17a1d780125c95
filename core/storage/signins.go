package storage

import (
	"time"

	"tablekeeper/core/event"
)

// SignIns is what the store network keeps of its staff sign-ins: the log
// of every sign-in (and, from before issue 27, of wrong PINs and pauses),
// and the devices signed in (judges' phones, kiosk tablets).
type SignIns interface {
	// AddSignIn appends a line to the sign-in log and sets l.ID.
	AddSignIn(l *SignInLine) error
	// SignInLog lists the newest limit lines of the log, newest first.
	SignInLog(limit int) ([]SignInLine, error)
	// TrimSignIns deletes the log's lines but the newest keep.
	TrimSignIns(keep int) error

	// AddStaffSession saves an open session and sets s.ID; its token hash
	// is unique.
	AddStaffSession(s *StaffSession) error
	// StaffSessionByToken returns the session, open or ended, whose token
	// hashes to hash (ErrNotFound for none).
	StaffSessionByToken(hash string) (StaffSession, error)
	// OpenStaffSessions lists the open sessions, oldest first.
	OpenStaffSessions() ([]StaffSession, error)
	// TouchStaffSession sets an open session's last request time and
	// address.
	TouchStaffSession(id int64, at time.Time, address string) error
	// EndStaffSessions ends the open sessions of kind ("" every kind) or,
	// when id is not 0, the one session id, at a time and for why; it
	// returns how many it ended.
	EndStaffSessions(kind string, id int64, at time.Time, why string) (int, error)
	// PruneStaffSessions deletes the sessions that ended (or expired)
	// before a time.
	PruneStaffSessions(before time.Time) error
	// SetStaffJudge keeps the judge a judge's phone (session id) acts as
	// in event e, in place of the one it chose there before; the judge
	// must be one of e's (ErrNotFound otherwise).
	SetStaffJudge(session int64, e event.EventID, j event.JudgeID) error
	// StaffJudges returns the judge a judge's phone (session id) acts as,
	// in each event where it chose one.
	StaffJudges(session int64) (map[event.EventID]event.JudgeID, error)
}

// SignInLine is a line of the sign-in log.
type SignInLine struct {
	ID int64
	At time.Time
	// Kind is "judge", "kiosk", "scorekeeper", "player" or "any" (a
	// pause refuses every staff kind).
	Kind string
	// Outcome is "signed-in", "wrong" or "paused".
	Outcome string
	Device  string
	Address string
	// Count is the tries the line stands for: 1, or the refused tries of
	// a pause; Devices the distinct devices among them.
	Count, Devices int
}

// StaffSession is a device signed in to a staff area.
type StaffSession struct {
	ID        int64
	TokenHash string
	// Kind is "judge", "kiosk", "scorekeeper" or "player".
	Kind string
	// Event is the event a kiosk tablet is unlocked for, or a player's
	// phone signed in to (0 for a judge or a scorekeeper station).
	Event int64
	// Entry is the entry a player's phone signed in as (0 for staff).
	Entry int64
	// Name is the name a scorekeeper station signed in with ("" for the
	// other kinds).
	Name     string
	Device   string
	Address  string
	Started  time.Time
	LastSeen time.Time
	Expires  time.Time
	// Ended is zero while the session is open; Why says who ended it.
	Ended time.Time
	Why   string
	// Judges is, for a judge's phone, the judge it acts as in each event
	// where it chose one (SignIns.StaffJudges; nil where not read).
	Judges map[event.EventID]event.JudgeID
}
