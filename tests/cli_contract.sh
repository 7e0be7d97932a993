#!/bin/sh
# The contracts of issue 15 as a user meets them: help and version, error wording, TSV and JSON
# under hostile bytes, write errors, output files checked before work, report names,
# reproducible reports, ambiguity, long values. Usage: cli_contract.sh MJVERIFY README [SEED]
# (or MJ_TEST_SEED=SEED in the environment)
set -u
mj=$1
readme=$2
seed=${3:-${MJ_TEST_SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}}
echo "cli_contract: seed $seed (pass it as the third argument to repeat)"
failed=0 passed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
expect() { # name, want, got
  if [ "$2" = "$3" ]; then ok; else bad "$1"; printf -- '--- want\n%s\n--- got\n%s\n' "$2" "$3"; fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
commands="check waits shanten convert algos bench count verify merge"

# ---- help: every command, three ways, the same full text on stdout, exit 0 ----
for c in $commands; do
  "$mj" help "$c" >h1 2>e1; r1=$?
  "$mj" "$c" --help >h2 2>e2; r2=$?
  "$mj" "$c" -h >h3 2>e3; r3=$?
  expect "help $c exit" "0 0 0" "$r1 $r2 $r3"
  cmp -s h1 h2 && cmp -s h1 h3 || bad "help $c: help CMD, --help and -h differ"
  [ -s e1 ] || [ -s e2 ] || [ -s e3 ] && bad "help $c wrote to stderr"
  head -n 1 h1 | grep -q "^usage: mjverify $c " || bad "help $c: no usage line"
  grep -q '^examples:' h1 || bad "help $c: no examples"
  # every flag of the usage line is explained, and the help names its default or says required
  for f in $(head -n 1 h1 | grep -o -- '--[a-z-]*' | sort -u); do
    grep -q "^  $f\( \|$\)" h1 || bad "help $c: flag $f not explained"
  done
  # the README's Commands section carries the same usage line
  usage=$(head -n 1 h1 | sed 's/^usage: //')
  grep -qF -- "$usage" "$readme" || bad "README lacks the usage line of $c: $usage"
  # the man page is made from the same text: every flag line of the help is in it
  "$mj" help --man >man.1
  for f in $(grep -o '^  --[a-z-]*' h1 | sed 's/^  //' | sort -u); do
    grep -q "^\.B $(echo "$f" | sed 's/-/\\\\-/g')" man.1 || bad "man page lacks $c $f"
  done
done
for f in checkpoint-every size sizes no-timings report; do
  "$mj" help verify | grep -q -- "--$f" || bad "verify help lacks --$f"
done
"$mj" help verify | grep -q 'flagged ports included' || bad "verify help: default --algo not described"
"$mj" help verify | grep -q '0 = all cores' || bad "verify help: --threads 0 not described"
"$mj" help nosuch >/dev/null 2>&1; expect "help nosuch exit" 2 $?
"$mj" help | grep -q 'mjverify help COMMAND' || bad "global help does not point at help COMMAND"
# -h after "--" is a hand, not a request for help
"$mj" check -- -h >out 2>/dev/null; expect "check -- -h" 1 $?

# ---- version ----
v=$("$mj" --version); expect "version exit" 0 $?
echo "$v" | grep -Eq '^mjverify [0-9]+\.[0-9]+\.[0-9]+ \(commit [0-9a-f]+|unknown\)' || bad "version line: $v"

# ---- error wording ----
"$mj" verify --threads 10000 --sizes 3 2>err; expect "threads cap exit" 2 $?
grep -q 'at most 1024' err || bad "--threads 10000 does not name the cap: $(cat err)"
"$mj" count --threads 99999 --size 3 2>err; grep -q 'at most 1024' err || bad "count --threads cap: $(cat err)"
"$mj" bench --threads 5000 2>err; grep -q 'at most 1024' err || bad "bench --threads cap: $(cat err)"
"$mj" verify 2>err; expect "verify no sizes exit" 2 $?
grep -q -- '--sizes is required' err || bad "missing --sizes: $(cat err)"
"$mj" count 2>err; grep -q -- '--size is required' err || bad "missing --size: $(cat err)"
"$mj" convert 11m 2>err; grep -q -- '--to' err || bad "convert without --to: $(cat err)"

# ---- TSV: one line per non-blank input line, exactly the documented fields, whatever the bytes ----
python3 - "$seed" >hostile <<'EOF'
import random, sys
rng = random.Random(int(sys.argv[1]))
lines = [b"11m", b"a\tb", b"\x1b[31m123m\x1b[0m", b"1\x002m", b"12\r3m", b"\\x09", b"\xff\xfe11m", b"123m456m789m111p22s"]
for _ in range(300):
    n = rng.randint(1, 40)
    s = bytes(rng.randrange(256) for _ in range(n)).replace(b"\n", b"")
    if s.strip(b" \t\r"):
        lines.append(s)
sys.stdout.buffer.write(b"\n".join(lines) + b"\n")
EOF
for c in check waits shanten "convert --to hex"; do
  # shellcheck disable=SC2086
  "$mj" $c <hostile >tsv 2>/dev/null
  want=$(python3 -c '
import sys
n = 0
for l in open(sys.argv[1], "rb").read().split(b"\n"):
    while l and l[-1:] in (b"\r",): l = l[:-1]
    if l.strip(b" \t"): n += 1
print(n)' hostile)
  expect "tsv $c lines" "$want" "$(wc -l <tsv | tr -d ' ')"
  # a result line has 2 fields (3 with error or DISAGREE); no control byte but TAB and newline
  awk -F'\t' '{ if ($2 == "error") { if (NF != 3) print NR": "NF } else if (NF != 2) print NR": "NF }' tsv >nf
  [ -s nf ] && bad "tsv $c: wrong field count on lines $(head -3 nf | tr '\n' ' ')"
  LC_ALL=C grep -c "$(printf '[\001-\010\013-\037\177]')" tsv >cc; [ "$(cat cc)" = 0 ] || bad "tsv $c: raw control bytes"
done
expect "tsv echo escapes TAB" "a\\x09b" "$(printf 'a\tb\n' | "$mj" check 2>/dev/null | cut -f1)"

# ---- JSON: every line parses, for random bytes, and echoes the hand's bytes ----
for c in check waits shanten "convert --to mpsz"; do
  # shellcheck disable=SC2086
  "$mj" $c --json <hostile >json 2>/dev/null
  python3 - json hostile <<'EOF' || bad "json $c: invalid"
import json, sys
out = open(sys.argv[1], "rb").read().split(b"\n")[:-1]
ins = [l.rstrip(b"\r") for l in open(sys.argv[2], "rb").read().split(b"\n") if l.rstrip(b"\r").strip(b" \t")]
assert len(out) == len(ins), (len(out), len(ins))
for o, i in zip(out, ins):
    d = json.loads(o.decode("utf-8"))       # strict: raises on any bad escape or byte
    # valid UTF-8 comes back as it was; each byte outside it as U+00HH
    want = "".join(chr(ord(c) - 0xDC00) if 0xDC80 <= ord(c) <= 0xDCFF else c
                   for c in i.decode("utf-8", "surrogateescape"))
    assert d["hand"] == want, (o, i)
EOF
done

# ---- write errors ----
if [ -w /dev/full ]; then
  for args in "check 11m" "waits 11m" "shanten 11m" "convert --to hex 11m" "algos" "count --size 3" "verify --sizes 1-3 --algo backtrack --json -" "help verify" "--version"; do
    # shellcheck disable=SC2086
    "$mj" $args >/dev/full 2>err; rc=$?
    [ "$rc" -ne 0 ] && grep -q 'error writing' err || bad "$args > /dev/full: exit $rc, $(cat err)"
  done
  "$mj" bench --workload size14 --reps 1 --hands 16 --rep-ms 1 --algo backtrack --csv /dev/full 2>err; rc=$?
  [ "$rc" -ne 0 ] && grep -q 'error writing' err || bad "bench --csv /dev/full: exit $rc"
  "$mj" verify --sizes 1-2 --algo backtrack --json /dev/full >/dev/null 2>err; rc=$?
  [ "$rc" -ne 0 ] || bad "verify --json /dev/full exit 0"
  [ -e /dev/full.md ] && bad "verify --json /dev/full created /dev/full.md"
fi
mkdir adir
"$mj" check <adir >out 2>err; rc=$?
[ "$rc" -ne 0 ] && grep -q 'standard input' err || bad "check < DIRECTORY: exit $rc, $(cat err)"

# ---- --json -, no stray report, output checked before the work ----
"$mj" verify --sizes 1-3 --algo backtrack --json - >j 2>/dev/null
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' j || bad "verify --json - is not JSON on stdout"
[ -e ./- ] || [ -e ./-.md ] && bad "--json - created a file"
"$mj" verify --sizes 1-3 --algo backtrack --json s.json >/dev/null 2>&1
[ -f s.json ] || bad "--json s.json not written"
[ -e s.md ] && bad "--json s.json wrote s.md as a side effect"
[ -e reports ] && bad "--json FILE created a reports folder"
"$mj" verify --sizes 1-3 --algo backtrack --json s2.json --report r.md >/dev/null 2>&1
[ -f r.md ] && grep -q '^mjverify [0-9.]* (commit' r.md || bad "--report r.md missing or lacks the version"
grep -q '"version": ' s2.json || bad "JSON summary lacks the version"
for args in "--json nodir/x.json" "--report nodir/x.md" "--json adir" "--report-dir adir/sub/deeper"; do
  start=$(date +%s)
  # shellcheck disable=SC2086
  "$mj" verify --sizes 1-14 --algo all $args >/dev/null 2>err; rc=$?
  [ $(($(date +%s) - start)) -le 2 ] && [ "$rc" -ne 0 ] || bad "verify $args: not refused at once (exit $rc)"
  [ -e nodir ] && bad "verify $args created nodir"
done
chmod 555 adir
if ! touch adir/probe 2>/dev/null; then # not root
  "$mj" verify --sizes 1-14 --report-dir adir >/dev/null 2>err; [ $? -ne 0 ] || bad "unwritable --report-dir accepted"
fi
chmod 755 adir

# ---- report names tell runs apart ----
"$mj" verify --sizes 1-3 --algo backtrack --report-dir rd >/dev/null 2>&1
"$mj" verify --sizes 1-2 --algo backtrack --report-dir rd >/dev/null 2>&1
"$mj" verify --sizes 1-2 --algo backtrack --mode waits --report-dir rd >/dev/null 2>&1
"$mj" verify --sizes 1-2 --algo backtrack --shard 1/2 --report-dir rd >/dev/null 2>&1
expect "report names" "verify-basic-27-1-2-shard1-of-2.json
verify-basic-27-1-2-shard1-of-2.md
verify-basic-27-1-2-waits.json
verify-basic-27-1-2-waits.md
verify-basic-27-1-2.json
verify-basic-27-1-2.md
verify-basic-27-1-3.json
verify-basic-27-1-3.md" "$(ls rd)"

# ---- merge keeps what the shards say was not run, and refuses shards that disagree ----
for i in 0 1; do
  "$mj" verify --rules riichi --tiles 34 --sizes 1-2 --algo all --shard $i/2 --no-timings --json sk$i.json \
    --report sk$i.md >/dev/null 2>&1
done
"$mj" verify --rules riichi --tiles 34 --sizes 1-2 --algo all --no-timings --json sk.json --report sk.md >/dev/null 2>&1
"$mj" merge --no-timings --json skm.json --report skm.md sk0.json sk1.json >/dev/null 2>&1 || bad "merge of 2 shards failed"
grep -q '"skipped": \[{"name":' sk.json || bad "verify --algo all under riichi lists no skipped algorithm"
expect "merged skipped list" "$(grep '"skipped"' sk.json)" "$(grep '"skipped"' skm.json)"
expect "merged Not run line" "$(grep '^Not run' sk.md)" "$(grep '^Not run' skm.md)"
sed 's/"skipped": \[{"name":"[a-z0-9-]*",[^}]*},/"skipped": [/' sk1.json > sk1b.json
"$mj" merge --json skb.json sk0.json sk1b.json >/dev/null 2>err; rc=$?
[ "$rc" -ne 0 ] && grep -q 'other algorithms as not run' err || bad "merge of shards disagreeing on skipped: exit $rc, $(cat err)"
sed 's/"skipped": \[{"name":"[a-z0-9-]*"/"skipped": [{"name":"a<b"/' sk0.json > sk0c.json
sed 's/"skipped": \[{"name":"[a-z0-9-]*"/"skipped": [{"name":"a<b"/' sk1.json > sk1c.json
"$mj" merge --json skc.json sk0c.json sk1c.json >/dev/null 2>err; rc=$?
[ "$rc" -ne 0 ] && grep -q 'bad algorithm name' err || bad "merge of a bad skipped name: exit $rc, $(cat err)"

# ---- --no-timings: other thread counts, byte-identical summary and report ----
for t in 1 2; do
  "$mj" verify --sizes 1-7 --rules sichuan --no-timings --threads $t --json t$t.json --report t$t.md >/dev/null 2>&1
done
cmp -s t1.json t2.json || bad "--no-timings JSON differs between 1 and 2 threads"
cmp -s t1.md t2.md || bad "--no-timings Markdown differs between 1 and 2 threads"
grep -q '"seconds"\|"threads"\|ns_per_hand' t1.json && bad "--no-timings JSON keeps a timing field"
grep -qi 'seconds\|ns/hand\|threads' t1.md && bad "--no-timings Markdown keeps a timing field"
"$mj" verify --sizes 1-7 --rules sichuan --threads 1 --json t3.json >/dev/null 2>&1
cmp -s t1.json t3.json && bad "--no-timings changed nothing"

# ---- checkpoint paths ----
ln -s "$tmp/nowhere/x" dangling
"$mj" verify --sizes 1-3 --checkpoint dangling >/dev/null 2>err; rc=$?
[ "$rc" -ne 0 ] && grep -q 'symbolic link' err || bad "dangling --checkpoint: exit $rc, $(cat err)"
"$mj" verify --sizes 1-3 --checkpoint adir >/dev/null 2>err; rc=$?
[ "$rc" -ne 0 ] && grep -q 'directory' err || bad "directory --checkpoint: exit $rc, $(cat err)"

# ---- ambiguous input ----
"$mj" check 123 >out 2>err
grep -q "ambiguous" err && grep -q -- '--notation' err || bad "check 123: no ambiguity warning: $(cat err)"
"$mj" check '[]' >out 2>err; grep -q "ambiguous" err || bad "check []: no ambiguity warning"
"$mj" check --notation mpsz 123m >out 2>err; [ -s err ] && bad "check 123m warned: $(cat err)"
"$mj" check --notation letters 123 >out 2>err; [ -s err ] && bad "check --notation letters 123 warned"
expect "ambiguous still judged" "123${tab:=	}no" "$("$mj" check 123 2>/dev/null)"

# ---- long flag values are not cut ----
long=$(i=0; while [ $i -lt 60 ]; do printf 'backtrack,'; i=$((i + 1)); done; printf 'split')
"$mj" check --algo "$long" 11m >/dev/null 2>err; rc=$?
[ "$rc" -eq 2 ] && grep -q 'more than' err || [ "$rc" -eq 0 ] || bad "long --algo: exit $rc, $(cat err)"
long2=$(i=0; while [ $i -lt 30 ]; do printf 'backtrack,'; i=$((i + 1)); done; printf 'nosuchalgo')
"$mj" check --algo "$long2" 11m >/dev/null 2>err
grep -q "'nosuchalgo'" err || bad "long --algo: the last name was cut: $(cat err)"
"$mj" verify --sizes 2 --algo "$long2" >/dev/null 2>err
grep -q "'nosuchalgo'" err || bad "verify long --algo cut: $(cat err)"

# Summaries written by checkpoint format 1 (a pass per algorithm; the committed 34-kind
# pieces) still merge, to the totals merged when they were written.
pieces=$(dirname "$readme")/reports/riichi34-pieces
if [ -f "$pieces/merge14.txt" ]; then
  "$mj" merge --no-timings --json m34.json "$pieces"/a*.json >m34.txt 2>m34.err ||
    bad "merge of the committed format 1 pieces failed: $(head -1 m34.err)"
  expect "format 1 pieces: each algorithm's totals" "$(awk 'NR > 2 {print $1, $2, $3, $4, $5}' "$pieces/merge14.txt")" \
    "$(awk 'NR > 2 {print $1, $2, $3, $4, $5}' m34.txt)"
  expect "format 1 pieces: the winning hands" "$(grep -o '[0-9]* winning' "$pieces/merge14.txt")" \
    "$(grep -o '[0-9]* winning' m34.txt)"
fi
echo "cli_contract: $passed expectations passed, $failed failed"
[ "$failed" -eq 0 ]
