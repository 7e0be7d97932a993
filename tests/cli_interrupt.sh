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
run="verify --sizes 1-10 --rules sichuan --algo backtrack --threads 2 --no-timings"

# the reference: the same work, uninterrupted
# shellcheck disable=SC2086
"$mj" $run --json ref.json >/dev/null 2>&1 || bad "reference run failed"

# SIGTERM in the middle (the run takes a few seconds): exit 130 within a second, checkpoint left
# shellcheck disable=SC2086
"$mj" $run --json got.json --checkpoint c.ckpt --checkpoint-every 1 >/dev/null 2>err &
pid=$!
sleep 2
# the checkpoint of --checkpoint-every 1 exists by now (a small margin past 1 s)
[ -s c.ckpt ] || bad "no checkpoint 2 s into a run with --checkpoint-every 1"
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
