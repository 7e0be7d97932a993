"""Finds and loads libmjverify (and libmjverify-ddz) through ctypes, declares the C signatures,
and turns buffer-protocol objects into pointers without copying them."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from pathlib import Path
from typing import Optional

_HERE = Path(__file__).resolve().parent


class Error(ValueError):
    """A hand, a move, a rule set or counts the library refused.

    ``str(e)`` is the library's one line (what, where, why); ``e.code`` its short status name
    (``"digit-no-suit"``, ``"fifth-copy"``, ...), ``e.offset`` the byte offset in the input
    where the problem is (for counts: the index of the count, row * 34 + kind in a batch),
    and ``e.argument`` which argument it was about (``"hand"``, ``"me"``, ``"last"``, ...).
    """

    def __init__(self, message: str, code: str = "error", offset: int = 0, argument: str = ""):
        super().__init__(message)
        self.message = message
        self.code = code
        self.offset = offset
        self.argument = argument


Error.__module__ = "mjverify"  # shown as mjverify.Error, where users catch it


def _search_dirs() -> list[Path]:
    """Where the libraries are looked for, in order (the README's "Finding the library")."""
    env = os.environ.get("MJVERIFY_LIB_DIR")
    if env:
        return [Path(d) for d in env.split(os.pathsep) if d]
    dirs = [_HERE]  # pip install copies the libraries built from the checkout here
    # imported from a source checkout (python/mjverify): the build tree beside it
    root = _HERE.parent.parent
    for build in ("build", "build-asan"):
        dirs.append(root / build / "lib")
    return dirs


def _load(stem: str) -> ctypes.CDLL:
    """lib<stem>.so from the first search directory holding it, else the system's loader."""
    name = f"lib{stem}.so"
    for d in _search_dirs():
        p = d / name
        if p.exists():
            return ctypes.CDLL(str(p))
    if os.environ.get("MJVERIFY_LIB_DIR"):
        raise ImportError(f"mjverify: {name} is not in MJVERIFY_LIB_DIR={os.environ['MJVERIFY_LIB_DIR']}")
    found = ctypes.util.find_library(stem)
    try:
        return ctypes.CDLL(found or name)
    except OSError as e:
        raise ImportError(
            f"mjverify: cannot find {name}: build it (make build, in the repository), install it "
            f"(make install; then ldconfig), or set MJVERIFY_LIB_DIR to its folder ({e})"
        ) from None


lib = _load("mjverify")
library_path: str = lib._name

c_u8p = ctypes.POINTER(ctypes.c_uint8)


class MjError(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("offset", ctypes.c_size_t), ("message", ctypes.c_char * 128)]


class MjHand(ctypes.Structure):
    _fields_ = [("count", ctypes.c_uint8 * 34), ("tiles", ctypes.c_uint8)]


class MjRules(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char * 48),
        ("forms", ctypes.c_uint),
        ("kinds", ctypes.c_int),
        ("min_win", ctypes.c_int),
        ("max_win", ctypes.c_int),
        ("tileset", ctypes.c_uint64),  # mj_kindset: the kinds in play, 0 = all below kinds (sanma)
    ]


class MjAlgo(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("summary", ctypes.c_char_p),
        ("source", ctypes.c_char_p),
        ("forms", ctypes.c_uint),
        ("max_kinds", ctypes.c_int),
        ("min_win", ctypes.c_int),
        ("flawed", ctypes.c_bool),
        ("flaw", ctypes.c_char_p),
        ("init", ctypes.c_void_p),
        ("is_win", ctypes.c_void_p),
        ("waits", ctypes.c_void_p),
        ("is_win_batch", ctypes.c_void_p),
    ]


class MjShantenAlgo(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("summary", ctypes.c_char_p),
        ("source", ctypes.c_char_p),
        ("forms", ctypes.c_uint),
        ("max_kinds", ctypes.c_int),
        ("flawed", ctypes.c_bool),
        ("flaw", ctypes.c_char_p),
        ("init", ctypes.c_void_p),
        ("shanten", ctypes.c_void_p),
        ("effective", ctypes.c_void_p),
    ]


class MjPrepared(ctypes.Structure):
    _fields_ = [("algo", ctypes.c_void_p), ("rules", MjRules), ("notation", ctypes.c_int)]


PREPARED_REFUSED = 1 << 63


def _bare(name: str, restype):
    """A function called with no argument conversion (the per-call hot path): the caller passes
    only ctypes pointers (c_void_p instances) and bytes, which ctypes hands over as they are."""
    f = getattr(lib, name)
    f.restype = restype
    return f


def _fn(name: str, restype, *argtypes, library: Optional[ctypes.CDLL] = None):
    f = getattr(library or lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


vp, sz, i32, u64 = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_uint64
P_ERR = ctypes.POINTER(MjError)
mj_version_string = _fn("mj_version_string", ctypes.c_char_p)
mj_version_commit = _fn("mj_version_commit", ctypes.c_char_p)
mj_status_name = _fn("mj_status_name", ctypes.c_char_p, i32)
mj_algos_init = _fn("mj_algos_init", i32)
mj_algo_find = _fn("mj_algo_find", ctypes.POINTER(MjAlgo), ctypes.c_char_p)
mj_algo_supports = _fn("mj_algo_supports", ctypes.c_bool, vp, vp)
mj_rules_parse = _fn("mj_rules_parse", i32, ctypes.c_char_p, i32, ctypes.POINTER(MjRules), P_ERR)
mj_forms_format = _fn("mj_forms_format", None, ctypes.c_uint, ctypes.c_char_p, sz)
mj_parse = _fn("mj_parse", i32, ctypes.c_char_p, sz, i32, i32, ctypes.POINTER(MjHand), P_ERR)
mj_parse_set = _fn("mj_parse_set", i32, ctypes.c_char_p, sz, i32, u64, ctypes.POINTER(MjHand), P_ERR)
mj_format = _fn("mj_format", i32, ctypes.POINTER(MjHand), i32, ctypes.c_char_p, sz)
mj_text_is_win = _fn("mj_text_is_win", i32, vp, vp, ctypes.c_char_p, sz, i32, P_ERR)
mj_text_waits = _fn("mj_text_waits", i32, vp, vp, ctypes.c_char_p, sz, i32, ctypes.POINTER(u64), P_ERR)
mj_counts_to_hand = _fn("mj_counts_to_hand", i32, ctypes.c_char_p, u64, ctypes.POINTER(MjHand), P_ERR)
mj_counts_is_win = _fn("mj_counts_is_win", i32, vp, vp, ctypes.c_char_p, P_ERR)
mj_counts_waits = _fn("mj_counts_waits", i32, vp, vp, ctypes.c_char_p, ctypes.POINTER(u64), P_ERR)
mj_counts_is_win_batch = _fn("mj_counts_is_win_batch", ctypes.c_longlong, vp, vp, vp, sz, sz, vp, i32, P_ERR)
mj_prepared_is_win = _bare("mj_prepared_is_win", i32)
mj_prepared_is_win_counts = _bare("mj_prepared_is_win_counts", i32)
mj_prepared_waits = _bare("mj_prepared_waits", u64)
mj_prepared_waits_counts = _bare("mj_prepared_waits_counts", u64)
mj_deal_counts = _fn("mj_deal_counts", None, u64, i32, i32, sz, vp)
mj_shanten_algos_init = _fn("mj_shanten_algos_init", i32)
mj_shanten_find = _fn("mj_shanten_find", ctypes.POINTER(MjShantenAlgo), ctypes.c_char_p)
mj_shanten_supports = _fn("mj_shanten_supports", ctypes.c_bool, vp, vp)
mj_text_shanten = _fn("mj_text_shanten", i32, vp, vp, ctypes.c_char_p, sz, i32, ctypes.POINTER(u64), P_ERR)
mj_counts_shanten = _fn("mj_counts_shanten", i32, vp, vp, ctypes.c_char_p, ctypes.POINTER(u64), P_ERR)
SHANTEN_REFUSED, SHANTEN_BAD_SIZE = -100, -101
mj_shanten_algo_count = ctypes.c_size_t.in_dll(lib, "mj_shanten_algo_count").value
mj_shanten_algos = (ctypes.POINTER(MjShantenAlgo) * mj_shanten_algo_count).in_dll(lib, "mj_shanten_algos")
mj_algo_count = ctypes.c_size_t.in_dll(lib, "mj_algo_count").value
mj_algos = (ctypes.POINTER(MjAlgo) * mj_algo_count).in_dll(lib, "mj_algos")


def check_layouts(sizeof, structs: dict, library: str) -> None:
    """Refuses a library whose structs are not the size of their ctypes mirrors (a field added on
    one side only would let C write past a Python-owned buffer)."""
    for cname, mirror in structs.items():
        want = sizeof(cname.encode())
        if want != ctypes.sizeof(mirror):
            raise ImportError(f"mjverify: {library}'s {cname} is {want} bytes, the package's mirror "
                              f"{ctypes.sizeof(mirror)}: the package and the library are from different versions")


check_layouts(_fn("mj_flat_sizeof", sz, ctypes.c_char_p),
              {"mj_hand": MjHand, "mj_error": MjError, "mj_rules": MjRules, "mj_algo": MjAlgo,
               "mj_prepared": MjPrepared, "mj_shanten_algo": MjShantenAlgo}, "libmjverify")


def error_from(err: MjError, argument: str) -> Error:
    return Error(err.message.decode("utf-8", "replace"), mj_status_name(err.code).decode(), err.offset, argument)


# --- buffers: a pointer to any object's bytes, read-only ones included, without a copy ---------


class _PyBuffer(ctypes.Structure):
    _fields_ = [
        ("buf", ctypes.c_void_p),
        ("obj", ctypes.c_void_p),
        ("len", ctypes.c_ssize_t),
        ("itemsize", ctypes.c_ssize_t),
        ("readonly", ctypes.c_int),
        ("ndim", ctypes.c_int),
        ("format", ctypes.c_char_p),
        ("shape", ctypes.c_void_p),
        ("strides", ctypes.c_void_p),
        ("suboffsets", ctypes.c_void_p),
        ("internal", ctypes.c_void_p),
    ]


try:
    _get_buffer = ctypes.pythonapi.PyObject_GetBuffer
    _get_buffer.argtypes = [ctypes.py_object, ctypes.POINTER(_PyBuffer), ctypes.c_int]
    _get_buffer.restype = ctypes.c_int
    _release_buffer = ctypes.pythonapi.PyBuffer_Release
    _release_buffer.argtypes = [ctypes.POINTER(_PyBuffer)]
    _release_buffer.restype = None
except (AttributeError, OSError):  # not CPython: fall back to a copy
    _get_buffer = None


class BufferPointer:
    """``with BufferPointer(obj, writable) as address:`` the address of a C-contiguous buffer's
    first byte, held (the exporter cannot resize or free it) until the block ends."""

    PyBUF_WRITABLE, PyBUF_C_CONTIGUOUS = 0x0001, 0x0020 | 0x0008 | 0x0010

    def __init__(self, obj, writable: bool = False):
        self.obj, self.writable, self.view, self.keep = obj, writable, None, None

    def __enter__(self) -> int:
        if _get_buffer is not None:
            self.view = _PyBuffer()
            flags = self.PyBUF_C_CONTIGUOUS | (self.PyBUF_WRITABLE if self.writable else 0)
            _get_buffer(self.obj, ctypes.byref(self.view), flags)  # raises BufferError itself
            return self.view.buf or 0
        mv = memoryview(self.obj)
        if self.writable:
            self.keep = (ctypes.c_char * mv.nbytes).from_buffer(mv)
        else:
            self.keep = ctypes.create_string_buffer(mv.tobytes(), mv.nbytes)
        return ctypes.addressof(self.keep)

    def __exit__(self, *exc) -> None:
        if self.view is not None:
            _release_buffer(ctypes.byref(self.view))
            self.view = None
        self.keep = None


# --- libmjverify-ddz, loaded on first use by mjverify.ddz --------------------------------------

_ddz: Optional[ctypes.CDLL] = None


def ddz_lib() -> ctypes.CDLL:
    global _ddz
    if _ddz is None:
        _ddz = _load("mjverify-ddz")
    return _ddz
