"""How to play: the rules of a table, or of a table about to be created, in plain words. The sheet is
the one ``pitch rules PRESET`` prints (its first line and its sections, from
:mod:`pitchkit.engine.rules_text`), for the rules as the table has them (``GET
/api/tables/{id}/rules``, ``POST /api/rules``)."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from pitchkit.engine.errors import PitchError
from pitchkit.engine.presets import game_name, make_rules, rules_label
from pitchkit.engine.rules import Rules, rule_options
from pitchkit.engine.rules_text import rules_sheet, sheet_title
from pitchkit.server.bodies import json_body


def sheet_json(rules: Rules) -> dict[str, Any]:
    """The rules sheet as JSON: the preset with what modifies it (``rules``), the sheet's first line
    (``title``), the game as players call it (``game_name``), the number of players, and the
    sections, each a heading and its paragraphs (``- `` starts a list item)."""
    return {"rules": rules_label(rules), "title": sheet_title(rules), "game_name": game_name(rules.preset),
            "players": rules.players,
            "sections": [{"heading": heading, "paragraphs": body} for heading, body in rules_sheet(rules)]}


def rules_of(body: dict[str, Any]) -> Rules:
    """The rules a ``POST /api/tables`` body would give its table (``variant``, ``players``,
    ``options``), or a :class:`PitchError` saying in one line what is wrong with them."""
    variant = body.get("variant", "pct")
    if not isinstance(variant, str):
        raise PitchError("'variant' must be the name of a preset, such as \"pct\"")
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise PitchError("'options' must be an object of rule options by name")
    players = body.get("players")
    if players is not None and type(players) is not int:
        raise PitchError("'players' must be a whole number")
    return make_rules(variant, options, players=players)


def mount_howto(app: FastAPI) -> None:
    """Add ``POST /api/rules``: the rules sheet of the table a ``POST /api/tables`` body would create,
    with every rule's value by option name (``options``, as a table's)."""

    @app.post("/api/rules")
    async def sheet_for(request: Request) -> JSONResponse:
        rules = rules_of(await json_body(request))
        return JSONResponse({**sheet_json(rules), "options": rule_options(rules)})
