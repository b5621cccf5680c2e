#!/usr/bin/env bash
# Tests the Windows installer under Wine, against the Linux binary (issue 41):
#
#   packaging/windows/test-under-wine.sh LINUX_TOURNEY dist/tourney-<version>-setup.exe [SHOT.png]
#
# 1. The installer runs silently (/S) into a scratch Wine prefix (64-bit, the user's
#    AppData\Local\Programs\Tourney); its files, Start-menu shortcut and registry entries
#    (the .tourney file type, Programs and Features) are checked.
# 2. The installed tourney.exe --version runs.
# 3. The same command lines (roster checks, a whist movement, a club movement, a whist drive
#    and a club pairs evening with results, standings, history, sheets as PDF, USEBIO, PBN,
#    mistakes that must be refused) run with the Linux binary and with tourney.exe, each in a
#    folder named "Zoë Ó Súilleabháin"; standard output, standard error, exit status and
#    every file written must be byte-identical (the history's clock times aside). Each side
#    then reads the event files the other wrote.
# 4. The window: tourney.exe with no arguments under Wine on Xvfb must draw a window titled
#    Tourney, stay up 10 s, and give a screenshot that is not blank (SHOT.png, default
#    dist/windows-window.png, kept to be looked at).
# 5. The silent uninstall removes the program and its registry entries and keeps the user's
#    data.
#
# Needs wine (64-bit), x86_64-w64-mingw32-gcc, Xvfb, xwininfo (x11-utils), ImageMagick.
# Wine 8 lacks bcryptprimitives.dll (ProcessPrng), which Rust's standard library calls: the
# test-only stand-in in test-support/ is built into the scratch prefix, never shipped.
# Everything happens in a scratch folder removed at the end; nothing outside it is touched.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
[[ $# -ge 2 ]] || { echo "usage: $0 LINUX_TOURNEY SETUP.exe [SHOT.png]" >&2; exit 2; }
linux=$(realpath "$1")
setup=$(realpath "$2")
shot=${3:-dist/windows-window.png}
[[ -x $linux ]] || { echo "test-under-wine: $1 is not a program" >&2; exit 2; }
[[ -f $setup ]] || { echo "test-under-wine: no installer at $2" >&2; exit 2; }
for tool in wine wineserver x86_64-w64-mingw32-gcc Xvfb xwininfo import convert; do
  command -v "$tool" >/dev/null || { echo "test-under-wine: $tool is missing" >&2; exit 2; }
done

scratch=$(mktemp -d)
xvfb_pid=
cleanup() {
  wineserver -k 2>/dev/null || true
  [[ -z $xvfb_pid ]] || kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
fail() {
  echo "test-under-wine: FAILED: $*" >&2
  exit 1
}
step_started=$SECONDS
step() {
  echo "== wine: $* ($((SECONDS - step_started)) s so far)"
}

# A UTF-8 locale, so Wine passes non-ASCII arguments and names as they are.
export LANG=C.UTF-8 LC_ALL=C.UTF-8 TZ=UTC
export WINEPREFIX=$scratch/prefix WINEARCH=win64 WINEDEBUG=-all
# No menu entries copied to the Linux desktop; no offer to install Mono or Gecko.
export WINEDLLOVERRIDES="winemenubuilder.exe=d;mscoree=;mshtml="

# An X display from the start: a Wine session begun without one draws no window later.
display=
for candidate in $(seq 90 120); do
  if [[ ! -e /tmp/.X$candidate-lock && ! -e /tmp/.X11-unix/X$candidate ]]; then display=:$candidate; break; fi
done
[[ -n $display ]] || fail "no free X display between :90 and :120"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$scratch/xvfb.log" 2>&1 &
xvfb_pid=$!
export DISPLAY=$display
for _ in $(seq 50); do xwininfo -root >/dev/null 2>&1 && break; sleep 0.1; done
xwininfo -root >/dev/null 2>&1 || fail "Xvfb did not start on $display"

step "making a scratch Wine prefix"
wineboot -i >"$scratch/wineboot.log" 2>&1 || { cat "$scratch/wineboot.log"; fail "wineboot"; }
wineserver -w
x86_64-w64-mingw32-gcc -shared -O2 -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
  packaging/windows/test-support/bcryptprimitives.c -ladvapi32

step "installing silently"
wine "$setup" /S
wineserver -w
# From here one wineserver stays up (each program then starts in a fraction of a second
# instead of several) until the uninstall, which waits for the server to end.
wineserver -p
users="$WINEPREFIX/drive_c/users"
exe=$(find "$users" -path '*/AppData/Local/Programs/Tourney/tourney.exe' | head -n 1)
[[ -n $exe ]] || fail "the installer put no tourney.exe in AppData\\Local\\Programs\\Tourney"
installed=$(dirname "$exe")
for file in tourney.ico uninstall.exe README.md docs/guide/README.md; do
  [[ -f $installed/$file ]] || fail "the installer did not install $file"
done
shortcut=$(find "$users" -ipath '*/Start Menu/Programs/Tourney.lnk' | head -n 1)
[[ -n $shortcut ]] || fail "no Start-menu shortcut Tourney.lnk"
# reg prints CRLF lines; the values are checked by name.
reg_value() { wine reg query "$1" /v "$2" 2>/dev/null | tr -d '\r' | awk -v n="$2" '$1 == n { $1 = ""; $2 = ""; sub(/^  */, ""); print }'; }
uninstall_key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Tourney'
[[ $(reg_value 'HKCU\Software\Classes\.tourney' '(Default)') == Tourney.Event ]] ||
  [[ $(wine reg query 'HKCU\Software\Classes\.tourney' 2>/dev/null | tr -d '\r') == *Tourney.Event* ]] ||
  fail ".tourney is not registered as Tourney.Event"
open_command=$(wine reg query 'HKCU\Software\Classes\Tourney.Event\shell\open\command' 2>/dev/null | tr -d '\r')
[[ $open_command == *'tourney.exe" "%1"'* ]] || fail ".tourney files do not open with tourney.exe: $open_command"
version=$(reg_value "$uninstall_key" DisplayVersion)
publisher=$(reg_value "$uninstall_key" Publisher)
[[ -n $version && -n $publisher ]] || fail "Programs and Features has no version or publisher"
[[ -n $(reg_value "$uninstall_key" QuietUninstallString) ]] || fail "no quiet uninstall command"
echo "installed $version by $publisher: $(du -sh "$installed" | cut -f1) in $installed"

step "tourney.exe --version"
winver=$(wine "$exe" --version) || fail "tourney.exe --version failed"
echo "$winver"
[[ $winver == "tourney $version"* ]] || fail "tourney.exe --version says '$winver', the installer $version"

# --- the command line, both sides -------------------------------------------------------
# One command line a line, as a shell would split it; "< FILE" at the end is standard input.
# The files named are the fixtures copied into the working folder (under their own names,
# one under a name with non-ASCII letters and a space).
cases=$(cat <<'EOF'
roster check whist_16_international.csv
roster check "Liste des joueurs é.csv"
roster check windows1252_comma_quoted.csv
roster check broken_duplicate_names.csv
roster check no_such_file.csv
whist --players 16
whist --players 23 --rounds 4 --out whist23.csv
movement --pairs 14 --boards 28
movement --pairs 13 --kind howell --boards 24 --out howell.csv
event new drive.tourney --format whist-drive --roster whist_16_international.csv --rounds 5 --hands-per-round 2 --title "Thursday drive" --date 2026-11-26
event new drive.tourney --format whist-drive --players 8
event sheets drive.tourney --pdf "drive sheets.pdf"
event result drive.tourney --round 1 --table 1 --ns 15 --ew 11
event result drive.tourney --round 1 --table 2 --ns 12 --ew 15
event result drive.tourney --stdin < drive-results.txt
event result drive.tourney --round 9 --table 1 --ns 13 --ew 13
event show drive.tourney
event standings drive.tourney
event standings drive.tourney --csv standings.csv
event standings drive.tourney --pdf standings.pdf
event undo drive.tourney
event history drive.tourney
event new club.tourney --format bridge-pairs --roster pairs_two_name_columns.csv --boards 28 --movement mitchell --club "Oak BC" --club-id 1234 --title "Thursday pairs" --date 2026-11-26
deals --boards 28 --seed 7 --out club.pbn
event deals club.tourney --pbn club.pbn
event result club.tourney --stdin < club-results.txt
event standings club.tourney
event standings club.tourney --pdf ranking.pdf
event export club.tourney --usebio club.xml
event export club.tourney --usebio club.xml
event sheets club.tourney --pdf evening.pdf
event deals club.tourney --out back.pbn
event show club.tourney
event show missing.tourney
event new "no such folder/x.tourney" --format whist-drive --players 8
EOF
)
printf '%s\n' '--round 1 --table 3 --ns 14 --ew 12' '--round 1 --table 4 --ns 13 --ew 13' \
  '--round 2 --table 1 --ns 27 --ew 0' '--round 2 --table 9 --ns 1 --ew 1' >"$scratch/drive-results.txt"
printf '%s\n' '--board 1 --ns 1 --ew 1 --contract 4S --by N --tricks = --lead HQ' \
  '--board 1 --ns 7 --ew 6 --contract 4S --by N --tricks +1' \
  '--board 5 --ns 2 --ew 2 --contract 3NT --by E --tricks 9' '--board 9 --ns 3 --ew 3 --passed' \
  '--board 9 --ns 2 --ew 1 --contract 2HX --by S --tricks -2' \
  '--board 2 --ns 1 --ew 1 --artificial AVE+' '--board 3 --ns 1 --ew 1 --score -100' \
  '--board 30 --ns 1 --ew 1 --score 100' >"$scratch/club-results.txt"

# Each side works in SIDE/Zoë Ó Súilleabháin; its outputs go to SIDE/out (outside it).
folder="Zoë Ó Súilleabháin"
for side in linux windows; do
  mkdir -p "$scratch/$side/$folder" "$scratch/$side/out" "$scratch/$side/home"
  for fixture in whist_16_international windows1252_comma_quoted broken_duplicate_names pairs_two_name_columns; do
    cp "fixtures/rosters/$fixture.csv" "$scratch/$side/$folder/"
  done
  cp fixtures/rosters/whist_evening_23.csv "$scratch/$side/$folder/Liste des joueurs é.csv"
  cp "$scratch/drive-results.txt" "$scratch/club-results.txt" "$scratch/$side/$folder/"
done

# run SIDE N INPUT ARGS...: runs one command line on one side, INPUT its standard input (a
# file in the working folder).
run() {
  local side=$1 n=$2 input=$3 status=0
  shift 3
  local args=("$@")
  local out="$scratch/$side/out/$n"
  (
    cd "$scratch/$side/$folder"
    if [[ $side == linux ]]; then
      HOME="$scratch/linux/home" XDG_DATA_HOME="$scratch/linux/home/data" \
        XDG_CONFIG_HOME="$scratch/linux/home/config" "$linux" "${args[@]}"
    else
      wine "$exe" "${args[@]}"
    fi
  ) <"$scratch/$side/$folder/$input" >"$out.out" 2>"$out.err" || status=$?
  echo "$status" >"$out.status"
}
# The standard input of a case without one: an empty file (both sides alike).
: >"$scratch/linux/$folder/.none" && cp "$scratch/linux/$folder/.none" "$scratch/windows/$folder/"

step "the command line, $(wc -l <<<"$cases") cases on each side"
for side in linux windows; do
  n=0
  while IFS= read -r line; do
    n=$((n + 1))
    input=.none
    if [[ $line =~ ^(.*)\ \<\ ([^ ]+)$ ]]; then
      line=${BASH_REMATCH[1]} input=${BASH_REMATCH[2]}
    fi
    eval "args=($line)"
    run "$side" "$n" "$input" "${args[@]}"
  done <<<"$cases"
done
# The history's clock times differ between the two runs, and nothing else may.
sed -E -i 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+[+-][0-9:]+/TIME/g' "$scratch"/*/out/*.out

differences=0
n=0
while IFS= read -r line; do
  n=$((n + 1))
  for stream in status out err; do
    if ! cmp -s "$scratch/linux/out/$n.$stream" "$scratch/windows/out/$n.$stream"; then
      differences=$((differences + 1))
      echo "case $n (tourney $line): $stream differs (Linux, then Windows):"
      diff <(head -c 4000 "$scratch/linux/out/$n.$stream") <(head -c 4000 "$scratch/windows/out/$n.$stream") | head -n 20 || true
    fi
  done
done <<<"$cases"
# Every file written, byte for byte, except the event files themselves (SQLite databases
# holding clock times), which are compared by reading them below.
written=0
while IFS= read -r -d '' file; do
  written=$((written + 1))
  relative=${file#"$scratch/linux/$folder/"}
  if ! cmp -s "$file" "$scratch/windows/$folder/$relative"; then
    differences=$((differences + 1))
    echo "file $relative differs (or is missing on Windows)"
  fi
done < <(find "$scratch/linux/$folder" -type f ! -name '*.tourney*' -print0)
windows_files=$(find "$scratch/windows/$folder" -type f ! -name '*.tourney*' | wc -l)
((windows_files == written)) || {
  differences=$((differences + 1))
  echo "Windows wrote $windows_files files, Linux $written"
}
# Statuses seen, so a run where everything failed alike cannot pass unnoticed.
ok=$(grep -lx 0 "$scratch"/linux/out/*.status | wc -l)
refused=$(grep -Lx 0 "$scratch"/linux/out/*.status | wc -l)
((ok >= 25 && refused >= 4)) || fail "expected most cases to succeed and the mistakes to be refused: $ok succeeded, $refused refused"

step "each side reads the event files the other wrote"
for event in drive club; do
  for command in show standings; do
    a=$(cd "$scratch/linux/$folder" && HOME="$scratch/linux/home" XDG_DATA_HOME="$scratch/linux/home/data" \
      "$linux" event "$command" "../../windows/$folder/$event.tourney" 2>&1) || true
    b=$(cd "$scratch/windows/$folder" && wine "$exe" event "$command" "../../linux/$folder/$event.tourney" 2>&1) || true
    own=$(cd "$scratch/linux/$folder" && HOME="$scratch/linux/home" XDG_DATA_HOME="$scratch/linux/home/data" \
      "$linux" event "$command" "$event.tourney" 2>&1) || true
    if [[ $a != "$own" || $b != "$own" ]]; then
      differences=$((differences + 1))
      echo "event $command of $event.tourney read across differs"
    fi
  done
done
((differences == 0)) || fail "$differences difference(s) between tourney.exe under Wine and the Linux binary"
echo "the command line: $n cases ($ok succeeded, $refused refused as they should), $written files written, all byte-identical; event files read across both ways"

# --- the window ----------------------------------------------------------------------------
step "the window under Xvfb"
(cd "$scratch" && exec wine "$exe") >"$scratch/window.log" 2>&1 &
window_pid=$!
# The first start after installing takes Wine more than 15 s: wait for the window itself.
waited=0
until xwininfo -root -tree 2>/dev/null | grep -q '"Tourney'; do
  kill -0 "$window_pid" 2>/dev/null || { cat "$scratch/window.log"; fail "tourney.exe exited before a window appeared"; }
  ((waited < 300)) || fail "no window titled Tourney after 300 s"
  sleep 1
  waited=$((waited + 1))
done
title=$(xwininfo -root -tree | grep -o '"Tourney[^"]*"' | head -n 1)
echo "window $title after $waited s"
sleep 10
kill -0 "$window_pid" 2>/dev/null || { cat "$scratch/window.log"; fail "the window closed within 10 s"; }
mkdir -p "$(dirname "$shot")"
import -window root "$shot"
colours=$(convert "$shot" -format %k info:)
# A blank screen is one colour; a window with text and widgets has hundreds.
((colours >= 64)) || fail "the screenshot $shot has $colours colour(s): the window drew nothing"
echo "screenshot $shot: $colours colours"
wineserver -k 2>/dev/null || true
wait "$window_pid" 2>/dev/null || true
data_dir=$(find "$users" -maxdepth 4 -ipath '*/AppData/Roaming/tourney' | head -n 1)
[[ -n $data_dir ]] || fail "the window kept nothing in AppData\\Roaming\\tourney"

# --- uninstalling --------------------------------------------------------------------------
step "uninstalling silently"
wineserver -k 2>/dev/null || true
wineserver -w
wine "$installed/uninstall.exe" /S
wineserver -w
[[ ! -e $exe ]] || fail "tourney.exe is still there after uninstalling"
[[ -z $(find "$users" -ipath '*/Start Menu/Programs/Tourney.lnk') ]] || fail "the shortcut is still there"
if wine reg query "$uninstall_key" >/dev/null 2>&1; then fail "Programs and Features still lists Tourney"; fi
if wine reg query 'HKCU\Software\Classes\.tourney' >/dev/null 2>&1; then fail ".tourney is still registered"; fi
[[ -d $data_dir ]] || fail "uninstalling removed the user's data (AppData\\Roaming\\tourney)"
step "done: installed, ran the command line and the window, uninstalled"
