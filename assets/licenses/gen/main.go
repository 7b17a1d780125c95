// Command gen writes assets/licenses: the licence texts of every Go module
// the tablekeeper binary links, on Linux, Windows and macOS, read from the
// module cache, with the Go standard library's and SQLite's notices.
//
// Run it with `go generate ./assets` after a change to go.mod. Its test
// (go test ./assets/...) generates the same files in memory and fails when
// assets/licenses differs, so the About window's licences cannot go stale.
package main

import (
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir := "licenses"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	files, err := Generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "licenses:", err)
		os.Exit(1)
	}
	if err := write(dir, files); err != nil {
		fmt.Fprintln(os.Stderr, "licenses:", err)
		os.Exit(1)
	}
}

// write replaces the generated .txt files of dir with files.
func write(dir string, files map[string]string) error {
	old, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return err
	}
	for _, f := range old {
		if err := os.Remove(f); err != nil { // #nosec G703 -- a .txt file globbed in the generator's own output folder
			return err
		}
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil { // #nosec G306 G703 -- files of the source tree (readable like the rest of it), named by the generator
			return err
		}
	}
	return nil
}
