package console

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tablekeeper/core/tdf"
)

func TestImportThenExportTOMFromTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	sample := filepath.Join("..", "core", "tdf", "testdata", "sample-cup-two-pods.tdf")
	code, out, stderr := runCmd("import", "--db", db, "--tdf", sample)
	if code != 0 || !strings.Contains(out, "as event 2: Sample Spring Cup — Masters") {
		t.Fatalf("import: exit %d %q %q", code, out, stderr)
	}
	written := filepath.Join(dir, "masters.tdf")
	code, out, stderr = runCmd("export", "--db", db, "--event", "2", "--tdf", written)
	if code != 0 || !strings.Contains(out, "(TOM file)") {
		t.Fatalf("export: exit %d %q %q", code, out, stderr)
	}
	in, err := os.Open(written)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	f, err := tdf.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	if f.Data.ID != "26-05-000001" || f.Data.City != "Springfield" || f.Data.Organizer.Name != "Sample Organizer" || f.Mode != "TCG1DAY" || f.Stage != "5" ||
		len(f.Pods.Pod) != 1 || f.Pods.Pod[0].Category != "2" || f.Players.Player[0].BirthDate != "02/27/1990" {
		t.Errorf("the exported file: data %+v mode %q stage %q pods %d first player %+v", f.Data, f.Mode, f.Stage, len(f.Pods.Pod), f.Players.Player[0])
	}
	code, _, stderr = runCmd("export", "--db", db, "--event", "1", "--tdf", written, "--report", "standings")
	if code != 2 || !strings.Contains(stderr, "--tdf FILE writes the TOM file") {
		t.Errorf("--tdf with another report: exit %d %q", code, stderr)
	}
}
