package serve

import (
	"context"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/store"
	"tablekeeper/internal/cli"
	"tablekeeper/ui/web/internal/browsertest"
)

// seatOne is the entry in table 1's first seat of the open round of the
// event in db (event 1), her player code, the judges' PIN (its one judge
// added) and the kiosk code.
func seatOne(t *testing.T, db string) (entry event.EntryID, code, pin, kiosk string) {
	t.Helper()
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d := cli.NewDirector(st)
	b, err := d.Views.Board(context.Background(), 1)
	if err != nil || len(b.Rounds) == 0 {
		t.Fatalf("board: %v", err)
	}
	r := b.Rounds[len(b.Rounds)-1]
	entry = r.Tables[0].Seats[0].EntryID
	if code, err = d.Phones.PlayerCode(context.Background(), entry); err != nil {
		t.Fatal(err)
	}
	if pin, err = d.Phones.JudgePIN(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Judging.AddJudge(context.Background(), 1, director.NewJudge{Name: "Zoë Lefèvre", Role: event.RoleJudge}); err != nil {
		t.Fatal(err)
	}
	if kiosk, err = d.Phones.KioskCode(context.Background()); err != nil {
		t.Fatal(err)
	}
	return entry, code, pin, kiosk
}

// threeInStep waits up to 30 s for the first laptop to lead the three, each
// in step.
func threeInStep(t *testing.T, url string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		st := clusterOf(t, url)
		in := 0
		for _, m := range st.Members {
			if m.InStep {
				in++
			}
		}
		if st.Leader == st.Self && in == 3 {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("three laptops not in step: %+v", clusterOf(t, url))
}

// A player's phone follows the host to another laptop when the host dies
// (issue 29): the report page and the pairings page, loaded from the host,
// stay open while the host is killed (SIGKILL); the report she then sends
// reaches the new host from the same page, without a reload, and the page
// shows it recorded; the pairings page, its stream moved to the new host,
// shows a result reported there; a judge's page opens itself on the new
// host, still signed in; a kiosk tablet opens itself there, unlocked,
// with the name being typed in its search; and a tab of the moved page
// opens on the new host with her still signed in.
func TestBrowserAPhoneFollowsTheHostToAnotherLaptop(t *testing.T) {
	if os.Getenv(chaosEnv) != "" {
		return
	}
	if testing.Short() {
		t.Skip("three processes and chromium: the plain pass runs it")
	}
	browsertest.Chromium(t)
	dir := t.TempDir()
	ls := make([]*chaosLaptop, 3)
	for i := range ls {
		ls[i] = &chaosLaptop{db: filepath.Join(dir, fmt.Sprintf("%c.db", 'a'+i)), web: freeAddr(t), cluster: freeAddr(t),
			out: filepath.Join(dir, fmt.Sprintf("%c.out", 'a'+i))}
	}
	_, codes := openRoundDB(t, ls[0].db, 8, 1)
	entry, playerCode, pin, kioskCode := seatOne(t, ls[0].db)
	defer func() {
		for _, l := range ls {
			l.kill()
		}
	}()
	ls[0].start(t)
	code := waitSaid(t, ls[0], "join code: ")
	for _, l := range ls[1:] {
		l.start(t, "--join", ls[0].cluster, "--join-code", code)
		waitSaid(t, l, "standby of ", "join code: ")
	}
	urls := []string{"http://" + ls[0].web + "/", "http://" + ls[1].web + "/", "http://" + ls[2].web + "/"}
	threeInStep(t, urls[0])

	host := urls[0] + "events/1"
	phone := browsertest.Open(t, 390, 844)
	browsertest.Run(t, phone, "open the event", chromedp.Navigate(host))
	signIn(t, phone, entry, playerCode)
	browsertest.Run(t, phone, "open the report page", chromedp.Navigate(host+"/report?table=1"))
	browsertest.WaitText(t, phone, "#r-sides", " v ", 10*time.Second)
	tv := browsertest.Open(t, 1024, 768)
	browsertest.Run(t, tv, "open the pairings", chromedp.Navigate(host+"/pairings"))
	browsertest.WaitText(t, tv, "main", "Table", 10*time.Second)
	waitTrue(t, tv, `(Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'By table').click(), true)`, time.Second)
	judge := browsertest.Open(t, 390, 844)
	browsertest.Run(t, judge, "judge sign-in", chromedp.Navigate(urls[0]+"judge"), chromedp.WaitVisible(chromedp.ID("j-pin")),
		chromedp.SendKeys(chromedp.ID("j-pin"), pin), chromedp.Click(chromedp.CSS("button.j-primary")), chromedp.WaitVisible(chromedp.CSS("a.j-item")))
	browsertest.Run(t, judge, "open the event", chromedp.Navigate(urls[0]+"judge/events/1"), chromedp.Click(chromedp.CSS("button.j-item")))
	waitTrue(t, judge, `!!document.querySelector('.j-app[data-live]')`, 10*time.Second)
	tablet := browsertest.Open(t, 1024, 768)
	search := chromedp.CSS(`.k-search input[name="q"]`)
	browsertest.Run(t, tablet, "open the kiosk", chromedp.Navigate(host+"/kiosk"), chromedp.WaitVisible(chromedp.ID("k-pin")),
		chromedp.SendKeys(chromedp.ID("k-pin"), kioskCode), chromedp.Click(chromedp.CSS("button[type=submit]")),
		chromedp.WaitVisible(search), chromedp.SendKeys(search, "Pla"))
	waitTrue(t, tablet, `location.search === '?q=Pla'`, 10*time.Second)
	for _, ctx := range []context.Context{phone, tv, judge, tablet} {
		waitTrue(t, ctx, `performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/cluster'))`, 15*time.Second)
		waitTrue(t, ctx, `(window.stayed = true)`, time.Second)
	}

	ls[0].kill()
	killed := time.Now()
	leader := waitLeader(urls, 0, 15*time.Second)
	if leader < 0 {
		t.Fatal("no new host within 15 s")
	}
	t.Logf("new host %s after %v", urls[leader], time.Since(killed))

	// Her report, from the page the dead host served.
	waitTrue(t, phone, `(document.getElementById('r-other').open = true)`, time.Second)
	browsertest.Run(t, phone, "type the result", chromedp.SendKeys(chromedp.ID("r-result"), "2-0"), chromedp.SendKeys(chromedp.ID("r-code"), codes[1]),
		chromedp.Click(chromedp.ID("r-send")))
	browsertest.WaitText(t, phone, "#r-result-now", "2", 30*time.Second)
	// Its live stream follows too.
	waitTrue(t, phone, `!document.getElementById('live').classList.contains('off')`, 15*time.Second)
	browsertest.Screenshot(t, phone, os.Getenv("TK_SHOTS"), "failover-report.png")
	if got := resultOn(t, urls[leader], 1); got == "" {
		t.Fatal("her report is not on the new host")
	}

	// Another table's result, reported on the new host, reaches the
	// pairings page through its moved stream.
	if status, outcome, _, _ := phoneReport(asked, urls[leader:leader+1], 1, 2, codes[2], "0-2", mrand.New(mrand.NewPCG(1, 2))); status != 200 {
		t.Fatalf("table 2's report: %d %s", status, outcome)
	}
	waitTrue(t, tv, `document.querySelector('main').textContent.includes('0–2')`, 30*time.Second)
	for _, ctx := range []context.Context{phone, tv} {
		waitTrue(t, ctx, `window.stayed === true`, time.Second)
	}
	// The judge's page, whose forms post to its own address, opens on the
	// new host, signed in.
	newOrigin := strconv.Quote(urls[leader][:len(urls[leader])-1])
	waitTrue(t, judge, `location.origin === `+newOrigin+` && !!document.querySelector('.j-app[data-live]')`, 30*time.Second)

	// The kiosk tablet, its search as it was, unlocked.
	waitTrue(t, tablet, `location.origin === `+newOrigin+` && document.querySelector('.k-search input[name="q"]').value === 'Pla'`, 30*time.Second)
	browsertest.Screenshot(t, tablet, os.Getenv("TK_SHOTS"), "failover-kiosk.png")

	// A tab of the moved page opens on the new host, signed in.
	browsertest.Run(t, phone, "tap Me", chromedp.Click(chromedp.CSS(`nav.tabs a[href="/events/1"]`)))
	waitTrue(t, phone, `location.origin === `+newOrigin, 15*time.Second)
	browsertest.WaitText(t, phone, "#my-table", "1", 15*time.Second)
}

// signIn signs the page's phone in as entry with her player code, as the
// event's page does.
func signIn(t *testing.T, ctx context.Context, entry event.EntryID, code string) {
	t.Helper()
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`fetch('/api/events/1/me/signin', {method: 'POST',
		headers: {'Content-Type': 'application/json'}, body: JSON.stringify({entry: %d, code: %q})}).then((r) => r.ok)`, entry, code),
		chromedp.EvalAwaitPromise))
	if err != nil || !ok {
		t.Fatalf("sign in as %d: %v %v", entry, ok, err)
	}
}

// waitTrue waits for a page's expression to be true.
var waitTrue = browsertest.WaitTrue

// resultOn is table's result in round 1 as laptop url's API says it, ""
// while it has none.
func resultOn(t *testing.T, url string, table int) string {
	t.Helper()
	resp, err := asked.Get(url + "api/events/1/pairings?round=1")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct {
		Tables []struct {
			Number int     `json:"number"`
			Result *string `json:"result"`
		} `json:"tables"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	for _, tb := range r.Tables {
		if tb.Number == table && tb.Result != nil {
			return *tb.Result
		}
	}
	return ""
}
