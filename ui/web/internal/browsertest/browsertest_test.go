package browsertest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestMain(m *testing.M) {
	code := m.Run()
	Close()
	os.Exit(code)
}

// Two tabs share one chromium but not their cookies, each has the size
// asked for, and a chromium that went away is started again for the next
// test instead of failing it.
func TestTabsShareOneBrowserButNotCookies(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/set" {
			http.SetCookie(w, &http.Cookie{Name: "who", Value: "a"})
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<p id="c"></p><script>document.getElementById('c').textContent = document.cookie + '|' + innerWidth</script>`))
	}))
	defer srv.Close()
	a, b := Open(t, 390, 844), Open(t, 1024, 768)
	if chromedp.FromContext(a).Browser != chromedp.FromContext(b).Browser {
		t.Error("two tabs started two browsers")
	}
	Run(t, a, "set a cookie", chromedp.Navigate(srv.URL+"/set"), chromedp.Navigate(srv.URL+"/"))
	WaitText(t, a, "#c", "who=a|390", 5*time.Second)
	Run(t, b, "open", chromedp.Navigate(srv.URL+"/"))
	WaitText(t, b, "#c", "|1024", 5*time.Second)
	if got := TextOf(t, b, "#c"); got != "|1024" {
		t.Errorf("the second tab reads %q: it shares the first one's cookies", got)
	}

	first := chromedp.FromContext(a).Browser
	if err := first.Process().Kill(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !gone() && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	c := Open(t, 390, 844)
	if chromedp.FromContext(c).Browser == first {
		t.Fatal("a tab opened in the browser that was killed")
	}
	Run(t, c, "open", chromedp.Navigate(srv.URL+"/"))
	WaitText(t, c, "#c", "|390", 5*time.Second)
}

// gone says whether the shared browser's context has ended.
func gone() bool {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	return shared.ctx == nil || shared.ctx.Err() != nil
}

// A wait ends false at its time when the text never comes, and outlives
// a navigation: the text that the next page shows ends it.
func TestWaitEndsAtItsTimeAndOutlivesANavigation(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/two" {
			w.Write([]byte(`<p id="c">two</p>`))
			return
		}
		w.Write([]byte(`<p id="c">one</p><script>setTimeout(() => { location.href = '/two' }, 200)</script>`))
	}))
	defer srv.Close()
	ctx := Open(t, 390, 844)
	Run(t, ctx, "open", chromedp.Navigate(srv.URL+"/"))
	if !waitIn(ctx, `(document.querySelector('#c')?.textContent ?? "") === 'two'`, 10*time.Second) {
		t.Fatal("the wait did not see the next page's text")
	}
	start := time.Now()
	if waitIn(ctx, `(document.querySelector('#c')?.textContent ?? "") === 'three'`, 300*time.Millisecond) {
		t.Fatal("the wait saw a text no page shows")
	}
	if took := time.Since(start); took < 300*time.Millisecond {
		t.Errorf("the wait ended after %v, before its 300 ms", took)
	}
}
