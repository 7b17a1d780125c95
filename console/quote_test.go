package console

import "testing"

// The backup's restore hint is a command to paste: a path with a space
// (Windows' "My Documents", a backup named after an event) is quoted the
// way the system's shell reads it as one argument.
func TestShellQuote(t *testing.T) {
	for _, c := range []struct{ path, goos, want string }{
		{"friday-backup.db", "linux", "friday-backup.db"},
		{"/srv/tk/friday.db", "darwin", "/srv/tk/friday.db"},
		{"/home/bob/Friday Swiss - backup.db", "linux", "'/home/bob/Friday Swiss - backup.db'"},
		{"/home/bob/Bob's night.db", "linux", `'/home/bob/Bob'\''s night.db'`},
		{`/tmp/a\b.db`, "linux", `'/tmp/a\b.db'`},
		{`C:\Users\Bob\backup.db`, "windows", `C:\Users\Bob\backup.db`},
		{`C:\Users\Bob\My Documents\Friday Swiss - backup.db`, "windows", `"C:\Users\Bob\My Documents\Friday Swiss - backup.db"`},
		{`C:\Users\Bob\50%.db`, "windows", `"C:\Users\Bob\50%.db"`},
	} {
		if got := shellQuote(c.path, c.goos); got != c.want {
			t.Errorf("%s on %s: %s, want %s", c.path, c.goos, got, c.want)
		}
	}
}
