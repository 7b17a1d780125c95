package web

import (
	"flag"
	"os"
	"testing"

	"tablekeeper/ui/web/internal/browsertest"
)

// shots, when set, is where the browser tests write their screenshots
// (docs/network keeps one of each size):
//
//	go test ./ui/web -run Browser -args -shots=../../docs/network
var shots = flag.String("shots", "", "write the browser tests' screenshots to this directory")

// TestMain stops the one chromium the browser tests share once they are
// run.
func TestMain(m *testing.M) {
	code := m.Run()
	browsertest.Close()
	os.Exit(code)
}
