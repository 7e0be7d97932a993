#!/bin/sh
# Runs every libFuzzer target built in BUILD_DIR for $FUZZ_SECONDS each, merges new coverage into its
# corpus, keeps any crashing input and prints the one command that reproduces it.
# Usage: FUZZ_SECONDS=60 sh fuzz/run.sh BUILD_DIR [TARGET...]   (BUILD_DIR configured with -DMJ_FUZZ=ON)
set -u
[ $# -ge 1 ] || { echo "usage: FUZZ_SECONDS=60 sh fuzz/run.sh BUILD_DIR [TARGET...]" >&2; exit 2; }
build=$(cd "$1" 2>/dev/null && pwd) || { echo "fuzz: no build directory $1" >&2; exit 2; }
shift
seconds=${FUZZ_SECONDS:-60}
case $seconds in '' | *[!0-9]*) echo "fuzz: FUZZ_SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.." || exit 2
targets=${*:-"parse_mpsz parse_letters parse_hex parse_unicode parse_auto differential checkpoint ddz_cards ddz_moves ddz_solve ddz_certify"}

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
found=0
missing=0
for t in $targets; do
  bin=$build/fuzz/fuzz_$t
  if [ ! -x "$bin" ]; then
    echo "$t: not built (no $bin)"
    missing=1
    continue
  fi
  corpus=fuzz/corpora/$t
  crashes=fuzz/crashes/$t
  mkdir -p "$corpus" "$crashes" "$tmp/$t"
  dict=""
  case $t in parse_*) dict="-dict=fuzz/${t#parse_}.dict" ;; esac
  [ -f "fuzz/$t.dict" ] && dict="-dict=fuzz/$t.dict"
  maxlen=1024 # the longest hand text needs about 200 bytes; a checkpoint some kilobytes
  case $t in checkpoint | ddz_certify) maxlen=32768 ;; esac # a checkpoint or a certificate: some kilobytes
  # New inputs go to a scratch directory (the first one named); the corpus is only read.
  # shellcheck disable=SC2086
  "$bin" -max_total_time="$seconds" -timeout=10 -max_len=$maxlen -print_final_stats=1 \
    -artifact_prefix="$crashes/" $dict "$tmp/$t" "$corpus" >"$tmp/$t.log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$tmp/$t.log")
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$tmp/$t.log")
  if [ $rc -ne 0 ]; then
    found=1
    input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$tmp/$t.log" | tail -n 1)
    echo "$t: FINDING after ${execs:-?} executions (exit $rc)"
    grep -E '^fuzz: |^==[0-9]+==ERROR|runtime error|^SUMMARY' "$tmp/$t.log" | head -n 6 | sed 's/^/  /'
    if [ -n "$input" ]; then
      case $input in /*) ;; *) input=$PWD/$input ;; esac
      echo "  reproduce: $bin $input"
    else
      cp "$tmp/$t.log" "$crashes/fuzz.log"
      echo "  no input was written; libFuzzer's output is in $crashes/fuzz.log"
    fi
    continue
  fi
  before=$(find "$corpus" -type f | wc -l)
  # -merge=1 keeps the corpus as it is and adds only scratch inputs that reach new code edges
  # (-use_counters=0: hit counts alone do not earn a file), so the committed corpus stays small.
  if ! "$bin" -merge=1 -use_counters=0 -max_len=$maxlen "$corpus" "$tmp/$t" >"$tmp/$t.merge.log" 2>&1; then
    echo "$t: merge failed, see below" && tail -n 5 "$tmp/$t.merge.log"
    found=1
  fi
  after=$(find "$corpus" -type f | wc -l)
  echo "$t: ${execs:-?} executions, ${rate:-?} exec/s, corpus $before -> $after files"
done
[ $found -eq 0 ] || exit 1
[ $missing -eq 0 ] || { echo "fuzz: some targets were not built" >&2; exit 1; }
exit 0
