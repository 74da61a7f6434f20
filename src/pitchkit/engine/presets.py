"""Named presets: the seed systems as data (``presets.toml``), found by name or alias."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from pitchkit.engine.errors import RulesError, UnknownPresetError, quote
from pitchkit.engine.options import option_name
from pitchkit.engine.rules import OPTIONS, Rules, coerce_option, option_field_name


@dataclass(frozen=True)
class Preset:
    """A named rule system: its rules, where it comes from, and where each rule comes from."""

    name: str
    title: str
    #: the rule document's file, which the citations of :attr:`sources` name by its number
    seed: str
    aliases: tuple[str, ...]
    rules: Rules
    sources: MappingProxyType[str, str]
    #: options the rule document leaves to the players (``players`` always): setting them plays
    #: the preset as written, any other override modifies it
    choices: tuple[str, ...] = ("players",)
    #: the rules of a tournament: the table offers no take-backs
    tournament: bool = False
    #: the rule document's title, as players know it (the file name when not given)
    rulebook: str = ""
    #: the game as players call it ("Ten-Point Pitch"); the preset's name when not given
    game: str = ""

    def source(self, field_name: str) -> str:
        """The citation of one rule, or ``"model default"`` when the preset does not set it."""
        return self.sources.get(field_name, "model default")

    def source_text(self, field_name: str) -> str:
        """The citation of one rule in words for players (see :func:`citation_text`)."""
        return citation_text(self.source(field_name), self.seed, self.rulebook or self.seed)


#: how citations name what is not the rule document, in players' words: the common rules of a game
#: the document leaves out, and the decisions taken where it is silent
_CITED = (("brief 6", "standard Euchre"), ("brief", "decision"))


def citation_text(citation: str, seed: str, rulebook: str) -> str:
    """A rule's citation in words for players: the rule document ``seed``, cited by the number its
    file name starts with, named by its title ``rulebook`` (``"000 rule 2: two to six players"``:
    ``"pitchcardtournament.com Game Rules, rule 2: two to six players"``); the common rules and
    decisions said as such."""
    number = seed.split("_", 1)[0]
    if number and citation.startswith(number) and citation[len(number):len(number) + 1] in ("", " ", ":"):
        rest = citation[len(number):]
        citation = rulebook + ("," + rest if rest.startswith(" ") else rest)
    for short, words in _CITED:
        if citation.startswith(short) and citation[len(short):len(short) + 1] in ("", " ", ":"):
            citation = words + citation[len(short):]
            break
    return citation.replace("(brief)", "(decision)").replace("the seed", "the rule document")


def _build(name: str, table: dict[str, Any]) -> Preset:
    values = {option_field_name(k): coerce_option(option_field_name(k), v)
              for k, v in table.get("rules", {}).items()}
    OPTIONS.check_scopes(Rules(), values, label=name)  # a preset sets only options that take part
    sources = {option_field_name(k): str(v) for k, v in table.get("sources", {}).items()}
    return Preset(
        name=name,
        title=str(table["title"]),
        seed=str(table["seed"]),
        aliases=tuple(table.get("aliases", ())),
        rules=Rules(preset=name, **values),
        sources=MappingProxyType(sources),
        choices=tuple(dict.fromkeys(["players", *(option_field_name(c) for c in table.get("choices", ()))])),
        tournament=bool(table.get("tournament", False)),
        rulebook=str(table.get("rulebook", table["seed"])),
        game=str(table.get("game", name)),
    )


@cache
def presets() -> dict[str, Preset]:
    """Every preset by canonical name, in the order of ``presets.toml``."""
    text = resources.files("pitchkit.engine").joinpath("presets.toml").read_text(encoding="utf-8")
    return {name: _build(name, table) for name, table in tomllib.loads(text).items()}


@cache
def _aliases() -> dict[str, str]:
    out: dict[str, str] = {}
    for p in presets().values():
        out[p.name] = p.name
        for a in p.aliases:
            out[a] = p.name
    return out


def get_preset(name: str) -> Preset:
    """The preset with this name or alias (case-insensitive)."""
    key = str(name).strip().lower()
    canonical = _aliases().get(key)
    if canonical is None:
        known = ", ".join(presets())
        raise UnknownPresetError(f"unknown variant {quote(name)}; presets are: {known}")
    return presets()[canonical]


def find_preset(name: str) -> Preset | None:
    """The preset with this canonical name, or ``None`` (custom rules)."""
    return presets().get(name)


def game_name(name: str) -> str:
    """The game of the preset with this canonical name as players call it ("Ten-Point Pitch"); the
    name itself for custom rules."""
    found = find_preset(name)
    return (found.game or found.name) if found is not None else name


def make_rules(variant: str, options: Mapping[str, object] | None = None, *,
               players: int | None = None, stored: bool = False) -> Rules:
    """Rules of a preset with options applied (``players`` is a shorthand for that option); with
    ``stored``, an option that takes no part in the preset is left out, not refused (options read
    back from a table, a saved game or an event made before such options were refused)."""
    if options is not None and not isinstance(options, Mapping):
        raise RulesError(f"options must be a mapping of names to values, not {quote(options)}")
    opts: dict[str, object] = dict(options or {})
    if players is not None:
        opts["players"] = players
    return get_preset(variant).rules.with_options(opts, stored=stored)


def modified_options(rules: Rules) -> tuple[str, ...]:
    """Options (public names) where ``rules`` depart from their preset, beyond the choices its rule
    document leaves to the players (see ``Preset.choices``). Empty for custom rules."""
    preset = find_preset(rules.preset)
    if preset is None:
        return ()
    free = {option_name(c) for c in preset.choices}
    return tuple(name for name in rules.options_diff(preset.rules) if name not in free)


def rules_label(rules: Rules) -> str:
    """The preset's name, with the options that modify it: ``pct-tournament, modified: teams``."""
    changed = modified_options(rules)
    return f"{rules.preset}, modified: {', '.join(changed)}" if changed else rules.preset
