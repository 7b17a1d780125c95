// Package prefs is every choice Tablekeeper remembers between starts, in
// one place: typed accessors over fyne.Preferences and the keys they are
// stored under. Fyne keeps the values per app ID, in
// <user config dir>/fyne/<app ID>/preferences.json on the desktop.
//
// A screen takes a Prefs (Of(app)) and never names a key itself, so a key
// cannot be misspelt in one place or given two meanings. A Prefs of no
// app (tests that build a screen without one) reads every default and
// keeps nothing.
package prefs

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"

	"tablekeeper/core/i18n"
)

// The keys the preferences are stored under. A key, once released, keeps
// its name: renaming it would forget what organizers chose.
const (
	// KeyWindowWidth and KeyWindowHeight are the main window's size.
	KeyWindowWidth  = "window.width"
	KeyWindowHeight = "window.height"
	// KeyWindowX and KeyWindowY are its position on the desktop, where
	// the driver tells it (see Position).
	KeyWindowX = "window.x"
	KeyWindowY = "window.y"
	// KeyLastEvent is the event open when the app last closed.
	KeyLastEvent = "event.last"
	// KeyPaper is the paper reports print on ("A4", "Letter").
	KeyPaper = "print.paper"
	// KeyLanguage is the language the organizer chose ("" follows the
	// system).
	KeyLanguage = "language"
	// KeySound is whether the round clock chimes its announcements.
	KeySound = "clock.sound"
	// KeyProjectorFullScreen is whether the projector window was full
	// screen when it closed.
	KeyProjectorFullScreen = "projector.fullscreen"
	// KeyProjectorX and KeyProjectorY are the projector window's position:
	// the screen it opens on.
	KeyProjectorX = "projector.x"
	KeyProjectorY = "projector.y"
	// KeyStoreNetwork is whether the store network was on when the app
	// last closed (off until the organizer turns it on).
	KeyStoreNetwork = "network.on"
	// KeyNetworkPort is the port the store network listens on.
	KeyNetworkPort = "network.port"
)

// Languages are the languages the program can be set to, by code: those
// of the translation files shipped in assets/translations.
var Languages = func() []string {
	var out []string
	for _, l := range i18n.Langs() {
		out = append(out, string(l))
	}
	return out
}()

// Prefs are the remembered choices of one app.
type Prefs struct{ p fyne.Preferences }

// Of returns the preferences of a; a nil app gives a Prefs that reads the
// defaults and keeps nothing.
func Of(a fyne.App) Prefs {
	if a == nil {
		return Prefs{}
	}
	return Prefs{p: a.Preferences()}
}

// Size is a window's remembered size.
type Size struct{ Width, Height float32 }

// minimumSize is the smallest size worth restoring: anything smaller is
// a window minimised or squeezed by accident, and the default serves
// better.
const minimumSize = 320

// WindowSize is the main window's size when it last closed; ok is false
// when none (or an unusable one) is stored.
func (p Prefs) WindowSize() (s fyne.Size, ok bool) {
	if p.p == nil {
		return fyne.Size{}, false
	}
	w, h := p.p.Float(KeyWindowWidth), p.p.Float(KeyWindowHeight)
	if w < minimumSize || h < minimumSize {
		return fyne.Size{}, false
	}
	return fyne.NewSize(float32(w), float32(h)), true
}

// SetWindowSize remembers the main window's size.
func (p Prefs) SetWindowSize(s fyne.Size) {
	if p.p == nil || s.Width < minimumSize || s.Height < minimumSize {
		return
	}
	p.p.SetFloat(KeyWindowWidth, float64(s.Width))
	p.p.SetFloat(KeyWindowHeight, float64(s.Height))
}

// WindowPosition is the main window's position when it last closed, in
// screen pixels; ok is false when none is stored.
func (p Prefs) WindowPosition() (x, y int, ok bool) {
	return p.position(KeyWindowX, KeyWindowY)
}

// SetWindowPosition remembers the main window's position.
func (p Prefs) SetWindowPosition(x, y int) { p.setPosition(KeyWindowX, KeyWindowY, x, y) }

// ProjectorPosition is the projector window's position when it last
// closed, which puts it back on the same screen.
func (p Prefs) ProjectorPosition() (x, y int, ok bool) {
	return p.position(KeyProjectorX, KeyProjectorY)
}

// SetProjectorPosition remembers the projector window's position.
func (p Prefs) SetProjectorPosition(x, y int) {
	p.setPosition(KeyProjectorX, KeyProjectorY, x, y)
}

func (p Prefs) position(kx, ky string) (x, y int, ok bool) {
	if p.p == nil {
		return 0, 0, false
	}
	// A position is stored as both keys or neither; "unset" reads as the
	// fallback, which no real position uses.
	const unset = -1 << 30
	x, y = p.p.IntWithFallback(kx, unset), p.p.IntWithFallback(ky, unset)
	if x == unset || y == unset {
		return 0, 0, false
	}
	return x, y, true
}

func (p Prefs) setPosition(kx, ky string, x, y int) {
	if p.p == nil {
		return
	}
	p.p.SetInt(kx, x)
	p.p.SetInt(ky, y)
}

// LastEvent is the ID of the event open when the app last closed, 0 for
// none.
func (p Prefs) LastEvent() int64 {
	if p.p == nil {
		return 0
	}
	return int64(p.p.Int(KeyLastEvent))
}

// SetLastEvent remembers the open event (0: none).
func (p Prefs) SetLastEvent(id int64) {
	if p.p == nil {
		return
	}
	if id == 0 {
		p.p.RemoveValue(KeyLastEvent)
		return
	}
	p.p.SetInt(KeyLastEvent, int(id))
}

// Paper is the paper reports print on: the organizer's choice, else def
// (the locale's).
func (p Prefs) Paper(def string) string {
	if p.p == nil {
		return def
	}
	return p.p.StringWithFallback(KeyPaper, def)
}

// SetPaper remembers the paper reports print on.
func (p Prefs) SetPaper(paper string) {
	if p.p != nil {
		p.p.SetString(KeyPaper, paper)
	}
}

// Language is the language the organizer chose, a code of Languages, or
// "" to follow the system's.
func (p Prefs) Language() string {
	if p.p == nil {
		return ""
	}
	return p.p.String(KeyLanguage)
}

// SetLanguage remembers the language; "" follows the system's. A code not
// in Languages is refused with an error that lists them.
func (p Prefs) SetLanguage(code string) error {
	if code != "" && !slices.Contains(Languages, code) {
		return &languageError{code}
	}
	if p.p == nil {
		return nil
	}
	if code == "" {
		p.p.RemoveValue(KeyLanguage)
		return nil
	}
	p.p.SetString(KeyLanguage, code)
	return nil
}

type languageError struct{ code string }

func (e *languageError) Error() string {
	return "Tablekeeper has no " + e.code + " translation; choose one of: " + strings.Join(Languages, ", ") + ", or none to follow the system"
}

// Sound is whether the round clock chimes its announcements (on unless
// turned off).
func (p Prefs) Sound() bool { return p.flag(KeySound, true) }

// SetSound remembers whether the clock chimes.
func (p Prefs) SetSound(on bool) { p.setFlag(KeySound, on) }

// ProjectorFullScreen is whether the projector window opens full screen.
func (p Prefs) ProjectorFullScreen() bool { return p.flag(KeyProjectorFullScreen, false) }

// SetProjectorFullScreen remembers whether the projector was full screen.
func (p Prefs) SetProjectorFullScreen(full bool) { p.setFlag(KeyProjectorFullScreen, full) }

// StoreNetwork is whether the store network is to be on: off until the
// organizer turns it on, then as they left it.
func (p Prefs) StoreNetwork() bool { return p.flag(KeyStoreNetwork, false) }

// SetStoreNetwork remembers whether the store network is on.
func (p Prefs) SetStoreNetwork(on bool) { p.setFlag(KeyStoreNetwork, on) }

// flag is the yes-or-no preference key, unset when it was never set (or
// there are no preferences).
func (p Prefs) flag(key string, unset bool) bool {
	if p.p == nil {
		return unset
	}
	return p.p.BoolWithFallback(key, unset)
}

// setFlag remembers the yes-or-no preference key.
func (p Prefs) setFlag(key string, on bool) {
	if p.p != nil {
		p.p.SetBool(key, on)
	}
}

// DefaultNetworkPort is the store network's port until the organizer
// chooses another (the same as tablekeeper serve's).
const DefaultNetworkPort = 8080

// NetworkPort is the port the store network listens on: the organizer's
// choice, else DefaultNetworkPort.
func (p Prefs) NetworkPort() int {
	if p.p == nil {
		return DefaultNetworkPort
	}
	port := p.p.IntWithFallback(KeyNetworkPort, DefaultNetworkPort)
	if port < 1 || port > 65535 {
		return DefaultNetworkPort
	}
	return port
}

// SetNetworkPort remembers the store network's port; one outside 1 to
// 65535 is refused with a sentence.
func (p Prefs) SetNetworkPort(port int) error {
	if port < 1 || port > 65535 {
		return &portError{port}
	}
	if p.p != nil {
		p.p.SetInt(KeyNetworkPort, port)
	}
	return nil
}

type portError struct{ port int }

func (e *portError) Error() string {
	return fmt.Sprintf("%d is not a port: choose a number from 1 to 65535, such as %d", e.port, DefaultNetworkPort)
}
