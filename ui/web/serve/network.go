package serve

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	"tablekeeper/ui/web"
	"tablekeeper/ui/web/floods"
)

// The store network's staff from the command line (issue 19, item 8):
// what the window's Store network panel does for the network, so that a
// store running serve headless needs no window. The same actions run two
// ways: `tablekeeper network ACTION --db PATH …` while nothing else has
// the database open, and `ACTION …` typed on the console of
// `tablekeeper serve --console` while it serves (one process writes a
// database, so the console is how to act on a running network).
// Organizer actions on rounds stay on the desk.

// NetworkUsage is the network command's usage line.
const NetworkUsage = "network pins|judges|devices|log|alert --db PATH [flags]: see tablekeeper network help"

// networkHelp lists the actions, for `network help` and the console's
// help.
const networkHelp = `pins [--renew-judge] [--renew-kiosk] [--renew-scorekeeper] [--judge-pin CODE] [--kiosk-code CODE] [--scorekeeper-code CODE]
    print the judges' PIN, the tablet kiosk code and the scorekeeper code;
    renew any (a new judges' PIN signs every judge's phone out, a new kiosk
    code locks every tablet, a new scorekeeper code signs every scorekeeper
    station out), or set one you chose (8 letters and digits, 2-9 A-Z
    without I L O)
judges --event ID [--add NAME [--role judge|head-judge|organizer] [--order N]]
    list an event's judges, or add one (judges pick their name on /judge)
devices [--sign-out ID]
    list the judges' phones, kiosk tablets and scorekeeper stations signed
    in, or sign one out
log [--n N]
    print the alert of guesses, then the newest N lines of the sign-in log
    (every sign-in)
alert
    say how many wrong PINs, player codes and table codes were tried in the
    last 10 minutes, from how many devices and network addresses
addresses                      (serve --console only)
    print the addresses phones reach the network at
poster --out FILE [--event ID] [--paper A4|Letter]   (serve --console only)
    write the QR poster of an event (or of the event list) as a PDF
`

// networkArgs are an action's flags.
type networkArgs struct {
	action                 string
	db                     string
	renewJudge, renewKiosk bool
	renewScorekeeper       bool
	judgePIN, kioskCode    string
	scorekeeperCode        string
	event                  int64
	add, role              string
	order                  int
	signOut                int64
	n                      int
	out, paper             string
}

// parseNetwork reads an action and its flags; withDB asks for --db (the
// command line), not on serve's console.
func parseNetwork(args []string, withDB bool) (networkArgs, error) {
	var a networkArgs
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return a, cli.Usagef("say pins, judges, devices, log, alert or help")
	}
	a.action = args[0]
	fs := flag.NewFlagSet("network "+a.action, flag.ContinueOnError)
	if withDB {
		fs.StringVar(&a.db, "db", "", "database file")
	}
	switch a.action {
	case "pins":
		fs.BoolVar(&a.renewJudge, "renew-judge", false, "draw a new judges' PIN")
		fs.BoolVar(&a.renewKiosk, "renew-kiosk", false, "draw a new kiosk code")
		fs.StringVar(&a.judgePIN, "judge-pin", "", "set the judges' PIN")
		fs.StringVar(&a.kioskCode, "kiosk-code", "", "set the kiosk code")
		fs.BoolVar(&a.renewScorekeeper, "renew-scorekeeper", false, "draw a new scorekeeper code")
		fs.StringVar(&a.scorekeeperCode, "scorekeeper-code", "", "set the scorekeeper code")
	case "judges":
		fs.Int64Var(&a.event, "event", 0, "event ID")
		fs.StringVar(&a.add, "add", "", "name of a judge to add")
		fs.StringVar(&a.role, "role", string(event.RoleJudge), "judge, head-judge or organizer")
		fs.IntVar(&a.order, "order", 0, "multi-judge order, 1 to 5")
	case "devices":
		fs.Int64Var(&a.signOut, "sign-out", 0, "number of a device to sign out")
	case "log":
		fs.IntVar(&a.n, "n", 50, "lines")
	case "alert":
	case "poster":
		fs.StringVar(&a.out, "out", "", "PDF file to write")
		fs.Int64Var(&a.event, "event", 0, "event ID (0: the event list)")
		fs.StringVar(&a.paper, "paper", "A4", "A4 or Letter")
	case "addresses", "help":
	default:
		return a, cli.Usagef("unknown network action %q; say pins, judges, devices, log, alert or help", a.action)
	}
	if err := cli.Parse(fs, args[1:]); err != nil {
		return a, err
	}
	switch {
	case withDB && a.db == "" && a.action != "help":
		return a, cli.Usagef("--db is required")
	case a.action == "judges" && a.event < 1:
		return a, cli.Usagef("--event is required")
	case a.action == "log" && (a.n < 1 || a.n > 5000):
		return a, cli.Usagef("--n is a number of lines from 1 to 5000")
	case a.action == "poster" && a.out == "":
		return a, cli.Usagef("--out is required")
	}
	return a, nil
}

// Network is `tablekeeper network ACTION --db PATH …`.
func Network(args []string, stdout, _ io.Writer) error {
	a, err := parseNetwork(args, true)
	if err != nil {
		return err
	}
	if a.action == "help" {
		fmt.Fprint(stdout, networkHelp)
		return nil
	}
	if a.action == "addresses" || a.action == "poster" {
		return fmt.Errorf("%s needs the network running: start tablekeeper serve --console and type it there", a.action)
	}
	open := store.OpenExisting
	if readOnly(a) {
		open = store.OpenExistingShared
	}
	act := func(_ *store.DB, d *director.Director) error {
		return networkAction(context.Background(), d, nil, a, stdout)
	}
	err = cli.WithDB(a.db, open, act)
	if errors.Is(err, store.ErrLocked) && a.action == "pins" && !changesSecrets(a) {
		// The window or serve has the database: the secrets they drew
		// can still be read out (renewing or setting one is theirs to
		// do, and the store refuses this process's write beside them).
		err = cli.WithDB(a.db, store.OpenExistingShared, act)
	}
	if errors.Is(err, store.ErrLocked) {
		return fmt.Errorf("%s; while serve runs, start it with --console and type the command there", event.Message(err))
	}
	return err
}

// changesSecrets reports whether a pins action renews or sets any of the
// three secrets.
func changesSecrets(a networkArgs) bool {
	return a.renewJudge || a.renewKiosk || a.renewScorekeeper || a.judgePIN != "" || a.kioskCode != "" || a.scorekeeperCode != ""
}

// readOnly reports whether an action only reads (it may run beside a
// window or serve that has the database open).
func readOnly(a networkArgs) bool {
	switch a.action {
	case "judges":
		return a.add == ""
	case "devices":
		return a.signOut == 0
	case "log", "alert":
		return true
	}
	return false
}

// networkAction does an action on d; run is the running network on
// serve's console (nil on the command line).
func networkAction(ctx context.Context, d *director.Director, run *web.Running, a networkArgs, w io.Writer) error {
	switch a.action {
	case "help":
		fmt.Fprint(w, networkHelp)
		return nil
	case "pins":
		return networkPins(ctx, d, a, w)
	case "judges":
		return networkJudges(ctx, d, a, w)
	case "devices":
		return networkDevices(ctx, d, a, w)
	case "log":
		return networkLog(ctx, d, run, a, w)
	case "alert":
		return networkAlert(ctx, d, run, w)
	case "addresses":
		for _, u := range run.URLs() {
			fmt.Fprintln(w, u)
		}
		return nil
	case "poster":
		if err := run.WritePoster(ctx, event.EventID(a.event), a.paper, a.out); err != nil {
			return err
		}
		fmt.Fprintf(w, "QR poster written to %s\n", a.out)
		return nil
	}
	return cli.Usagef("unknown network action %q", a.action)
}

// networkPins prints the three secrets, after renewing or setting them.
func networkPins(ctx context.Context, d *director.Director, a networkArgs, w io.Writer) error {
	var pin, code string
	var err error
	switch {
	case a.judgePIN != "":
		pin, err = d.Phones.SetJudgePIN(ctx, a.judgePIN)
	case a.renewJudge:
		pin, err = d.Phones.RenewJudgePIN(ctx)
	default:
		pin, err = d.Phones.JudgePIN(ctx)
	}
	if err != nil {
		return err
	}
	switch {
	case a.kioskCode != "":
		code, err = d.Phones.SetKioskCode(ctx, a.kioskCode)
	case a.renewKiosk:
		code, err = d.Phones.RenewKioskCode(ctx)
	default:
		code, err = d.Phones.KioskCode(ctx)
	}
	if err != nil {
		return err
	}
	say := func(what, secret string, changed bool, after string) {
		fmt.Fprintf(w, "%s: %s", what, director.FormatSecret(secret))
		if changed {
			fmt.Fprintf(w, " (new: %s)", after)
		}
		fmt.Fprintln(w)
	}
	say("judges' PIN", pin, a.renewJudge || a.judgePIN != "", "every judge's phone was signed out")
	say("kiosk code", code, a.renewKiosk || a.kioskCode != "", "every kiosk tablet was locked")
	score, err := scorekeeperCode(ctx, d, a)
	if err != nil {
		return err
	}
	say("scorekeeper code", score, a.renewScorekeeper || a.scorekeeperCode != "", "every scorekeeper station was signed out")
	return nil
}

// scorekeeperCode is the scorekeeper code, after renewing or setting it.
func scorekeeperCode(ctx context.Context, d *director.Director, a networkArgs) (string, error) {
	switch {
	case a.scorekeeperCode != "":
		return d.Stations.SetScorekeeperCode(ctx, a.scorekeeperCode)
	case a.renewScorekeeper:
		return d.Stations.RenewScorekeeperCode(ctx)
	}
	return d.Stations.ScorekeeperCode(ctx)
}

// networkJudges lists an event's judges, after adding one.
func networkJudges(ctx context.Context, d *director.Director, a networkArgs, w io.Writer) error {
	id := event.EventID(a.event)
	if a.add != "" {
		j, err := d.Judging.AddJudge(ctx, id, director.NewJudge{Name: a.add, Role: event.JudgeRole(a.role), Order: a.order})
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "added judge %d: %s\n", j.ID, j.Name)
	}
	judges, err := d.Judging.Judges(ctx, id)
	if err != nil {
		return err
	}
	if len(judges) == 0 {
		fmt.Fprintf(w, "event %d has no judges yet; add one with --add NAME\n", id)
	}
	for _, j := range judges {
		order := ""
		if j.Order > 0 {
			order = fmt.Sprintf(", order %d", j.Order)
		}
		fmt.Fprintf(w, "%d\t%s\t%s%s\n", j.ID, j.Name, j.Role, order)
	}
	return nil
}

// networkDevices lists the devices signed in, after signing one out.
func networkDevices(ctx context.Context, d *director.Director, a networkArgs, w io.Writer) error {
	if a.signOut != 0 {
		if err := d.Phones.SignOutDevice(ctx, a.signOut); err != nil {
			return err
		}
		fmt.Fprintf(w, "device %d signed out: it is refused at its next request\n", a.signOut)
	}
	list, err := d.Phones.SignedInDevices(ctx)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintln(w, "no judge's phone, kiosk tablet or scorekeeper station is signed in")
	}
	for _, s := range list {
		what := "judge's phone"
		switch s.Kind {
		case director.KindKiosk:
			what = fmt.Sprintf("kiosk tablet, event %d", s.Event)
		case director.KindScorekeeper:
			what = fmt.Sprintf("scorekeeper station of %s", s.Name)
		}
		fmt.Fprintf(w, "%d\t%s\tdevice %s\t%s\tsince %s\tlast seen %s\n", s.ID, what, director.DeviceName(s.Device), s.Address,
			clockTime(s.Started), clockTime(s.LastSeen))
	}
	return nil
}

// networkLog prints the alert of guesses, when there were any (counted,
// not logged one by one), then the newest lines of the sign-in log.
func networkLog(ctx context.Context, d *director.Director, run *web.Running, a networkArgs, w io.Writer) error {
	al, err := alertOf(ctx, d, run)
	if err != nil {
		return err
	}
	if al.Any() {
		for _, l := range al.Lines() {
			fmt.Fprintln(w, l.In(i18n.English))
		}
	}
	lines, err := d.Phones.SignInLog(ctx, a.n)
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		fmt.Fprintln(w, "nobody has signed in yet")
	}
	for _, l := range lines {
		at := l.At.Local().Format("2006-01-02 15:04:05")
		if l.Outcome == "paused" {
			fmt.Fprintf(w, "%s\tPIN sign-in paused\t%d tries refused from %d devices\n", at, l.Count, l.Devices)
			continue
		}
		fmt.Fprintf(w, "%s\t%s\t%s\tdevice %s\t%s\n", at, l.Kind, l.Outcome, director.DeviceName(l.Device), l.Address)
	}
	return nil
}

// alertOf is the alert of guesses: run's counts on serve's console, else
// those the serving process keeps in one setting of the database.
func alertOf(ctx context.Context, d *director.Director, run *web.Running) (floods.Alert, error) {
	if run != nil {
		return run.Alert(ctx)
	}
	return floods.New(d.Network, time.Now).Alert(ctx)
}

// networkAlert says the alert of guesses: the serving process's counts,
// which it keeps in one setting of the database.
func networkAlert(ctx context.Context, d *director.Director, run *web.Running, w io.Writer) error {
	al, err := alertOf(ctx, d, run)
	if err != nil {
		return err
	}
	if !al.Any() {
		fmt.Fprintf(w, "no wrong PIN, player code or table code in the last %d minutes\n", int(floods.Window/time.Minute))
		return nil
	}
	for _, l := range al.Lines() {
		fmt.Fprintln(w, l.In(i18n.English))
	}
	return nil
}

func clockTime(t time.Time) string { return t.Local().Format("15:04") }

// console reads actions typed on serve's console, one a line, until in
// ends or ctx does, and answers each on w.
func console(ctx context.Context, d *director.Director, run *web.Running, cl consoleActions, in io.Reader, w io.Writer) {
	fmt.Fprintln(w, "console: type help for the network's commands")
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		if ctx.Err() != nil {
			return
		}
		words, err := splitWords(lines.Text())
		if err == nil && len(words) == 0 {
			continue
		}
		if err == nil {
			if act, ok := cl[words[0]]; ok {
				err = act(ctx, words[1:], w)
				report(w, err)
				continue
			}
		}
		var a networkArgs
		if err == nil {
			a, err = parseNetwork(words, false)
		}
		if err == nil {
			err = networkAction(ctx, d, run, a, w)
		}
		if err == nil && len(words) > 0 && words[0] == "help" && len(cl) > 0 {
			fmt.Fprint(w, clusterHelp)
		}
		report(w, err)
	}
}

// report says a console action's error, if any.
func report(w io.Writer, err error) {
	if err == nil {
		return
	}
	var u cli.UsageError
	if errors.As(err, &u) {
		fmt.Fprintf(w, "%s (type help)\n", u.Msg)
	} else {
		fmt.Fprintf(w, "%s\n", event.Message(err))
	}
}

// splitWords splits a console line into words: spaces between, "double
// quotes" around a word with spaces (a judge's name).
func splitWords(s string) ([]string, error) {
	var out []string
	var word strings.Builder
	in, quoted := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, in = !quoted, true
		case unicode.IsSpace(r) && !quoted:
			if in {
				out = append(out, word.String())
				word.Reset()
			}
			in = false
		default:
			word.WriteRune(r)
			in = true
		}
	}
	if quoted {
		return nil, cli.Usagef("a quote is not closed")
	}
	if in {
		out = append(out, word.String())
	}
	return out, nil
}
