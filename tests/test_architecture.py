"""The package layout: the import contracts of ``pyproject.toml`` (``[tool.importlinter]``) hold, a
broken layer or a new cycle breaks them naming the import, and the old module paths still import as
the modules they moved to (CHANGELOG.md)."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import pitchkit
from pitchkit import _moved

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(pitchkit.__file__).resolve().parent


def _lint_imports(pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if exe is None:
        pytest.fail("import-linter is not installed: pip install '.[test]'")
    env = {**os.environ, "PYTHONPATH": str(pythonpath)} if pythonpath else None
    return subprocess.run([exe, str(ROOT / "pyproject.toml"), "--no-cache", "--no-logo"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_import_contracts_are_kept() -> None:
    done = _lint_imports()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "5 kept, 0 broken" in done.stdout


def test_an_engine_module_importing_an_adapter_breaks_the_layers_naming_the_import(tmp_path: Path) -> None:
    copy = tmp_path / "pitchkit"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    with (copy / "engine" / "trump.py").open("a") as f:
        f.write("\nfrom pitchkit.tui import cards as _cards  # noqa\n")
    with (copy / "engine" / "cards.py").open("a") as f:
        f.write("\nfrom pitchkit.engine import game as _game  # noqa\n")
    done = _lint_imports(tmp_path)
    assert done.returncode != 0
    assert "pitchkit.engine.trump -> pitchkit.tui.cards" in done.stdout
    assert "No cycles are allowed in pitchkit.engine" in done.stdout


def test_the_package_root_holds_only_the_public_api_and_the_packages() -> None:
    modules = sorted(p.stem for p in PACKAGE.glob("*.py"))
    packages = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists())
    assert modules == ["__init__", "_moved"]
    assert packages == ["advice", "bench", "bots", "cli", "engine", "envs", "fast", "search", "server",
                        "tournament", "tui", "web"]


def test_one_module_is_named_desk_and_the_desks_modules_have_names_of_their_own() -> None:
    modules = [p.stem for p in PACKAGE.rglob("*.py") if p.stem != "__init__"]
    modules += [p.parent.name for p in PACKAGE.rglob("__init__.py")]
    assert modules.count("desk") == 1  # the package server/desk
    desk = {p.stem for p in (PACKAGE / "server" / "desk").glob("*.py")} - {"__init__"}
    assert desk == {"hosting", "routes", "rows", "sheets"}
    assert all(modules.count(name) == 1 for name in desk)


@pytest.mark.parametrize("old", sorted(_moved.MOVED))
def test_an_old_module_path_imports_as_the_module_it_moved_to(old: str) -> None:
    try:
        importlib.import_module(_moved.MOVED[old])
    except ModuleNotFoundError as e:  # a module of an extra (the environments need numpy)
        pytest.skip(str(e))
    sys.modules.pop(old, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module = importlib.import_module(old)
    assert module is importlib.import_module(_moved.MOVED[old])
    assert any(issubclass(w.category, DeprecationWarning) and _moved.MOVED[old] in str(w.message)
               for w in caught)
