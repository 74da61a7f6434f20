"""Options by name: a frozen dataclass whose every field is an option, read and written as text.

An :class:`OptionSchema` is built from the dataclass (``pitchkit.engine.rules`` builds the one of
:class:`~pitchkit.engine.rules.Rules`). It spells fields as public option names (``dealer-steal``), turns
option text from a command line, a record or a TOML preset into the field's type, checks a value's
type and range, describes the allowed values for people, and writes values back as JSON. A field
may declare its :class:`Scope` (``metadata["scope"]``): the rules it takes part in; changing it
where it takes no part is refused.
"""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pitchkit.engine.errors import InapplicableOptionError, RulesError, UnknownOptionError, clip, quote
from pitchkit.engine.numbers import parse_int

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

#: the most characters of a text option (a preset's name, a bid's name)
TEXT_LIMIT = 40

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}

Options = TypeVar("Options", bound="DataclassInstance")


def option_name(field_name: str) -> str:
    """Public (hyphenated) spelling of a field name."""
    return field_name.replace("_", "-")


def option_json(value: object) -> object:
    """An option's value in JSON form."""
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


def option_text(value: object, *, joiner: str = ",") -> str:
    """An option's value (native or in JSON form) as ``--option NAME=VALUE`` takes it: ``none``,
    ``true``, ``high,low,jack`` (a list's items joined by ``joiner``)."""
    value = option_json(value)
    if isinstance(value, list):
        return joiner.join(str(v) for v in value)
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Scope:
    """Where an option takes part, as a fact of the other options: ``test`` reads them (from the
    options as they will be, attributes by field name), ``where`` says in words where it holds and
    ``absent`` why an option of this scope means nothing when it does not."""

    test: Callable[[Any], bool]
    where: str
    absent: str


def _unwrap(hint: Any) -> tuple[Any, bool]:
    """A field's type without ``| None``, and whether ``None`` is allowed."""
    if isinstance(hint, types.UnionType):
        return next(a for a in typing.get_args(hint) if a is not type(None)), True
    return hint, False


class OptionSchema(Generic[Options]):
    """The options of the frozen dataclass ``cls``: a field's type is its option's kind (true or
    false, a whole number in ``ranges[name]``, text, an enum's words, or a list of the names in
    ``names[name]``, any of them optional as ``| None``). Fields in ``hidden`` are set by the
    program, never by name."""

    def __init__(self, cls: type[Options], *, ranges: Mapping[str, tuple[int, int]],
                 names: Mapping[str, Iterable[str]], hidden: Iterable[str] = ()) -> None:
        self.fields: dict[str, dataclasses.Field[Any]] = {f.name: f for f in dataclasses.fields(cls)}
        self.ranges = ranges
        self.names = {name: tuple(words) for name, words in names.items()}
        self.hidden = frozenset(hidden)
        self._hints: dict[str, Any] = typing.get_type_hints(cls)

    def field_name(self, name: str) -> str:
        """The field behind a public option name; :class:`UnknownOptionError` if there is none."""
        key = name.strip().replace("-", "_").lower() if isinstance(name, str) else ""
        if key not in self.fields or key in self.hidden:
            known = [option_name(n) for n in self.fields if n not in self.hidden]
            close = difflib.get_close_matches(option_name(key[:TEXT_LIMIT]), known, n=1)
            hint = f"did you mean {close[0]}? " if close else ""
            raise UnknownOptionError(
                f"unknown option {quote(name)}; {hint}pitch rules PRESET lists the options")
        return key

    def range_text(self, name: str) -> str:
        """The allowed values of an option as text for people: ``"2 to 9"``, ``"1 to 1000, or none"``,
        the enum words, ``"true or false"``."""
        hint, optional = _unwrap(self._hints[name])
        if hint is bool:
            text = "true or false"
        elif hint is int:
            lo, hi = self.ranges[name]
            text = f"{lo} to {hi}"
        elif isinstance(hint, type) and issubclass(hint, StrEnum):
            text = ", ".join(m.value for m in hint)
        elif hint is str:
            text = f"text of up to {TEXT_LIMIT} characters"
        else:
            text = "names from: " + ", ".join(self.names[name])
        return text + (", or none" if optional else "")

    def coerce(self, name: str, value: object) -> Any:
        """Convert an option value (JSON or command-line string) to the field's type."""
        hint, optional = _unwrap(self._hints[name])
        label = option_name(name)
        if optional and (value is None or (isinstance(value, str) and value.lower() in ("none", "null", ""))):
            return None
        if hint is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
                return value.lower() in _TRUE
            raise RulesError(f"option {label}: expected true or false, got {quote(value)}")
        if hint is int:
            lo, hi = self.ranges[name]
            return parse_int(value, what=f"option {label}", lo=lo, hi=hi, error=RulesError)
        if hint is str:
            if isinstance(value, str):
                return value
            raise RulesError(f"option {label}: expected text, got {quote(value)}")
        if isinstance(hint, type) and issubclass(hint, StrEnum):
            if isinstance(value, str) and value.lower() in hint._value2member_map_:
                return hint(value.lower())
            allowed = ", ".join(m.value for m in hint)
            raise RulesError(f"option {label}: expected one of {allowed}, got {quote(value)}")
        if typing.get_origin(hint) is tuple:
            items = value.split(",") if isinstance(value, str) else value
            if not isinstance(items, list | tuple) or not all(isinstance(i, str) for i in items):
                raise RulesError(f"option {label}: expected a list of names, got {quote(value)}")
            return tuple(i.strip() for i in items if i.strip())
        raise RulesError(f"option {label}: unsupported value {quote(value)}")  # pragma: no cover

    def check_values(self, options: Options) -> None:
        """Check the type and range of every field of ``options`` (the one place ranges are
        checked); enum fields given as text (as from TOML) are normalised in place first."""
        for name in self.fields:
            hint, value = self._hints[name], getattr(options, name)
            if isinstance(hint, type) and issubclass(hint, StrEnum) and not isinstance(value, hint):
                object.__setattr__(options, name, self.coerce(name, value))  # frozen: set once, when built
            else:
                self._check_value(name, value)

    def _check_value(self, name: str, value: object) -> None:
        hint, optional = _unwrap(self._hints[name])
        if value is None and optional:
            return
        label = option_name(name)
        if hint is int:
            lo, hi = self.ranges[name]
            ok = type(value) is int and lo <= value <= hi
            wanted = f"a whole number from {lo} to {hi}"
        elif hint is bool:
            ok, wanted = type(value) is bool, "true or false"
        elif hint is str:
            ok = isinstance(value, str) and len(value) <= TEXT_LIMIT and value.isprintable()
            wanted = f"text of up to {TEXT_LIMIT} characters"
        elif typing.get_origin(hint) is tuple:
            ok = isinstance(value, tuple) and all(isinstance(v, str) for v in value)
            wanted = "a list of names"
        else:
            return
        if not ok:
            raise RulesError(f"option {label}: expected {wanted}, got {quote(value)}")

    def scope(self, name: str) -> Scope | None:
        """Where the field ``name`` takes part (``None``: wherever the dataclass is used)."""
        scope = self.fields[name].metadata.get("scope")
        return scope if isinstance(scope, Scope) else None

    def applies(self, options: object, name: str) -> bool:
        """Whether the field ``name`` takes part in ``options`` (anything with the fields as
        attributes)."""
        scope = self.scope(name)
        return scope is None or scope.test(options)

    def check_scopes(self, base: Options, fields: Mapping[str, Any], *, label: str) -> None:
        """Refuse a change (``fields``, coerced, by field name) of an option that takes no part in
        ``base`` so changed, with :class:`InapplicableOptionError` naming it, ``label`` (what the
        options are of: a preset's name) and why. A value equal to ``base``'s changes nothing and
        passes."""
        after = types.SimpleNamespace(**{n: getattr(base, n) for n in self.fields} | dict(fields))
        for name, value in fields.items():
            scope = self.scope(name)
            if scope is not None and value != getattr(base, name) and not scope.test(after):
                raise InapplicableOptionError(
                    f"{option_name(name)} does not apply to {clip(label)}: {scope.absent}", field=name)

    def with_options(self, options: Options, changes: Mapping[str, object], *,
                     label: str = "these rules", stored: bool = False) -> Options:
        """A copy of ``options`` with options overridden by public name; values may be strings,
        as from a command line. An option that takes no part in the result is refused
        (:meth:`check_scopes`; ``label`` names what the options are of); with ``stored`` (options
        read back from what was saved before such options were refused) it is left out instead: it
        changed nothing in play."""
        if not isinstance(changes, Mapping):
            raise RulesError(f"options must be a mapping of names to values, not {quote(changes)}")
        fields: dict[str, Any] = {}
        for raw_name, raw_value in changes.items():
            name = self.field_name(raw_name)
            fields[name] = self.coerce(name, raw_value)
        while True:
            try:
                self.check_scopes(options, fields, label=label)
            except InapplicableOptionError as e:
                if not stored or e.field not in fields:
                    raise
                del fields[e.field]
                continue
            return dataclasses.replace(options, **fields)

    def diff(self, options: Options, base: Options) -> dict[str, object]:
        """The options (by public name) where ``options`` differs from ``base``, in JSON form."""
        out: dict[str, object] = {}
        for name in self.fields:
            if name in self.hidden:
                continue
            mine, theirs = getattr(options, name), getattr(base, name)
            if mine != theirs:
                out[option_name(name)] = option_json(mine)
        return out
