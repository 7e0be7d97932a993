"""The mahjong half of the package: check, waits, parse/format, algos, is_win_batch and deal,
their error paths, the batch forms against the single forms, and the pure-Python reference."""

from __future__ import annotations

import array
import re

import pytest

import mjverify
from conftest import ROOT, winning_counts
from purepy import is_win_std

N = 34


def rows(data: bytes) -> list[bytes]:
    return [data[i : i + N] for i in range(0, len(data), N)]


# --- version, registry -------------------------------------------------------------------------


def test_version_is_the_projects():
    """The loaded library reports the version CMakeLists.txt declares."""
    declared = re.search(r"project\(mjverify VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()).group(1)
    assert mjverify.version == declared == mjverify.__version__
    assert mjverify.commit and isinstance(mjverify.commit, str)
    assert mjverify.library_path.endswith(".so") or ".so." in mjverify.library_path


def test_algos_lists_the_registry():
    """algos() reads the registry: backtrack first, table there, the seed ports flagged."""
    algos = mjverify.algos()
    names = [a.name for a in algos]
    assert names[0] == "backtrack" and "table" in names and len(set(names)) == len(names)
    table = algos[names.index("table")]
    assert table.kinds == 34 and "std" in table.forms and not table.flawed
    flawed = [a for a in algos if a.flawed]
    assert flawed and all(a.flaw for a in flawed)
    assert all(a.summary and a.source for a in algos)


def test_kind_names():
    assert mjverify.kind_name(0) == "1m" and mjverify.kind_name(9) == "1p" and mjverify.kind_name(33) == "7z"


# --- check -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, rules, want",
    [
        ("123m456m789m111p22s", "basic", True),
        ("123m456m789m111p23s", "basic", False),
        ("11m", "basic", True),
        ("1m", "basic", False),
        ("1133557799m1133p", "basic", False),
        ("1133557799m1133p", "sichuan", True),
        ("19m19p19s1234567z1m", "riichi", True),
        ("19m19p19s1234567z1m", "13o", True),
        ("11112222333344m", "mediatek", True),
    ],
)
def test_check_known_hands(hand, rules, want):
    assert mjverify.check(hand, rules) is want
    assert mjverify.check(hand, rules=rules, algo="backtrack") is want


def test_check_reads_every_notation():
    """The same hand written in each notation the CLI reads gives the same answer."""
    counts = mjverify.parse("123m456m789m111p22s")
    for nt in ("mpsz", "letters", "hex", "unicode"):
        text = mjverify.format(counts, nt)
        assert mjverify.check(text) is True, nt
        assert mjverify.check(text, notation=nt) is True, nt
        assert mjverify.parse(text) == counts


def test_check_takes_counts(rng):
    """A list, tuple, bytes, bytearray or array of 34 counts reads as the hand it counts."""
    for _ in range(200):
        c = winning_counts(rng) if rng.random() < 0.5 else list(mjverify.deal(1, seed=rng.getrandbits(64)))
        text = mjverify.format(c)
        want = mjverify.check(text)
        for form in (c, tuple(c), bytes(c), bytearray(c), array.array("B", c), memoryview(bytes(c))):
            assert mjverify.check(form) is want


def test_str_subclasses_are_text():
    class Tiles(str):
        pass

    assert mjverify.check(Tiles("123m456m789m111p22s")) is True
    assert mjverify.waits(Tiles("1m")) == ["1m"] and mjverify.shanten(Tiles("1m")) == 0


def test_check_takes_wider_numpy_rows():
    np = pytest.importorskip("numpy")
    c = mjverify.parse("123m456m789m111p22s")
    assert mjverify.check(np.array(c, dtype=np.int64)) is True
    assert mjverify.check(np.array(c, dtype=np.uint8)) is True


def test_a_number_is_no_hand():
    for bad in (34, None, 1.5):
        with pytest.raises(TypeError):
            mjverify.check(bad)


def test_check_agrees_with_the_pure_python_reference(rng):
    """The reference (examples/purepy.py) and the library agree on random and winning hands."""
    data = mjverify.deal(3000, tiles=14, seed=rng.getrandbits(64)) + mjverify.deal(3000, tiles=5, seed=7)
    hands = rows(data) + [bytes(winning_counts(rng, melds=rng.randrange(5))) for _ in range(1500)]
    wins = 0
    for h in hands:
        w = mjverify.check(h)
        assert w is is_win_std(h), mjverify.format(h)
        wins += w
    assert wins >= 1500


def test_every_sound_algorithm_agrees(rng):
    """Each unflagged algorithm gives the default's answer on winning and random hands."""
    hands = [bytes(winning_counts(rng)) for _ in range(100)] + rows(mjverify.deal(300, seed=3))
    want = [mjverify.check(h) for h in hands]
    checked = 0
    for a in mjverify.algos():
        if a.flawed or a.min_win > 1:  # mediatek decides only rule sets whose window starts at 14
            continue
        assert [mjverify.check(h, algo=a.name) for h in hands] == want, a.name
        checked += 1
    assert checked >= 6


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, rules, code, offset, message",
    [
        ("11m22", "basic", "digit-without-suit", 3, "mpsz: byte 3: digit '2' without a suit letter after it"),
        ("11111m", "basic", "fifth-copy", None, None),
        ("123m1z", "basic", "outside-tile-set", 4, "mpsz: byte 4: 1z is outside the 27-kind tile set (try --tiles 34)"),
        ("", "basic", "empty", 0, None),
        ("1m2m3m4m5m6m7m8m9m1p2p3p4p5p6p7p8p9p1s", "basic", "too-many-tiles", 36, None),
    ],
)
def test_check_errors_carry_the_librarys_message(hand, rules, code, offset, message):
    with pytest.raises(mjverify.Error) as e:
        mjverify.check(hand, rules)
    err = e.value
    assert isinstance(err, ValueError) and err.code == code and err.argument == "hand"
    assert str(err) == err.message and "byte" in str(err)
    if offset is not None:
        assert err.offset == offset
    if message is not None:
        assert str(err) == message
    with pytest.raises(mjverify.Error):
        mjverify.waits(hand, rules)


def test_a_nul_byte_is_refused_where_it_is():
    """Text goes to C NUL-terminated on the fast path; a NUL inside it must not end the hand there."""
    with pytest.raises(mjverify.Error, match="byte 3") as e:
        mjverify.check("11m\x0022m")
    assert e.value.offset == 3 and e.value.code == "unknown-char"
    with pytest.raises(mjverify.Error, match="byte 3"):
        mjverify.waits("11m\x00")


def test_errors_name_the_argument():
    with pytest.raises(mjverify.Error, match="'nosuch'") as e:
        mjverify.check("11m", "nosuch")
    assert e.value.argument == "rules" and e.value.code == "bad-rules"
    with pytest.raises(mjverify.Error, match="no algorithm named 'nosuch'"):
        mjverify.check("11m", algo="nosuch")
    with pytest.raises(mjverify.Error, match="does not support"):
        mjverify.check("11m", "riichi", algo="mediatek")
    with pytest.raises(mjverify.Error, match="notation"):
        mjverify.check("11m", notation="braille")
    with pytest.raises(TypeError):
        mjverify.check("11m", rules=3)


@pytest.mark.parametrize(
    "counts, match, offset",
    [
        ([0] * 33, "33 counts, 34 expected", 0),
        ([5] + [0] * 33, r"kind 0 \(1m\): 5 copies", 0),
        ([0] * 30 + [3, 0, 0, 0], r"kind 30 \(4z\): outside", 30),
        ([4] * 5 + [0] * 29, "20 tiles", 0),
        ([-1] + [0] * 33, "34 counts 0..4 expected", 0),
        (["x"] + [0] * 33, "34 counts 0..4 expected", 0),
    ],
)
def test_counts_errors(counts, match, offset):
    """Bad counts name the kind and its index (or say what the sequence lacks)."""
    with pytest.raises(mjverify.Error, match=match) as e:
        mjverify.check(counts)
    assert e.value.offset == offset
    with pytest.raises(mjverify.Error, match=match):
        mjverify.waits(counts)


# --- waits, parse, format ------------------------------------------------------------------------


def test_waits_known_hands():
    assert mjverify.waits("1112345678999m") == [f"{r}m" for r in range(1, 10)]
    assert mjverify.waits("1m") == ["1m"]
    assert mjverify.waits("123m456m789m111p2s") == ["2s"]
    assert mjverify.waits("13m") == []
    assert mjverify.waits("1234567z1133p", "riichi") == []
    assert mjverify.waits("19m19p19s1234567z", "riichi") == [mjverify.kind_name(k) for k in
                                                              (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)]


def test_waits_are_the_kinds_that_win(rng):
    """waits(h) is exactly the kinds t (held < 4 times) with h + t winning, text and counts alike."""
    for _ in range(150):
        c = list(mjverify.deal(1, tiles=13, seed=rng.getrandbits(64))) if rng.random() < 0.5 else \
            winning_counts(rng)
        if sum(c) == 14:
            c[c.index(max(c))] -= 1
        want = []
        for k in range(27):
            if c[k] < 4:
                c[k] += 1
                if mjverify.check(c):
                    want.append(mjverify.kind_name(k))
                c[k] -= 1
        assert mjverify.waits(c) == want
        assert mjverify.waits(mjverify.format(c)) == want


def test_parse_format_round_trip(rng):
    for h in rows(mjverify.deal(200, tiles=14, kinds=34, seed=rng.getrandbits(64))):
        counts = tuple(h)
        for nt in ("mpsz", "hex", "unicode"):
            assert mjverify.parse(mjverify.format(counts, nt), nt) == counts
    with pytest.raises(mjverify.Error, match="letters"):
        mjverify.format("1z", "letters")
    with pytest.raises(mjverify.Error):
        mjverify.format("11m", "auto")
    with pytest.raises(mjverify.Error, match="outside"):
        mjverify.parse("1z", kinds=27)


def test_help_is_useful():
    doc = mjverify.check.__doc__
    assert "rules" in doc and "notation" in doc and "Raises" in doc
    for f in (mjverify.waits, mjverify.is_win_batch, mjverify.deal, mjverify.algos, mjverify.parse, mjverify.format):
        assert f.__doc__ and len(f.__doc__) > 60, f.__name__


# --- batch ---------------------------------------------------------------------------------------


def batch_input(rng, n: int, kinds: int = 27) -> bytes:
    """n hands: a third winning by construction, the rest random deals of 14 tiles."""
    out = bytearray()
    data = mjverify.deal(n, tiles=14, kinds=kinds, seed=rng.getrandbits(64))
    for i, h in enumerate(rows(data)):
        out += bytes(winning_counts(rng, kinds)) if i % 3 == 0 else h
    return bytes(out)


@pytest.mark.parametrize("rules, kinds", [("basic", 27), ("sichuan", 27), ("riichi", 34), ("mediatek", 27)])
def test_batch_matches_single_calls(rng, rules, kinds):
    data = batch_input(rng, 3000, kinds)
    want = bytes(mjverify.check(h, rules) for h in rows(data))
    assert sum(want) >= 1000
    for threads in (None, 1, 2, 3, 0):
        assert mjverify.is_win_batch(data, rules, threads=threads) == want, threads
    assert mjverify.is_win_batch(data, rules, algo="backtrack") == want


def test_batch_takes_any_buffer(rng):
    data = batch_input(rng, 700)
    want = mjverify.is_win_batch(data)
    assert isinstance(want, bytes) and len(want) == 700 and set(want) <= {0, 1}
    forms = [bytearray(data), array.array("B", data), memoryview(data).cast("B", (700, 34)), memoryview(data)]
    for form in forms:
        assert mjverify.is_win_batch(form) == want
    out = bytearray(700)
    assert mjverify.is_win_batch(data, out=out) is out and bytes(out) == want


def test_batch_takes_numpy_when_there():
    np = pytest.importorskip("numpy")
    data = mjverify.deal(500, seed=5)
    a = np.frombuffer(data, dtype=np.uint8).reshape(500, 34)
    assert mjverify.is_win_batch(a) == mjverify.is_win_batch(data)


def test_batch_empty_and_shape_errors():
    assert mjverify.is_win_batch(b"") == b""
    with pytest.raises(mjverify.Error, match="rows of 34"):
        mjverify.is_win_batch(bytes(35))
    with pytest.raises(mjverify.Error, match="rows of 34"):
        mjverify.is_win_batch(memoryview(bytes(66)).cast("B", (2, 33)))
    with pytest.raises(mjverify.Error, match="C-contiguous"):
        mjverify.is_win_batch(memoryview(bytes(136))[::2])
    with pytest.raises(TypeError, match="uint8"):
        mjverify.is_win_batch(array.array("H", [0] * 34))
    with pytest.raises(TypeError, match="buffer protocol"):
        mjverify.is_win_batch([[0] * 34])
    with pytest.raises(mjverify.Error, match="writable"):
        mjverify.is_win_batch(bytes(34), out=bytes(1))
    with pytest.raises(mjverify.Error, match="writable"):
        mjverify.is_win_batch(bytes(68), out=bytearray(1))
    with pytest.raises(ValueError, match="threads"):
        mjverify.is_win_batch(bytes(34), threads=-1)


def test_batch_threads_over_many_chunks(rng):
    """Past two chunks of 8192 rows the rows are shared among threads: the same bytes, and each
    row the single call's answer."""
    data = batch_input(rng, 30000)
    want = bytes(mjverify.check(h) for h in rows(data))
    for threads in (1, 2, 3, 0):
        assert mjverify.is_win_batch(data, threads=threads) == want, threads


@pytest.mark.parametrize("threads", [1, 2, 0])
def test_batch_names_the_first_bad_row(threads):
    """The first bad row is named whatever the thread count: its index and the byte offset,
    even when a later chunk's bad row is met first."""
    data = bytearray(mjverify.deal(40000, seed=9))
    data[30001 * 34 + 5] = 9
    data[39999 * 34 + 28] = 1
    with pytest.raises(mjverify.Error, match=r"row 30001: kind 5 \(6m\): 9 copies") as e:
        mjverify.is_win_batch(data, threads=threads)
    assert e.value.offset == 30001 * 34 + 5 and e.value.code == "fifth-copy"
    data[30001 * 34 + 5] = 0
    with pytest.raises(mjverify.Error, match=r"row 39999: kind 28 \(2z\): outside") as e:
        mjverify.is_win_batch(data, threads=threads)
    assert mjverify.is_win_batch(data, "riichi", threads=threads)[39999] in (0, 1)
    data[9000 * 34 + 33] = 4
    data[9000 * 34 + 0] = 4
    data[9000 * 34 + 1] = 4
    data[9000 * 34 + 2] = 4
    with pytest.raises(mjverify.Error, match=r"row 9000: \d+ tiles \(at most 18\)"):
        mjverify.is_win_batch(data, "riichi", threads=threads)


def test_deal_is_seeded():
    a = mjverify.deal(100, seed=42)
    assert a == mjverify.deal(100, seed=42) and a != mjverify.deal(100, seed=43)
    assert all(sum(h) == 14 and max(h) <= 4 and not any(h[27:]) for h in rows(a))
    assert all(sum(h) == 5 for h in rows(mjverify.deal(10, tiles=5, kinds=34)))
    with pytest.raises(ValueError):
        mjverify.deal(1, tiles=19)
    with pytest.raises(ValueError):
        mjverify.deal(1, kinds=30)


# --- shanten ---------------------------------------------------------------------------------------


def test_shanten_known_hands():
    assert mjverify.shanten("123m456m789m111p22s") == -1
    assert mjverify.shanten("123m456m789m111p2s") == 0
    assert mjverify.shanten("1m") == 0 and mjverify.shanten("19m") == 0
    assert mjverify.shanten("1133557799m1133p", "sichuan") == -1
    assert mjverify.shanten("19m19p19s1234567z", "riichi") == 0
    assert mjverify.effective("123m456m789m111p2s") == ["2s"]
    assert mjverify.effective("19m19p19s1234567z", "riichi") == mjverify.waits("19m19p19s1234567z", "riichi")


def test_shanten_agrees_with_the_win_check(rng):
    """Two parts of the library that share no search: shanten -1 is a win (14 tiles), shanten 0
    has waits, and then the effective tiles are the waits (13 tiles)."""
    for rules, kinds in (("basic", 27), ("riichi", 34), ("sichuan", 27)):
        data = mjverify.deal(300, tiles=13, kinds=kinds, seed=rng.getrandbits(64))
        hands = rows(data) + [bytes(c) for c in (winning_counts(rng, kinds) for _ in range(150))]
        seen_ready = 0
        for h in hands:
            c = list(h)
            if sum(c) == 14:
                assert (mjverify.shanten(c, rules) == -1) is mjverify.check(c, rules)
                c[c.index(max(c))] -= 1
            s, w = mjverify.shanten(c, rules), mjverify.waits(c, rules)
            assert (s == 0) is bool(w), (rules, mjverify.format(c))
            if s == 0:
                seen_ready += 1
                assert mjverify.effective(c, rules) == w
        assert seen_ready >= 100, rules


def test_shanten_calculators_agree(rng):
    """Every calculator gives the default's numbers (and, on fewer hands since the baseline's
    effective tiles go by trial, its effective tiles), from counts and from text alike."""
    hands = rows(mjverify.deal(100, tiles=13, kinds=34, seed=rng.getrandbits(64))) + \
        rows(mjverify.deal(100, tiles=14, kinds=34, seed=rng.getrandbits(64)))
    names = [a.name for a in mjverify.shanten_algos() if not a.flawed]
    assert names[0] == "sh-backtrack" and "sh-table" in names
    for i, h in enumerate(hands):
        want = mjverify.shanten(h, "riichi")
        assert mjverify.shanten(mjverify.format(h), "riichi") == want
        for name in names:
            assert mjverify.shanten(h, "riichi", algo=name) == want, (name, mjverify.format(h))
        if i % 10 == 0:
            eff = mjverify.effective(h, "riichi")
            assert mjverify.effective(mjverify.format(h), "riichi") == eff
            for name in names:
                assert mjverify.effective(h, "riichi", algo=name) == eff, (name, mjverify.format(h))


def test_shanten_errors():
    for bad in ("123m", "", "123m456m789m111p22s1s", "123456m"):
        with pytest.raises(mjverify.Error) as e:
            mjverify.shanten(bad)
        assert e.value.code in ("bad-size", "empty")
    with pytest.raises(mjverify.Error, match="bad-size|no shanten number"):
        mjverify.effective([0] * 34)
    with pytest.raises(mjverify.Error, match="no algorithm named 'table'"):
        mjverify.shanten("1m", algo="table")
    with pytest.raises(mjverify.Error, match="fifth|5 copies"):
        mjverify.shanten([5] + [0] * 33)


def test_sanma_tile_set():
    """Under sanma (34 kinds less 2m-8m) text and counts refuse 5m at its place."""
    assert mjverify.check("19m19p19s1234567z1m", "sanma")
    with pytest.raises(mjverify.Error, match="byte 0") as e:
        mjverify.check("5m", "sanma")
    assert e.value.code == "outside-tile-set"
    with pytest.raises(mjverify.Error, match=r"kind 4 \(5m\)") as e:
        mjverify.check([0, 0, 0, 0, 2] + [0] * 29, "sanma")
    assert e.value.offset == 4
    data = bytearray(mjverify.deal(20000, kinds=34, seed=2))
    ok = bytearray()
    for h in rows(bytes(data)):
        if not any(h[1:8]):
            ok += h
    assert mjverify.is_win_batch(ok, "sanma", threads=2) == bytes(mjverify.check(h, "sanma") for h in rows(bytes(ok)))
    with pytest.raises(mjverify.Error, match="outside"):
        mjverify.is_win_batch(data, "sanma")
    assert all(k not in mjverify.effective("19m19p19s123456z7z", "sanma") for k in ("2m", "5m", "8m"))


def test_a_library_of_other_layouts_is_refused():
    """A struct whose size differs from its ctypes mirror stops the import (no memory written)."""
    from mjverify import _lib

    with pytest.raises(ImportError, match="mj_hand is 36 bytes"):
        _lib.check_layouts(lambda name: 36, {"mj_hand": _lib.MjHand}, "libmjverify")
    _lib.check_layouts(lambda name: 35, {"mj_hand": _lib.MjHand}, "libmjverify")
