# Tablekeeper's everyday commands. `make run` starts the app and `make test`
# runs the tests; both first install the system packages a Fyne + SQLite
# build needs when they are missing (Debian and Ubuntu; see README.md,
# "What you need", for macOS and Windows).

GO ?= go

# What a cgo build of Fyne (go-gl, GLFW) and go-sqlite3 needs on Debian.
BUILD_DEPS := gcc libc6-dev pkg-config libgl-dev libx11-dev libxcursor-dev \
	libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev
# What the tests need on top: pdftotext reads the reports back, and the
# store network's browser tests (ui/web) drive Debian's chromium.
TEST_DEPS := poppler-utils chromium

.PHONY: run demo test lint chaos build package deps test-deps ci-deps bench-regional \
	windows windows-exe windows-check windows-vet windows-deps windows-smoke dmg linux-tarball check-tag \
	go-version

# The first build compiles GLFW and SQLite with cgo: minutes without a
# line of output on a fresh machine, so run and demo say so first.
BUILD_NOTE := echo "Building Tablekeeper: the first build compiles GLFW and SQLite with cgo and takes 3 to 4 minutes without output; later builds take seconds." >&2

run: deps
	@$(BUILD_NOTE)
	$(GO) run ./app

demo: deps
	@$(BUILD_NOTE)
	$(GO) run ./app --demo

# The tests' databases and browser profiles go to memory (/dev/shm) when
# the machine has it: each test writes a real SQLite file with
# synchronous=FULL, and on a disk shared with other work the fsyncs were
# most of the time of core/director's and ui/web's slow tests (the ten
# slowest of core/director: 58 s on the disk, 18 s in memory). The code
# that runs is the same. The timeout is only a safety net for a loaded
# machine, above go test's default of 10 minutes a package. /dev/shm is
# used only with 1 GB free (a container's is often 64 MB), and go's own
# build files stay where they were (GOTMPDIR).
TEST_TMPDIR := $(shell test -d /dev/shm -a -w /dev/shm && \
	test "$$(df -Pk /dev/shm | awk 'NR == 2 { print $$4 }')" -ge 1048576 2>/dev/null && echo /dev/shm)
TEST_ENV := $(if $(TEST_TMPDIR),GOTMPDIR="$${GOTMPDIR:-$${TMPDIR:-/tmp}}" TMPDIR=$(TEST_TMPDIR))
TEST_TIMEOUT := 30m

# The race detector runs over core, the cluster (internal/cluster: raft,
# the stream layer, forwarding), the store network (its SSE hub, page
# cache, limiter and flood watch) and the window's helpers, with -short
# (the cluster's chaos test of three processes runs in the plain pass):
# the tests that only build a large event (1,024 players, a flood of
# 50,000 requests) run in the plain pass before it, and under the race
# detector they would take many times as long for no concurrency they do
# not already have; the property tests of core/pairing and core/sim's
# walk through every format try a few of their seeds and player counts
# (the plain pass tries them all, and compares docs/schedules.md), since
# what differs between seeds is the draw, not what runs concurrently. The browser tests (ui/web/browser and
# ui/web/browser/pages, two packages so that neither takes three minutes;
# ./ui/web matches neither, and their shared ui/web/internal/browserkit has
# no tests of its own)
# drive the same server from Chromium; they run in the plain pass only (a
# second, race-detected pass of them would add as long again to make
# test).
# The plain pass names its slowest packages first (go test starts
# packages in the order they are named, two at a time on two cores), so
# that they do not start last and leave a core idle while they finish;
# ./... adds the rest once each. In the race pass, ui/web's browser tests
# that only check what a page shows skip themselves (renderingOnly): the
# ones that drive the live stream, the cache and the hub stay.
SLOW_PKGS := ./ui/web ./ui/web/browser ./ui/web/browser/pages ./ui/web/serve ./core/director ./core/pairing
RACE_PKGS := ./ui/web ./core/... ./internal/... ./ui/web/floods ./ui/web/serve ./ui/web/internal/... ./ui/internal/...

test: deps test-deps
	$(GO) vet ./...
	$(TEST_ENV) $(GO) test -timeout $(TEST_TIMEOUT) $(SLOW_PKGS) ./...
	$(TEST_ENV) $(GO) test -timeout $(TEST_TIMEOUT) -race -short $(RACE_PKGS)

lint: deps
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	@# gosec: each finding is fixed or, where it is by design, justified
	@# in place with a #nosec comment that says why.
	$(GO) tool gosec -quiet ./...
	@# No function above cyclomatic complexity 25, tests included, but the
	@# blossom solver, which says why in its comment.
	@out=$$($(GO) tool gocyclo -over 25 . | grep -v 'blossom (\*solver).solve' || true); \
		test -z "$$out" || { echo "gocyclo: above 25 (split the function):"; echo "$$out"; exit 1; }
	@test -z "$$(gofmt -l .)" || { echo "gofmt would change:"; gofmt -l .; exit 1; }

# The regional benchmark (docs/performance.md): a 1,024-player event
# whose 512 tables report over SECONDS while PHONES phones follow it as
# the pages do; the server runs in a process of its own. Not part of
# make test: it takes about three minutes a run. MODE=reload has every
# phone reload its pages every 10 s meanwhile; MODE=publish publishes a
# round to the open pages instead of reporting. RUNS=3: three in a row.
PHONES ?= 1000
SECONDS ?= 60
MODE ?= follow
RUNS ?= 1
# STANDBYS=2: the server leads a cluster of itself and two standbys (in its
# process, each with its own database), so every report waits for a
# majority of three laptops (docs/network/cluster.md).
STANDBYS ?= 0
bench-regional: deps
	REGIONAL_PHONES=$(PHONES) REGIONAL_SECONDS=$(SECONDS) REGIONAL_MODE=$(MODE) REGIONAL_STANDBYS=$(STANDBYS) $(GO) test ./ui/web -run '^$$' -bench '^BenchmarkRegional$$' -count $(RUNS) \
		-benchtime 1x -timeout 45m -v

# The chaos test of the standby cluster at the issue's size (docs/network/
# cluster.md): three serve processes, a 1,024-player round, phones
# reporting, the leader killed every 20 s for 3 minutes and once all three
# at once; every answered report on every laptop, each table's history
# linearizable (porcupine), the exports byte-identical. About 4 minutes;
# make test runs it small (64 players, 30 s). CI runs both.
chaos: deps
	$(TEST_ENV) TK_CHAOS_FULL=1 $(GO) test ./ui/web/serve -run '^TestChaosTheLeaderKilledAgainAndAgain$$' -count 1 -v -timeout 15m

build: deps
	@$(BUILD_NOTE)
	$(GO) build -o tablekeeper ./app

# Installer for the machine you are on (Linux .tar.xz, macOS .app, Windows
# .exe). The fyne tool reads FyneApp.toml from the folder of package main,
# so the one at the top is copied there for the run and removed after.
# --executable names the binary the tool builds (it would be "app", after
# the folder).
ifeq ($(OS),Windows_NT)
EXE := tablekeeper.exe
else
EXE := tablekeeper
endif

package: deps
	cp FyneApp.toml app/FyneApp.toml
	rm -f app/$(EXE)
	cd app && $(GO) tool fyne package --release --icon ../assets/icon.png --name Tablekeeper --executable $(EXE); \
		status=$$?; rm -f FyneApp.toml; exit $$status

# Windows installer, cross-built here on Debian/Ubuntu with mingw-w64 and
# NSIS (see docs/packaging.md). The program is linked
# statically (no libwinpthread-1.dll or libgcc DLL to ship) and carries the
# icon, a manifest and version information from a .syso that go-winres
# generates for the build and that is removed after it. The version is
# read from FyneApp.toml, never written twice.
WIN_DEPS := gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 nsis
WIN_ENV := CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=x86_64-w64-mingw32-gcc
APP_VERSION := $(shell sed -n 's/^[[:space:]]*Version[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' FyneApp.toml)
APP_BUILD := $(shell sed -n 's/^[[:space:]]*Build[[:space:]]*=[[:space:]]*\([0-9][0-9]*\).*/\1/p' FyneApp.toml)
# vet and build share these flags, so CI's vet and build share one cache.
WIN_BUILDFLAGS := -trimpath
WIN_EXE := app/tablekeeper.exe
WIN_SYSO := app/rsrc_windows_amd64.syso
WIN_SETUP := app/Tablekeeper-Setup-$(APP_VERSION).exe
# A command that signs an .exe in place, run on the program and on the
# installer when set: make windows WIN_SIGN="sh .ci/sign-windows.sh" (the
# release workflow, when a certificate is configured). Unset, nothing is
# signed and SmartScreen warns (README.md, "Install it (store owners)").
WIN_SIGN ?=

windows: windows-check
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	$(GO) tool go-winres extract --dir "$$tmp" $(WIN_EXE) >/dev/null && \
	set -- "$$tmp"/*.ico && cp "$$1" "$$tmp/tablekeeper.ico" && \
	echo "makensis assets/windows/installer.nsi -> $(WIN_SETUP)" && \
	makensis -V2 -DVERSION=$(APP_VERSION) -DBUILD=$(APP_BUILD) -DEXE="$(CURDIR)/$(WIN_EXE)" \
		-DICON="$$tmp/tablekeeper.ico" -DOUTFILE="$(CURDIR)/$(WIN_SETUP)" assets/windows/installer.nsi
	$(if $(WIN_SIGN),$(WIN_SIGN) $(WIN_SETUP))
	@ls -l $(WIN_EXE) $(WIN_SETUP) | awk '{ printf "%-36s %5.1f MB\n", $$NF, $$5 / 1048576 }'

windows-exe: windows-deps
	@test -n "$(APP_VERSION)" -a -n "$(APP_BUILD)" || { echo "FyneApp.toml needs Details.Version and Details.Build" >&2; exit 1; }
	$(GO) tool go-winres simply --arch amd64 --out app/rsrc --manifest gui --icon assets/icon.png \
		--product-name Tablekeeper --file-description Tablekeeper --original-filename tablekeeper.exe \
		--product-version $(APP_VERSION).$(APP_BUILD) --file-version $(APP_VERSION).$(APP_BUILD)
	$(WIN_ENV) $(GO) build $(WIN_BUILDFLAGS) -ldflags "-s -w -H=windowsgui -extldflags=-static" -o $(WIN_EXE) ./app; \
		status=$$?; rm -f $(WIN_SYSO); exit $$status
	$(if $(WIN_SIGN),$(WIN_SIGN) $(WIN_EXE))

windows-check: windows-exe
	sh .ci/check-windows-exe.sh $(WIN_EXE) $(APP_VERSION).$(APP_BUILD)

windows-vet: windows-deps
	$(WIN_ENV) $(GO) vet $(WIN_BUILDFLAGS) ./...

windows-deps:
	@sh .ci/deps.sh $(WIN_DEPS)

# Runs the installer built by make windows under Wine (docs/packaging.md,
# "Run under Wine"): install, the headless commands, serve answered with curl,
# the window under Xvfb, uninstall. It does not rebuild the installer, so
# CI runs it right after make windows; about 20 s on a warm machine.
SMOKE_DEPS := wine wine64 xvfb imagemagick curl poppler-utils gcc-mingw-w64-x86-64
windows-smoke:
	@sh .ci/deps.sh $(SMOKE_DEPS)
	bash .ci/windows-smoke.sh $(WIN_SETUP) $(APP_VERSION)

# Release files, named by the version in FyneApp.toml. The release workflow
# (.github/workflows/release.yml) runs these on native runners: make windows
# and make linux-tarball on Ubuntu, make dmg on macOS (one per architecture).
LINUX_TARBALL := app/Tablekeeper-$(APP_VERSION)-linux-$(shell uname -m).tar.xz
DMG := app/Tablekeeper-$(APP_VERSION)-macos-$(shell uname -m).dmg

linux-tarball:
	@test "$$(uname -s)" = Linux || { echo "make linux-tarball runs on Linux; on macOS use make dmg, for Windows make windows." >&2; exit 1; }
	$(MAKE) package
	mv app/Tablekeeper.tar.xz $(LINUX_TARBALL)
	@ls -l $(LINUX_TARBALL) | awk '{ printf "%-44s %5.1f MB\n", $$NF, $$5 / 1048576 }'

# A disk image holding Tablekeeper.app and a link to /Applications to drag
# it onto. macOS only: hdiutil is part of macOS.
dmg:
	@test "$$(uname -s)" = Darwin || { echo "make dmg runs on macOS (it needs hdiutil); on Linux use make linux-tarball or make windows." >&2; exit 1; }
	$(MAKE) package
	rm -rf app/dmg && mkdir app/dmg && cp -R app/Tablekeeper.app app/dmg/ && ln -s /Applications app/dmg/Applications
	hdiutil create -volname "Tablekeeper $(APP_VERSION)" -srcfolder app/dmg -format UDZO -ov $(DMG); \
		status=$$?; rm -rf app/dmg; exit $$status
	@ls -l $(DMG) | awk '{ printf "%-44s %5.1f MB\n", $$NF, $$5 / 1048576 }'

# Refuses a release tag that does not match FyneApp.toml's version
# (make check-tag TAG=v0.1.0), so a release never carries two versions.
check-tag:
	@test "$(TAG)" = "v$(APP_VERSION)" || { echo "tag $(TAG) does not match FyneApp.toml's Details.Version $(APP_VERSION): tag v$(APP_VERSION), or change the version first." >&2; exit 1; }
	@echo "tag $(TAG) matches FyneApp.toml ($(APP_VERSION) build $(APP_BUILD))"

# Everything CI installs, in one apt-get run.
ci-deps:
	@sh .ci/deps.sh $(BUILD_DEPS) $(TEST_DEPS) $(WIN_DEPS)

deps: go-version
	@sh .ci/deps.sh $(BUILD_DEPS)

# An older Go than go.mod's "go" line fails on its tool block with
# "unknown block type: tool", which says nothing of the cause: say it.
# GOTOOLCHAIN=local asks the Go that is installed, not one it would try
# to download (the store's computer is often offline).
GO_NEED := $(shell sed -n 's/^go[[:space:]]*\([0-9][0-9.]*\).*/\1/p' go.mod)
go-version:
	@have=$$(GOTOOLCHAIN=local $(GO) env GOVERSION 2>/dev/null | sed 's/^go//; s/[^0-9.].*//'); \
	echo "$${have:-0} $(GO_NEED)" | awk '{ n = split($$1, h, "."); split($$2, w, "."); \
		for (i = 1; i <= 3; i++) { if (h[i] + 0 > w[i] + 0) exit 0; if (h[i] + 0 < w[i] + 0) exit 1 } }' || \
	{ echo "Tablekeeper needs Go $(GO_NEED) or newer (go.mod), but $(GO) is Go $${have:-of an unknown version}: install a newer Go from https://go.dev/dl/ and run make again." >&2; exit 1; }

# axe-core, which the accessibility browser test injects into each page,
# comes from the npm registry at the version pinned in
# ui/web/testdata/axe/package-lock.json; npm itself is installed when the
# machine has none (Debian's nodejs and npm).
AXE_DIR := ui/web/testdata/axe

test-deps:
	@sh .ci/deps.sh $(TEST_DEPS)
	@command -v npm >/dev/null 2>&1 || sh .ci/deps.sh nodejs npm
	@test -f $(AXE_DIR)/node_modules/axe-core/axe.min.js || \
		(cd $(AXE_DIR) && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
