# What the ddz command's shell tests share, sourced after `ddz=$1` (and `tmp`, the scratch
# folder, where certified and mutant are used): check NAME WANT GOT counts a pass or prints the
# difference; finish NAME prints the counts and is the verdict (the script's last command).
failed=0 passed=0
check() { # name, expected, actual
  if [ "$2" = "$3" ]; then passed=$((passed + 1)); else
    failed=$((failed + 1)); printf 'FAIL %s\n--- want\n%s\n--- got\n%s\n' "$1" "$2" "$3"; fi
}
finish() { # the test's name
  echo "$1: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
# certified COMMAND POSITION...: COMMAND (solve or solve3) writes a certificate of each position
# (its words and flags in one argument), and ddz certify accepts it.
certified() {
  command=$1
  shift
  for pos in "$@"; do
    # shellcheck disable=SC2086
    "$ddz" "$command" $pos --threads 1 --strategy "$tmp/c.txt" >/dev/null 2>&1
    rc=$?
    out=$("$ddz" certify "$tmp/c.txt" 2>&1)
    case "$rc $?:$out" in "0 0:certified: "*) passed=$((passed + 1)) ;;
      *) failed=$((failed + 1)); echo "FAIL solver certificate $pos: solve rc $rc: $out" ;; esac
  done
}
# mutant NAME STATUS LINE SED: the certificate $tmp/base.txt changed by the sed script is refused
# with that exit status and that line (the file's name in it written $mutant_name, default M).
mutant() {
  sed "$4" "$tmp/base.txt" >"$tmp/m.txt"
  out=$("$ddz" certify "$tmp/m.txt" 2>&1); rc=$?
  check "$1" "$2 $3" "$rc $(printf '%s\n' "$out" | sed "s|$tmp/m.txt|${mutant_name:-M}|")"
}
