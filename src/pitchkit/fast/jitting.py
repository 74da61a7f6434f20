"""Compiling with numba, cached on disk, for every compiled module of pitchkit.

numba keys a function's on-disk cache by the contents of the function's own file, yet the code it
saves holds everything the function calls, other files' compiled functions included, and the values
of the globals it reads. A function whose file is unchanged would therefore keep a stale copy of a
sibling module that changed. :class:`KeyedJit` closes that gap: the stamp of a function's cache key
also holds a hash of a fixed list of source files (a module and every module whose compiled
functions or constants it uses), so a change to any of them compiles them all again.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

_numba: ModuleType | None
try:
    _numba = importlib.import_module("numba")
except ImportError:
    _numba = None

#: True when code is compiled (numba is installed and ``NUMBA_DISABLE_JIT`` is not set).
COMPILED = _numba is not None and not _numba.config.DISABLE_JIT


def jit(fn: F, *, nogil: bool = True) -> F:
    """Compile ``fn`` with numba when available (releasing the GIL unless ``nogil`` is false); else
    return it unchanged.

    The compiled code is cached on disk, where numba finds a writable directory: ``NUMBA_CACHE_DIR``,
    else the ``__pycache__`` next to the module, else the user's cache directory (``~/.cache/numba``
    on Linux). Where none is writable, ``fn`` is compiled again in each process."""
    if _numba is None or not COMPILED:
        return fn
    try:
        return cast(F, _numba.njit(cache=True, nogil=nogil)(fn))
    except RuntimeError:  # numba: "cannot cache function ...: no locator available"
        return cast(F, _numba.njit(nogil=nogil)(fn))


def source_stamp(files: Iterable[Path]) -> str:
    """A hash of the names and contents of ``files``, in the order given."""
    digest = hashlib.sha256()
    for path in files:
        data = path.read_bytes()
        digest.update(f"{path.name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


class KeyedJit:
    """A decorator that compiles as :func:`jit` does, with the stamp of each cache key joined by
    :func:`source_stamp` of ``files``; where numba's cache cannot be keyed that way (or a file
    cannot be read), it compiles without a cache."""

    def __init__(self, files: Iterable[Path], *, nogil: bool = True) -> None:
        self.nogil = nogil
        own = Path(__file__)
        #: the files hashed: this module (its settings compile them all) and ``files``
        self.files: tuple[Path, ...] = (own, *(f for f in files if f != own))
        self.stamp: str | None
        try:
            self.stamp = source_stamp(self.files)
        except OSError:
            self.stamp = None

    def __call__(self, fn: F) -> F:
        compiled = jit(fn, nogil=self.nogil)
        if compiled is fn:
            return fn
        assert _numba is not None
        if self.stamp is None:
            return cast(F, _numba.njit(nogil=self.nogil)(fn))
        try:
            index = compiled._cache._cache_file  # type: ignore[attr-defined]
            index._source_stamp = (index._source_stamp, self.stamp)
        except AttributeError:
            return cast(F, _numba.njit(nogil=self.nogil)(fn))
        return compiled


def sources(anchor: str, *names: str) -> tuple[Path, ...]:
    """The files ``names`` (module names without ``.py``) in the folder of the file ``anchor``."""
    folder = Path(anchor).parent
    return tuple(folder / f"{name}.py" for name in names)


#: the fast path's compiled modules and its numbers: a change to any compiles them all again
FAST_PATH = sources(__file__, "codes", "bits", "auction", "drawing", "play", "scoring", "making",
                    "kernel")

#: the decorator of every compiled function of the fast path
fast_jit = KeyedJit(FAST_PATH)
