"""Module paths of earlier releases that still import, each as the module it moved to, with a
``DeprecationWarning`` naming the new path (see CHANGELOG.md). Type checkers see only the new paths."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

_ENGINE = ("actions", "alone", "auction", "cards", "checks", "dealing", "drawing", "ending", "errors",
           "families", "finish", "game", "hand", "lookup", "making", "numbers", "options", "presets",
           "record", "rules", "scoring", "trump", "view")

#: old module path -> the module it is now
MOVED: dict[str, str] = {
    **{f"pitchkit.{name}": f"pitchkit.engine.{name}" for name in _ENGINE},
    "pitchkit.sheet": "pitchkit.engine.rules_text",
    "pitchkit.cluster": "pitchkit.bench.cluster",
    "pitchkit.search.arena": "pitchkit.bench.arena",
    "pitchkit.search.versus": "pitchkit.bench.versus",
    "pitchkit.envs.speed": "pitchkit.bench.envs_speed",
    "pitchkit.envs.vector_speed": "pitchkit.bench.vector_speed",
    "pitchkit.bots.advisor": "pitchkit.advice.advisor",
    "pitchkit.bots.making_advice": "pitchkit.advice.making_advice",
    "pitchkit.bots.hints": "pitchkit.advice.hints",
    "pitchkit.bots.expert": "pitchkit.search.expert",
    "pitchkit.bots.advised": "pitchkit.search.advised",
    "pitchkit.bots.tenpoint": "pitchkit.search.tenpoint",
    "pitchkit.server.desk_routes": "pitchkit.server.desk.routes",
    "pitchkit.server.desk_sheets": "pitchkit.server.desk.sheets",
    "pitchkit.server.desk_store": "pitchkit.server.desk.rows",
    "pitchkit.tournament.desk": "pitchkit.tournament.director",
}


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds an old path (only where no module of that name exists) and puts the new module in its
    place in ``sys.modules``, so both names are one module object."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        new = MOVED[module.__name__]
        warnings.warn(f"{module.__name__} has moved to {new}; import it from there",
                      DeprecationWarning, stacklevel=2)
        sys.modules[module.__name__] = importlib.import_module(new)


def install() -> None:
    """Add the finder after the others (once), so that only names no module has reach it."""
    if not any(isinstance(f, _Alias) for f in sys.meta_path):
        sys.meta_path.append(_Alias())
