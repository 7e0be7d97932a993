#!/bin/sh
# make bench's script (bench/run.sh): a failed speed target is a non-zero exit, and the commit
# stamp is taken before the run rewrites its (committed) CSV files. Runs run.sh on a scratch git
# checkout with a stand-in mjverify that writes a CSV meeting no target.
# Usage: cli_bench_script.sh SOURCE_DIR
set -u
src=$1
failed=0
bad() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
command -v git >/dev/null || { echo "cli_bench_script: no git, skipped"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
repo=$tmp/repo
mkdir -p "$repo/bench" "$repo/reports/data"
cp "$src/bench/run.sh" "$src/bench/targets.sh" "$repo/bench/"
cat >"$tmp/mjverify" <<'EOS'
#!/bin/sh
case $1 in
bench)
  csv=
  while [ $# -gt 0 ]; do [ "$1" = --csv ] && csv=$2; shift; done
  echo "bench: seed 1, ground truth: stand-in" >&2
  { echo "algorithm,workload,rules,tiles,size,threads,hands,ns_per_hand_median,a,b,c,d,correct"
    echo "backtrack,deal136,riichi,34,14,1,100,500,1,1,1,1,yes"; } >"$csv" ;;
algos)
  if [ "${2:-}" = --json ]; then echo '{"name":"backtrack","rules":"std","flawed":false}'
  else echo "backtrack        std"; fi ;;
esac
exit 0
EOS
chmod +x "$tmp/mjverify"
echo old >"$repo/reports/data/hands.csv"
(cd "$repo" && git init -q && git add . && git -c user.name=t -c user.email=t@t commit -qm init) || exit 1
sh "$repo/bench/run.sh" "$tmp/mjverify" "$repo/reports/data" >"$tmp/out" 2>&1
rc=$?
[ "$rc" -ne 0 ] || bad "run.sh exited 0 though targets failed: $(grep FAIL "$tmp/out" | head -2)"
grep -q '^FAIL' "$tmp/out" || bad "no FAIL line printed"
commit=$(sed -n 's/^commit,//p' "$repo/reports/data/machine.csv")
head=$(git -C "$repo" rev-parse --short HEAD)
[ "$commit" = "$head" ] || bad "commit stamp '$commit', want '$head' (taken after the run wrote its CSV?)"
echo "cli_bench_script: run.sh exit $rc, stamp $commit; $failed failed"
[ "$failed" -eq 0 ]
