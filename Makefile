# Tablekeeper's everyday commands. `make run` starts the app and `make test`
# runs the tests; both first install the system packages a Fyne + SQLite
# build needs when they are missing (Debian and Ubuntu; see README for
# macOS and Windows).

GO ?= go

# What a cgo build of Fyne (go-gl, GLFW) and go-sqlite3 needs on Debian.
BUILD_DEPS := gcc libc6-dev pkg-config libgl-dev libx11-dev libxcursor-dev \
	libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev
# What the tests need on top: pdftotext reads the reports back.
TEST_DEPS := poppler-utils

.PHONY: run demo test lint build package deps test-deps

run: deps
	$(GO) run ./app

demo: deps
	$(GO) run ./app --demo

test: deps test-deps
	$(GO) vet ./...
	$(GO) test ./...
	$(GO) test -race ./core/...

lint: deps
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	@test -z "$$(gofmt -l .)" || { echo "gofmt would change:"; gofmt -l .; exit 1; }

build: deps
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

deps:
	@sh .ci/deps.sh $(BUILD_DEPS)

test-deps:
	@sh .ci/deps.sh $(TEST_DEPS)
