#!/bin/sh
# Signs a Windows executable in place (Authenticode, SHA-256, timestamped)
# with osslsigncode, so SmartScreen names the publisher instead of
# "Unknown publisher". make windows calls it on tablekeeper.exe and on the
# installer when WIN_SIGN names it (the release workflow does when its
# secrets hold a certificate):
#   WINDOWS_SIGNING_PFX       the code-signing certificate and key, a
#                             PKCS#12 (.pfx) file in base64
#   WINDOWS_SIGNING_PASSWORD  the .pfx file's password
#   WINDOWS_SIGNING_TIMESTAMP a timestamp server (DigiCert's when unset), so
#                             the signature outlives the certificate; set
#                             empty, none (a test offline)
set -eu
file=$1
: "${WINDOWS_SIGNING_PFX:?WINDOWS_SIGNING_PFX is empty: set it to the base64 of the .pfx certificate, or build without WIN_SIGN}"
sh "$(dirname "$0")/deps.sh" osslsigncode
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '%s' "$WINDOWS_SIGNING_PFX" | base64 -d >"$dir/cert.pfx"
# The password goes through a file, never the command line (ps shows it).
printf '%s' "${WINDOWS_SIGNING_PASSWORD:-}" >"$dir/pass"
ts=${WINDOWS_SIGNING_TIMESTAMP-http://timestamp.digicert.com}
set -- -pkcs12 "$dir/cert.pfx" -readpass "$dir/pass" -h sha256 -n Tablekeeper -i https://tablekeeper.org
[ -z "$ts" ] || set -- "$@" -ts "$ts"
osslsigncode sign "$@" -in "$file" -out "$dir/signed.exe" >/dev/null
mv "$dir/signed.exe" "$file"
echo "signed $file"
