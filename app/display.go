package main

import "errors"

// errNoDisplay is runGUI's refusal on a Unix desktop-less session (a
// server, an SSH login, a container): Fyne would otherwise end on a
// panic of GLFW's ("The GLFW library is not initialized") and a stack.
var errNoDisplay = errors.New("there is no display to open the window on (neither DISPLAY nor WAYLAND_DISPLAY is set): start Tablekeeper in a desktop session, or run a command without a window, such as `tablekeeper serve --db PATH` (the store network) or `tablekeeper help`")

// checkDisplay refuses to start the window on a Linux or BSD session
// without a display; Windows and macOS always have one.
func checkDisplay(goos string, getenv func(string) string) error {
	switch goos {
	case "windows", "darwin", "ios", "android", "js":
		return nil
	}
	if getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
		return errNoDisplay
	}
	return nil
}
