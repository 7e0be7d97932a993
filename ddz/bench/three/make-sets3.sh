#!/bin/sh
# Rewrites the three-player random-deal sets of ddz/bench/ from their seeds with
# `ddz deal SEED N1 N2 N3`. Usage: sh ddz/bench/three/make-sets3.sh build/ddz/ddz
set -eu
ddz=$1
here=$(dirname "$0")
# set3 L F1 F2 FIRST_SEED LAST_SEED
set3() {
  f=$here/deal3-$1-$2-$3.txt
  {
    echo "# deal3-$1-$2-$3: random three-player deals, the landlord (L, to lead) $1 cards, the farmers"
    echo "# F1 $2 and F2 $3, seeds $4 to $5."
    echo "# Made by: sh ddz/bench/three/make-sets3.sh build/ddz/ddz, one line per seed from"
    echo "#   ddz deal SEED $1 $2 $3   (the 54 cards in rank order shuffled by Fisher-Yates with core's"
    echo "#   splitmix64 stream mj_rng {SEED}; L the first $1 cards, F1 the next $2, F2 the next $3)"
    echo "# players: 3"
    echo "# rules: rlcard"
    s=$4
    while [ "$s" -le "$5" ]; do
      echo "# seed $s"
      "$ddz" deal "$s" "$1" "$2" "$3"
      s=$((s + 1))
    done
  } >"$f"
  echo "make-sets3: $f" >&2
}
set3 5 4 4 1 20
set3 8 6 6 1 20
set3 10 8 8 1 20
set3 12 10 10 1 10
set3 14 12 12 1 10
