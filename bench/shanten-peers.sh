#!/bin/sh
# Builds the shanten peers in a scratch folder outside the checkout (never committed): nyanten
# and tomohxx/shanten-number cloned from SOURCE_NYANTEN and SOURCE_TOMOHXX (a path or URL;
# default their GitHub repositories), tomohxx's tables made by its mkind, and the harness
# bench/peers/shanten_peers.cpp linked with this build's libmjverify.a. Then, or alone with
# `run`, prints the side-by-side CSV and the ratio lines (make bench does this when the build
# exists). Usage: sh bench/shanten-peers.sh build|run [SCRATCH] [BUILD] [SOURCE_NYANTEN] [SOURCE_TOMOHXX]
set -eu
what=${1:-run}
scratch=${2:-${MJ_SHANTEN_PEERS:-/tmp/mjverify-peers}}
here=$(cd "$(dirname "$0")/.." && pwd)
build=${3:-$here/build}
ny=${4:-https://github.com/Cryolite/nyanten}
to=${5:-https://github.com/tomohxx/shanten-number}
case $scratch in "$here"/*) echo "shanten-peers: $scratch is inside the checkout; choose a folder outside it" >&2; exit 2 ;; esac
if [ "$what" = build ]; then
  mkdir -p "$scratch"
  [ -d "$scratch/nyanten" ] || git clone -q "$ny" "$scratch/nyanten"
  [ -d "$scratch/shanten-number" ] || git clone -q "$to" "$scratch/shanten-number"
  echo "shanten-peers: nyanten $(git -C "$scratch/nyanten" rev-parse --short HEAD), shanten-number $(git -C "$scratch/shanten-number" rev-parse --short HEAD)" >&2
  # tomohxx's code uses <format> only in its error messages; a compiler without it (g++ 12) gets
  # a stand-in that returns the message's pattern, in the scratch folder (never on a timed path)
  mkdir -p "$scratch/compat"
  shim=""
  if ! printf '#include <format>\n' | g++ -std=c++20 -x c++ -fsyntax-only - 2>/dev/null; then
    printf '%s\n' '#pragma once' '#include <string>' 'namespace std { template <class... A> string format(const char *f, A &&...) { return f; } }' >"$scratch/compat/format"
    shim="-I$scratch/compat"
  fi
  mkdir -p "$scratch/shanten-number/build"
  t=$scratch/shanten-number
  # its CMake options: Release (-O3), ENABLE_NYANTEN on (its default: the nyanten-style hash)
  g++ -O3 -std=c++20 -DENABLE_NYANTEN $shim -I"$t/include" "$t/src/mkind.cpp" -o "$t/build/mkind"
  [ -f "$t/build/index_s.bin" ] || (cd "$t/build" && ./mkind >/dev/null)
  [ -f "$build/lib/libmjverify.a" ] || { echo "shanten-peers: no $build/lib/libmjverify.a: run make first" >&2; exit 1; }
  g++ -O3 -std=c++20 -DENABLE_NYANTEN $shim -I"$scratch/nyanten" -I"$t/include" -I"$t/include/mahjong" \
    -I"$here/core" -I"$here/algorithms" "$here/bench/peers/shanten_peers.cpp" \
    "$scratch/shanten-number/src/calsht.cpp" "$build/lib/libmjverify.a" -fopenmp -o "$scratch/shanten_peers"
  echo "shanten-peers: built $scratch/shanten_peers" >&2
fi
[ -x "$scratch/shanten_peers" ] || { echo "shanten-peers: not built: sh bench/shanten-peers.sh build $scratch" >&2; exit 1; }
"$scratch/shanten_peers" "$scratch/shanten-number/build" "${MJ_PEER_ROUNDS:-9}" "${MJ_PEER_HANDS:-65536}"
