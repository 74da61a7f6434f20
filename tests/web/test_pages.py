"""The pages and files ``pitch serve`` serves for the browser, and what it does not serve."""

from __future__ import annotations

import re

from tests.server.client import http
from tests.server.conftest import Server


def test_the_pages_and_every_module_they_import_are_served(web_server: Server) -> None:
    for path in ("/", "/t/anything", "/replay"):
        page = http(web_server.base, "GET", path)
        assert page.status == 200 and page.text.startswith("<!doctype html>")
        for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
            got = http(web_server.base, "GET", asset)
            assert got.status == 200, asset
            for module in re.findall(r'from "\./([^"]+)"', got.text):
                assert http(web_server.base, "GET", f"/static/{module}").status == 200, module


def test_only_the_page_files_are_served_from_static(web_server: Server) -> None:
    for path in ("/static/__init__.py", "/static/../__init__.py", "/static/replay.py",
                 "/static/../table.html"):
        assert http(web_server.base, "GET", path).status == 404, path
