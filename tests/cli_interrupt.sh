#!/bin/sh
# A verify stops within about a second of SIGTERM, leaves a checkpoint, and the resumed run
# gives the same summary as an uninterrupted one; --checkpoint-every is honoured.
# Usage: cli_interrupt.sh MJVERIFY
set -u
mj=$1
failed=0
bad() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
now_ms() { date +%s%3N; }
# The run must last well past the signal (near 2 s): every algorithm on the 34-kind riichi hands
# of sizes 1-8 (about 5 s on a 2-core Intel VM of 2026, 1.7 s on an AMD EPYC one), or of 1-9 or
# 1-10 where that ends within 3 s. The reference is the same work, uninterrupted.
for top in 8 9 10; do
  run="verify --tiles 34 --sizes 1-$top --rules riichi --algo all --threads 2 --no-timings"
  t0=$(now_ms)
  # shellcheck disable=SC2086
  "$mj" $run --json ref.json >/dev/null 2>&1 || bad "reference run failed"
  ref_ms=$(($(now_ms) - t0))
  [ "$ref_ms" -ge 3000 ] && break
done
echo "cli_interrupt: sizes 1-$top, the reference run took $ref_ms ms"

# SIGTERM in the middle of a run of a few seconds: exit 130 within a second, checkpoint left.
# --checkpoint-every 1: once the first checkpoint is there, the next one follows within 2.5 s
# (1 s and a margin; no fixed sleep, so a slow sanitizer build only takes longer).
# shellcheck disable=SC2086
"$mj" $run --json got.json --checkpoint c.ckpt --checkpoint-every 1 >/dev/null 2>err &
pid=$!
i=0
while [ ! -s c.ckpt ] && [ $i -lt 600 ] && kill -0 $pid 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
[ -s c.ckpt ] || bad "no checkpoint appeared with --checkpoint-every 1"
first=$(cksum <c.ckpt)
t0=$(now_ms)
while [ "$(cksum <c.ckpt 2>/dev/null)" = "$first" ] && [ $(($(now_ms) - t0)) -lt 5000 ] && kill -0 $pid 2>/dev/null; do
  sleep 0.05
done
gap=$(($(now_ms) - t0))
echo "cli_interrupt: next checkpoint after $gap ms (--checkpoint-every 1)"
kill -0 $pid 2>/dev/null || bad "the run ended before the signal (make it longer)"
[ "$gap" -le 2500 ] || bad "--checkpoint-every 1: next checkpoint after $gap ms"
t0=$(now_ms)
kill -TERM $pid
wait $pid
rc=$?
ms=$(($(now_ms) - t0))
echo "cli_interrupt: exit $rc, $ms ms after SIGTERM"
[ "$rc" -eq 130 ] || bad "interrupted verify exit $rc, not 130: $(cat err)"
[ "$ms" -le 1000 ] || bad "verify took $ms ms to stop after SIGTERM (bound 1000)"
[ -s c.ckpt ] || bad "no checkpoint after the interrupt"
[ -e got.json ] && bad "an interrupted run wrote its summary"

# resume: identical summary, checkpoint removed
# shellcheck disable=SC2086
"$mj" $run --json got.json --checkpoint c.ckpt >/dev/null 2>err || bad "resumed run failed: $(cat err)"
grep -q 'resuming' err || bad "the second run did not resume"
cmp -s ref.json got.json || bad "resumed summary differs from the uninterrupted one"
[ -e c.ckpt ] && bad "checkpoint left after a complete run"

echo "cli_interrupt: $failed failed"
[ "$failed" -eq 0 ]
