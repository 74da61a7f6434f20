"""The documentation's command examples are current (regenerated and compared), and the README's
quick start is what CI runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitchkit.cli import docgen, docscreen

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_docs_examples_are_current() -> None:
    """Each ``<!-- output of: pitch ... -->`` block is what the command prints now; if not, run
    ``python -m pitchkit.cli.docgen``."""
    for name in docgen.DOCUMENTS:
        text = (ROOT / name).read_text(encoding="utf-8")
        fresh = docgen.regenerate(text)
        pairs = zip(text.splitlines(), fresh.splitlines(), strict=False)
        changed = [f"- {a}\n+ {b}" for a, b in pairs if a != b]
        assert fresh == text, (f"{name} is out of date: run python -m pitchkit.cli.docgen; first change:\n"
                               + (changed[0] if changed else "(lines added or removed)"))
    kinds = {name: {m["kind"] for m in docgen.MARKER.finditer((ROOT / name).read_text(encoding="utf-8"))}
             for name in docgen.DOCUMENTS}
    assert kinds == {"README.md": {"screen"}, "docs/play.md": {"output", "screen"}, "docs/rules.md": set()}
    blocks = [m["name"] for m in docgen.BLOCK.finditer((ROOT / "docs/rules.md").read_text(encoding="utf-8"))]
    assert blocks == list(docgen.GENERATED)


def test_a_stale_example_is_found_and_rewritten() -> None:
    stale = "Text.\n\n<!-- output of: pitch rules --json -->\n```\n$ pitch rules --json\n[]\n```\n\nMore.\n"
    fresh = docgen.regenerate(stale)
    assert fresh != stale
    assert fresh.startswith("Text.\n\n<!-- output of: pitch rules --json -->\n```\n$ pitch rules --json\n[\n")
    assert '"name": "pct"' in fresh and fresh.endswith("\n```\n\nMore.\n")
    assert docgen.regenerate(fresh) == fresh


def test_a_screen_is_the_table_after_the_keys() -> None:
    before = docscreen.table_screen("play --seed 7", [])
    after = docscreen.table_screen("play --seed 7", ["3"])
    assert before.splitlines()[0].startswith(" pitchkit · pct · to 11 · seed 7")
    assert len(before.splitlines()) <= 24 and all(len(line) <= 80 for line in before.splitlines())
    assert "You bid 3" not in before and "You bid 3" in after
    with pytest.raises(ValueError, match="only pitch play"):
        docscreen.table_screen("rules pct", [])


def quick_start() -> list[str]:
    """The command lines of the README's quick start."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## Quick start", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def test_the_quick_start_makes_a_virtual_environment_first() -> None:
    """A system Python that is "externally managed" refuses ``pip install`` outside a venv: the first
    command makes and activates one, the second uses it."""
    install, tests = quick_start()
    assert install.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install . && ")
    assert install.endswith("pitch play")
    assert tests.startswith(". .venv/bin/activate && ")


def test_ci_runs_the_readme_test_command() -> None:
    test_command = quick_start()[1].removeprefix(". .venv/bin/activate && ")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_command in ci
    assert any(line.startswith("python3 -m venv ") for line in ci)
