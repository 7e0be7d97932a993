#!/bin/sh
# make bench's Dou Dizhu step (bench/ddz.sh) on a scratch copy with a spent budget, so nothing is
# solved: its CSV and goal lines, a FAIL as exit 1, "certify: skipped" without the certify script,
# and with a stand-in script every set cut at its `# rules:` lines into one call per rules, every
# position passed on once (but the ones the run decided as losses), a failed certificate a FAIL line.
# Usage: ddz_bench_script.sh DDZ SOURCE_DIR
set -u
ddz=$1
src=$2
. "$(dirname "$0")/ddz_check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
repo=$tmp/repo
mkdir -p "$repo/bench" "$repo/ddz/bench" "$repo/scripts"
cp "$src/bench/ddz.sh" "$src/bench/ddz-targets.sh" "$repo/bench/"
cp "$src"/ddz/bench/*.txt "$repo/ddz/bench/"

# 1. no certify script; a budget spent at once: every row skipped, the goals FAIL, exit 1
MJ_DDZ_BUDGET=0.001 sh "$repo/bench/ddz.sh" "$ddz" "$tmp/data" quick >"$tmp/out" 2>"$tmp/err"
check exit-fail 1 $?
for f in ddz-positions.csv ddz-summary.csv ddz-machine.csv ddz.log; do
  [ -s "$tmp/data/$f" ]; check "wrote-$f" 0 $?
done
check all-skipped skipped "$(awk -F, 'NR > 1 { print $12 }' "$tmp/data/ddz-positions.csv" | sort -u)"
check goal-13 "FAIL" "$(grep '13-vs-13' "$tmp/out" | head -n 1 | cut -c1-4)"
check goal-17-skip "SKIP" "$(grep '17-vs-17' "$tmp/out" | cut -c1-4)"
check certify-skipped "certify: skipped (scripts/ddz-certify-wins.sh not present)" "$(tail -n 1 "$tmp/out")"

# 2. a stand-in certify script that logs each call (its --rules, its positions) and succeeds
cat >"$repo/scripts/ddz-certify-wins.sh" <<'EOF'
#!/bin/sh
set_file=$1; shift
while [ $# -gt 0 ]; do [ "$1" = --rules ] && rules=$2; shift; done
n=$(grep -c . "$set_file")
echo "$rules $n $(grep -c '^#' "$set_file")" >>"$CERT_LOG"
[ -n "${CERT_FAIL:-}" ] && { echo "certified 0 of 1 wins (0 losses, 0 timeouts)"; exit 1; }
echo "certified 0 of 0 wins ($n losses, 0 timeouts)"
EOF
CERT_LOG=$tmp/cert.log MJ_DDZ_BUDGET=0.001 sh "$repo/bench/ddz.sh" "$ddz" "$tmp/data" quick >"$tmp/out" 2>"$tmp/err"
# published.txt first: five rules, in the order they first appear; no comment line reaches the script
check certify-parts "rlcard 9 0
rlcard,no-triple2 3 0
rlcard,no-triple2,no-pairs,no-plane,no-plane1,no-plane2 1 0
rlcard,no-triple1,no-triple2 1 0
rlcard,no-triple1,no-triple2,no-pairs,no-plane,no-plane1,no-plane2 1 0" "$(head -n 5 "$tmp/cert.log")"
# every position of every set passed on once
total=$(awk '{ n += $2 } END { print n }' "$tmp/cert.log")
check certify-positions "$(awk -F, 'NR > 1 && $8 == "fast" && $10 == 1' "$tmp/data/ddz-positions.csv" | wc -l | tr -d ' ')" "$total"
check certify-pass-lines 12 "$(grep -c '^PASS  certify' "$tmp/out")"
check certify-line "PASS  certify published (rlcard,no-triple2): certified 0 of 0 wins (3 losses, 0 timeouts)" \
  "$(grep 'certify published (rlcard,no-triple2)' "$tmp/out")"
# 3. a certificate the checker refuses: a FAIL line, exit 1
CERT_FAIL=1 CERT_LOG=$tmp/cert2.log MJ_DDZ_BUDGET=0.001 sh "$repo/bench/ddz.sh" "$ddz" "$tmp/data" quick >"$tmp/out" 2>"$tmp/err"
check certify-fail-exit 1 $?
check certify-fail-line "FAIL  certify deal-5v5 (rlcard): certified 0 of 1 wins (0 losses, 0 timeouts)" \
  "$(grep 'certify deal-5v5' "$tmp/out")"
# 4. the certify budget spent: every set a FAIL line saying so, exit 1
CERT_LOG=$tmp/cert3.log MJ_DDZ_CERTIFY_BUDGET=0 MJ_DDZ_BUDGET=0.001 sh "$repo/bench/ddz.sh" "$ddz" "$tmp/data" quick >"$tmp/out" 2>"$tmp/err"
check certify-budget-exit 1 $?
check certify-budget-line "FAIL  certify hard (rlcard): not run, the certify budget of 0 s is spent (MJ_DDZ_CERTIFY_BUDGET)" \
  "$(grep 'certify hard' "$tmp/out")"
[ -f "$tmp/cert3.log" ]; check certify-budget-no-call 1 $?

# 5. a budget that decides some positions: the lines decided as losses are not passed on (a loss
# has no certificate), every other line is, once
CERT_LOG=$tmp/cert5.log MJ_DDZ_BUDGET=3 sh "$repo/bench/ddz.sh" "$ddz" "$tmp/data5" quick >"$tmp/out" 2>"$tmp/err"
csv=$tmp/data5/ddz-positions.csv
lost=$(awk -F, 'NR > 1 && $9 == "no" && $12 == "loss" { l[$1 "," $3] = 1 } END { print length(l) }' "$csv")
lines=$(awk -F, 'NR > 1 { l[$1 "," $3] = 1 } END { print length(l) }' "$csv")
[ "$lost" -gt 0 ]; check losses-decided 0 $?
check certify-not-losses "$((lines - lost))" "$(awk '{ n += $2 } END { print n + 0 }' "$tmp/cert5.log")"

finish ddz_bench_script
