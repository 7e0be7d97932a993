"""mjverify.ddz: moves, solve (the published puzzles of ddz/bench/published.txt), the solvers
registry, the rlcard and DouZero conversions (round trips), and the error paths."""

from __future__ import annotations

import random

import pytest

from conftest import ROOT
from mjverify import ddz

DECK = "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222XD"


def random_hand(rng: random.Random, lo: int = 0, hi: int = 20) -> str:
    return "".join(rng.sample(DECK, rng.randint(lo, hi)))


def published():
    """(me, enemy, last, rules, expect) for each position of ddz/bench/published.txt."""
    rules, expect, out = "rlcard", None, []
    for line in (ROOT / "ddz" / "bench" / "published.txt").read_text().splitlines():
        if line.startswith("# rules:"):
            rules = line.split(":", 1)[1].strip()
        elif line.startswith("# expect:"):
            expect = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#"):
            f = line.split()
            out.append((f[0], f[1], f[2] if len(f) > 2 else None, rules, expect))
            expect = None
    return out


# --- moves ------------------------------------------------------------------------------------


def test_moves_leading_and_beating():
    assert [m.text for m in ddz.moves("3345", beat="4")] == ["pass", "single:5"]
    assert {m.text for m in ddz.moves("3345")} == {"single:3", "single:4", "single:5", "pair:33"}
    assert {m.text for m in ddz.moves("XD")} == {"single:X", "single:D", "rocket:XD"}
    assert [m.text for m in ddz.moves("XD", beat="2222")] == ["pass", "rocket:XD"]


def test_moves_fields():
    for m in ddz.moves("33344455567TJQKAXD"):
        assert m.type in m.text and m.cards and m.main in ddz.RANKS and m.length >= 1
        assert ddz.canonical(m.text.split(":")[1]) == m.cards
        assert m.douzero() == ddz.to_douzero(m.cards) and m.rlcard() == ddz.to_rlcard(m.cards)
    p = ddz.moves("3", beat="4")[0]
    assert p.is_pass and p.text == "pass" and p.rlcard() == "pass" and p.douzero() == [] and p.cards == ""


def test_beat_forms_agree():
    """beat as text, Move, DouZero list; leading as None, "pass", [] and a pass Move."""
    want = ddz.moves("334455667788", beat="pair:44")
    assert ddz.moves("334455667788", beat=ddz.Move("pair:44", "pair", "44", "4", 1)) == want
    assert ddz.moves("334455667788", beat=[4, 4]) == want
    lead = ddz.moves("334455667788")
    pass_move = ddz.moves("3", beat="4")[0]
    for b in ("pass", [], pass_move):
        assert ddz.moves("334455667788", beat=b) == lead


def test_conventions_differ_where_the_readme_says():
    """A four with both jokers as its two singles: douzero yes, rlcard no (ddz/README.md)."""
    rl = {m.text for m in ddz.moves("3333XD", rules="rlcard")}
    dz = {m.text for m in ddz.moves("3333XD", rules="douzero")}
    assert "four2:3333XD" in dz and "four2:3333XD" not in rl
    banned = {m.type for m in ddz.moves("333444555666", rules="rlcard,no-plane")}
    assert "plane" not in banned and "triple" in banned


def test_answers_beat_what_they_answer():
    """Each answer to a move is the pass, the same type and length with a higher main rank, a
    bomb over a non-bomb or a lower bomb, or the rocket (the README's comparison rule)."""
    rng = random.Random(3)
    for _ in range(30):
        hand = random_hand(rng, 5, 17)
        other = ddz.from_douzero([c for c in ddz.to_douzero(random_hand(rng, 5, 17))])
        for m in ddz.moves(other)[:60]:
            try:
                answers = ddz.moves(hand, beat=m)
            except ddz.Error as e:  # the hand and the move hold more of a card than the deck
                assert e.code == "overlap"
                continue
            assert answers[0].is_pass
            for a in answers[1:]:
                higher = ddz.RANKS.index(a.main) > ddz.RANKS.index(m.main)
                assert (a.type == m.type and a.length == m.length and higher) or a.type == "rocket" or (
                    a.type == "bomb" and (m.type != "bomb" or higher)), (hand, m.text, a.text)


@pytest.mark.parametrize(
    "call, code, offset, match",
    [
        (lambda: ddz.moves("34B5"), "unknown-card", 2, "hand '34B5': byte 2: 'B' is no card"),
        (lambda: ddz.moves("55555"), "fifth-copy", 4, "fifth"),
        (lambda: ddz.moves(""), "empty", 0, "hand ''"),
        (lambda: ddz.moves("33", beat="333"), "overlap", None, "do not fit one deck"),
        (lambda: ddz.moves("33", beat="34"), "bad-move", None, "beat '34'"),
        (lambda: ddz.moves("33", rules="poker"), "bad-rules", 0, "rules 'poker'"),
        (lambda: ddz.solve("3", "3333"), "overlap", None, "me and enemy"),
        (lambda: ddz.solve("33", "4", last="333"), "overlap", None, "the hands and last"),
        (lambda: ddz.solve("3", "XX"), "second-joker", None, "enemy 'XX'"),
        (lambda: ddz.solve("3", "4", solver="magic"), "bad-solver", 0, "no solver named 'magic'"),
        (lambda: ddz.from_douzero([3, 15]), "unknown-card", 1, "item 1: 15"),
        (lambda: ddz.from_douzero([3, 3, 3, 3, 3]), "fifth-copy", None, "DouZero"),
        (lambda: ddz.from_rlcard("33X"), "unknown-card", 2, "byte 2: 'X' is no rlcard card"),
    ],
)
def test_errors(call, code, offset, match):
    with pytest.raises(ddz.Error, match=match) as e:
        call()
    assert isinstance(e.value, ValueError) and e.value.code == code
    if offset is not None:
        assert e.value.offset == offset


def test_argument_errors():
    with pytest.raises(ValueError, match="threads"):
        ddz.solve("3", "4", threads=-1)
    with pytest.raises(ValueError, match="time_limit"):
        ddz.solve("3", "4", time_limit=0)
    with pytest.raises(TypeError):
        ddz.moves(b"33")
    with pytest.raises(TypeError):
        ddz.moves("33", rules=None)


# --- conversions ------------------------------------------------------------------------------


def test_conversions_known():
    assert ddz.to_rlcard("33344XD") == "33344BR" and ddz.from_rlcard("BR33344") == "33344XD"
    assert ddz.to_douzero("3TA2XD") == [3, 10, 14, 17, 20, 30]
    assert ddz.from_douzero([30, 20, 17, 14, 10, 3]) == "3TA2XD"
    assert ddz.canonical("D3t10") == "3TTD" and ddz.canonical("") == ""
    assert ddz.from_rlcard("pass") == "" and ddz.from_douzero([]) == "" and ddz.to_rlcard("") == ""


def test_conversions_round_trip():
    """rlcard strings and DouZero lists, in any order, come back to the canonical hand."""
    rng = random.Random(11)
    for _ in range(500):
        hand = random_hand(rng)
        canon = ddz.canonical(hand)
        rl = ddz.to_rlcard(hand)
        assert ddz.from_rlcard(rl) == canon and ddz.from_rlcard("".join(rng.sample(rl, len(rl)))) == canon
        dz = ddz.to_douzero(hand)
        assert dz == sorted(dz) and len(dz) == len(canon)
        assert ddz.from_douzero(dz) == canon and ddz.from_douzero(rng.sample(dz, len(dz))) == canon
        assert ddz.to_rlcard(dz) == rl and ddz.to_douzero(rl.replace("B", "X").replace("R", "D")) == dz


# --- solve ----------------------------------------------------------------------------------------


def after(me: str, enemy: str, move: ddz.Move):
    """The position after me plays move: (the enemy to move, me's rest, the move to beat)."""
    rest = ddz.to_douzero(me)
    for c in move.douzero():
        rest.remove(c)
    return enemy, ddz.from_douzero(rest), None if move.is_pass else move


def replay(me: str, enemy: str, last, rules: str, line: list) -> str:
    """Plays the line out, every move checked legal by the move generator; who empties first."""
    hands = {"me": ddz.to_douzero(me), "enemy": ddz.to_douzero(enemy)}
    beat = last
    for i, (player, move) in enumerate(line):
        assert player == ("me", "enemy")[i % 2], (i, player)
        assert move in ddz.moves(hands[player], beat=beat, rules=rules), (i, move.text)
        for c in move.douzero():
            hands[player].remove(c)
        if not hands[player]:
            assert i == len(line) - 1, "the line goes on after the game ended"
            return player
        beat = None if move.is_pass else move
    raise AssertionError("the line stops before anyone has emptied their hand")


@pytest.mark.parametrize("me, enemy, last, rules, expect", published())
def test_published_puzzles(me, enemy, last, rules, expect):
    """Each published endgame: the printed outcome where the source prints one, and every
    winning first move checked by solving the position after it (the enemy must lose there)."""
    s = ddz.solve(me, enemy, last=last, rules=rules, time_limit=120)
    assert s.outcome in ("win", "loss")
    if expect:
        assert s.outcome == expect
    assert bool(s.winning_moves) == (s.outcome == "win") and s.win == (s.outcome == "win")
    assert len(s.first_moves) >= len(s.winning_moves) and all(w is not None for _, w in s.first_moves)
    for m in s.winning_moves[:1]:
        en, rest, beat = after(me, enemy, m)
        if rest:
            assert ddz.solve(en, rest, last=beat, rules=rules).outcome == "loss", m.text
    # the line is a legal game that the side the solver names wins
    assert replay(me, enemy, last, rules, s.line) == ("me" if s.outcome == "win" else "enemy")
    if s.outcome == "win":
        assert s.line[0][1] in s.winning_moves
        one = ddz.solve(me, enemy, last=last, rules=rules, first_only=True)
        assert replay(me, enemy, last, rules, one.line) == "me"


def test_solve_options_agree():
    """first_only, threads, and the naive solver give the same outcome as the default."""
    me, enemy = "45569TKA2", "4588TJKX"
    full = ddz.solve(me, enemy)
    assert full.outcome == "win" and full.nodes > 0 and full.seconds >= 0
    one = ddz.solve(me, enemy, first_only=True)
    assert one.outcome == "win" and set(one.winning_moves) <= set(full.winning_moves) and one.winning_moves
    for t in (0, 2):
        assert ddz.solve(me, enemy, threads=t).winning_moves == full.winning_moves
    assert ddz.solve("3455KK", "345522", solver="naive").winning_moves == ddz.solve("3455KK", "345522").winning_moves
    dz = ddz.solve(ddz.to_douzero(me), ddz.to_douzero(enemy), rules="douzero")
    assert dz.outcome == "win"
    assert full.line and one.line and full.line[0][1] in full.winning_moves


def test_solve_with_last_and_time_limit():
    s = ddz.solve("3455KK", "345522", last="single:2")
    assert s.first_moves[0][0].text == "pass"
    big = ddz.solve("3334445556667789TJ", "TJQKA2XD89", time_limit=0.001)
    assert big.outcome in ("win", "loss", "timeout")
    if big.outcome == "timeout":
        assert big.win is None and big.line == []


def test_solvers_registry():
    names = [s.name for s in ddz.solvers()]
    assert names[0] == "fast" and "naive" in names
    assert [s.name for s in ddz.solvers() if s.flawed] == ["seed004"]
