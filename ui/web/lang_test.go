package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tablekeeper/core/i18n"
	"tablekeeper/core/rules"
	"tablekeeper/ui/web/internal/webtest"
)

func TestAPageSpeaksTheLanguageTheBrowserAsksFor(t *testing.T) {
	f := newFixture(t)
	f.Event("altered", "standard-bo3", "Ada Lovelace", "Zoë Ødegård")
	_, en := f.do("GET", "/", nil)
	if !strings.Contains(en, `<html lang="en">`) || !strings.Contains(en, "<h1>Events</h1>") {
		t.Errorf("a browser that asks for nothing gets English:\n%s", en)
	}
	resp, fr := f.do("GET", "/", nil, "Accept-Language", "fr-FR,fr;q=0.9,en;q=0.5")
	if !strings.Contains(fr, `<html lang="fr">`) || !strings.Contains(fr, "<h1>Tournois</h1>") || resp.Header.Get("Content-Language") != "fr" {
		t.Errorf("a French browser gets English:\n%s", fr)
	}
	if !strings.Contains(fr, "inscriptions, 2\u00a0joueurs") && !strings.Contains(fr, "inscriptions, 2 joueurs") {
		t.Errorf("the event's status is not said in French:\n%s", fr)
	}
	// The scripts' words come in the page, in its language.
	i := strings.Index(fr, `<script type="application/json" id="i18n">`)
	if i < 0 {
		t.Fatal("the page has no dictionary for its scripts")
	}
	rest := fr[i+len(`<script type="application/json" id="i18n">`):]
	var words map[string]any
	if err := json.Unmarshal([]byte(rest[:strings.Index(rest, "</script>")]), &words); err != nil {
		t.Fatalf("the dictionary is not JSON: %v", err)
	}
	if words["Sending…"] != "Envoi…" {
		t.Errorf("the scripts' words are not French: %v", words["Sending…"])
	}
	if p, ok := words["Waiting for results: %d tables"].(map[string]any); !ok || p["one"] != "En attente de résultats\u00a0: %d table" {
		t.Errorf("a plural key lacks its forms: %v", words["Waiting for results: %d tables"])
	}
}

func TestTheLanguageSwitchIsRememberedAndStaysOnThisServer(t *testing.T) {
	f := newFixture(t)
	e, _ := f.Event("altered", "standard-bo3", "Ada Lovelace")
	client := f.http.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	for back, want := range map[string]string{
		"/events/" + strconv.Itoa(int(e.ID)) + "/pairings": "/events/" + strconv.Itoa(int(e.ID)) + "/pairings",
		"//evil.example/":       "/",
		"https://evil.example/": "/",
		"/\\evil.example":       "/",
		"":                      "/",
	} {
		resp, err := client.Get(f.http.URL + "/lang/fr?back=" + urlQuery(back))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != want {
			t.Errorf("back=%q: %d to %q, want %q", back, resp.StatusCode, resp.Header.Get("Location"), want)
		}
		var cookie *http.Cookie
		for _, c := range resp.Cookies() {
			if c.Name == langCookie {
				cookie = c
			}
		}
		if cookie == nil || cookie.Value != "fr" {
			t.Errorf("back=%q: no lang cookie", back)
		}
	}
	// The cookie wins over the browser's language.
	_, body := f.do("GET", "/events/"+strconv.Itoa(int(e.ID))+"/pairings", nil, "Accept-Language", "en", "Cookie", "lang=fr")
	if !strings.Contains(body, `<html lang="fr">`) || !strings.Contains(body, "Appariements") {
		t.Errorf("the chosen language is not kept:\n%s", body)
	}
	_, body = f.do("GET", "/", nil, "Cookie", "lang=xx")
	if !strings.Contains(body, `<html lang="en">`) {
		t.Error("an unknown language in the cookie is not ignored")
	}
	resp, body := f.do("GET", "/lang/xx", nil, "Accept-Language", "fr")
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "Cette langue n’est pas disponible") {
		t.Errorf("an unknown language: %d\n%s", resp.StatusCode, body)
	}
}

func urlQuery(s string) string {
	r := strings.NewReplacer("/", "%2F", ":", "%3A", "\\", "%5C", "?", "%3F", "&", "%26")
	return r.Replace(s)
}

func TestTheAPIRefusesInTheReadersLanguage(t *testing.T) {
	f := newFixture(t)
	resp, body := f.do("GET", "/api/events/abc", nil, "Accept-Language", "fr")
	var a apiError
	if err := json.Unmarshal([]byte(body), &a); err != nil || resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	if a.Error != "\"abc\" n’est pas un numéro de tournoi\u00a0; utilisez un nombre entier comme 1, 2, 3" {
		t.Errorf("French: %q", a.Error)
	}
	_, body = f.do("GET", "/api/events/abc", nil)
	if err := json.Unmarshal([]byte(body), &a); err != nil || a.Error != "\"abc\" is not an event number; use a whole number such as 1, 2, 3" {
		t.Errorf("English: %q", a.Error)
	}
	_, body = f.do("GET", "/no/such/page", nil, "Accept-Language", "fr")
	if !strings.Contains(body, "Il n’y a pas de page à cette adresse") || !strings.Contains(body, "<title>Introuvable</title>") {
		t.Errorf("the error page is not French:\n%s", body)
	}
}

func TestTheCachedBodiesAreKeptPerLanguage(t *testing.T) {
	f := newFixture(t)
	e, _, _ := f.OpenRound(4)
	path := "/api/events/" + strconv.Itoa(int(e.ID)) + "/pairings"
	var en, fr pairingsJSON
	f.getJSON(path, http.StatusOK, &en)
	_, body := f.do("GET", path, nil, "Accept-Language", "fr")
	if err := json.Unmarshal([]byte(body), &fr); err != nil {
		t.Fatal(err)
	}
	if en.Label != "Round 1" || fr.Label != "Ronde 1" {
		t.Errorf("labels %q and %q", en.Label, fr.Label)
	}
	if got := i18n.T(i18n.French, "Round %d", 1); got != fr.Label {
		t.Errorf("%q", got)
	}
}

// The words core gives the pages (the game and format, the result form's
// hints, the structure) are said in the page's language.
func TestCoresWordsAreSaidInThePagesLanguage(t *testing.T) {
	f := newFixture(t)
	e, es, r := f.OpenRound(8)
	ada := webtest.SeatTable(r, es[0].ID)
	_, body := f.do("GET", "/api/events/"+strconv.Itoa(int(e.ID))+"/tables/"+strconv.Itoa(ada.Number)+"/form", nil, "Accept-Language", "fr")
	var form formJSON
	if err := json.Unmarshal([]byte(body), &form); err != nil {
		t.Fatalf("the form is not JSON: %v\n%s", err, body)
	}
	if want := rules.ResultSyntax(3, true).In(i18n.French); form.Hint != want || want == rules.ResultSyntax(3, true).String() {
		t.Errorf("the French form's hint is %q, want %q", form.Hint, want)
	}
	a, _ := f.Event("altered", "standard-bo3", "Ada Lovelace", "Zoë Ødegård")
	_, body = f.do("GET", "/api/events/"+strconv.Itoa(int(a.ID)), nil, "Accept-Language", "fr")
	var detail eventDetailJSON
	if err := json.Unmarshal([]byte(body), &detail); err != nil {
		t.Fatalf("the event is not JSON: %v\n%s", err, body)
	}
	if detail.Game != "Altered · Standard (en deux manches gagnantes)" || detail.Structure != "Rondes suisses" {
		t.Errorf("the French event says %q, %q", detail.Game, detail.Structure)
	}
}

// After a change the server builds ahead only the languages pages have
// been asked in: once a phone asks in French, French is among them.
func TestTheBodiesBuiltAheadAreInTheLanguagesAskedFor(t *testing.T) {
	if got := askedLangs(); len(got) == 0 {
		t.Fatal("no language is built ahead")
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("Accept-Language", "fr-FR,fr;q=0.9")
	if langOf(r) != i18n.French {
		t.Fatal("the request is not French")
	}
	if got := askedLangs(); !slices.Contains(got, i18n.French) {
		t.Errorf("built ahead: %v, want French among them", got)
	}
}
