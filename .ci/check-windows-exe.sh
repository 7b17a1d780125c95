#!/bin/sh
# Checks a cross-built tablekeeper.exe before it goes into the installer:
#   1. it imports only DLLs that ship with Windows (it is linked statically:
#      no libwinpthread-1.dll, no libgcc_s_*.dll, no libstdc++ to carry);
#   2. it is a 64-bit Windows GUI program;
#   3. it carries the app icon, a manifest and version information, and the
#      version is the one given (FyneApp.toml's Version.Build).
# Usage: check-windows-exe.sh FILE.exe [VERSION.BUILD]
# Needs the mingw-w64 binutils (x86_64-w64-mingw32-objdump and -windres).
# Prints what it checked; exits 1 naming the first thing that is wrong.
set -eu
exe=${1:?usage: check-windows-exe.sh FILE.exe [VERSION.BUILD]}
want=${2:-}
objdump=x86_64-w64-mingw32-objdump
windres=x86_64-w64-mingw32-windres
[ -f "$exe" ] || { echo "check-windows-exe: $exe does not exist; build it first (make windows-exe)." >&2; exit 1; }
command -v "$objdump" >/dev/null 2>&1 || { echo "check-windows-exe: $objdump is missing; install binutils-mingw-w64-x86-64 (make windows-deps)." >&2; exit 1; }

fail() { echo "check-windows-exe: $exe: $*" >&2; exit 1; }

# The DLLs the program may import, all part of every Windows since XP/7,
# each because this build really imports it (objdump -p, "DLL Name"):
#   kernel32.dll  Go runtime and C runtime start-up: memory, threads, files
#   user32.dll    GLFW: windows, input, clipboard, monitors
#   gdi32.dll     GLFW: pixel formats and SwapBuffers for the OpenGL context
#   opengl32.dll  go-gl and GLFW: Fyne draws with OpenGL (wgl*)
#   shell32.dll   GLFW: files dropped on the window (DragQueryFile)
#   msvcrt.dll    the C runtime mingw-w64 links SQLite and GLFW against; a
#                 system component of Windows (in System32) since Windows 2000
# Anything else (a new dependency's DLL) fails here: add it only if it is in
# a clean Windows install, with the reason.
allowed="kernel32.dll user32.dll gdi32.dll opengl32.dll shell32.dll msvcrt.dll"

dump=$("$objdump" -p "$exe") || fail "objdump could not read it (not a PE file?)"

printf "%s\n" "$dump" | grep -q "^Magic[[:space:]]*020b[[:space:]]*(PE32+)" || fail "not a 64-bit (PE32+) program"
printf "%s\n" "$dump" | grep -q "^Subsystem[[:space:]].*(Windows GUI)" || fail "not a Windows GUI program (link with -H=windowsgui)"
echo "subsystem: 64-bit Windows GUI (PE32+)"

dlls=$(printf "%s\n" "$dump" | sed -n 's/^[[:space:]]*DLL Name: //p' | tr -d '\r' | sort -uf)
[ -n "$dlls" ] || fail "no import table found"
for dll in $dlls; do
	lower=$(echo "$dll" | tr '[:upper:]' '[:lower:]')
	case " $allowed " in
	*" $lower "*) ;;
	*) fail "imports $dll, which does not ship with Windows (link statically: -extldflags=-static; or, if it is a Windows system DLL, add it to the allow-list in .ci/check-windows-exe.sh with the reason)" ;;
	esac
done
echo "imports: $(printf '%s\n' "$dlls" | tr '\n' ' ' | sed 's/ $//') (all ship with Windows; no libwinpthread, no libgcc)"

# Resources: the directory must be there, then read it back with windres.
rsrc=$(printf "%s\n" "$dump" | sed -n 's/^Entry 2 [0-9a-f]* \([0-9a-f]*\) Resource Directory.*/\1/p')
case "$rsrc" in "" | 00000000) fail "no resource directory: the .syso with icon and version was not linked in (make windows-exe generates it)" ;; esac
rc=$("$windres" -J coff -i "$exe" -O rc 2>/dev/null) || fail "windres could not read its resources"

icons=$(printf "%s\n" "$rc" | grep -c "RT_ICON \*/" || true)
printf "%s\n" "$rc" | grep -q "RT_GROUP_ICON \*/" || fail "no application icon (RT_GROUP_ICON)"
[ "$icons" -gt 0 ] || fail "the icon group holds no images"
sizes=$(printf "%s\n" "$rc" | sed -n '/RT_GROUP_ICON/,/^END/s/^[[:space:]]*"\\\([0-7]*\)\\.*Element no.*/\1/p' |
	while read -r o; do n=$((0$o)); [ "$n" -eq 0 ] && n=256; printf '%s ' "$n"; done)
echo "icon: $icons images (${sizes% } px)"

printf "%s\n" "$rc" | grep -q "RT_MANIFEST \*/" || fail "no manifest (RT_MANIFEST)"
echo "manifest: present"

printf "%s\n" "$rc" | grep -q "VERSIONINFO" || fail "no version information (VERSIONINFO)"
filever=$(printf "%s\n" "$rc" | sed -n 's/^[[:space:]]*VALUE "FileVersion", "\(.*\)"/\1/p')
prodver=$(printf "%s\n" "$rc" | sed -n 's/^[[:space:]]*VALUE "ProductVersion", "\(.*\)"/\1/p')
product=$(printf "%s\n" "$rc" | sed -n 's/^[[:space:]]*VALUE "ProductName", "\(.*\)"/\1/p')
[ -n "$filever" ] || fail "the version information has no FileVersion"
if [ -n "$want" ]; then
	[ "$filever" = "$want" ] || fail "FileVersion is $filever, FyneApp.toml says $want"
	[ "$prodver" = "$want" ] || fail "ProductVersion is $prodver, FyneApp.toml says $want"
fi
echo "version info: $product, FileVersion $filever, ProductVersion $prodver"
echo "check-windows-exe: $exe OK"
