#!/usr/bin/env bash
# Runs the Windows build under Wine, as a store owner would use it, so that
# CI proves the installer and the program work instead of assuming it:
#   1. a fresh Wine prefix, with a stand-in bcryptprimitives.dll (built here
#      with mingw from .ci/wine/bcryptprimitives.c; Debian 12's Wine 8 lacks
#      the DLL Go's runtime loads at start-up; never shipped);
#   2. the installer, silently, for the current user (/S /CurrentUser);
#   3. the installed program's --version, sim (into the default database in
#      %AppData%\Tablekeeper), check, export (PDF, CSV, event file), import of
#      that event file, backup;
#   4. serve, answered from Linux with curl on 127.0.0.1: the event list, a
#      report with a wrong code refused (403), one with the right code
#      recorded (200);
#   4b. two laptops: a host and a standby joined with the join code, a
#      report sent to the standby recorded by the host, the host killed, the
#      standby's console takeover, a report it takes as the host alone;
#   5. the window under Xvfb, opening the default database (a second writer
#      is refused while it runs), its screenshot not blank; closed as a user
#      would (WM_CLOSE);
#   6. the uninstaller, silently: the program, its shortcut and its registry
#      entry gone, the database in %AppData%\Tablekeeper kept and intact;
#   7. the same installer for all users (/S /AllUsers): Program Files, the
#      machine's uninstall entry, the program runs, the uninstall keeps the
#      database.
# Usage: windows-smoke.sh app/Tablekeeper-Setup-VERSION.exe VERSION
# Needs wine, Xvfb, ImageMagick, curl, pdftotext and the mingw gcc (make
# windows-smoke installs them). Each step says what it does; a failure says
# what broke and exits 1. TK_SMOKE_SHOT=FILE.png keeps the screenshot;
# TK_SMOKE_KEEP=1 keeps the prefix (its path is printed) to look into.
set -euo pipefail
# Wine needs a standard input that is open: with none, the next file opened
# takes descriptor 0 and Wine's client mistakes it for its socket.
exec </dev/null

setup=${1:?usage: windows-smoke.sh app/Tablekeeper-Setup-VERSION.exe VERSION}
version=${2:?usage: windows-smoke.sh app/Tablekeeper-Setup-VERSION.exe VERSION}
here=$(cd "$(dirname "$0")" && pwd)
start=$(date +%s)

step() { echo "windows-smoke [$(($(date +%s) - start))s]: $*"; }
fail() {
	echo "windows-smoke: FAILED: $*" >&2
	exit 1
}

[ -f "$setup" ] || fail "$setup does not exist; build it first with make windows."
for tool in wine wineserver winepath Xvfb import convert curl pdftotext x86_64-w64-mingw32-gcc; do
	command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing; make windows-smoke installs it (wine, xvfb, imagemagick, curl, poppler-utils, gcc-mingw-w64-x86-64)."
done

# A prefix of our own: nothing from a developer's ~/.wine is used or changed,
# and wineserver -k below stops only this prefix's processes.
WINEPREFIX=$(mktemp -d "${TMPDIR:-/tmp}/tablekeeper-wine.XXXXXX")
export WINEPREFIX WINEARCH=win64 WINEDEBUG=-all
# No Mono or Gecko: the installer and the program need neither, and Wine
# would otherwise ask to download them. No winemenubuilder: the shortcuts
# stay in the prefix, with no menu entry or icon for the Linux desktop.
export WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
# Wine links the prefix's Documents and Desktop to the home folder: a home
# of its own keeps the reports and the desktop shortcut in the prefix.
export HOME="$WINEPREFIX/home"
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share" XDG_CACHE_HOME="$HOME/.cache"
mkdir -p "$HOME"
# The messages below are matched in English: the program takes its
# language from the system's, which Wine takes from these.
export LANG=C.UTF-8 LC_ALL=C.UTF-8
serve_pid="" gui_pid="" xvfb_pid=""
cleanup() {
	for pid in $serve_pid $gui_pid; do kill "$pid" 2>/dev/null || true; done
	wineserver -k 2>/dev/null || true
	[ -z "$xvfb_pid" ] || kill "$xvfb_pid" 2>/dev/null || true
	[ -n "${TK_SMOKE_KEEP:-}" ] || rm -rf "$WINEPREFIX"
}
trap cleanup EXIT

# exited PID: the process has ended (a zombie waiting for wait counts).
exited() {
	local stat
	stat=$(ps -o stat= -p "$1") || return 0
	case "$stat" in Z*) return 0 ;; *) return 1 ;; esac
}

# wait_for SECONDS COMMAND…: runs COMMAND every half second until it succeeds.
wait_for() {
	local tries=$(($1 * 2))
	shift
	while ! "$@" >/dev/null 2>&1; do
		tries=$((tries - 1))
		[ "$tries" -gt 0 ] || return 1
		sleep 0.5
	done
}

# The virtual screen comes first: Wine's desktop, started with the prefix,
# takes the display it finds then, and with none no window can be made.
exec 3>"$WINEPREFIX/display"
Xvfb -displayfd 3 -screen 0 1366x768x24 -br -nolisten tcp >"$WINEPREFIX/xvfb.log" 2>&1 &
xvfb_pid=$!
exec 3>&-
wait_for 10 test -s "$WINEPREFIX/display" || fail "Xvfb did not start: $(cat "$WINEPREFIX/xvfb.log")"
DISPLAY=":$(cat "$WINEPREFIX/display")"
export DISPLAY

step "fresh Wine prefix in $WINEPREFIX ($(wine --version)), screen $DISPLAY"
# One wineserver for the whole run, started first: each command then
# starts in half a second instead of three.
# Its own log: on wineserver -k it dumps the objects still open.
wineserver -p >"$WINEPREFIX/wineserver.log" 2>&1 || fail "wineserver -p did not start: $(cat "$WINEPREFIX/wineserver.log")"
wineboot -i >"$WINEPREFIX/wineboot.log" 2>&1 || fail "wineboot -i could not make a Wine prefix: $(tail -3 "$WINEPREFIX/wineboot.log")"
system32="$WINEPREFIX/drive_c/windows/system32"
[ -d "$system32" ] || fail "wineboot made no drive_c/windows/system32"
x86_64-w64-mingw32-gcc -shared -O2 -s -o "$system32/bcryptprimitives.dll" "$here/wine/bcryptprimitives.c" -ladvapi32 ||
	fail "mingw could not build the stand-in bcryptprimitives.dll from .ci/wine/bcryptprimitives.c"
step "stand-in bcryptprimitives.dll (ProcessPrng over RtlGenRandom) built into system32"

# Windows paths, as the program sees them, and their Linux twins.
appdata=$(wine cmd /c echo %APPDATA% | tr -d '\r')
case "$appdata" in [A-Za-z]:\\*) ;; *) fail "Wine gave no %APPDATA% (got \"$appdata\")" ;; esac
localappdata=$(wine cmd /c echo %LOCALAPPDATA% | tr -d '\r')
profile=$(wine cmd /c echo %USERPROFILE% | tr -d '\r')
unix() { winepath -u "$1" 2>/dev/null | tr -d '\r'; }

step "installing $(basename "$setup") /S /CurrentUser"
wine "$setup" /S /CurrentUser || fail "the silent per-user install exited with status $?"
instdir="$localappdata\\Programs\\Tablekeeper"
exe="$instdir\\tablekeeper.exe"
wait_for 30 test -f "$(unix "$exe")" || fail "the installer put no tablekeeper.exe in $instdir (the per-user place)"
uninstkey='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Tablekeeper'
reg=$(wine reg query "$uninstkey" 2>/dev/null | tr -d '\r') || fail "the installer registered no uninstaller under $uninstkey"
case "$reg" in *"QuietUninstallString"*"/CurrentUser /S"*) ;; *) fail "the uninstall entry has no per-user QuietUninstallString: $reg" ;; esac
find "$(unix "$appdata")" -name 'Tablekeeper.lnk' | grep -q . || fail "the installer made no Start-menu shortcut"
step "installed in $instdir, Start-menu shortcut and Add/Remove Programs entry present"

# tk ARGS…: the installed program, its output kept in $out for the checks.
out=""
tk() { out=$(wine "$exe" "$@" 2>&1 | tr -d '\r'); }
tk --version || fail "tablekeeper.exe --version exited with status $?: $out"
case "$out" in
*bcryptprimitives*) fail "the Go runtime did not find ProcessPrng: $out" ;;
"Tablekeeper $version "*) ;;
*) fail "tablekeeper.exe --version said \"$out\", not Tablekeeper $version" ;;
esac
step "--version: $(echo "$out" | head -1)"

db="$appdata\\Tablekeeper\\tablekeeper.db"
tk sim --db "$db" --game altered --format standard-bo3 --players 32 --seed 7 --open-round ||
	fail "sim exited with status $?: $out"
case "$out" in *"round  3:"*"published and open"*) ;; *) fail "sim did not leave round 3 open: $out" ;; esac
[ -s "$(unix "$db")" ] || fail "sim wrote no database at $db"
step "sim: 32 players, round 3 open, in $db"

# results: the results count that check prints for the database in $1.
results() {
	tk check --db "$1" || fail "check --db $1 exited with status $?: $out"
	case "$out" in *"integrity: ok"*) ;; *) fail "check found $1 damaged: $out" ;; esac
	echo "$out" | sed -n 's/.* \([0-9][0-9]*\) results.*/\1/p'
}
before=$(results "$db")
[ -n "$before" ] || fail "check printed no results count for $db"
step "check: integrity ok, $before results"

# A folder with a space in its name, as a store's would have.
reports="$profile\\Documents\\Store reports"
reportsdir=$(unix "$reports")
mkdir -p "$reportsdir"
tk export --db "$db" --event 1 --report standings --out "$reports\\standings.pdf" || fail "export standings (PDF) exited with status $?: $out"
pdftotext "$reportsdir/standings.pdf" - 2>/dev/null | grep -q "Simulated event" || fail "the standings PDF does not read back with the event's name"
tk export --db "$db" --event 1 --report pairings-csv --round 3 --out "$reports\\pairings.csv" || fail "export pairings-csv exited with status $?: $out"
# The table codes are on the slips; the CSV carries them too.
line=$(grep '^3,1,1,' "$reportsdir/pairings.csv") || fail "the pairings CSV has no table 1 of round 3"
code=${line##*,}
[ -n "$code" ] || fail "the pairings CSV gives table 1 no code"
tk export --db "$db" --event 1 --report event-json --out "$reports\\event.json" || fail "export event-json exited with status $?: $out"
tk import --db "$reports\\imported.db" --event-json "$reports\\event.json" || fail "import of the exported event file exited with status $?: $out"
step "export: standings PDF, pairings CSV (table 1's code $code), event file read back by import"

tk backup --db "$db" --out "$reports\\backup.db" || fail "backup exited with status $?: $out"
copied=$(results "$reports\\backup.db")
[ "$copied" = "$before" ] || fail "the backup does not hold the database's $before results"
step "backup: a copy with the same $before results, integrity ok"

# Port 0: the system chooses a free one, and serve's first line names it.
serve_out="$WINEPREFIX/serve.out"
wine "$exe" serve --db "$db" --addr 127.0.0.1:0 >"$serve_out" 2>&1 &
serve_pid=$!
wait_for 30 grep -q '^serving http://127.0.0.1:[0-9]' "$serve_out" || fail "serve printed no address in 30 s: $(cat "$serve_out")"
url=$(sed -n 's|^serving \(http://127.0.0.1:[0-9]*\)/.*|\1|p' "$serve_out" | head -1)
body=$(curl -fsS "$url/api/events") || fail "GET $url/api/events did not answer"
case "$body" in *'"Simulated event (32 players)"'*) ;; *) fail "GET /api/events does not list the event: $body" ;; esac
# report CODE [TABLE]: sets status and body to the server's answer to a
# 2-1 report for round 3, table TABLE (1) with CODE.
report() {
	body=$(curl -sS -o - -w '\n%{http_code}' -H 'Content-Type: application/json' \
		-d "{\"round\":3,\"table\":${2:-1},\"code\":\"$1\",\"result\":\"2-1\"}" "$url/api/events/1/reports") ||
		fail "POST $url/api/events/1/reports did not answer"
	status=${body##*$'\n'}
	body=${body%$'\n'*}
}
report ZZZZZZ
[ "$status" = 403 ] || fail "a report with a wrong code got $status, not 403: $body"
report "$code"
[ "$status" = 200 ] || fail "a report with the right code got $status, not 200: $body"
case "$body" in *'"outcome":"recorded"'*) ;; *) fail "the report was not recorded: $body" ;; esac
step "serve on $url: event listed, wrong code refused (403), right code recorded (200)"
# Under Wine a Unix signal cannot be turned into Ctrl-C for a program
# without a console: it is killed, which the database must survive.
kill "$serve_pid"
wait "$serve_pid" 2>/dev/null || true
serve_pid=""
after=$(results "$db")
[ "$after" = $((before + 1)) ] || fail "the database holds $after results after the report, not $((before + 1))"
step "serve stopped: the reported result is in the database ($after results, integrity ok)"

# Two laptops on one machine (issue 29): a host and a standby that joins
# it with the join code, a report sent to the standby (carried out by the
# host), the host killed, the standby told to carry on alone on its
# console, and a report it then takes as the host.
hostdb="$reports\\host.db" standbydb="$reports\\standby.db"
tk backup --db "$db" --out "$hostdb" || fail "backup for the host exited with status $?: $out"
codeof() { sed -n "s/^3,$1,1,.*,\([^,]*\)\$/\1/p" "$reportsdir/pairings.csv" | head -1; }
code2=$(codeof 2) code3=$(codeof 3)
[ -n "$code2" ] && [ -n "$code3" ] || fail "the pairings CSV gives tables 2 and 3 no code"
host_out="$WINEPREFIX/host.out" standby_out="$WINEPREFIX/standby.out" standby_in="$WINEPREFIX/standby.in"
wine "$exe" serve --db "$hostdb" --addr 127.0.0.1:18671 --cluster-addr 127.0.0.1:18672 >"$host_out" 2>&1 &
serve_pid=$!
wait_for 60 grep -q '^join code: ' "$host_out" || fail "the host printed no join code in 60 s: $(cat "$host_out")"
joincode=$(sed -n 's/^join code: \([^ ]*\).*/\1/p' "$host_out" | head -1)
mkfifo "$standby_in"
wine "$exe" serve --db "$standbydb" --addr 127.0.0.1:18673 --cluster-addr 127.0.0.1:18674 \
	--join 127.0.0.1:18672 --join-code "$joincode" --console <"$standby_in" >"$standby_out" 2>&1 &
standby_pid=$!
exec 7>"$standby_in"
wait_for 60 grep -q '^standby of http://127.0.0.1:18671/' "$standby_out" || fail "the standby did not join in 60 s: $(cat "$standby_out")"
url=http://127.0.0.1:18673
report "$code2" 2
[ "$status" = 200 ] || fail "a report sent to the standby got $status, not 200: $body"
step "host and standby: the standby joined with the code; a report sent to it was recorded by the host"
kill "$serve_pid"
wait "$serve_pid" 2>/dev/null || true
serve_pid=$standby_pid
# takeover: asks the standby to carry on alone; it refuses until the host
# has been silent for 5 s.
takeover() { echo takeover >&7 && sleep 1 && grep -q '^this laptop is the host now' "$standby_out"; }
wait_for 60 takeover || fail "the standby did not take over in 60 s: $(cat "$standby_out")"
report "$code3" 3
[ "$status" = 200 ] || fail "a report after the takeover got $status, not 200: $body"
exec 7>&-
kill "$standby_pid"
wait "$standby_pid" 2>/dev/null || true
serve_pid=""
held=$(results "$standbydb")
[ "$held" = $((after + 2)) ] || fail "the standby holds $held results after the takeover, not $((after + 2))"
step "host killed: the standby carried on alone and recorded the next report ($held results, integrity ok)"

# The window, started as the Start-menu shortcut does: no --db, so it
# opens %AppData%\Tablekeeper\tablekeeper.db.
wine "$exe" >"$WINEPREFIX/gui.out" 2>&1 &
gui_pid=$!
shot="$WINEPREFIX/window.png"
# colours: how many distinct colours the screen shows; a black screen (the
# -br root) is 1, an empty white window 2, the events list hundreds (text
# is antialiased).
colours() { import -window root "$shot" 2>/dev/null && convert "$shot" -format '%k' info:; }
drawn() { [ "$(colours)" -ge 64 ]; }
drawn_or_exited() { drawn || exited "$gui_pid"; }
wait_for 60 drawn_or_exited || fail "the window drew nothing in 60 s (the screen shows $(colours) colours; OpenGL under Wine?): $(cat "$WINEPREFIX/gui.out")"
if exited "$gui_pid"; then fail "the program stopped instead of showing its window: $(cat "$WINEPREFIX/gui.out")"; fi
sleep 2 # the first frames are still laying out
n=$(colours)
[ -z "${TK_SMOKE_SHOT:-}" ] || cp "$shot" "$TK_SMOKE_SHOT"
# While the window runs, it is the database's one writer: a second one is
# refused, which proves it opened the default database.
# (timeout: were it let in, serve would run until stopped.)
if out=$(timeout 30 wine "$exe" serve --db "$db" --addr 127.0.0.1:0 2>&1 | tr -d '\r'); then
	fail "serve started beside the window on the same database"
fi
case "$out" in *"already open in another Tablekeeper"*) ;; *) fail "the window did not open $db (serve beside it said: $out)" ;; esac
step "window: drawn ($n colours on screen), holds $db"
wine taskkill /IM tablekeeper.exe >/dev/null 2>&1 || fail "taskkill found no tablekeeper.exe window to close"
wait_for 30 exited "$gui_pid" || fail "the window did not close within 30 s of WM_CLOSE"
wait "$gui_pid" 2>/dev/null && gui_status=0 || gui_status=$?
gui_pid=""
# 137 (SIGKILL): seen once in a dozen runs, wineserver ending the process's
# last thread as it exits; a Go panic or fatal error is status 2 and text.
case "$gui_status" in 0 | 137) ;; *) fail "the window closed with status $gui_status: $(cat "$WINEPREFIX/gui.out")" ;; esac
if grep -q 'panic:\|fatal error:' "$WINEPREFIX/gui.out"; then fail "the window stopped with an error: $(cat "$WINEPREFIX/gui.out")"; fi
step "window closed by WM_CLOSE (status $gui_status)"

dbsum=$(sha256sum <"$(unix "$db")")

step "uninstalling silently (the registry's QuietUninstallString)"
wine "$instdir\\uninstall.exe" /CurrentUser /S || fail "the silent uninstall exited with status $?"
# The uninstaller copies itself to %TEMP% and runs from there: wait for it.
wait_for 30 sh -c "! test -e \"$(unix "$instdir")\"" || fail "the uninstaller left $instdir: $(ls "$(unix "$instdir")")"
if wine reg query "$uninstkey" >/dev/null 2>&1; then fail "the uninstaller left $uninstkey"; fi
if find "$(unix "$appdata")" -name 'Tablekeeper.lnk' | grep -q .; then fail "the uninstaller left the Start-menu shortcut"; fi
[ -f "$(unix "$db")" ] || fail "the uninstaller removed the database $db"
# The program is gone, so the database is compared byte for byte with
# what it was once the window had closed.
[ "$(sha256sum <"$(unix "$db")")" = "$dbsum" ] || fail "the database changed during the uninstall"
[ -f "$reportsdir/backup.db" ] || fail "the uninstaller removed the backup"
step "uninstalled: program, shortcut and registry entry gone; $db kept unchanged"

# For all users too (Wine's user is an administrator): Program Files, the
# machine's registry, and the same uninstall.
step "installing for all users (/S /AllUsers)"
wine "$setup" /S /AllUsers || fail "the silent all-users install exited with status $?"
programfiles=$(wine cmd /c echo %ProgramW6432% | tr -d '\r')
instdir="$programfiles\\Tablekeeper"
exe="$instdir\\tablekeeper.exe"
wait_for 30 test -f "$(unix "$exe")" || fail "the all-users install put no tablekeeper.exe in $instdir"
machinekey='HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\Tablekeeper'
reg=$(wine reg query "$machinekey" 2>/dev/null | tr -d '\r') || fail "the all-users install registered no uninstaller under $machinekey"
case "$reg" in *"QuietUninstallString"*"/AllUsers /S"*) ;; *) fail "the all-users uninstall entry has no QuietUninstallString with /AllUsers: $reg" ;; esac
tk --version || fail "the all-users tablekeeper.exe --version exited with status $?: $out"
tk check --db "$db" || fail "the all-users tablekeeper.exe could not check $db: $out"
wine "$instdir\\uninstall.exe" /AllUsers /S || fail "the silent all-users uninstall exited with status $?"
wait_for 30 sh -c "! test -e \"$(unix "$instdir")\"" || fail "the all-users uninstaller left $instdir"
if wine reg query "$machinekey" >/dev/null 2>&1; then fail "the all-users uninstaller left $machinekey"; fi
[ -f "$(unix "$db")" ] || fail "the all-users uninstaller removed the database $db"
step "all users: installed in $instdir, ran, uninstalled; $db kept"
echo "windows-smoke: OK in $(($(date +%s) - start))s"
