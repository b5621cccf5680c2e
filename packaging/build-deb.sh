#!/usr/bin/env bash
# Builds Tourney's Debian package and checks it: the binary with the HiGHS MILP backend
# (cmake and libclang are installed when missing and we are root), packed by cargo-deb with
# the desktop entry, the icons and the .tourney file type; then `check-deb.sh` lists the
# contents, installs the package into a scratch root and runs `tourney --version` from there.
#
#   packaging/build-deb.sh                          # writes dist/tourney_<version>_<arch>.deb
#   TOURNEY_BACKEND=microlp packaging/build-deb.sh  # without HiGHS (cargo alone)
#   TOURNEY_PREBUILT=1 packaging/build-deb.sh       # package the binary already built
#
# The binary is built with cargo's `dev` profile, which this workspace optimises (see the
# profiles in Cargo.toml): the profile `cargo test` uses, so CI packages the binary its HiGHS
# test run has just built (TOURNEY_PREBUILT=1) and compiles the dependency graph once.
#
# cargo-deb itself is built from crates.io (a pinned version) into the build cache the first
# time; after that, and once `cargo fetch` has run, the build needs no network.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/tourney-target}"
CARGO_DEB_VERSION=3.8.0
TOOLS="$CARGO_TARGET_DIR/packaging-tools"
if ! "$TOOLS/bin/cargo-deb" --version 2>/dev/null | grep -q "$CARGO_DEB_VERSION"; then
  # Its own build folder: cargo locks a target folder while it builds.
  CARGO_TARGET_DIR="$TOOLS/build" cargo install cargo-deb --version "$CARGO_DEB_VERSION" --locked --root "$TOOLS"
fi
# The build date shown by `tourney --version` is the last commit's, so the same source gives
# the same package. It reaches the build as TOURNEY_BUILD_EPOCH, not SOURCE_DATE_EPOCH: cargo
# rebuilds every crate that compiles C (SQLite, psm under typst) and their dependants when
# the latter changes. cargo-deb gets SOURCE_DATE_EPOCH for the archive's time stamps.
if [[ -z "${SOURCE_DATE_EPOCH:-}" ]]; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s)
fi
export TOURNEY_BUILD_EPOCH=${TOURNEY_BUILD_EPOCH:-$SOURCE_DATE_EPOCH}
# The MILP backend: HiGHS (see packaging/README.md for why) unless TOURNEY_BACKEND=microlp.
backend=${TOURNEY_BACKEND:-highs}
features=()
if [[ $backend == highs ]]; then
  if ! command -v cmake >/dev/null || ! ls /usr/lib/llvm-*/lib/libclang*.so* >/dev/null 2>&1; then
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq cmake clang libclang-dev >/dev/null
    else
      echo "build-deb: HiGHS needs cmake and libclang (apt-get install cmake clang libclang-dev)," >&2
      echo "build-deb: or build without it: TOURNEY_BACKEND=microlp $0" >&2
      exit 1
    fi
  fi
  features=(--features highs)
elif [[ $backend != microlp ]]; then
  echo "build-deb: TOURNEY_BACKEND must be highs or microlp, not '$backend'" >&2
  exit 2
fi
if [[ ${TOURNEY_PREBUILT:-} != 1 ]]; then
  cargo build -p tourney "${features[@]}"
fi
mkdir -p dist
deb=$(SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH "$TOOLS/bin/cargo-deb" -p tourney --profile dev --no-build --output dist/ | tail -n 1)
echo "built $deb"
packaging/check-deb.sh "$deb" "$backend"
