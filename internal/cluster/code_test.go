package cluster

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"strings"
	"testing"

	"tablekeeper/core/director"
	"tablekeeper/core/event"
	"tablekeeper/core/i18n"
)

func TestJoinCodeDrawn(t *testing.T) {
	seen := map[string]bool{}
	for range 50 {
		code, err := NewJoinCode()
		if err != nil {
			t.Fatal(err)
		}
		if len(code) != JoinCodeLength {
			t.Fatalf("%q: %d characters, want %d", code, len(code), JoinCodeLength)
		}
		for _, r := range code {
			if !strings.ContainsRune(director.TableCodeAlphabet, r) {
				t.Fatalf("%q holds %q, not in the alphabet", code, r)
			}
		}
		if seen[code] {
			t.Fatalf("%q drawn twice", code)
		}
		seen[code] = true
	}
}

func TestJoinCodeFormatParseRoundTrip(t *testing.T) {
	code, err := NewJoinCode()
	if err != nil {
		t.Fatal(err)
	}
	shown := FormatJoinCode(code)
	if len(shown) != 23 || strings.Count(shown, "-") != 3 || strings.ReplaceAll(shown, "-", "") != code {
		t.Fatalf("FormatJoinCode(%q) = %q, want 4 groups of 5", code, shown)
	}
	if got := FormatJoinCode("K7QMX2PAHD9RTWEB4NCF"); got != "K7QMX-2PAHD-9RTWE-B4NCF" {
		t.Errorf("FormatJoinCode = %q", got)
	}
	if got := FormatJoinCode("SHORT"); got != "SHORT" {
		t.Errorf("FormatJoinCode of a short string = %q, want it unchanged", got)
	}
	for _, typed := range []string{shown, code, strings.ToLower(shown), " " + strings.ReplaceAll(shown, "-", " – ") + "\n"} {
		got, err := ParseJoinCode(typed)
		if err != nil || got != code {
			t.Errorf("ParseJoinCode(%q) = %q, %v; want %q", typed, got, err, code)
		}
	}
}

func TestJoinCodeParseErrors(t *testing.T) {
	for _, c := range []struct{ typed, says string }{
		{"", "type the join code"},
		{"  - ", "type the join code"},
		{"K7QMX-2PAHD-9RTWE", "is 20 characters"},
		{"K7QMX-2PAHD-9RTWE-B4NCF-A", "is 20 characters"},
		{"K7QMX-2PAHD-9RTWE-B4NCO", "“O” cannot be"},
		{"k7qmx-2pahd-9rtwe-b4nc1", "“1” cannot be"},
		{"K7QMX-2PAHD-9RTWE-B4NC0", "“0” cannot be"},
		{"K7QMX-2PAHD-9RTWE-B4NCl", "“L” cannot be"},
		{"K7QMX-2PAHD-9RTWE-B4NC?", "“?” cannot be"},
	} {
		got, err := ParseJoinCode(c.typed)
		if err == nil {
			t.Errorf("ParseJoinCode(%q) = %q, want an error", c.typed, got)
			continue
		}
		var e *event.Error
		if !errors.As(err, &e) || !errors.Is(err, event.ErrInvalid) || e.Text.IsZero() {
			t.Errorf("ParseJoinCode(%q): %#v, want an event.Error of ErrInvalid with its text", c.typed, err)
		}
		if !strings.Contains(err.Error(), c.says) {
			t.Errorf("ParseJoinCode(%q): %q, want it to say %q", c.typed, err, c.says)
		}
		if fr := i18n.Error(i18n.French, err); fr == err.Error() {
			t.Errorf("ParseJoinCode(%q): %q has no French", c.typed, fr)
		}
	}
}

func TestKeyDerived(t *testing.T) {
	const code = "K7QMX2PAHD9RTWEB4NCF"
	k, err := Key(code)
	if err != nil {
		t.Fatal(err)
	}
	// HKDF by hand (RFC 5869): one block of expand is the 32 bytes.
	extract := hmac.New(sha256.New, []byte("tablekeeper-cluster-v1"))
	extract.Write([]byte(code))
	expand := hmac.New(sha256.New, extract.Sum(nil))
	expand.Write([]byte("raft transport\x01"))
	if want := expand.Sum(nil); !bytes.Equal(k, want) {
		t.Fatalf("Key = %x, want %x", k, want)
	}
	again, err := Key(code)
	if err != nil || !bytes.Equal(again, k) {
		t.Fatalf("Key is not the same twice: %x, %v", again, err)
	}
	other, err := Key("K7QMX2PAHD9RTWEB4NCG")
	if err != nil || bytes.Equal(other, k) {
		t.Fatalf("two codes gave one key: %x, %v", other, err)
	}
	if _, err := Key(""); err == nil {
		t.Error("Key(\"\") gave a key")
	}
}
