package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// maxReadmeLines is the README's budget: it is the door (what Tablekeeper
// is, the two commands, installing a release, the map of docs/); the manual
// lives in docs/.
const maxReadmeLines = 200

// TestReadmeIsADoor holds the README to its budget and to its first lines:
// the title, then the command that runs the app and the one that runs the
// tests, which a newcomer on a fresh machine types first. Both must be
// targets of the Makefile, so the commands stay true.
func TestReadmeIsADoor(t *testing.T) {
	readme := readRepoFile(t, "README.md")
	lines := strings.Split(strings.TrimRight(readme, "\n"), "\n")
	if len(lines) > maxReadmeLines {
		t.Errorf("README.md has %d lines, more than %d: move the new section into docs/ and link it from the README's map", len(lines), maxReadmeLines)
	}
	want := []string{"# Tablekeeper", "", "```sh", "make run", "make test", "```"}
	for i, w := range want {
		got := ""
		if i < len(lines) {
			got = lines[i]
		}
		if got != w && !strings.HasPrefix(got, w+" ") {
			t.Fatalf("README.md line %d is %q, want %q: the README starts with its title, then the command that runs the app and the one that runs the tests in a sh block", i+1, got, w)
		}
	}
	makefile := readRepoFile(t, "Makefile")
	for _, target := range []string{"run", "test"} {
		if !regexp.MustCompile(`(?m)^` + target + `:`).MatchString(makefile) {
			t.Errorf("the README starts with make %s, but the Makefile has no %s target", target, target)
		}
	}
}

// TestDocLinksResolve checks every relative link of README.md,
// CONTRIBUTING.md and the Markdown files under docs/: its file (or folder)
// exists and, when it has a #fragment, the Markdown file it names has a
// heading with that anchor, as GitHub makes them.
func TestDocLinksResolve(t *testing.T) {
	files := markdownFiles(t)
	anchors := map[string]map[string]bool{}
	anchorsOf := func(path string) map[string]bool {
		if a, ok := anchors[path]; ok {
			return a
		}
		a := headingAnchors(readRepoFile(t, path))
		anchors[path] = a
		return a
	}
	checked := 0
	for _, file := range files {
		for _, l := range relativeLinks(readRepoFile(t, file)) {
			checked++
			target, fragment, _ := strings.Cut(l.target, "#")
			path := file
			if target != "" {
				path = filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(file), target)))
			}
			info, err := os.Stat(filepath.Join("..", filepath.FromSlash(path)))
			if err != nil {
				t.Errorf("%s:%d: link %q: %s does not exist", file, l.line, l.target, path)
				continue
			}
			if fragment == "" {
				continue
			}
			if info.IsDir() || !strings.HasSuffix(path, ".md") {
				t.Errorf("%s:%d: link %q has an anchor but %s is not a Markdown file", file, l.line, l.target, path)
				continue
			}
			if !anchorsOf(path)[fragment] {
				t.Errorf("%s:%d: link %q: %s has no heading with the anchor #%s (it has %s)", file, l.line, l.target, path, fragment, strings.Join(sortedKeys(anchorsOf(path)), ", "))
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d relative links found in %d files: the link scanner lost them", checked, len(files))
	}
}

// markdownFiles lists, relative to the repository's root, the files whose
// links TestDocLinksResolve checks.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md", "CONTRIBUTING.md"}
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, "docs/"+filepath.ToSlash(path))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func readRepoFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A link is one relative link target and the line it is on.
type link struct {
	target string
	line   int
}

var (
	fence      = regexp.MustCompile("^\\s*(```|~~~)")
	codeSpan   = regexp.MustCompile("`+[^`]*`+")
	linkTarget = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	scheme     = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// relativeLinks returns the targets of the inline links and images of a
// Markdown text that point inside the repository (no scheme such as
// https: or mailto:), leaving out code blocks and code spans.
func relativeLinks(text string) []link {
	var links []link
	inFence := false
	for i, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		line = codeSpan.ReplaceAllString(line, "")
		for _, m := range linkTarget.FindAllStringSubmatch(line, -1) {
			if scheme.MatchString(m[1]) {
				continue
			}
			links = append(links, link{target: m[1], line: i + 1})
		}
	}
	return links
}

var (
	headingLine = regexp.MustCompile(`^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$`)
	inlineLink  = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
)

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown text: the heading's text, lower case, with what is neither a
// letter, a digit, a space, '-' nor '_' dropped and each space made '-';
// a repeated anchor gets -1, -2… in order.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			inFence = !inFence
			continue
		}
		m := headingLine.FindStringSubmatch(line)
		if inFence || m == nil {
			continue
		}
		a := slug(inlineLink.ReplaceAllString(m[1], "$1"))
		if n := seen[a]; n > 0 {
			anchors[a+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

// slug is GitHub's anchor of one heading's text.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestHeadingAnchorsFollowGitHub pins the anchor rules the link check
// relies on with headings of these documents.
func TestHeadingAnchorsFollowGitHub(t *testing.T) {
	for heading, want := range map[string]string{
		"The store network (phones, a tablet, a TV)": "the-store-network-phones-a-tablet-a-tv",
		"Where to add…":                                  "where-to-add",
		"`app/` — the composition root":                  "app--the-composition-root",
		"Install it (store owners)":                      "install-it-store-owners",
		"K2 Archon deck registration":                    "k2-archon-deck-registration",
		"Side by side with the npm tournament-organizer": "side-by-side-with-the-npm-tournament-organizer",
		"Numéros de membre":                              "numéros-de-membre",
	} {
		if got := slug(heading); got != want {
			t.Errorf("slug(%q) = %q, want %q", heading, got, want)
		}
	}
	got := sortedKeys(headingAnchors("# A\n\n```\n# not a heading\n```\n\n## A\n### [Link](x.md) b\n"))
	if want := []string{"a", "a-1", "link-b"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("headingAnchors = %v, want %v", got, want)
	}
	links := relativeLinks("[a](x.md) `[b](y.md)` [c](https://e.org) ![d](p.png \"t\")\n```\n[e](z.md)\n```\n")
	if len(links) != 2 || links[0].target != "x.md" || links[1].target != "p.png" {
		t.Errorf("relativeLinks = %v, want x.md and p.png", links)
	}
}
