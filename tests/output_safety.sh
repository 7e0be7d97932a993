#!/bin/sh
# The output layer both commands share (cli/output.h), as a user meets it: a failed write of
# standard output or of any file flag is one line and exit 1; /dev/full stays a device, a FIFO
# is written (not replaced), a symbolic link is written through (the link stays), "-" is
# standard output, and a path that cannot be written is refused before the work starts.
# Run as root in CI (where /dev/full is writable and chmod does not stop root).
# Usage: output_safety.sh MJVERIFY DDZ
set -u
mj=$1
ddz=$2
failed=0 passed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }
tmp=${TMPDIR:-/tmp}/output_safety.$$
mkdir -p "$tmp"
cd "$tmp" || exit 1
trap 'cd /; rm -rf "$tmp"' EXIT

# One line on stderr, naming what failed, and exit 1.
one_line_exit1() { # name, rc, stderr file, what the line names
  lines=$(wc -l <"$3" | tr -d ' ')
  if [ "$2" -eq 1 ] && [ "$lines" -eq 1 ] && grep -q "$4" "$3"; then ok; else
    bad "$1: exit $2, $lines line(s) on stderr: $(cat "$3")"; fi
}
still_device() { # name
  if [ -c /dev/full ]; then ok; else bad "$1: /dev/full is no longer a character device"; fi
}

"$ddz" solve 6666A KK --last 2 --threads 1 --strategy cert.txt >/dev/null 2>&1 || bad "setup: a strategy file"

# ---- standard output on a full disk: every command of both programs ----
if [ -w /dev/full ]; then
  for args in "moves --all --list" "moves 3344 --beat 55" "moves 34 --json" "moves --all" "--version" "help" \
              "help solve" "solve 6666A KK --last 2 --threads 1" "solve 6666A KK --last 2 --threads 1 --json" \
              "deal 1 13 13" "certify cert.txt" "verify --moves --max-cards 2 --rules rlcard" \
              "verify --positions --max-cards 1 --quiet"; do
    # shellcheck disable=SC2086
    "$ddz" $args >/dev/full 2>err; rc=$?
    one_line_exit1 "ddz $args > /dev/full" "$rc" err "ddz: error writing 'standard output'"
  done
  for args in "check 11m" "algos" "--version" "help verify" "count --size 2"; do
    # shellcheck disable=SC2086
    "$mj" $args >/dev/full 2>err; rc=$?
    one_line_exit1 "mjverify $args > /dev/full" "$rc" err "mjverify: error writing 'standard output'"
  done

  # ---- each file flag on a full disk: one line naming the flag, and /dev/full left a device ----
  "$ddz" verify --positions --max-cards 1 --quiet --json /dev/full >/dev/null 2>err; rc=$?
  one_line_exit1 "ddz verify --json /dev/full" "$rc" err "ddz verify: --json '/dev/full': error writing"
  still_device "ddz verify --json"
  "$ddz" verify --positions --max-cards 1 --quiet --report /dev/full >/dev/null 2>err; rc=$?
  one_line_exit1 "ddz verify --report /dev/full" "$rc" err "ddz verify: --report '/dev/full': error writing"
  still_device "ddz verify --report"
  "$ddz" solve 6666A KK --last 2 --threads 1 --strategy /dev/full >/dev/null 2>err; rc=$?
  one_line_exit1 "ddz solve --strategy /dev/full" "$rc" err "ddz solve: --strategy '/dev/full'"
  still_device "ddz solve --strategy"
  printf '# expect: win\n6666A KK single:2\n' >set.txt
  "$ddz" bench set.txt --solver fast --threads 1 --memory 1M --csv /dev/full 2>err; rc=$?
  grep -v '^bench: ' err >err1
  one_line_exit1 "ddz bench --csv /dev/full" "$rc" err1 "ddz bench: --csv '/dev/full': error writing"
  still_device "ddz bench --csv"
  "$ddz" bench set.txt --solver fast --threads 1 --memory 1M --csv c.csv --summary /dev/full 2>err; rc=$?
  grep -v '^bench: ' err >err1
  one_line_exit1 "ddz bench --summary /dev/full" "$rc" err1 "ddz bench: --summary '/dev/full': error writing"
  still_device "ddz bench --summary"
  "$mj" verify --sizes 1-3 --algo backtrack --json /dev/full >/dev/null 2>err; rc=$?
  grep -v '^verify: ' err >err1
  one_line_exit1 "mjverify verify --json /dev/full" "$rc" err1 "mjverify verify: --json '/dev/full': error writing"
  still_device "mjverify verify --json"
  "$mj" verify --sizes 1-3 --algo backtrack --report /dev/full >/dev/null 2>err; rc=$?
  grep -v '^verify: ' err >err1
  one_line_exit1 "mjverify verify --report /dev/full" "$rc" err1 "mjverify verify: --report '/dev/full': error writing"
  still_device "mjverify verify --report"
  "$mj" bench --workload size14 --reps 1 --hands 16 --rep-ms 1 --algo backtrack --csv /dev/full 2>err; rc=$?
  grep -v '^bench: ' err >err1
  one_line_exit1 "mjverify bench --csv /dev/full" "$rc" err1 "mjverify bench: --csv '/dev/full': error writing"
  still_device "mjverify bench --csv"
else
  echo "output_safety: /dev/full is not writable here; its cases are skipped"
fi

# ---- a FIFO as the output: written through, still a FIFO afterwards ----
fifo_case() { # name, then the command (its output path is the FIFO "ff")
  name=$1
  shift
  rm -f ff got
  mkfifo ff
  cat ff >got &
  reader=$!
  timeout 300 "$@" >/dev/null 2>err; rc=$?
  # the reader ends when the command closes the FIFO; one that never opened it is stopped here
  n=0
  while kill -0 "$reader" 2>/dev/null && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
  kill "$reader" 2>/dev/null
  wait "$reader" 2>/dev/null
  if [ "$rc" -eq 0 ] && [ -p ff ] && [ -s got ]; then ok; else
    bad "$name: exit $rc, ff a FIFO: $([ -p ff ] && echo yes || echo no), $(wc -c <got) bytes read: $(cat err)"; fi
}
fifo_case "ddz verify --json FIFO" "$ddz" verify --positions --max-cards 1 --quiet --json ff
grep -q '"tool": "ddz verify --positions"' got || bad "ddz verify --json FIFO: not the JSON summary"
fifo_case "ddz solve --strategy FIFO" "$ddz" solve 6666A KK --last 2 --threads 1 --strategy ff
[ "$(head -1 got)" = "ddz-strategy 2" ] || bad "ddz solve --strategy FIFO: not a strategy: $(head -1 got)"
fifo_case "mjverify verify --json FIFO" "$mj" verify --sizes 1-3 --algo backtrack --json ff
grep -q '"tool": "mjverify verify"' got || bad "mjverify verify --json FIFO: not the JSON summary"

# ---- a symbolic link: its target gets the text, the link stays a link ----
link_case() { # name, target's first line, then the command (its output path is "link")
  name=$1 want=$2
  shift 2
  rm -f link target
  echo old >target
  ln -s target link
  "$@" >/dev/null 2>err; rc=$?
  if [ "$rc" -eq 0 ] && [ -L link ] && [ "$(readlink link)" = target ] && [ -f target ] &&
     [ "$(head -1 target)" = "$want" ]; then ok; else
    bad "$name: exit $rc, link kept: $([ -L link ] && echo yes || echo no), target starts '$(head -1 target)': $(cat err)"; fi
}
link_case "ddz verify --json LINK" "{" "$ddz" verify --positions --max-cards 1 --quiet --json link
link_case "ddz verify --report LINK" "# ddz verify --positions: full deck (54 cards), 1..1 cards a side" \
  "$ddz" verify --positions --max-cards 1 --quiet --report link
link_case "ddz solve --strategy LINK" "ddz-strategy 2" "$ddz" solve 6666A KK --last 2 --threads 1 --strategy link
link_case "ddz bench --csv LINK" "set,position,line,me,enemy,last,rules,solver,flawed,threads,time_limit_s,outcome,seconds,nodes,tt_hits,tt_stores,tt_evictions,tt_bytes,expected,agree,cpu_seconds,max_thread_nodes" \
  "$ddz" bench set.txt --solver fast --threads 1 --memory 1M --csv link
link_case "mjverify verify --json LINK" "{" "$mj" verify --sizes 1-3 --algo backtrack --json link
link_case "mjverify bench --csv LINK" "$("$mj" bench --workload size14 --reps 1 --hands 16 --rep-ms 1 --algo backtrack 2>/dev/null | head -1)" \
  "$mj" bench --workload size14 --reps 1 --hands 16 --rep-ms 1 --algo backtrack --csv link

# ---- a regular file is replaced whole: no temporary file left beside it, its mode kept ----
echo old >reg.json
chmod 640 reg.json
"$ddz" verify --positions --max-cards 1 --quiet --json reg.json >/dev/null 2>&1
if [ "$(head -1 reg.json)" = "{" ] && [ "$(ls -l reg.json | cut -c1-10)" = "-rw-r-----" ]; then ok; else
  bad "ddz verify --json FILE: $(head -1 reg.json), mode $(ls -l reg.json | cut -c1-10)"; fi
leftover=$(ls -a | grep '\.tmp' || true)
[ -z "$leftover" ] && ok || bad "temporary files left: $leftover"

# ---- "-" is standard output, never a file named "-" ----
"$ddz" verify --positions --max-cards 1 --quiet --json - >j.txt 2>/dev/null
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' j.txt 2>/dev/null && ok || bad "ddz verify --json - is not JSON on stdout"
"$ddz" verify --positions --max-cards 1 --quiet --report - 2>/dev/null | head -1 >r.txt
grep -q '^# ddz verify --positions' r.txt && ok || bad "ddz verify --report - is not the report on stdout"
"$ddz" bench set.txt --solver fast --threads 1 --memory 1M --csv - --summary - >b.txt 2>/dev/null
[ "$(grep -c -e '^set,position,' -e '^set,solver,' b.txt)" -eq 2 ] && ok || bad "ddz bench --csv - --summary -: not both on stdout"
"$mj" verify --sizes 1-3 --algo backtrack --json - >j2.txt 2>/dev/null
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' j2.txt 2>/dev/null && ok || bad "mjverify verify --json - is not JSON on stdout"
[ -e ./- ] && bad "a file named - was created" || ok

# ---- a path that cannot be written is refused before the work (ddz verify --max-cards 5 takes
# 18 s, mjverify verify --sizes 1-14 minutes: a refusal within 2 s is before the work) ----
refused_early() { # name, then the command
  name=$1
  shift
  start=$(date +%s)
  "$@" >/dev/null 2>err; rc=$?
  if [ "$rc" -eq 1 ] && [ $(($(date +%s) - start)) -le 2 ] && [ "$(wc -l <err | tr -d ' ')" -eq 1 ] &&
     grep -q 'cannot be written' err; then ok; else bad "$name: exit $rc, $(cat err)"; fi
}
mkdir -p adir
for path in nodir/x.json adir; do
  refused_early "ddz verify --json $path" "$ddz" verify --positions --max-cards 5 --json "$path"
  refused_early "ddz verify --report $path" "$ddz" verify --positions --max-cards 5 --report "$path"
  refused_early "ddz solve --strategy $path" "$ddz" solve 3334578TJJQKAAA22 445666778889JQK2X --strategy "$path"
  refused_early "ddz bench --summary $path" "$ddz" bench set.txt --summary "$path"
  refused_early "mjverify verify --json $path" "$mj" verify --sizes 1-14 --algo backtrack --json "$path"
done
[ -e nodir ] && bad "a refused path created nodir" || ok
# a folder that takes no new file: a read-only one for a user; for root, who passes every
# permission check, a folder of /proc
ro=
chmod 555 adir
if ! touch adir/probe 2>/dev/null; then ro=adir/x.json; elif [ -d /proc/self ]; then ro=/proc/self/x.json; fi
if [ -n "$ro" ]; then
  refused_early "ddz verify --json $ro" "$ddz" verify --positions --max-cards 5 --json "$ro"
  refused_early "ddz solve --strategy $ro" "$ddz" solve 3334578TJJQKAAA22 445666778889JQK2X --strategy "$ro"
  refused_early "mjverify verify --json $ro" "$mj" verify --sizes 1-14 --algo backtrack --json "$ro"
  refused_early "mjverify verify --report $ro" "$mj" verify --sizes 1-14 --algo backtrack --report "$ro"
else
  echo "output_safety: no unwritable folder found here; its cases are skipped"
fi
chmod 755 adir

echo "output_safety: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
