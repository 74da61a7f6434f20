"""numba's disk cache never serves a compiled function that a change to another module left stale:
each compiled module's cache key holds a hash of every module whose compiled code or numbers it
uses (:class:`pitchkit.fast.jitting.KeyedJit`)."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

numba = pytest.importorskip("numba", reason="needs numba (pitchkit[fast])")

from pitchkit.fast import jitting  # noqa: E402
from pitchkit.fast.jitting import COMPILED, FAST_PATH, KeyedJit  # noqa: E402

pytestmark = pytest.mark.skipif(not COMPILED, reason="numba's JIT is switched off")

SRC = Path(jitting.__file__).resolve().parents[2]


def _module(path: Path) -> ModuleType:
    name = ".".join(path.resolve().relative_to(SRC).with_suffix("").parts)
    return importlib.import_module(name)


def _families() -> dict[str, KeyedJit]:
    from pitchkit.envs import shown, vector_rows
    from pitchkit.search import kernel_layout

    return {"fast path": jitting.fast_jit, "vector environment": vector_rows.jit,
            "compiled solver": kernel_layout.jit, "observation writers": shown.jit}


def _imported_files(path: Path) -> set[Path]:
    """The files of the pitchkit modules that the module at ``path`` imports."""
    found: set[Path] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("pitchkit."):
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.startswith("pitchkit.")]
        for name in names:
            spec = importlib.util.find_spec(name)
            assert spec is not None and spec.origin is not None
            found.add(Path(spec.origin).resolve())
    return found


@pytest.mark.parametrize("family", sorted(_families()))
def test_a_compiled_module_hashes_every_module_it_imports(family: str) -> None:
    """Each file of a family with compiled functions imports only files of it, and each of those
    functions is keyed by a family holding its file (the fast path's own by the fast path's)."""
    keyed = _families()[family]
    by_stamp = {k.stamp: k for k in _families().values()}
    files = {f.resolve() for f in keyed.files}
    assert len(files) == len(keyed.files) and all(f.is_file() for f in files)
    compiled = 0
    for path in files:
        module = _module(path)
        for value in vars(module).values():
            py_func = getattr(value, "py_func", None)
            if py_func is None or py_func.__module__ != module.__name__:
                continue
            compiled += 1
            assert _imported_files(path) <= files, f"{path.name} imports a module its cache key misses"
            index = getattr(value._cache, "_cache_file", None)
            if index is not None:  # else compiled without a disk cache, so never stale
                owner = by_stamp.get(index._source_stamp[1])
                assert owner is not None and path in {f.resolve() for f in owner.files}, py_func
    assert compiled > 0


def test_the_fast_path_is_every_compiled_module_of_its_folder() -> None:
    folder = FAST_PATH[0].parent
    compiled = {p.resolve() for p in folder.glob("*.py") if "fast_jit" in p.read_text()}
    assert compiled - {Path(jitting.__file__).resolve()} <= {f.resolve() for f in FAST_PATH}


LEAF = "from pitchkit.fast.jitting import jit\n\n@jit\ndef leaf():\n    return {value}\n"
CALLER = """
from pitchkit.fast.jitting import {decorator}
from {leaf} import leaf

{setup}

@jit
def answer():
    return 10 * leaf()
"""
CHILD = "import plain_caller, keyed_caller; print(plain_caller.answer(), keyed_caller.answer())"


def test_a_changed_module_compiles_again_what_calls_it_only_when_keyed(tmp_path: Path) -> None:
    """Without the key, numba loads the caller as it was compiled, with the old code of the module
    it calls; with it, the caller is compiled again."""
    def write(value: int) -> None:
        for kind in ("plain", "keyed"):
            (tmp_path / f"{kind}_leaf.py").write_text(LEAF.format(value=value))

    write(1)
    (tmp_path / "plain_caller.py").write_text(CALLER.format(decorator="jit", leaf="plain_leaf", setup=""))
    (tmp_path / "keyed_caller.py").write_text(CALLER.format(
        decorator="KeyedJit, sources", leaf="keyed_leaf",
        setup='jit = KeyedJit(sources(__file__, "keyed_leaf", "keyed_caller"))'))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), PYTHONDONTWRITEBYTECODE="1",
               PYTHONPATH=os.pathsep.join([str(tmp_path), str(SRC)]))

    def run() -> list[str]:
        return subprocess.run([sys.executable, "-c", CHILD], cwd=tmp_path, env=env, check=True,
                              capture_output=True, text=True).stdout.split()

    assert run() == ["10", "10"]
    write(2)
    assert run() == ["10", "20"]  # the plain caller is stale, the keyed one is not
    assert any((tmp_path / "cache").rglob("*.nbi"))


def test_the_stamp_changes_with_any_file_it_hashes(tmp_path: Path) -> None:
    first, second = tmp_path / "a.py", tmp_path / "b.py"
    first.write_text("A = 1\n")
    second.write_text("B = 1\n")
    before = KeyedJit([first, second]).stamp
    assert KeyedJit([first, second]).stamp == before
    second.write_text("B = 2\n")
    assert KeyedJit([first, second]).stamp != before


def _double(x: int) -> int:
    return 2 * x


def test_a_family_with_a_file_it_cannot_read_compiles_without_a_cache(tmp_path: Path) -> None:
    keyed = KeyedJit([tmp_path / "missing.py"])
    assert keyed.stamp is None
    double = keyed(_double)
    assert double(21) == 42
    assert type(getattr(double, "_cache", None)).__name__ == "NullCache"
