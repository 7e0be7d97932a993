#!/bin/sh
# Certifies every win of a benchmark set: for each position the solver calls a win, writes its
# strategy certificate (ddz solve --strategy) and checks it (ddz certify), then sums up.
#
# Usage: scripts/ddz-certify-wins.sh SET_FILE [--rules R] [--time-limit S] [--threads N]
#                                    [--memory SIZE] [--keep DIR]
# SET_FILE: one position a line, `ME ENEMY [LAST]` separated by blanks (LAST: pass or a move
# text, the move ME must beat); blank lines and lines starting with `#` are skipped.
# The ddz binary: $DDZ, else build/ddz/ddz next to this script's directory.
# Prints one line per position, then `certified K of W wins (L losses, T timeouts)` (and
# `; E lines not solved` when some line is no position). Exit 0 when every win is certified and
# every line solved, 1 otherwise, 2 for bad arguments.
set -u -f  # -f: no globbing of the set file's fields
here=$(cd "$(dirname "$0")" && pwd)
ddz=${DDZ:-$here/../build/ddz/ddz}
usage() { echo "usage: $0 SET_FILE [--rules R] [--time-limit S] [--threads N] [--memory SIZE] [--keep DIR]" >&2; exit 2; }
[ $# -ge 1 ] || usage
set_file=$1; shift
rules="" tlimit="" threads="" memory="" keep=""
while [ $# -gt 0 ]; do
  [ $# -ge 2 ] || usage
  case $1 in
    --rules) rules=$2 ;; --time-limit) tlimit=$2 ;; --threads) threads=$2 ;;
    --memory) memory=$2 ;; --keep) keep=$2 ;; *) usage ;;
  esac
  shift 2
done
[ -r "$set_file" ] || { echo "$0: cannot read '$set_file'" >&2; exit 2; }
[ -x "$ddz" ] || { echo "$0: no ddz binary at '$ddz' (build it, or set DDZ)" >&2; exit 2; }
if [ -n "$keep" ]; then mkdir -p "$keep" || exit 2; fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ddz-certify-wins.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

wins=0 certified=0 losses=0 timeouts=0 errors=0 n=0
while IFS= read -r line || [ -n "$line" ]; do
  n=$((n + 1))
  case $line in '#'*) continue ;; esac
  # shellcheck disable=SC2086
  set -- $line
  [ $# -eq 0 ] && continue
  if [ $# -gt 3 ]; then
    echo "$set_file:$n: more than three fields (ME ENEMY [LAST])" >&2; errors=$((errors + 1)); continue
  fi
  me=$1 enemy=$2 last=${3:-pass}
  [ $# -ge 2 ] || { echo "$set_file:$n: ENEMY is missing (ME ENEMY [LAST])" >&2; errors=$((errors + 1)); continue; }
  cert=$tmp/cert.txt
  [ -n "$keep" ] && cert=$keep/line$n.txt
  set -- --last "$last" --json --strategy "$cert"
  [ -n "$rules" ] && set -- "$@" --rules "$rules"
  [ -n "$tlimit" ] && set -- "$@" --time-limit "$tlimit"
  [ -n "$threads" ] && set -- "$@" --threads "$threads"
  [ -n "$memory" ] && set -- "$@" --memory "$memory"
  rm -f "$cert"
  t0=$(now)
  "$ddz" solve "$me" "$enemy" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  t1=$(now)
  outcome=$(sed -n 's/.*"outcome":"\([a-z]*\)".*/\1/p' "$tmp/out")
  case $outcome in
    win)
      wins=$((wins + 1))
      if [ "$rc" != 0 ] || [ ! -f "$cert" ]; then
        echo "$n: $me $enemy $last: win, NOT CERTIFIED: $(tail -1 "$tmp/err")"
        continue
      fi
      set -- --me "$me" --enemy "$enemy" --last "$last"
      [ -n "$rules" ] && set -- "$@" --rules "$rules"
      verdict=$("$ddz" certify "$cert" "$@" 2>&1)
      t2=$(now)
      case $verdict in
        certified:*) certified=$((certified + 1))
          echo "$n: $me $enemy $last: win, $verdict (solve+write $(secs "$t0" "$t1") s, check $(secs "$t1" "$t2") s)" ;;
        *) echo "$n: $me $enemy $last: win, NOT CERTIFIED: $verdict" ;;
      esac ;;
    loss) losses=$((losses + 1)); echo "$n: $me $enemy $last: loss" ;;
    timeout) timeouts=$((timeouts + 1)); echo "$n: $me $enemy $last: timeout" ;;
    *) errors=$((errors + 1)); echo "$set_file:$n: not solved: $(head -1 "$tmp/err")" >&2 ;;
  esac
done <"$set_file"

summary="certified $certified of $wins wins ($losses losses, $timeouts timeouts)"
[ "$errors" -gt 0 ] && summary="$summary; $errors lines not solved"
echo "$summary"
[ "$certified" = "$wins" ] && [ "$errors" = 0 ]
