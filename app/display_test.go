package main

import (
	"errors"
	"testing"
)

// The window is refused, with a sentence naming the headless commands, on
// a Linux session without a display, and only there.
func TestTheWindowNeedsADisplay(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	for _, c := range []struct {
		goos string
		vars map[string]string
		want error
	}{
		{"linux", nil, errNoDisplay},
		{"linux", map[string]string{"DISPLAY": ":0"}, nil},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, nil},
		{"freebsd", nil, errNoDisplay},
		{"windows", nil, nil},
		{"darwin", nil, nil},
	} {
		if err := checkDisplay(c.goos, env(c.vars)); !errors.Is(err, c.want) {
			t.Errorf("%s %v: %v, want %v", c.goos, c.vars, err, c.want)
		}
	}
}
