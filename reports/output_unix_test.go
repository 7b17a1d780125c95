//go:build unix

package reports

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"tablekeeper/core/event"
)

// A report is renamed into place, which would replace whatever has the
// name: a device (/dev/null, /dev/stdout as root), a pipe or a dangling
// link is refused with a sentence and left as it was, and a symbolic link
// to a regular file is written through, the link staying a link.
func TestWriteFileNeverReplacesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	write := func(w io.Writer) error { _, err := io.WriteString(w, "new report"); return err }

	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.pdf")
	if err := os.Symlink(filepath.Join(dir, "nowhere.pdf"), dangling); err != nil {
		t.Fatal(err)
	}
	toDevice := filepath.Join(dir, "null.pdf")
	if err := os.Symlink(os.DevNull, toDevice); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, says string }{
		{os.DevNull, "not an ordinary file"},
		{fifo, "not an ordinary file"},
		{toDevice, "not an ordinary file"},
		{dangling, "a link to a file that does not exist"},
	} {
		before, _ := os.Lstat(c.path)
		err := WriteFile(c.path, write)
		if !errors.Is(err, event.ErrInvalid) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: got %v, want a sentence with %q", c.path, err, c.says)
		}
		if after, _ := os.Lstat(c.path); after == nil || after.Mode() != before.Mode() {
			t.Errorf("%s was replaced", c.path)
		}
	}

	real := filepath.Join(dir, "real.csv")
	if err := os.WriteFile(real, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "link.csv")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, write); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", info, err)
	}
	if got, _ := os.ReadFile(real); string(got) != "new report" {
		t.Errorf("the file behind the link holds %q", got)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".tablekeeper-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
