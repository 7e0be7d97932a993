#!/bin/sh
# Rewrites the random-deal sets of ddz/bench/ from their seeds with `ddz deal` (the hand-made
# and published sets are written by hand). Usage: sh ddz/bench/make-sets.sh build/ddz/ddz
set -eu
ddz=$1
here=$(dirname "$0")
# set SIZE1 SIZE2 FIRST_SEED LAST_SEED
set_of() {
  f=$here/deal-$1v$2.txt
  {
    echo "# deal-$1v$2: random deals, $1 cards to move (ME) against $2 (ENEMY), seeds $3 to $4, leading."
    echo "# Made by: sh ddz/bench/make-sets.sh build/ddz/ddz, one line per seed from"
    echo "#   ddz deal SEED $1 $2   (the 54 cards in rank order shuffled by Fisher-Yates with core's"
    echo "#   splitmix64 stream mj_rng {SEED}; ME the first $1 cards, ENEMY the next $2)"
    echo "# rules: rlcard"
    s=$3
    while [ "$s" -le "$4" ]; do
      echo "# seed $s"
      "$ddz" deal "$s" "$1" "$2"
      s=$((s + 1))
    done
  } >"$f"
  echo "make-sets: $f" >&2
}
set_of 5 5 1 20
set_of 8 8 1 20
set_of 10 10 1 20
set_of 12 12 1 20
set_of 13 13 1 20
set_of 15 15 1 10
set_of 17 17 1 16
set_of 20 17 1 20
set_of 20 20 1 10
