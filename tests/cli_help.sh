#!/bin/sh
# One help text per command, for both commands: `help CMD`, `CMD --help` and `CMD -h` print the
# same text, with an example of the command; every flag a command's source names and the command
# accepts is in its help (a flag added without its help line fails here); `help --man` is roff
# holding every command; the bash completion offers the flags the help lists.
# Usage: cli_help.sh MJVERIFY DDZ SOURCE_DIR
set -u
mj=$1
ddz=$2
src=$3
failed=0 passed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }
tmp=${TMPDIR:-/tmp}/cli_help.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# The flags a help text lists ("  --name ..." lines).
help_flags() { sed -n 's/^  \(--[a-z0-9-]*\).*/\1/p'; }

# prog, command, source files: the same text three ways, an example, and no accepted flag missing.
check_command() {
  prog=$1 name=$2
  shift 2
  bin=$mj
  [ "$prog" = ddz ] && bin=$ddz
  "$bin" help "$name" >"$tmp/a" 2>&1; rc=$?
  "$bin" "$name" --help >"$tmp/b" 2>&1
  "$bin" "$name" -h >"$tmp/c" 2>&1
  if [ "$rc" -eq 0 ] && cmp -s "$tmp/a" "$tmp/b" && cmp -s "$tmp/a" "$tmp/c"; then ok; else
    bad "$prog $name: help, --help and -h differ (or exit $rc)"; fi
  grep -q "^usage: $prog $name" "$tmp/a" && ok || bad "$prog $name: no usage line"
  sed -n '/^examples:/,$p' "$tmp/a" | grep -q "^  $prog $name\|^  .*| $prog $name\|\$($prog " && ok ||
    bad "$prog $name: no example of the command"
  help_flags <"$tmp/a" | sort -u >"$tmp/listed"
  # every flag literal of the sources: one the help does not list must be refused as unknown
  for f in $(cat "$@" | grep -o '"--[a-z][a-z0-9-]*' | tr -d '"' | sort -u) \
           $(cat "$@" | sed -n 's/.*CLI_\(FLAG\|SWITCH\)("\([a-z0-9-]*\)".*/--\2/p' | sort -u); do
    grep -qx -- "$f" "$tmp/listed" && continue
    grep -qE -- "$f([^a-z0-9-]|\$)" "$tmp/a" && continue # named in a flag's text (an alias)
    [ "$f" = --help ] && continue
    # shellcheck disable=SC2086
    timeout 10 "$bin" "$name" $extra "$f" </dev/null >/dev/null 2>"$tmp/err"
    if grep -q "unknown" "$tmp/err"; then ok; else
      bad "$prog $name accepts $f but its help does not list it: $(head -1 "$tmp/err")"; fi
  done
}

d=$src/ddz/cli
extra=
check_command ddz moves "$d/cmd_moves.c"
check_command ddz certify "$d/cmd_certify.c"
check_command ddz verify "$d/cmd_verify.c" "$d/verify_positions.c" "$d/verify_positions3.c"
check_command ddz bench "$d/cmd_bench.c" "$d/cmd_bench3.c"
check_command ddz solve3 "$d/cmd_solve3.c"
check_command ddz deal /dev/null # no flags: SEED N1 N2
check_command ddz solve "$d/cmd_solve.c"
check_command ddz batch "$d/cmd_batch.c"
extra="3 4" # play with hands: a flag play takes would start a game (ended at once by no input)
check_command ddz play "$d/cmd_solve.c" "$d/cmd_play.c"
extra=
c=$src/cli
for cmd in check waits convert; do check_command mjverify $cmd "$c/cmd_hands.c"; done
check_command mjverify algos "$c/cmd_hands.c"
check_command mjverify bench "$c/cmd_bench.c"
check_command mjverify count "$c/cmd_verify.c"
check_command mjverify verify "$c/cmd_verify.c" "$c/exec.c" "$c/sample.c"
check_command mjverify merge "$c/cmd_verify.c"

# help with no command lists every command; an unknown one is refused
for prog in ddz mjverify; do
  bin=$mj
  [ "$prog" = ddz ] && bin=$ddz
  "$bin" help nosuchcommand >/dev/null 2>"$tmp/err"; rc=$?
  [ "$rc" -eq 2 ] && grep -q "nosuchcommand" "$tmp/err" && ok || bad "$prog help nosuchcommand: exit $rc"
  "$bin" help --man >"$tmp/$prog.1"
  head -1 "$tmp/$prog.1" | grep -q "^\.TH $(echo "$prog" | tr a-z A-Z) 1" && ok || bad "$prog help --man: no .TH line"
  for cmd in $(sed -n 's/^\.SS \(.*\)/\1/p' "$tmp/$prog.1"); do
    "$bin" help "$cmd" >/dev/null 2>&1 && ok || bad "$prog man page: section $cmd is no command"
  done
done
for cmd in moves solve solve3 play verify certify deal batch bench help; do
  grep -q "^\.SS $cmd\$" "$tmp/ddz.1" && ok || bad "ddz.1 lacks $cmd"
done
"$ddz" help | grep -c '^  [a-z]' | grep -qx 9 && ok || bad "ddz help does not list the 9 commands"

# the completion offers what the help lists (bash, with ddz on the PATH)
if command -v bash >/dev/null; then
  mkdir -p "$tmp/bin"
  ln -sf "$ddz" "$tmp/bin/ddz"
  got=$(PATH="$tmp/bin:$PATH" bash -c ". '$src/ddz/cli/ddz.bash-completion'
    COMP_WORDS=(ddz solve --t); COMP_CWORD=2; _ddz; echo \"\${COMPREPLY[*]}\"
    COMP_WORDS=(ddz so); COMP_CWORD=1; _ddz; echo \"\${COMPREPLY[*]}\"
    COMP_WORDS=(ddz verify --deck ''); COMP_CWORD=3; _ddz; echo \"\${COMPREPLY[*]}\"
    COMP_WORDS=(ddz solve --rules rlcard,no-fo); COMP_CWORD=3; _ddz; echo \"\${COMPREPLY[*]}\"" 2>&1)
  want="--threads --time-limit
solve solve3
full small
rlcard,no-four2 rlcard,no-four22"
  [ "$got" = "$want" ] && ok || bad "ddz completion: got '$got', want '$want'"
fi

echo "cli_help: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
