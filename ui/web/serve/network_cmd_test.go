package serve

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tablekeeper/core/director"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	"tablekeeper/ui/web/floods"
)

// secretLine matches a line printing a secret: two groups of four.
var secretLine = regexp.MustCompile(`^(judges' PIN|kiosk code|scorekeeper code): ([2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4})`)

// networkDB is a database with one event and a judge's phone signed in.
func networkDB(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "t.db")
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d := cli.NewDirector(st)
	if _, err := d.Events.CreateEvent(ctx, director.NewEvent{Name: "Friday Night", Game: "altered", Format: "standard-bo3"}); err != nil {
		t.Fatal(err)
	}
	pin, _ := d.Phones.JudgePIN(ctx)
	err = d.Phones.SignIn(ctx, director.SignInTry{Kind: director.KindJudge, Secret: pin, Device: "abcdef123456", Address: "192.168.1.40",
		Token: strings.Repeat("ab", 32), TTL: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// `tablekeeper network` prints and renews the secrets, adds and lists
// judges, lists and signs out devices, prints the log and the alert.
func TestTheNetworkCommandDoesWhatThePanelDoes(t *testing.T) {
	db := networkDB(t)
	must := func(args ...string) string {
		t.Helper()
		code, out, stderr := runCmd(append([]string{"network"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", args, code, stderr)
		}
		return out
	}
	first := strings.Split(must("pins", "--db", db), "\n")
	if len(first) != 4 || !secretLine.MatchString(first[0]) || !secretLine.MatchString(first[1]) || !secretLine.MatchString(first[2]) {
		t.Fatalf("pins printed %q", first)
	}
	renewed := must("pins", "--db", db, "--renew-judge")
	if !strings.Contains(renewed, "(new: every judge's phone was signed out)") || strings.Contains(renewed, first[0]) || !strings.Contains(renewed, first[1]) {
		t.Errorf("renewed: %q (before %q)", renewed, first)
	}
	if out := must("pins", "--db", db, "--kiosk-code", "k7qm x2pa"); !strings.Contains(out, "kiosk code: K7QM-X2PA (new: every kiosk tablet was locked)") {
		t.Errorf("set kiosk code: %q", out)
	}
	renewed = must("pins", "--db", db, "--renew-scorekeeper")
	if !strings.Contains(renewed, "(new: every scorekeeper station was signed out)") || strings.Contains(renewed, first[2]) {
		t.Errorf("renewed scorekeeper code: %q (before %q)", renewed, first)
	}
	if out := must("pins", "--db", db, "--scorekeeper-code", "M7QK-X2PB"); !strings.Contains(out, "scorekeeper code: M7QK-X2PB (new: every scorekeeper station was signed out)") {
		t.Errorf("set scorekeeper code: %q", out)
	}
	if code, _, stderr := runCmd("network", "pins", "--db", db, "--judge-pin", "1234"); code != 1 || !strings.Contains(stderr, "a PIN or code is 8 characters") {
		t.Errorf("a short PIN: exit %d, %q", code, stderr)
	}
	if out := must("judges", "--db", db, "--event", "1", "--add", "Grace Hopper", "--role", "head-judge"); !strings.Contains(out, "added judge 1: Grace Hopper") ||
		!strings.Contains(out, "1\tGrace Hopper\thead-judge, order 1") {
		t.Errorf("judges: %q", out)
	}
	// The new judges' PIN signed the phone out; the log says it signed in.
	if out := must("devices", "--db", db); out != "no judge's phone, kiosk tablet or scorekeeper station is signed in\n" {
		t.Errorf("devices: %q", out)
	}
	if out := must("log", "--db", db); !strings.Contains(out, "judge\tsigned-in\tdevice abcdef\t192.168.1.40") {
		t.Errorf("log: %q", out)
	}
	if out := must("alert", "--db", db); out != "no wrong PIN, player code or table code in the last 10 minutes\n" {
		t.Errorf("alert: %q", out)
	}
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"network"}, "say pins, judges"},
		{[]string{"network", "fly", "--db", db}, "unknown network action"},
		{[]string{"network", "pins"}, "--db is required"},
		{[]string{"network", "judges", "--db", db}, "--event is required"},
		{[]string{"network", "poster", "--db", db, "--out", "x.pdf"}, "needs the network running"},
	} {
		if code, _, stderr := runCmd(c.args...); code == 0 || !strings.Contains(stderr, c.says) {
			t.Errorf("%v: exit %d, %q", c.args, code, stderr)
		}
	}
}

// serve prints the judges' PIN and the kiosk code at start, and with
// --console answers the network's commands typed while it serves: a
// device signed out there is refused at once.
func TestServePrintsTheSecretsAndTakesCommandsOnItsConsole(t *testing.T) {
	db := networkDB(t)
	in, typed := io.Pipe()
	sv := startServe(t, db, in, "--console")
	next := func() string {
		t.Helper()
		return sv.next(t)
	}
	url := strings.TrimPrefix(next(), "serving ")
	if l := next(); !secretLine.MatchString(l) || !strings.Contains(l, "(judges open "+url+"judge)") {
		t.Errorf("second line %q", l)
	}
	if l := next(); !strings.HasPrefix(l, "kiosk code: ") {
		t.Errorf("third line %q", l)
	}
	if l := next(); !strings.HasPrefix(l, "scorekeeper code: ") || !strings.Contains(l, url+"scorekeeper") {
		t.Errorf("fourth line %q", l)
	}
	if l := next(); l != "console: type help for the network's commands" {
		t.Errorf("fourth line %q", l)
	}
	say := func(cmd string) string {
		t.Helper()
		fmt.Fprintln(typed, cmd)
		return next()
	}
	if l := say("devices"); !strings.HasPrefix(l, "1\tjudge's phone\tdevice abcdef\t192.168.1.40\tsince ") {
		t.Errorf("devices: %q", l)
	}
	if l := say(`judges --event 1 --add "Ada Lovelace"`); l != "added judge 1: Ada Lovelace" {
		t.Errorf("add a judge: %q", l)
	}
	next() // the list of judges
	if l := say("devices --sign-out 1"); l != "device 1 signed out: it is refused at its next request" {
		t.Errorf("sign out: %q", l)
	}
	next() // no device
	if l := say("addresses"); l != url {
		t.Errorf("addresses: %q", l)
	}
	if l := say("fly"); !strings.Contains(l, "unknown network action") {
		t.Errorf("a wrong command: %q", l)
	}
	poster := filepath.Join(t.TempDir(), "poster.pdf")
	if l := say("poster --event 1 --out " + poster); l != "QR poster written to "+poster {
		t.Errorf("poster: %q", l)
	}
	sv.cancel()
	typed.Close()
	sv.drain()
	sv.stop(t)
}

// `network devices` names a scorekeeper station by its operator.
func TestTheNetworkCommandListsScorekeeperStations(t *testing.T) {
	db := networkDB(t)
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	d := cli.NewDirector(st)
	code, _ := d.Stations.ScorekeeperCode(context.Background())
	err = d.Phones.SignIn(context.Background(), director.SignInTry{Kind: director.KindScorekeeper, Secret: code, Name: "Bea", Device: "fedcba654321",
		Address: "192.168.1.41", Token: strings.Repeat("cd", 32), TTL: time.Hour})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	code2, out, stderr := runCmd("network", "devices", "--db", db)
	if code2 != 0 || !strings.Contains(out, "\tscorekeeper station of Bea\tdevice fedcba\t192.168.1.41\t") {
		t.Errorf("devices: exit %d, %q %s", code2, out, stderr)
	}
}

// `network alert` and `network log`, run beside the process serving the
// network (which holds the database), say the guesses that process
// counted: it keeps them in one setting rewritten in place.
func TestTheNetworkAlertCommandReadsTheServingProcesssCounts(t *testing.T) {
	ctx := context.Background()
	db := networkDB(t)
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	serving := floods.New(cli.NewDirector(st).Network, time.Now)
	for i := range 12 {
		serving.Note(ctx, floods.PlayerCode, fmt.Sprint("device", i%6), fmt.Sprint("10.0.0.", i%3))
	}
	serving.Note(ctx, floods.PIN, "", "10.0.0.9")
	serving.Save(ctx) // as it does every few seconds

	code, out, stderr := runCmd("network", "alert", "--db", db)
	if code != 0 || !strings.Contains(out, "wrong player codes from 6 devices and 3 network addresses in the last 10 minutes") {
		t.Errorf("alert beside the serving process: exit %d, %q %s", code, out, stderr)
	}
	if code, out, _ := runCmd("network", "log", "--db", db); code != 0 || !strings.Contains(out, "network addresses in the last 10 minutes") ||
		!strings.Contains(out, "judge\tsigned-in") {
		t.Errorf("log beside the serving process: exit %d, %q", code, out)
	}
}
