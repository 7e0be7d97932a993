"""mjverify.ddz: Dou Dizhu two-player open-card endgames, from Python (libmjverify-ddz).

    >>> from mjverify import ddz
    >>> [m.text for m in ddz.moves("3345", beat="4")]
    ['pass', 'single:5']
    >>> s = ddz.solve("3455KK", "345522")
    >>> s.outcome, [m.text for m in s.winning_moves]
    ('win', ['single:4', 'single:5'])
    >>> [f"{who} {m.text}" for who, m in s.line][:2]
    ['me single:4', 'enemy pass']

Hands are text in the ``ddz`` command's notation (``3 4 5 6 7 8 9 T J Q K A 2 X D``, ten also
``10``/``0``, jokers also ``Y``/``Z``), or DouZero card lists (``[3, 3, 17, 20]``). rlcard's
strings (``"33344BR"``: ``B`` the black (small) joker, ``R`` the red (big) one) go through
:func:`from_rlcard`/:func:`to_rlcard`; DouZero's lists (3..14 for 3..A, 17 for 2, 20 and 30 the
small and big jokers) through :func:`from_douzero`/:func:`to_douzero`. Moves come back as
:class:`Move` (``move.rlcard()``, ``move.douzero()`` write them for those environments).
Refused input raises :class:`mjverify.Error` (a ValueError) with the library's message.
"""

from __future__ import annotations

import ctypes
import time
from typing import NamedTuple, Optional, Sequence, Union

from . import _lib
from ._lib import Error

__all__ = [
    "Error", "Move", "Solution", "Solver", "moves", "solve", "solvers", "canonical", "from_rlcard", "to_rlcard",
    "from_douzero", "to_douzero", "RANKS",
]

RANKS = "3456789TJQKA2XD"
"""The fifteen ranks in playing order, as the notation writes them."""
_RLCARD = "3456789TJQKA2BR"
_DOUZERO = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30)
_DOUZERO_RANK = {v: i for i, v in enumerate(_DOUZERO)}

Cards = Union[str, Sequence[int]]
"""A hand: text in the ddz notation, or a DouZero card list."""

lib = _lib.ddz_lib()
u64, vp, sz, i32 = ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int


class _Error(ctypes.Structure):
    _fields_ = [("code", i32), ("offset", sz), ("message", ctypes.c_char * 160)]


class _Move(ctypes.Structure):
    _fields_ = [("cards", u64), ("type", ctypes.c_uint8), ("main", ctypes.c_uint8), ("len", ctypes.c_uint8)]


class _Rules(ctypes.Structure):
    _fields_ = [("convention", i32), ("forbidden", ctypes.c_uint)]


class _Position(ctypes.Structure):
    _fields_ = [("me", u64), ("enemy", u64), ("last", _Move)]


class _Options(ctypes.Structure):
    _fields_ = [("threads", i32), ("memory_bytes", sz), ("all_first_moves", i32), ("time_limit_s", ctypes.c_double),
                ("table", vp), ("live", vp)]  # ddz_solve_options, ddz_solver.h: live NULL = none


_MAX_FIRST = 4096


class _Result(ctypes.Structure):
    _fields_ = [
        ("outcome", i32), ("n_first", sz), ("first", _Move * _MAX_FIRST), ("first_wins", ctypes.c_byte * _MAX_FIRST),
        ("nodes", ctypes.c_ulonglong), ("tt_hits", ctypes.c_ulonglong), ("tt_stores", ctypes.c_ulonglong),
        ("tt_evictions", ctypes.c_ulonglong), ("tt_bytes", sz), ("seconds", ctypes.c_double),
        ("max_thread_nodes", ctypes.c_ulonglong),
    ]


_SOLVE = ctypes.CFUNCTYPE(i32, ctypes.POINTER(_Position), ctypes.POINTER(_Rules), ctypes.POINTER(_Options),
                          ctypes.POINTER(_Result))


class _Solver(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("summary", ctypes.c_char_p), ("source", ctypes.c_char_p),
                ("flawed", i32), ("solve", _SOLVE)]


class _LineOptions(ctypes.Structure):
    _fields_ = [("rules", ctypes.POINTER(_Rules)), ("solver", vp), ("table", vp), ("root", ctypes.POINTER(_Result)),
                ("memory_bytes", sz), ("time_limit_s", ctypes.c_double), ("budget", ctypes.c_ulonglong), ("stop", vp)]


class _LinePly(ctypes.Structure):
    _fields_ = [("move", _Move), ("side", i32), ("me", u64), ("enemy", u64)]


_LINE_MAX = 96


class _Line(ctypes.Structure):
    _fields_ = [("outcome", i32), ("exact", i32), ("stopped", i32), ("length", i32), ("n", sz),
                ("ply", _LinePly * _LINE_MAX), ("nodes", ctypes.c_ulonglong), ("solves", ctypes.c_ulonglong)]


def _fn(name, restype, *argtypes):
    return _lib._fn(name, restype, *argtypes, library=lib)


_lib.check_layouts(_fn("ddz_flat_sizeof", sz, ctypes.c_char_p),
                   {"ddz_move": _Move, "ddz_rules": _Rules, "ddz_error": _Error, "ddz_position": _Position,
                    "ddz_solve_options": _Options, "ddz_result": _Result, "ddz_solver": _Solver,
                    "ddz_line_options": _LineOptions, "ddz_line_ply": _LinePly, "ddz_line": _Line}, "libmjverify-ddz")


P_ERR, P_MOVE, P_RULES = ctypes.POINTER(_Error), ctypes.POINTER(_Move), ctypes.POINTER(_Rules)
_parse_hand = _fn("ddz_parse_hand", i32, ctypes.c_char_p, i32, ctypes.POINTER(u64), P_ERR)
_format_hand = _fn("ddz_format_hand", sz, u64, ctypes.c_char_p, sz)
_check_disjoint = _fn("ddz_check_disjoint", i32, u64, u64, P_ERR)
_parse_rules = _fn("ddz_parse_rules", i32, ctypes.c_char_p, P_RULES, P_ERR)
_format_rules = _fn("ddz_format_rules", sz, P_RULES, ctypes.c_char_p, sz)
_format_move = _fn("ddz_format_move", sz, P_MOVE, ctypes.c_char_p, sz)
_move_from_text = _fn("ddz_move_from_text", i32, ctypes.c_char_p, P_RULES, P_MOVE, P_ERR)
_generate = _fn("ddz_generate", sz, u64, P_MOVE, P_RULES, P_MOVE, sz)
_type_name = _fn("ddz_type_name", ctypes.c_char_p, i32)
_status_name = _fn("ddz_status_name", ctypes.c_char_p, i32)
_solver_find = _fn("ddz_solver_find", ctypes.POINTER(_Solver), ctypes.c_char_p)
_table_new = _fn("ddz_table_new", vp, sz)
_table_free = _fn("ddz_table_free", None, vp)
_table_default_bytes = _fn("ddz_table_default_bytes", sz, ctypes.POINTER(_Position))
_line_of_play = _fn("ddz_line_of_play", i32, ctypes.POINTER(_Position), ctypes.POINTER(_LineOptions),
                    ctypes.POINTER(_Line))
_TYPES = tuple(_type_name(t).decode() for t in range(15))


def _error(err: _Error, argument: str, what: str) -> Error:
    msg = err.message.decode("utf-8", "replace")
    return Error(f"{what}: {msg}" if what else msg, _status_name(err.code).decode(), err.offset, argument)


# --- cards and conversions ---------------------------------------------------------------------


def _hand_text(cards: Cards, argument: str) -> str:
    if isinstance(cards, str):
        return cards
    if isinstance(cards, (bytes, bytearray)):
        raise TypeError(f"{argument}: a str in the ddz notation or a DouZero list of ints expected, not bytes")
    return from_douzero(cards, argument=argument)


def _parse(cards: Cards, argument: str, allow_empty: bool = False) -> int:
    text = _hand_text(cards, argument)
    h = ctypes.c_uint64()
    err = _Error()
    if _parse_hand(text.encode(), int(allow_empty), ctypes.byref(h), ctypes.byref(err)) != 0:
        raise _error(err, argument, f"{argument} {text!r}")
    return h.value


def _format(h: int) -> str:
    buf = ctypes.create_string_buffer(64)
    _format_hand(h, buf, len(buf))
    s = buf.value.decode()
    return "" if s == "-" else s


def canonical(cards: Cards) -> str:
    """The canonical text of a hand (lowest rank first, ``T``, ``X``, ``D``): ``canonical("D3t")
    == "3TD"``, ``canonical([17, 3]) == "32"``; ``""`` for no cards. Raises :class:`Error`."""
    return _format(_parse(cards, "cards", allow_empty=True))


def _counts(h: int) -> list[int]:
    return [(h >> (4 * r)) & 15 for r in range(15)]


def to_rlcard(cards: Cards) -> str:
    """rlcard's string of a hand (``"33344BR"``: ranks ``3..9 T J Q K A 2``, ``B`` the black
    joker, ``R`` the red joker, lowest first, as ``rlcard.games.doudizhu.utils.cards2str``
    writes a sorted hand). A :class:`Move` may be given: a pass is ``"pass"``."""
    if isinstance(cards, Move):
        return cards.rlcard()
    return "".join(_RLCARD[r] * n for r, n in enumerate(_counts(_parse(cards, "cards", allow_empty=True))))


def from_rlcard(text: str) -> str:
    """The ddz notation of an rlcard card string (any order): ``from_rlcard("BR33") == "33XD"``;
    ``"pass"`` and ``""`` give ``""``. Raises :class:`Error` naming the first byte that is no
    rlcard card, or a count the deck does not have."""
    if not isinstance(text, str):
        raise TypeError(f"rlcard cards: a str expected, not {type(text).__name__}")
    if text == "pass":
        return ""
    out = []
    for i, ch in enumerate(text):
        k = _RLCARD.find(ch) if ch else -1
        if k < 0:
            raise Error(f"rlcard cards {text!r}: byte {i}: {ch!r} is no rlcard card (cards: {_RLCARD})",
                        "unknown-card", i, "cards")
        out.append(RANKS[k])
    return canonical("".join(out)) if out else ""


def to_douzero(cards: Cards) -> list[int]:
    """DouZero's card list of a hand, ascending: 3..14 for 3..A, 17 for 2, 20 the small joker,
    30 the big one: ``to_douzero("3TA2XD") == [3, 10, 14, 17, 20, 30]``. A :class:`Move` may be
    given (a pass is ``[]``)."""
    if isinstance(cards, Move):
        return cards.douzero()
    return [_DOUZERO[r] for r, n in enumerate(_counts(_parse(cards, "cards", allow_empty=True))) for _ in range(n)]


def from_douzero(cards: Sequence[int], argument: str = "cards") -> str:
    """The ddz notation of a DouZero card list (any order): ``from_douzero([30, 3, 17]) ==
    "32D"``; ``[]`` gives ``""``. Raises :class:`Error` for a value that is no DouZero card (its
    index as the offset) or a count the deck does not have."""
    try:
        values = list(cards)
    except TypeError:
        raise TypeError(f"{argument}: a DouZero list of ints expected, not {type(cards).__name__}") from None
    out = []
    for i, v in enumerate(values):
        r = _DOUZERO_RANK.get(v) if isinstance(v, int) and not isinstance(v, bool) else None
        if r is None:
            raise Error(f"{argument} (DouZero list): item {i}: {v!r} is no DouZero card (3..14, 17, 20, 30)",
                        "unknown-card", i, argument)
        out.append(RANKS[r])
    if not out:
        return ""
    h = ctypes.c_uint64()
    err = _Error()
    text = "".join(out)
    if _parse_hand(text.encode(), 0, ctypes.byref(h), ctypes.byref(err)) != 0:
        raise _error(err, argument, f"{argument} (DouZero list {values!r} read as {text!r})")
    return _format(h.value)


# --- moves ---------------------------------------------------------------------------------------


class Move(NamedTuple):
    """One move: ``text`` as the ``ddz`` command writes and reads it (``"pair:33"``,
    ``"plane1:33344456"``, ``"pass"``), its ``type`` (``single``, ``pair``, ``triple``,
    ``triple1``, ``triple2``, ``straight``, ``pairs``, ``plane``, ``plane1``, ``plane2``,
    ``four2``, ``four22``, ``bomb``, ``rocket``, ``pass``), the ``cards`` it spends (canonical,
    ``""`` for a pass), its ``main`` rank (the rank that orders moves of one type: ``"3"``..``"D"``;
    ``""`` for a pass) and ``length`` (groups in a chain, 1 otherwise, 0 for a pass)."""

    text: str
    type: str
    cards: str
    main: str
    length: int

    @property
    def is_pass(self) -> bool:
        return self.type == "pass"

    def rlcard(self) -> str:
        """rlcard's action string: the cards (``"33344BR"``), or ``"pass"``."""
        return "pass" if self.is_pass else to_rlcard(self.cards)

    def douzero(self) -> list[int]:
        """DouZero's action: the card list, ``[]`` for a pass."""
        return [] if self.is_pass else to_douzero(self.cards)


def _move(m: _Move) -> Move:
    buf = ctypes.create_string_buffer(96)
    _format_move(ctypes.byref(m), buf, len(buf))
    if m.type == 0:
        return Move("pass", "pass", "", "", 0)
    return Move(buf.value.decode(), _TYPES[m.type], _format(m.cards), RANKS[m.main] if m.main < 15 else "", m.len)


def _rules(rules: str) -> _Rules:
    if not isinstance(rules, str):
        raise TypeError(f"rules: a str such as 'rlcard' or 'douzero,no-four2' expected, not {rules!r}")
    r = _Rules()
    err = _Error()
    if _parse_rules(rules.encode(), ctypes.byref(r), ctypes.byref(err)) != 0:
        raise _error(err, "rules", f"rules {rules!r}")
    return r


def _last(last, rules: _Rules, argument: str) -> _Move:
    m = _Move()
    if last is None or isinstance(last, Move) and last.is_pass:
        return m
    if isinstance(last, Move):
        text = last.text
    elif isinstance(last, str):
        text = last
    else:
        text = _hand_text(last, argument)
        if not text:  # DouZero's pass
            return m
    err = _Error()
    if _move_from_text(text.encode(), ctypes.byref(rules), ctypes.byref(m), ctypes.byref(err)) != 0:
        raise _error(err, argument, f"{argument} {text!r}")
    return m


def _disjoint(a: int, b: int, argument: str, what: str) -> None:
    err = _Error()
    if _check_disjoint(a, b, ctypes.byref(err)) != 0:
        raise _error(err, argument, what)


def _generate_all(hand: int, last: _Move, rules: _Rules) -> list[Move]:
    cap = 512
    while True:
        out = (_Move * cap)()
        n = _generate(hand, ctypes.byref(last), ctypes.byref(rules), out, cap)
        if n <= cap:
            return [_move(out[i]) for i in range(n)]
        cap = n


def moves(hand: Cards, beat=None, rules: str = "rlcard") -> list[Move]:
    """Every distinct legal move of ``hand`` (``ddz moves HAND [--beat MOVE]``).

    beat: the move to beat: ``None`` (or ``"pass"``, ``[]``) when leading, then every move but
        the pass; else move text (``"33"``, ``"plane1:33344456"``), a :class:`Move` or a DouZero
        list, and the pass comes first, then each move that beats it.
    rules: ``rlcard`` (default) or ``douzero``, optionally with switches ``no-TYPE``
        (``"douzero,no-four2"``).

    Order: the pass first where legal, then by type, length and main rank. Raises
    :class:`Error` for a bad hand, move or rule set, or a move holding cards the hand holds
    too many of for one deck.
    """
    r = _rules(rules)
    h = _parse(hand, "hand")
    last = _last(beat, r, "beat")
    _disjoint(h, last.cards, "beat", "the hand and beat do not fit one deck")
    return _generate_all(h, last, r)


# --- the solver ------------------------------------------------------------------------------


class Solver(NamedTuple):
    """One row of the solver registry (``ddz solve --solver``)."""

    name: str
    summary: str
    source: str
    flawed: bool


def solvers() -> list[Solver]:
    """The solvers of the library: ``fast`` (the exact solver), ``naive``, and the flagged
    ``seed004`` port."""
    table = (ctypes.POINTER(_Solver) * 16).in_dll(lib, "ddz_solvers")
    out = []
    for p in table:
        if not p:
            break
        s = p.contents
        out.append(Solver(s.name.decode(), s.summary.decode(), s.source.decode(), bool(s.flawed)))
    return out


class Solution(NamedTuple):
    """What :func:`solve` found, for the player to move (``me``).

    outcome: ``"win"``, ``"loss"``, or ``"timeout"`` (undecided within ``time_limit``).
    winning_moves: every first move that wins (with ``first_only``, at least one where the
        position wins), as the ``ddz solve`` line "winning first moves" lists them.
    first_moves: each legal first move with ``True`` (wins), ``False`` (loses) or ``None``
        (not decided: ``first_only``, or a timeout).
    line: a line of play to the end, ``(player, move)`` pairs with player ``"me"`` or
        ``"enemy"`` (``ddz solve``'s line: the winner's shortest win against the loser's most
        stubborn defence, ``ddz_line_of_play``); with ``first_only``, from the first winning move
        found; ``[]`` when the outcome is a timeout; shorter than the game when the time limit
        cut it.
    nodes, seconds: the search's node count and time (the root's solve; the line's own work not
        counted).
    line_exact: whether every ply of the line was chosen with proven lengths (False past the
        line search's node budget, or when the line was cut short).
    """

    outcome: str
    winning_moves: list
    first_moves: list
    line: list
    nodes: int
    seconds: float
    line_exact: bool = False

    @property
    def win(self) -> Optional[bool]:
        """True for a win, False for a loss, None when undecided."""
        return None if self.outcome == "timeout" else self.outcome == "win"


_OUTCOMES = {1: "win", 0: "loss", -1: "timeout"}


def solve(me: Cards, enemy: Cards, last=None, rules: str = "rlcard", first_only: bool = False,
          time_limit: Optional[float] = None, threads: Optional[int] = None, solver: str = "fast",
          memory: Optional[int] = None) -> Solution:
    """Decides a two-player open-card endgame: ``me`` to move against ``enemy``, whoever empties
    their hand first wins (``ddz solve ME ENEMY [--last MOVE]``).

    last: the move ``me`` must beat (text, :class:`Move` or DouZero list; ``None`` when ``me``
        leads).
    rules: ``rlcard`` (default), ``douzero``, with switches ``no-TYPE``.
    first_only: stop at the first winning move found (on more than one thread, which one may
        differ from run to run) instead of deciding every first move.
    time_limit: seconds for the whole call: the search gets 90% (past it the outcome is
        ``"timeout"`` unless a win was already found), the line of play what is left.
    threads: ``None`` or 1 the calling thread, 0 every core, N threads (the outcome and the
        winning moves never depend on it, except which one ``first_only`` finds first). The GIL is released while the solver runs.
    solver: ``fast`` (default), ``naive``, ``seed004`` (flagged: a port of published wrong code).
    memory: bytes for the transposition tables (``None``: the solver's default).

    Raises :class:`Error` for refused hands, moves or rules (the hands and ``last`` must fit one
    deck) and RuntimeError when the solver fails (a move list past its bounds, out of memory).
    """
    r = _rules(rules)
    pos = _Position()
    pos.me = _parse(me, "me")
    pos.enemy = _parse(enemy, "enemy")
    _disjoint(pos.me, pos.enemy, "enemy", "me and enemy do not fit one deck")
    pos.last = _last(last, r, "last")
    _disjoint(pos.me + pos.enemy, pos.last.cards, "last", "the hands and last do not fit one deck")
    opt = _Options()
    if threads is None:
        threads = 1
    if not isinstance(threads, int) or isinstance(threads, bool) or not 0 <= threads <= 256:
        raise ValueError(f"threads: None (this thread), 0 (every core) or 1..256 expected, not {threads!r}")
    opt.threads = threads
    opt.all_first_moves = 0 if first_only else 1
    if time_limit is not None:
        if not isinstance(time_limit, (int, float)) or not 0 < time_limit < float("inf"):
            raise ValueError(f"time_limit: a positive number of seconds expected, not {time_limit!r}")
        opt.time_limit_s = 0.9 * float(time_limit)  # as `ddz solve`: the line gets the rest
    if memory is not None:
        if not isinstance(memory, int) or memory <= 0:
            raise ValueError(f"memory: a positive number of bytes expected, not {memory!r}")
        opt.memory_bytes = memory
    if not isinstance(solver, str):
        raise TypeError(f"solver: a name expected, not {solver!r}")
    s = _solver_find(solver.encode())
    if not s:
        names = ", ".join(x.name for x in solvers())
        raise Error(f"no solver named '{solver}' ({names})", "bad-solver", 0, "solver")
    # One table for the root's solve and the line (as `ddz solve`): the line reads what the solve
    # proved. Solvers other than fast keep no table.
    table = None
    if s.contents.name == b"fast":
        table = _table_new(opt.memory_bytes or _table_default_bytes(ctypes.byref(pos)))
        if not table:
            raise MemoryError("ddz solve: out of memory for the table (try a smaller memory=)")
        opt.table = table
    try:
        res = _Result()
        started = time.monotonic()
        o = s.contents.solve(ctypes.byref(pos), ctypes.byref(r), ctypes.byref(opt), ctypes.byref(res))
        if o not in _OUTCOMES:
            raise RuntimeError("ddz solve: the solver failed (a move list beyond its bounds, or out of memory)")
        line, exact = [], False
        if o != -1:
            left = 0.0
            if time_limit is not None:  # what the solve left (0 would mean no limit)
                left = max(float(time_limit) - (time.monotonic() - started), 1e-3)
            line, exact = _line(pos, r, s, table, res, first_only and o == 1, opt.memory_bytes, left)
    finally:
        if table:
            _table_free(table)
    n = min(res.n_first, _MAX_FIRST)
    first = [(_move(res.first[i]), None if res.first_wins[i] < 0 else res.first_wins[i] == 1) for i in range(n)]
    wins = [m for m, w in first if w]
    return Solution(_OUTCOMES[o], wins, first, line, res.nodes, res.seconds, exact)


def _line(pos: _Position, rules: _Rules, solver, table, res: _Result, from_first: bool, memory: int,
          time_limit: float) -> tuple[list, bool]:
    """The line of play after the root's solve: from the root when every first move was decided,
    else (first_only) the first winning move found, then the line from there."""
    lo = _LineOptions()
    lo.rules = ctypes.pointer(rules)
    lo.solver = ctypes.cast(solver, vp)
    lo.table = table
    lo.root = ctypes.pointer(res)
    lo.memory_bytes = memory
    lo.time_limit_s = time_limit
    out = _Line()
    prefix, root, flip = [], pos, False
    if from_first:
        w = next(i for i in range(res.n_first) if res.first_wins[i] == 1)
        first = res.first[w]
        prefix = [("me", _move(first))]
        if pos.me == first.cards:  # it plays out at once
            return prefix, True
        root = _Position(pos.enemy, pos.me - first.cards, first if first.type else _Move())
        lo.root = None
        flip = True
    o = _line_of_play(ctypes.byref(root), ctypes.byref(lo), ctypes.byref(out))
    if o == -2:
        raise RuntimeError("ddz solve: the line of play failed (out of memory, or the solver failed)")
    names = ("enemy", "me") if flip else ("me", "enemy")
    plies = [(names[out.ply[i].side], _move(out.ply[i].move)) for i in range(min(out.n, _LINE_MAX))]
    return prefix + plies, bool(out.exact) and not out.stopped

