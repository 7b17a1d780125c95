package prefs

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// Fyne 2.7 has no API for a window's position on any driver. Its desktop
// driver is GLFW, which has one: the window's GLFW handle is the current
// context inside the driver's RunWithContext (an exported method of its
// window type, not part of fyne.Window). Where that method is missing (the
// test driver, a later Fyne that renames it) or the window has no native
// handle yet (not shown), Position and Move do nothing and say so; on
// Wayland GLFW itself cannot place windows, and the compositor decides.
//
// Both must run on the main thread: in a Fyne callback, or in fyne.Do.

// contextRunner is the GLFW driver's window: it runs f with the window's
// GL context current.
type contextRunner interface{ RunWithContext(f func()) }

// withGLFW runs f with w's GLFW window, and reports whether it could.
func withGLFW(w fyne.Window, f func(*glfw.Window)) bool {
	r, ok := w.(contextRunner)
	if !ok || !hasNativeHandle(w) {
		return false
	}
	done := false
	r.RunWithContext(func() {
		if g := glfw.GetCurrentContext(); g != nil {
			f(g)
			done = true
		}
	})
	return done
}

// hasNativeHandle reports whether w has a window on the screen yet.
func hasNativeHandle(w fyne.Window) bool {
	n, ok := w.(driver.NativeWindow)
	if !ok {
		return false
	}
	has := false
	n.RunNative(func(ctx any) {
		switch c := ctx.(type) {
		case driver.X11WindowContext:
			has = c.WindowHandle != 0
		case driver.WindowsWindowContext:
			has = c.HWND != 0
		case driver.MacWindowContext:
			has = c.NSWindow != 0
		}
	})
	return has
}

// Position returns where w's top-left corner is on the desktop, in screen
// pixels; ok is false where the driver cannot tell.
func Position(w fyne.Window) (x, y int, ok bool) {
	ok = withGLFW(w, func(g *glfw.Window) { x, y = g.GetPos() })
	return x, y, ok
}

// Move puts w's top-left corner at x, y, when that point is on one of the
// screens connected now (a window is never sent to a screen that is gone);
// it reports whether it moved the window.
func Move(w fyne.Window, x, y int) bool {
	moved := false
	withGLFW(w, func(g *glfw.Window) {
		if !onAScreen(x, y) {
			return
		}
		g.SetPos(x, y)
		moved = true
	})
	return moved
}

// onAScreen reports whether point x, y is on a connected monitor, with a
// margin so that the title bar stays reachable.
func onAScreen(x, y int) bool {
	const margin = 40
	for _, m := range glfw.GetMonitors() {
		mx, my := m.GetPos()
		mode := m.GetVideoMode()
		if mode == nil {
			continue
		}
		if x >= mx-margin && x < mx+mode.Width-margin && y >= my-margin && y < my+mode.Height-margin {
			return true
		}
	}
	return false
}
