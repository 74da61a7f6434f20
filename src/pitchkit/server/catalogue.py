"""The rules catalogue the pages create tables from: every preset with or without its rule rows,
or one preset with them (``GET /api/presets``, ``GET /api/presets?rules=false``, ``GET
/api/presets/{name}``). The rule rows are most of the catalogue's weight (about 12 kB a preset),
so a page lists the presets first and asks for one preset's rows when it needs them."""

from __future__ import annotations

from functools import cache
from typing import Any

from pitchkit.bots import bot_names
from pitchkit.engine.errors import UnknownPresetError
from pitchkit.engine.presets import Preset, get_preset, presets
from pitchkit.engine.rules_text import preset_rows
from pitchkit.server.refusals import NotFound


def preset_json(preset: Preset, *, rules: bool) -> dict[str, Any]:
    """One preset's entry: its names, title, rule document, player range, whether it is a
    tournament's rules, and with ``rules`` its rule rows (:func:`preset_rows`)."""
    entry: dict[str, Any] = {
        "name": preset.name, "game": preset.game, "title": preset.title, "seed": preset.seed,
        "aliases": list(preset.aliases), "players": [preset.rules.min_players, preset.rules.max_players],
        "default_players": preset.rules.players, "tournament": preset.tournament}
    if rules:
        entry["rules"] = _rows(preset.name)
    return entry


@cache
def _rows(name: str) -> list[dict[str, object]]:
    """A preset's rule rows, worked out once: presets do not change while the server runs."""
    return preset_rows(presets()[name], {})


def catalogue(*, rules: bool = True) -> dict[str, Any]:
    """Every preset (with its rule rows when ``rules``) and the bots a seat may be given."""
    return {"presets": [preset_json(p, rules=rules) for p in presets().values()], "bots": bot_names()}


def one_preset(name: str) -> dict[str, Any]:
    """The preset of this name or alias with its rule rows, and the bots; :class:`NotFound` when
    there is none."""
    try:
        preset = get_preset(name)
    except UnknownPresetError as e:
        raise NotFound(str(e)) from None
    return {"preset": preset_json(preset, rules=True), "bots": bot_names()}
