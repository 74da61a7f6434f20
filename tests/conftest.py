"""The suite's tiers, as markers given at collection (``docs/testing.md``):

- ``browser``: drives Chromium through Playwright (``tests/web``, and the desk's PDF sheets);
- ``server``: starts ``pitch serve`` as a subprocess (``tests/server``, ``tests/web``);
- ``postgres``: runs on the PostgreSQL cluster that the server suite's fixtures start;
- ``slow``: marked in its file, a test that takes seconds without the compiled solver; and every
  test of the compiled code itself (:data:`COMPILING`), which numba compiles the first time;
- ``quick``: every other test, the tier to run while working: ``python -m pytest -m quick``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent
TIERS = ("browser", "server", "postgres", "slow")
#: the tests of the compiled fast path, solver and environments (seconds of compiling each time
#: their code changes)
COMPILING = {HERE / "test_fast_path.py", HERE / "test_compiled_solver.py", HERE / "test_jit_cache.py"}


def _on_postgres(item: pytest.Item) -> bool:
    if "postgres" in getattr(item, "fixturenames", ()):
        return True
    callspec = getattr(item, "callspec", None)
    return callspec is not None and callspec.params.get("database") == "postgresql"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        folder = Path(str(item.path)).parent
        fixtures = set(getattr(item, "fixturenames", ()))
        if folder == HERE / "web" or "browser" in fixtures:
            item.add_marker(pytest.mark.browser)
        if folder in (HERE / "server", HERE / "web"):
            item.add_marker(pytest.mark.server)
        if _on_postgres(item):
            item.add_marker(pytest.mark.postgres)
        if Path(str(item.path)) in COMPILING or folder == HERE / "envs":
            item.add_marker(pytest.mark.slow)
        if not any(item.get_closest_marker(tier) for tier in TIERS):
            item.add_marker(pytest.mark.quick)
