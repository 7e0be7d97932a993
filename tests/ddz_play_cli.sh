#!/bin/sh
# ddz play through a pipe, as a person meets it: both hands and the move to beat before each
# move, ? lists the legal moves, h gives a hint (the winning move when there is one), a sentence
# of why after each of the solver's moves, illegal moves refused with the reason, lines of any
# length read whole, odd bytes echoed escaped, q and end of input stop with exit 0.
# Usage: ddz_play_cli.sh DDZ
set -u
ddz=$1
. "$(dirname "$0")/ddz_check.sh"
intro="you hold ENEMY, the solver holds ME and moves first; type a move (pass, 345678 or TYPE:CARDS), ? for your legal moves, h for a hint, q to stop"

# A win for the solver: its bomb, then the why; ?, h, an illegal move, escaped control bytes, a card
# the person lacks, the pass, the solver's last card.
out=$(printf '?\nh\nKK\n\001\033[31m\nD\npass\n' | "$ddz" play 6666A KK --last 2 --threads 1 2>&1; echo "rc $?")
check win "$intro
the solver wins from here whatever you play
solver plays bomb:6666
why: your only reply, pass, loses: its strategy answers it with a win
solver holds A; you hold KK; to beat: bomb:6666
your move? your 1 legal move: pass
solver holds A; you hold KK; to beat: bomb:6666
your move? hint: no move wins against the solver's best play; pass holds out
solver holds A; you hold KK; to beat: bomb:6666
your move? refused: 'KK': it does not beat the move on the table (same type and length, higher rank, or a bomb)
solver holds A; you hold KK; to beat: bomb:6666
your move? refused: '\\x01\\x1b[31m': byte 0: 0x01 is no card (cards: 3456789TJQKA2XD)
solver holds A; you hold KK; to beat: bomb:6666
your move? refused: 'D': you do not hold those cards
solver holds A; you hold KK; to beat: bomb:6666
your move? you play pass
solver plays single:A
why: it empties its hand
the solver has played out: the solver wins
rc 0" "$out"

# A loss for the solver (the longer straight does not beat the shorter one): it resists (its
# five-card straight, which leaves the person one answer that wins); the hint names it.
out=$(printf '?\nh\nstraight:89TJQ\n' | "$ddz" play 6789TJ 89TJQ --last 34567 --threads 1 2>&1; echo "rc $?")
check loss "$intro
the solver has no winning line here; it resists
solver plays straight:6789T
why: every one of its 3 moves loses against your best play; it resists with this one
solver holds J; you hold 89TJQ; to beat: straight:6789T
your move? your 2 legal moves: pass straight:89TJQ
solver holds J; you hold 89TJQ; to beat: straight:6789T
your move? hint: straight:89TJQ wins against any defence
solver holds J; you hold 89TJQ; to beat: straight:6789T
your move? you play straight:89TJQ
you have played out: you win
rc 0" "$out"

# A line of 2,000 bytes is one move (refused once, not split into 511-byte moves); a NUL byte
# inside a line is refused, not cut there; q stops.
long=$(i=0; while [ $i -lt 200 ]; do printf '3333333333'; i=$((i + 1)); done)
out=$(printf '%s\nq\n' "$long" | "$ddz" play 6666A KK --last 2 --threads 1 2>&1; echo "rc $?")
check long-refused 1 "$(echo "$out" | grep -c refused)"
check long-echo "your move? refused: '3333333333333333333333333333333333333333333333333333333333333333... (2000 bytes)': byte 4: a fifth copy of 3" \
  "$(echo "$out" | grep refused)"
check quit "your move? game stopped
rc 0" "$(echo "$out" | tail -2)"
out=$(printf 'pa\000ss\n' | "$ddz" play 6666A KK --last 2 --threads 1 2>&1)
check nul "your move? refused: 'pa\\x00ss': a NUL byte is no card" "$(echo "$out" | grep refused)"

# End of input: the game is left, exit 0; a bad hand: one line, exit 1; a flag play lacks: exit 2.
out=$(printf '' | "$ddz" play 32JJ 7TTD --threads 1 2>&1; echo "rc $?")
check eof "end of input: game left unfinished
rc 0" "$(echo "$out" | tail -2)"
"$ddz" play 32JJ 7TTB </dev/null >/dev/null 2>&1; check bad-hand 1 $?
"$ddz" play 3 4 --strategy x </dev/null >/dev/null 2>&1; check bad-flag 2 $?

finish ddz_play_cli
