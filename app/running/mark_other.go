//go:build !windows

package running

// Mark does nothing outside Windows, where the installer is not an NSIS
// program that replaces a running executable.
func Mark() error { return nil }
