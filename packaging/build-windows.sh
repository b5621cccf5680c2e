#!/usr/bin/env bash
# Builds Tourney for Windows on Linux: cross-compiles tourney.exe (release, x86_64-pc-windows-gnu
# with MinGW-w64, the default features) and makes
#
#   dist/tourney-<version>-windows.zip    the program in a folder, for those who cannot run
#                                         installers: unzip anywhere, run tourney.exe
#   dist/tourney-<version>-setup.exe      the installer (NSIS, packaging/windows/tourney.nsi):
#                                         per user, no administrator rights, Start menu,
#                                         .tourney files, Programs and Features, uninstaller
#
#   packaging/build-windows.sh                      # build, then pack
#   TOURNEY_PREBUILT=1 packaging/build-windows.sh   # pack the tourney.exe already built
#
# Needs (Debian): apt-get install gcc-mingw-w64-x86-64 nsis icoutils zip, and
# `rustup target add x86_64-pc-windows-gnu`. packaging/windows/README.md says what was tested
# (under Wine) and how long it takes.
#
# The build has a target folder of its own ($HOME/.cache/tourney-win-target unless
# CARGO_TARGET_DIR is set): cargo locks a target folder while it builds, and this build is
# long, so it would hold up the Linux builds and tests sharing theirs.
#
# Each output is written beside its final name and renamed over it only when complete: a
# failed run leaves the previous build's files as they were; a successful one replaces them
# and says so.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=x86_64-pc-windows-gnu
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/tourney-win-target}"

fail() {
  echo "build-windows: $*" >&2
  exit 1
}

# Every tool first, so a missing one is said before a long build, not after it.
missing=()
need() { command -v "$1" >/dev/null || missing+=("$1 ($2)"); }
need cargo "Rust, through rustup: see README.md"
need x86_64-w64-mingw32-gcc "apt-get install gcc-mingw-w64-x86-64"
need makensis "apt-get install nsis"
need icotool "apt-get install icoutils"
need zip "apt-get install zip"
if ((${#missing[@]})); then
  list=$(printf '%s; ' "${missing[@]}")
  fail "cannot build without these tools: ${list%; }"
fi
if [[ ${TOURNEY_PREBUILT:-} != 1 ]] && command -v rustup >/dev/null &&
  ! grep -qx "$TARGET" <<<"$(rustup target list --installed)"; then
  fail "Rust's standard library for Windows is missing: rustup target add $TARGET"
fi

# The version: the package's own (desktop/Cargo.toml takes the workspace's).
pkgid=$(cargo pkgid -p tourney) || fail "cargo could not read the tourney package"
version=${pkgid##*[#@]}
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]] || fail "cannot read a version from '$pkgid'"
# Four numbers for the installer's file properties (a pre-release tag is dropped there).
version4="${BASH_REMATCH[0]}.0"

# The build date shown by `tourney.exe --version` is the last commit's, and so are the time
# stamps in the zip and the installer. As in build-deb.sh it reaches cargo as
# TOURNEY_BUILD_EPOCH only: cc-rs rebuilds SQLite and psm (and all above them) whenever
# SOURCE_DATE_EPOCH changes.
if [[ -z "${SOURCE_DATE_EPOCH:-}" ]]; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
fi
export TOURNEY_BUILD_EPOCH=${TOURNEY_BUILD_EPOCH:-$SOURCE_DATE_EPOCH}

# The build profile: `release` unless TOURNEY_WIN_PROFILE names another (CI's `ci-windows`,
# see Cargo.toml: the same program optimised less, for a shorter cold build).
profile=${TOURNEY_WIN_PROFILE:-release}
[[ $profile =~ ^[a-z][a-z0-9-]*$ ]] || fail "TOURNEY_WIN_PROFILE must be a profile name such as release, not \"$profile\""
exe="$CARGO_TARGET_DIR/$TARGET/$profile/tourney.exe"
if [[ ${TOURNEY_PREBUILT:-} != 1 ]]; then
  env -u SOURCE_DATE_EPOCH cargo build --profile "$profile" --target "$TARGET" -p tourney
fi
[[ -f $exe ]] || fail "no $exe: the build did not make it (run without TOURNEY_PREBUILT=1)"

# What is installed, gathered in one folder (the build's own, remade each time).
stage="$CARGO_TARGET_DIR/windows-stage/tourney-$version"
rm -rf "$CARGO_TARGET_DIR/windows-stage"
mkdir -p "$stage/docs/guide" "$stage/licences"
cp "$exe" "$stage/tourney.exe"
cp README.md "$stage/README.md"
cp docs/guide/*.md "$stage/docs/guide/"
# The fonts built into tourney.exe come with their copyright and licence notices.
for notice in assets/fonts/*.copyright; do
  cp "$notice" "$stage/licences/$(basename "$notice" .copyright)-font.txt"
done
# The icon: NSIS and Explorer want .ico; icotool packs the project's PNGs into one (the
# 256-pixel image stored as PNG, as Windows Vista and later read it).
icons=()
for size in 16 32 48 64 128; do icons+=("assets/icons/tourney-$size.png"); done
icotool --create --output="$stage/tourney.ico" "${icons[@]}" --raw=assets/icons/tourney-256.png
# Same time stamps every build, so the same source gives the same zip.
find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p dist
[[ -d dist ]] || fail "dist is not a folder"
zip_out="dist/tourney-$version-windows.zip"
setup_out="dist/tourney-$version-setup.exe"

# Writes $2 by running "$1 TEMPORARY", then renames it over $2.
publish() {
  local make=$1 out=$2 partial="$2.partial"
  [[ ! -d $out ]] || fail "$out is a folder; move it away first"
  rm -f "$partial"
  "$make" "$partial"
  if [[ -e $out ]]; then
    echo "build-windows: replacing $out (an earlier build's)"
  fi
  mv -f "$partial" "$out"
}

make_zip() {
  local out
  out="$(pwd)/$1"
  (cd "$CARGO_TARGET_DIR/windows-stage" &&
    find "tourney-$version" -type f | LC_ALL=C sort | TZ=UTC zip -q -X -9 -@ "$out")
}

make_setup() {
  local out
  out="$(pwd)/$1"
  SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH makensis -V2 -WX -INPUTCHARSET UTF8 \
    "-DVERSION=$version" "-DVERSION4=$version4" "-DSTAGE=$stage" "-DOUTFILE=$out" \
    packaging/windows/tourney.nsi
}

publish make_zip "$zip_out"
publish make_setup "$setup_out"
echo "built $zip_out ($(du -h "$zip_out" | cut -f1)) and $setup_out ($(du -h "$setup_out" | cut -f1)); tourney.exe $(du -h "$exe" | cut -f1)"
