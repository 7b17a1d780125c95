package clock

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"log"
	"math"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"

	"tablekeeper/ui/internal/quietcmd"
)

// Beeper plays the chime that goes with an announcement. Beep must not
// block: the bar calls it on the UI thread.
type Beeper interface {
	Beep()
}

// SystemBeeper plays a short two-note chime through the sound player the
// operating system has (Fyne has no audio): paplay, pw-play or aplay on
// Linux and the BSDs, afplay on macOS, PowerShell's Media.SoundPlayer on
// Windows. The chime is made in memory as a WAV file and written once to
// a temporary file. It plays in the background; a chime asked for while
// one plays is dropped. If no player works, it stays silent and logs why
// once: the banner still shows the announcement.
type SystemBeeper struct {
	mu      sync.Mutex
	path    string // the WAV file, once written
	playing bool
	logged  bool
	// works is the player that played last, tried first next time.
	works []string
	// logf reports the first failure (log.Printf).
	logf func(format string, args ...any)
}

// NewSystemBeeper returns a beeper that writes its chime on first use.
func NewSystemBeeper() *SystemBeeper {
	return &SystemBeeper{logf: log.Printf}
}

// Beep implements Beeper: it plays the chime in the background.
func (b *SystemBeeper) Beep() {
	b.mu.Lock()
	if b.playing {
		b.mu.Unlock()
		return
	}
	b.playing = true
	b.mu.Unlock()
	go func() {
		err := b.play()
		b.mu.Lock()
		defer b.mu.Unlock()
		b.playing = false
		if err != nil && !b.logged {
			b.logged = true
			b.logf("tablekeeper: the clock's chime cannot play, announcements stay silent: %v", err)
		}
	}()
}

// Close removes the chime's temporary file.
func (b *SystemBeeper) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.path == "" {
		return nil
	}
	err := os.Remove(b.path)
	b.path = ""
	return err
}

// play plays the chime with the first player that works.
func (b *SystemBeeper) play() error {
	path, err := b.file()
	if err != nil {
		return err
	}
	b.mu.Lock()
	works := b.works
	b.mu.Unlock()
	cmds := playerCommands(runtime.GOOS, path)
	if works != nil {
		cmds = append([][]string{works}, cmds...)
	}
	var errs []error
	for _, cmd := range cmds {
		if _, err := exec.LookPath(cmd[0]); err != nil {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		out, err := quietcmd.Command(ctx, cmd[0], cmd[1:]...).CombinedOutput()
		cancel()
		if err == nil {
			b.mu.Lock()
			b.works = cmd
			b.mu.Unlock()
			return nil
		}
		errs = append(errs, fmt.Errorf("%s: %v %s", cmd[0], err, strings.TrimSpace(string(out))))
	}
	if len(errs) == 0 {
		return fmt.Errorf("no sound player found on %s", runtime.GOOS)
	}
	return errors.Join(errs...)
}

// file writes the chime to a temporary file the first time.
func (b *SystemBeeper) file() (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.path != "" {
		return b.path, nil
	}
	f, err := os.CreateTemp("", "tablekeeper-chime-*.wav")
	if err != nil {
		return "", err
	}
	_, err = f.Write(ChimeWAV())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return "", err
	}
	b.path = f.Name()
	return b.path, nil
}

// playerCommands lists the commands that can play a WAV file on an
// operating system (runtime.GOOS), the likeliest first.
func playerCommands(goos, path string) [][]string {
	switch goos {
	case "darwin":
		return [][]string{{"afplay", path}}
	case "windows":
		script := fmt.Sprintf("(New-Object Media.SoundPlayer '%s').PlaySync()", strings.ReplaceAll(path, "'", "''"))
		return [][]string{
			{"powershell", "-NoProfile", "-NonInteractive", "-Command", script},
			{"pwsh", "-NoProfile", "-NonInteractive", "-Command", script},
		}
	default: // Linux and the BSDs: PulseAudio, PipeWire, then ALSA
		return [][]string{{"paplay", path}, {"pw-play", path}, {"aplay", "-q", path}}
	}
}

// chimeRate is the chime's sample rate.
const chimeRate = 22050

// ChimeWAV returns the chime as a WAV file (16-bit PCM, mono, 22050 Hz):
// two bell-like notes, A5 then E6, about half a second in all.
func ChimeWAV() []byte {
	var samples []int16
	samples = appendTone(samples, 880, 0.18)
	samples = appendTone(samples, 1318.5, 0.34)
	var b bytes.Buffer
	data := uint32(2 * len(samples)) // #nosec G115 -- the chime is about half a second of samples, far below 2^31
	b.WriteString("RIFF")
	_ = binary.Write(&b, binary.LittleEndian, 36+data)
	b.WriteString("WAVEfmt ")
	_ = binary.Write(&b, binary.LittleEndian, struct {
		Size          uint32
		Format        uint16
		Channels      uint16
		Rate          uint32
		ByteRate      uint32
		Align         uint16
		BitsPerSample uint16
	}{16, 1, 1, chimeRate, 2 * chimeRate, 2, 16})
	b.WriteString("data")
	_ = binary.Write(&b, binary.LittleEndian, data)
	_ = binary.Write(&b, binary.LittleEndian, samples)
	return b.Bytes()
}

// appendTone appends a note of freq hertz lasting secs: a sine with a
// quiet overtone, a 5 ms attack and a decay like a struck bell.
func appendTone(s []int16, freq, secs float64) []int16 {
	n := int(secs * chimeRate)
	for i := range n {
		t := float64(i) / chimeRate
		env := math.Exp(-4*t/secs) * min(1, t/0.005)
		// Fade the last 10 ms to silence, so the notes do not click.
		env *= min(1, float64(n-i)/(0.01*chimeRate))
		v := math.Sin(2*math.Pi*freq*t) + 0.25*math.Sin(4*math.Pi*freq*t)
		s = append(s, int16(0.45*env*v/1.25*math.MaxInt16))
	}
	return s
}
