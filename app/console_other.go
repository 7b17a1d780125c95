//go:build !windows

package main

// attachConsole is needed on Windows only, where the program is built
// without a console of its own.
func attachConsole() {}
