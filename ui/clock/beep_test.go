package clock

import (
	"encoding/binary"
	"os"
	"slices"
	"strings"
	"testing"
)

// The chime is a valid 16-bit PCM mono WAV file of about half a second
// that is not silent.
func TestChimeIsAWAVFile(t *testing.T) {
	b := ChimeWAV()
	if string(b[0:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || string(b[36:40]) != "data" {
		t.Fatalf("header %q", b[:44])
	}
	le := binary.LittleEndian
	if got := le.Uint32(b[4:8]); int(got) != len(b)-8 {
		t.Errorf("RIFF size %d, file %d bytes", got, len(b))
	}
	if le.Uint16(b[20:22]) != 1 || le.Uint16(b[22:24]) != 1 || le.Uint32(b[24:28]) != chimeRate || le.Uint16(b[34:36]) != 16 {
		t.Errorf("format: PCM %d, channels %d, rate %d, bits %d", le.Uint16(b[20:22]), le.Uint16(b[22:24]), le.Uint32(b[24:28]), le.Uint16(b[34:36]))
	}
	data := le.Uint32(b[40:44])
	if int(data) != len(b)-44 {
		t.Errorf("data size %d, have %d", data, len(b)-44)
	}
	secs := float64(data) / 2 / chimeRate
	if secs < 0.3 || secs > 1 {
		t.Errorf("chime lasts %.2f s", secs)
	}
	loudest := 0
	for i := 44; i+1 < len(b); i += 2 {
		loudest = max(loudest, abs(int(int16(le.Uint16(b[i:])))))
	}
	if loudest < 8000 || loudest > 32000 {
		t.Errorf("peak %d", loudest)
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func TestPlayerCommandsPerSystem(t *testing.T) {
	for goos, want := range map[string]string{
		"linux":   "paplay pw-play aplay",
		"freebsd": "paplay pw-play aplay",
		"darwin":  "afplay",
		"windows": "powershell pwsh",
	} {
		var got []string
		for _, c := range playerCommands(goos, "/tmp/chime.wav") {
			got = append(got, c[0])
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: %q, want %q", goos, got, want)
		}
	}
	win := playerCommands("windows", `C:\Users\O'Neil\chime.wav`)[0]
	if !slices.Contains(win, `(New-Object Media.SoundPlayer 'C:\Users\O''Neil\chime.wav').PlaySync()`) {
		t.Errorf("PowerShell command %q", win)
	}
}

// With no sound player the beeper says why once and stays silent; its
// file is written once and removed by Close.
func TestSystemBeeperWithoutAPlayer(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	b := NewSystemBeeper()
	err := b.play()
	if err == nil || !strings.Contains(err.Error(), "no sound player") {
		t.Errorf("play: %v", err)
	}
	path := b.path
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("chime file: %v", err)
	}
	if p, _ := b.file(); p != path {
		t.Error("the chime is written again")
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("chime file left behind: %v", err)
	}
}
