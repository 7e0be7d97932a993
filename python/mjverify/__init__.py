"""mjverify: mahjong win checks proven exhaustively, from Python.

The functions call libmjverify (the C library of the mjverify project) through ctypes:

    >>> import mjverify
    >>> mjverify.check("123m456m789m111p22s")
    True
    >>> mjverify.waits("1112345678999m")
    ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']

A hand is text in any notation the ``mjverify`` command reads (mpsz ``123m456p``, letters
``ABC``, hex ``[0x01,0x02]``, unicode tiles; detected, or named by ``notation=``), or 34 counts
(a list, a tuple, bytes, a numpy row: kinds 0..8 = 1m..9m, 9..17 = 1p..9p, 18..26 = 1s..9s,
27..33 = 1z..7z). A hand the library refuses raises :class:`Error` (a ``ValueError``) with the
library's message, byte offset and status name. ``is_win_batch`` decides many hands in one call
(the rows of any buffer of n x 34 bytes) on as many threads as asked; ``mjverify.ddz`` holds the
Dou Dizhu move generator and endgame solver.
"""

from __future__ import annotations

import ctypes
from typing import Any, NamedTuple, Optional, Sequence, Union

from . import _lib
from ._lib import Error

__all__ = [
    "Error", "Algo", "ShantenAlgo", "Hand", "check", "waits", "shanten", "effective", "parse", "format",
    "is_win_batch", "deal", "algos", "shanten_algos",
    "version", "commit", "library_path", "KINDS", "kind_name",
]

Hand = Union[str, Sequence[int], bytes, bytearray, memoryview]
"""Text in a notation the CLI reads, or 34 counts."""

KINDS = 34
_NOTATIONS = {"auto": 0, "mpsz": 1, "letters": 2, "hex": 3, "unicode": 4}
_KIND_NAMES = tuple(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in range(KINDS))

version: str = _lib.mj_version_string().decode()
"""The library's version ("0.4.0")."""
commit: str = _lib.mj_version_commit().decode()
"""The git commit the library was built from ("unknown" outside a checkout)."""
__version__ = version
library_path: str = _lib.library_path
"""The file libmjverify was loaded from."""

# the tables, built once before any check (STYLE: never lazily)
if _lib.mj_algos_init() != 0 or _lib.mj_shanten_algos_init() != 0:
    raise ImportError("mjverify: an algorithm failed to build its tables")


def kind_name(kind: int) -> str:
    """The mpsz name of kind index 0..33: ``kind_name(0) == "1m"``, ``kind_name(33) == "7z"``."""
    return _KIND_NAMES[kind]


class Algo(NamedTuple):
    """One row of the library's algorithm registry (``mjverify algos``)."""

    name: str
    summary: str
    source: str
    forms: tuple[str, ...]
    kinds: int
    min_win: int
    flawed: bool
    flaw: str


class ShantenAlgo(NamedTuple):
    """One row of the library's shanten calculator registry."""

    name: str
    summary: str
    source: str
    forms: tuple[str, ...]
    kinds: int
    flawed: bool
    flaw: str


def shanten_algos() -> list[ShantenAlgo]:
    """Every shanten calculator of the library, the baseline ``sh-backtrack`` first."""
    out = []
    buf = ctypes.create_string_buffer(64)
    for p in _lib.mj_shanten_algos:
        a = p.contents
        _lib.mj_forms_format(a.forms, buf, len(buf))
        out.append(ShantenAlgo(a.name.decode(), a.summary.decode(), a.source.decode(),
                               tuple(buf.value.decode().split(",")), a.max_kinds, bool(a.flawed),
                               (a.flaw or b"").decode()))
    return out


def algos() -> list[Algo]:
    """Every win-check algorithm of the library, in registry order (``backtrack``, the baseline,
    first; flawed ports, kept to prove the oracle finds them, flagged last)."""
    out = []
    buf = ctypes.create_string_buffer(64)
    for p in _lib.mj_algos:
        a = p.contents
        _lib.mj_forms_format(a.forms, buf, len(buf))
        out.append(Algo(a.name.decode(), a.summary.decode(), a.source.decode(), tuple(buf.value.decode().split(",")),
                        a.max_kinds, a.min_win, bool(a.flawed), (a.flaw or b"").decode()))
    return out


class _Context:
    """A parsed rule set and a chosen algorithm, kept per (rules, algo)."""

    __slots__ = ("rules", "rules_addr", "algo", "algo_name", "kinds", "tileset", "notation", "prepared", "p")

    def __init__(self, rules: str, algo: Optional[str], notation: str = "auto", shanten: bool = False):
        if not isinstance(rules, str):
            raise TypeError(f"rules: a name such as 'basic' or a form list such as 'std,7p' expected, not {rules!r}")
        self.rules = _lib.MjRules()
        err = _lib.MjError()
        if _lib.mj_rules_parse(rules.encode(), 0, ctypes.byref(self.rules), ctypes.byref(err)) != 0:
            raise _lib.error_from(err, "rules")
        self.rules_addr = ctypes.addressof(self.rules)
        self.kinds = self.rules.kinds
        self.tileset = self.rules.tileset or (1 << self.kinds) - 1
        # the default: the table, else the baseline, which decides every rule set
        if shanten:
            names, find, supports, listing = ("sh-table", "sh-backtrack"), _lib.mj_shanten_find, \
                _lib.mj_shanten_supports, "mjverify.shanten_algos()"
        else:
            names, find, supports, listing = ("table", "backtrack"), _lib.mj_algo_find, _lib.mj_algo_supports, \
                "mjverify.algos()"
        for name in names if algo is None else (algo,):
            if not isinstance(name, str):
                raise TypeError(f"algo: an algorithm name expected, not {algo!r}")
            found = find(name.encode())
            if not found:
                raise Error(f"no algorithm named '{name}' (see {listing})", "bad-algo", 0, "algo")
            self.algo = ctypes.cast(found, ctypes.c_void_p).value
            if supports(self.algo, self.rules_addr):
                break
        else:
            raise Error(f"algorithm '{name}' does not support rules '{rules}'", "bad-algo", 0, "algo")
        self.algo_name = name
        self.notation = _notation(notation)
        if not shanten:
            self.prepared = _lib.MjPrepared(self.algo, self.rules, self.notation)
            self.p = ctypes.c_void_p(ctypes.addressof(self.prepared))  # passed as it is, no conversion


_contexts: dict = {}


def _context(rules: str, algo: Optional[str], notation: str = "auto") -> _Context:
    key = (rules, algo, notation)
    ctx = _contexts.get(key)
    if ctx is None:
        ctx = _contexts[key] = _Context(rules, algo, notation)
    return ctx


def _notation(notation: str) -> int:
    try:
        return _NOTATIONS[notation]
    except (KeyError, TypeError):
        raise Error(f"notation '{notation}': one of {', '.join(_NOTATIONS)} expected", "bad-notation", 0,
                    "notation") from None


def _counts(hand: Any) -> bytes:
    """34 counts as bytes, or Error naming what is wrong with them."""
    if isinstance(hand, (int, float)) or hand is None:
        raise TypeError(f"hand: text or 34 counts expected, not {type(hand).__name__}")
    try:
        if type(hand) is bytes:
            b = hand
        elif isinstance(hand, (list, tuple, bytearray)):
            b = bytes(hand)
        else:
            try:
                mv = memoryview(hand)
            except TypeError:  # a list, a tuple, any sequence of ints
                b = bytes(hand)
            else:  # bytes-like, or a numpy row of wider ints
                b = mv.tobytes() if mv.itemsize == 1 and mv.format in ("B", "b", "c") else bytes(mv.tolist())
    except (TypeError, ValueError) as e:
        raise Error(f"counts: 34 counts 0..4 expected ({e})", "bad-counts", 0, "hand") from None
    if len(b) != KINDS:
        raise Error(f"counts: {len(b)} counts, 34 expected", "bad-counts", 0, "hand")
    return b


_basic = _context("basic", None)  # check()'s defaults, taken without a dict look-up


def _raise_text(ctx: _Context, text: bytes) -> None:
    """Parses again with an error record, to raise the library's message (the fast path passes none)."""
    err = _lib.MjError()
    h = _lib.MjHand()
    _lib.mj_parse_set(text, len(text), ctx.notation, ctx.tileset, ctypes.byref(h), ctypes.byref(err))
    raise _lib.error_from(err, "hand")


def _raise_counts(ctx: _Context, hand: Any) -> None:
    err = _lib.MjError()
    h = _lib.MjHand()
    _lib.mj_counts_to_hand(_counts(hand), ctx.tileset, ctypes.byref(h), ctypes.byref(err))
    raise _lib.error_from(err, "hand")


def check(hand: Hand, rules: str = "basic", *, algo: Optional[str] = None, notation: str = "auto") -> bool:
    """Whether ``hand`` wins under ``rules``.

    hand: text in any notation the CLI reads (``"123m456m789m111p22s"``; ``notation`` names it,
        ``"auto"`` detects), or 34 counts (list, tuple, bytes, numpy row).
    rules: a preset (``basic``, ``sichuan``, ``mediatek``, ``riichi``, ``sanma``) or a comma list
        of forms (``std,7p,7p4,kongs,13o``), as ``mjverify --rules`` reads.
    algo: the algorithm (``mjverify.algos()``); default ``table``, or ``backtrack`` where table
        cannot decide the rules.

    Raises :class:`Error` (a ValueError) for a hand, rule set, algorithm or notation the library
    refuses, with its message: ``mpsz: byte 3: digit '2' without a suit letter after it``.
    """
    if rules == "basic" and algo is None and notation == "auto":
        ctx = _basic
    else:
        ctx = _contexts.get((rules, algo, notation)) or _context(rules, algo, notation)
    if type(hand) is str or isinstance(hand, str):
        text = hand.encode()
        r = _lib.mj_prepared_is_win(ctx.p, text) if "\0" not in hand else -1
        if r < 0:
            _raise_text(ctx, text)
        return r == 1
    r = _lib.mj_prepared_is_win_counts(ctx.p, _counts(hand))
    if r < 0:
        _raise_counts(ctx, hand)
    return r == 1


def _kindset_names(s: int) -> list[str]:
    out = []
    while s:
        low = s & -s
        out.append(_KIND_NAMES[low.bit_length() - 1])
        s ^= low
    return out


def waits(hand: Hand, rules: str = "basic", *, algo: Optional[str] = None, notation: str = "auto") -> list[str]:
    """The kinds that complete ``hand`` (each held fewer than 4 times, added once, winning),
    as mpsz names in kind order: ``waits("1112345678999m") == ['1m', ..., '9m']``; ``[]`` when
    none. Arguments and errors as :func:`check`."""
    ctx = _contexts.get((rules, algo, notation)) or _context(rules, algo, notation)
    if type(hand) is str or isinstance(hand, str):
        text = hand.encode()
        w = _lib.mj_prepared_waits(ctx.p, text) if "\0" not in hand else _lib.PREPARED_REFUSED
        if w == _lib.PREPARED_REFUSED:
            _raise_text(ctx, text)
    else:
        w = _lib.mj_prepared_waits_counts(ctx.p, _counts(hand))
        if w == _lib.PREPARED_REFUSED:
            _raise_counts(ctx, hand)
    return _kindset_names(w)


def _shanten(hand: Hand, rules: str, algo: Optional[str], notation: str, want_effective: bool):
    key = (rules, algo, notation, "shanten")
    ctx = _contexts.get(key)
    if ctx is None:
        ctx = _contexts[key] = _Context(rules, algo, notation, shanten=True)
    eff = ctypes.c_uint64()
    err = _lib.MjError()
    out = ctypes.byref(eff) if want_effective else None
    if type(hand) is str or isinstance(hand, str):
        text = hand.encode()
        s = _lib.mj_text_shanten(ctx.algo, ctx.rules_addr, text, len(text), ctx.notation, out, ctypes.byref(err))
    else:
        s = _lib.mj_counts_shanten(ctx.algo, ctx.rules_addr, _counts(hand), out, ctypes.byref(err))
    if s == _lib.SHANTEN_BAD_SIZE:
        raise Error(err.message.decode(), "bad-size", 0, "hand")
    if s == _lib.SHANTEN_REFUSED:
        raise _lib.error_from(err, "hand")
    return s, eff.value


def shanten(hand: Hand, rules: str = "basic", *, algo: Optional[str] = None, notation: str = "auto") -> int:
    """The shanten number (向听数) of ``hand``: -1 complete, 0 ready (tenpai), 1 one tile from
    ready, ...; the fewest tiles to exchange, less one, to reach a winning hand of the rule set's
    forms (standard at every size, seven pairs and thirteen orphans at 13 and 14 tiles;
    algorithms/mj_shanten.h defines it exactly). ``hand`` has 1 to 14 tiles, not a multiple of 3.

    algo: a calculator of ``shanten_algos()``; default ``sh-table``, or ``sh-backtrack`` where it
    cannot count the rules. Other arguments and errors as :func:`check`; a hand of a size with no
    shanten number raises :class:`Error` with code ``bad-size``.
    """
    return _shanten(hand, rules, algo, notation, False)[0]


def effective(hand: Hand, rules: str = "basic", *, algo: Optional[str] = None, notation: str = "auto") -> list[str]:
    """The effective tiles (有効牌) of ``hand``, as mpsz kind names in kind order: for 3k+1 tiles
    the kinds whose draw lowers the shanten number; for 3k+2 tiles those whose draw, after some
    discard, lowers it. Kinds held 4 times and kinds outside the rules' tile set never appear.
    Arguments and errors as :func:`shanten`."""
    return _kindset_names(_shanten(hand, rules, algo, notation, True)[1])


def parse(hand: Hand, notation: str = "auto", kinds: int = 34) -> tuple[int, ...]:
    """The 34 counts of a hand (text in any notation, or counts, which are checked):
    ``parse("11m")[0] == 2``. ``kinds=27`` refuses honors. Raises :class:`Error`."""
    h = _lib.MjHand()
    err = _lib.MjError()
    if kinds not in (27, 34):
        raise Error(f"kinds: 27 or 34 expected, not {kinds!r}", "bad-kinds", 0, "kinds")
    if type(hand) is str or isinstance(hand, str):
        text = hand.encode()
        if _lib.mj_parse(text, len(text), _notation(notation), kinds, ctypes.byref(h), ctypes.byref(err)) != 0:
            raise _lib.error_from(err, "hand")
    elif _lib.mj_counts_to_hand(_counts(hand), (1 << kinds) - 1, ctypes.byref(h), ctypes.byref(err)) != 0:
        raise _lib.error_from(err, "hand")
    return tuple(h.count)


def format(hand: Hand, notation: str = "mpsz") -> str:  # noqa: A001 (the library's name for it)
    """A hand written in ``notation`` (``mpsz``, ``letters``, ``hex``, ``unicode``), tiles in kind
    order: ``format([2] + [0] * 33) == "11m"``. Raises :class:`Error` when the notation cannot
    write the hand (``letters`` has no honors)."""
    nt = _notation(notation)
    if nt == 0:
        raise Error("notation 'auto': name one to write (mpsz, letters, hex, unicode)", "bad-notation", 0, "notation")
    h = _lib.MjHand()
    err = _lib.MjError()
    if type(hand) is str or isinstance(hand, str):
        text = hand.encode()
        if _lib.mj_parse(text, len(text), 0, 34, ctypes.byref(h), ctypes.byref(err)) != 0:
            raise _lib.error_from(err, "hand")
    elif _lib.mj_counts_to_hand(_counts(hand), (1 << KINDS) - 1, ctypes.byref(h), ctypes.byref(err)) != 0:
        raise _lib.error_from(err, "hand")
    buf = ctypes.create_string_buffer(160)
    st = _lib.mj_format(ctypes.byref(h), nt, buf, len(buf))
    if st != 0:
        raise Error(f"{notation}: cannot write this hand ({_lib.mj_status_name(st).decode()})",
                    _lib.mj_status_name(st).decode(), 0, "hand")
    return buf.value.decode()


def _rows(counts: Any) -> tuple[memoryview, int]:
    """The buffer and its number of rows of 34 bytes; TypeError/Error for any other shape."""
    try:
        mv = memoryview(counts)
    except TypeError:
        raise TypeError(f"counts: an object with the buffer protocol expected (numpy array, bytes, array.array), "
                        f"not {type(counts).__name__}") from None
    if mv.itemsize != 1 or mv.format not in ("B", "b", "c"):
        raise TypeError(f"counts: bytes (uint8) expected, not items of format {mv.format!r}")
    if not mv.c_contiguous:
        raise Error("counts: a C-contiguous buffer expected (numpy: np.ascontiguousarray)", "bad-counts", 0, "counts")
    if mv.ndim == 2 and mv.shape[1] != KINDS or mv.ndim not in (1, 2) or mv.nbytes % KINDS:
        raise Error(f"counts: shape {mv.shape}: rows of 34 counts expected, shape (n, 34) or n * 34 bytes",
                    "bad-counts", 0, "counts")
    return mv, mv.nbytes // KINDS


def _threads(threads: Optional[int]) -> int:
    if threads is None:
        return 1
    if not isinstance(threads, int) or isinstance(threads, bool) or threads < 0 or threads > 1024:
        raise ValueError(f"threads: None (this thread), 0 (every core) or a count 1..1024 expected, not {threads!r}")
    return threads


def is_win_batch(counts: Any, rules: str = "basic", algo: Optional[str] = None, threads: Optional[int] = None,
                 out: Any = None) -> Union[bytes, Any]:
    """``check`` on every row of ``counts``: one byte per row, 1 win, 0 not.

    counts: any object with the buffer protocol holding rows of 34 uint8 counts, C-contiguous:
        a numpy array of shape (n, 34), ``bytes`` or ``array.array('B')`` of n * 34 bytes. It is
        read in place (no copy), without numpy.
    threads: ``None`` decides on the calling thread; ``0`` on every core; N on N threads (rows
        split in blocks; the answer never depends on it). The GIL is released meanwhile.
    out: optional writable buffer of n bytes to fill (then returned) instead of a new ``bytes``.

    Uses the algorithm's batch entry (``table``'s is native). Raises :class:`Error` naming the
    first row that is no hand under the rules (a count over 4, an honor under 27 kinds, more
    than 18 tiles); its offset is that count's byte in ``counts``.
    """
    ctx = _contexts.get((rules, algo, "auto")) or _context(rules, algo)
    mv, n = _rows(counts)
    t = _threads(threads)
    result = bytearray(n) if out is None else out
    if out is not None:
        omv = memoryview(out)
        if omv.readonly or omv.nbytes != n or not omv.c_contiguous:
            raise Error(f"out: a writable contiguous buffer of {n} bytes expected", "bad-out", 0, "out")
    if n == 0:
        return b"" if out is None else out
    err = _lib.MjError()
    with _lib.BufferPointer(mv) as src, _lib.BufferPointer(result, writable=True) as dst:
        wins = _lib.mj_counts_is_win_batch(ctx.algo, ctx.rules_addr, src, n, KINDS, dst, t, ctypes.byref(err))
    if wins < 0:
        raise _lib.error_from(err, "counts")
    return bytes(result) if out is None else out


def deal(n: int, tiles: int = 14, kinds: int = 27, seed: int = 1) -> bytes:
    """``n`` seeded random hands as n * 34 counts (the rows ``is_win_batch`` reads): each the
    first ``tiles`` (0..18) tiles of a shuffled wall of 4 copies of ``kinds`` (27 or 34) kinds,
    the library's generator (``mjverify --seed``), so a seed gives the same hands everywhere."""
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"n: a count >= 0 expected, not {n!r}")
    if kinds not in (27, 34):
        raise ValueError(f"kinds: 27 or 34 expected, not {kinds!r}")
    if not isinstance(tiles, int) or not 0 <= tiles <= 18:
        raise ValueError(f"tiles: 0..18 expected, not {tiles!r}")
    buf = bytearray(n * KINDS)
    if n:
        with _lib.BufferPointer(buf, writable=True) as dst:
            _lib.mj_deal_counts(seed & (2**64 - 1), kinds, tiles, n, dst)
    return bytes(buf)
