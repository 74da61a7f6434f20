"""Fixtures of the browser suite: ``pitch serve`` as a subprocess on a free loopback port with a
temporary SQLite file (the server suite's :class:`~tests.server.conftest.Server`), and headless
Chromium driven by Playwright. The Debian ``chromium`` package is used (``executable_path``);
without it the tests skip, except under CI (the ``CI`` environment variable), where they fail."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.server.conftest import Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext

#: Chromium's switches for a headless run in a container
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]


def chromium_path() -> str | None:
    """The Chromium binary to drive, if installed."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None and Path("/usr/bin/chromium").exists():
        found = "/usr/bin/chromium"
    return found


def _missing(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(message + "; CI runs the browser tests")
    pytest.skip(message)


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    """A headless Chromium for the browser suite. Playwright's sync API keeps its event loop marked as
    running in this thread while it is open, where ``asyncio.run`` refuses to start, so it is closed
    when the run leaves this package: the suites that follow (the server's) run in any order."""
    path = chromium_path()
    if path is None:
        _missing("Chromium is not installed: apt-get install chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed: pip install '.[test]'")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server on a temporary SQLite database, shared by the browser tests. The compiled solver
    is loaded once here first: right after an install numba compiles it into its cache (seconds of
    work), and the server's bot worker, which loads it as the server starts (its warm-up), then
    finds it there, as after any later start, within a second."""
    from pitchkit.advice.hints import warm_up

    warm_up()
    folder = tmp_path_factory.mktemp("web")
    running = Server(f"sqlite:///{folder / 'web.db'}", folder).start()
    yield running
    running.stop()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser profile (its own localStorage) for one test."""
    from tests.web.driver import WAIT_MS

    ctx = browser.new_context(viewport={"width": 1100, "height": 850})
    ctx.set_default_timeout(WAIT_MS)
    yield ctx
    ctx.close()
