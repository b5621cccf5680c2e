#!/usr/bin/env bash
# Checks a built Tourney .deb: every file it must carry is listed by `dpkg-deb -c`, its
# control fields are right, the desktop entry is valid (when desktop-file-validate is
# present), and the package installs into a scratch root whose `tourney --version` runs.
set -euo pipefail
deb=${1:?usage: check-deb.sh PACKAGE.deb [highs|microlp]}
backend=${2:-}
fail() { echo "check-deb: $*" >&2; exit 1; }

contents=$(dpkg-deb -c "$deb")
for path in \
  ./usr/bin/tourney \
  ./usr/share/applications/tourney.desktop \
  ./usr/share/mime/packages/tourney.xml \
  ./usr/share/icons/hicolor/scalable/apps/tourney.svg \
  ./usr/share/icons/hicolor/48x48/apps/tourney.png \
  ./usr/share/icons/hicolor/256x256/apps/tourney.png \
  ./usr/share/doc/tourney/copyright; do
  grep -q " $path\$" <<<"$contents" || fail "$deb does not contain $path"
done
grep -q -- '-rwxr-xr-x .* ./usr/bin/tourney$' <<<"$contents" || fail "usr/bin/tourney is not executable"
[[ $(dpkg-deb -f "$deb" Package) == tourney ]] || fail "the package is not named tourney"
dpkg-deb -f "$deb" Depends | grep -q 'libc6' || fail "Depends does not name libc6 (dpkg-shlibdeps did not run?)"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dpkg-deb -x "$deb" "$scratch/unpacked"
grep -q '^MimeType=application/x-tourney-event;$' "$scratch/unpacked/usr/share/applications/tourney.desktop" \
  || fail "the desktop entry does not claim .tourney files"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$scratch/unpacked/usr/share/applications/tourney.desktop"
else
  echo "check-deb: desktop-file-validate not installed; the desktop entry was not validated"
fi

# A real dpkg install into an empty root (its own database; the libraries the binary links
# come from this machine, so dependencies are not installed there).
root="$scratch/root"
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
# dpkg warns about every dependency missing from the empty root; show that only on failure.
dpkg --root="$root" --force-depends --force-not-root --log=/dev/null -i "$deb" >"$scratch/dpkg.log" 2>&1 \
  || { cat "$scratch/dpkg.log" >&2; fail "dpkg could not install the package"; }
dpkg --root="$root" -s tourney | grep -q '^Status: install ok installed$' || fail "dpkg did not install the package"
version=$("$root/usr/bin/tourney" --version)
echo "installed into a scratch root: $version"
grep -q "^tourney $(dpkg-deb -f "$deb" Version | sed 's/-.*//')" <<<"$version" || fail "tourney --version says '$version'"
# A prebuilt binary must carry the backend the package promises.
[[ -z $backend ]] || grep -q "MILP backend $backend)" <<<"$version" || fail "the binary's backend is not $backend: '$version'"
echo "check-deb: $deb is good ($(du -h "$deb" | cut -f1), binary $(du -h "$root/usr/bin/tourney" | cut -f1))"
