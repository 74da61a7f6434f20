"""Regenerate the command examples in the documentation: ``python -m pitchkit.cli.docgen [--check]``.

An example is a line ``<!-- output of: pitch ARGS -->`` followed by a fenced code block; the block
is replaced by ``$ pitch ARGS`` and what the command prints (run in this process, 80 columns wide).
A line ``<!-- screen of: pitch play ARGS; keys: K K ... -->`` stands for the terminal table after
those keys (see :mod:`pitchkit.cli.docscreen`). A line ``<!-- generated: NAME -->`` is followed by
Markdown made from the code's own tables, up to ``<!-- end of: NAME -->`` (:data:`GENERATED`).
``--check`` changes nothing and exits 1 if any example is out of date. Run it from the repository's
folder."""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from typer.testing import CliRunner

from pitchkit.cli.docscreen import table_screen
from pitchkit.engine.families import families_table

#: the documents with generated examples, relative to the repository root
DOCUMENTS = ("README.md", "docs/play.md", "docs/rules.md")
MARKER = re.compile(r"^<!-- (?P<kind>output|screen) of: pitch (?P<args>.+?)"
                    r"(?:; keys: (?P<keys>[^>]*?))? -->\n```[^\n]*\n(?P<body>.*?)^```$",
                    re.MULTILINE | re.DOTALL)
WIDTH = 80
#: the Markdown made from the code's tables, by name
GENERATED: dict[str, Callable[[], str]] = {"option families": families_table}
BLOCK = re.compile(r"^<!-- generated: (?P<name>[a-z ]+) -->\n(?P<body>.*?)^<!-- end of: (?P=name) -->$",
                   re.MULTILINE | re.DOTALL)


def run(args: str) -> str:
    """What ``pitch ARGS`` prints (stdout), as the example block shows it."""
    from pitchkit.cli import app

    result = CliRunner().invoke(app, shlex.split(args), env={"COLUMNS": str(WIDTH), "TERMINAL_WIDTH": ""})
    if result.exit_code != 0:
        raise RuntimeError(f"pitch {args}: exit status {result.exit_code}: {result.output.strip()}")
    lines = [line.rstrip() for line in result.stdout.rstrip("\n").splitlines()]
    return "\n".join([f"$ pitch {args}", *lines]) + "\n"


def regenerate(text: str) -> str:
    """``text`` with every example block replaced by the command's current output."""

    def fill(m: re.Match[str]) -> str:
        whole = m.group(0)
        start, end = m.start("body") - m.start(0), m.end("body") - m.start(0)
        if m.group("kind") == "screen":
            body = table_screen(m.group("args"), (m.group("keys") or "").split())
        else:
            body = run(m.group("args"))
        return whole[:start] + body + whole[end:]

    def generate(m: re.Match[str]) -> str:
        start, end = m.start("body") - m.start(0), m.end("body") - m.start(0)
        return m.group(0)[:start] + GENERATED[m.group("name")]() + m.group(0)[end:]

    return BLOCK.sub(generate, MARKER.sub(fill, text))


def stale(root: Path, documents: Sequence[str] = DOCUMENTS) -> list[str]:
    """The documents whose examples differ from what the commands print now."""
    return [name for name in documents
            if regenerate(text := (root / name).read_text(encoding="utf-8")) != text]


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite the documents' examples, or with ``--check`` report the stale ones (exit status 1)."""
    args = list(sys.argv[1:] if argv is None else argv)
    root = Path.cwd()
    if not all((root / name).is_file() for name in DOCUMENTS):
        print("run it from the repository's folder (the documents are not installed with the package)",
              file=sys.stderr)
        return 2
    if args == ["--check"]:
        old = stale(root)
        for name in old:
            print(f"{name}: examples are out of date; run python -m pitchkit.cli.docgen", file=sys.stderr)
        return 1 if old else 0
    if args:
        print("usage: python -m pitchkit.cli.docgen [--check]", file=sys.stderr)
        return 2
    for name in DOCUMENTS:
        path = root / name
        text = path.read_text(encoding="utf-8")
        new = regenerate(text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"updated {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
