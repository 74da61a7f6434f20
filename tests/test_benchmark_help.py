"""The benchmark scripts' ``--help``: the description is the docstring's whole first paragraph, never
a sentence cut at the end of its first line. Read from each script's source, without importing it
(the scripts import heavy optional packages)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).parent.parent / "benchmarks").glob("*.py"))


def help_description(script: Path) -> tuple[str, str] | None:
    """The script's docstring and the description its argument parser shows, if it has one."""
    tree = ast.parse(script.read_text(encoding="utf-8"))
    doc = ast.get_docstring(tree, clean=False)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "ArgumentParser":
            for kw in node.keywords:
                if kw.arg == "description" and "__doc__" in ast.unparse(kw.value):
                    assert doc is not None, f"{script.name} describes itself by a docstring it lacks"
                    shown = eval(compile(ast.Expression(kw.value), script.name, "eval"), {"__doc__": doc})
                    return doc, str(shown)
    return None


#: the scripts whose parser takes its description from the docstring
DESCRIBED = [script for script in BENCHMARKS if help_description(script) is not None]


def test_most_benchmarks_describe_themselves_by_their_docstring() -> None:
    assert len(DESCRIBED) >= len(BENCHMARKS) // 2


@pytest.mark.parametrize("script", DESCRIBED, ids=lambda p: p.name)
def test_a_benchmark_help_describes_it_with_the_docstring_first_paragraph(script: Path) -> None:
    found = help_description(script)
    assert found is not None
    doc, shown = found
    assert " ".join(shown.split()) == " ".join(doc.split("\n\n")[0].split())
