"""A client of the desk's HTTP API for the tests (docs/protocol.md, "The tournament desk"): the
director's password or a judge's PIN as ``Authorization: Bearer``, and bounded waits on the
public board."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.server.client import Reply, http, ok

JSON = dict[str, Any]


def call(base: str, method: str, path: str, body: object = None, secret: str | None = None) -> Reply:
    """One request, with ``secret`` as ``Authorization: Bearer``; an error status is an answer too."""
    headers = {} if secret is None else {"Authorization": f"Bearer {secret}"}
    return http(base, method, path, body, headers=headers, timeout=30)


@dataclass
class Event:
    """An event as its director knows it."""

    base: str
    id: str
    password: str

    @classmethod
    def create(cls, base: str, **settings: Any) -> Event:
        """``POST /api/desk``."""
        made = ok(call(base, "POST", "/api/desk", settings), 201)
        return cls(base, made["id"], made["password"])

    def post(self, path: str, body: JSON | None = None, secret: str | None = None) -> Reply:
        """A POST to ``/api/desk/{id}/{path}`` as the director (or with ``secret``)."""
        return call(self.base, "POST", f"/api/desk/{self.id}/{path}", body or {},
                    self.password if secret is None else secret)

    def get(self, path: str = "", secret: str | None = None, *, anonymous: bool = False) -> Reply:
        """A GET of ``/api/desk/{id}`` (the board: no secret) or of one of its parts (as the director,
        or with ``secret``, or without any when ``anonymous``)."""
        if not path or anonymous:
            secret = None
        elif secret is None:
            secret = self.password
        return call(self.base, "GET", f"/api/desk/{self.id}{'/' + path if path else ''}", None, secret)

    def board(self) -> JSON:
        """The public board."""
        out: JSON = ok(self.get())
        return out

    def join_the_open_seat(self, name: str) -> tuple[str, int, str]:
        """Take the one seat of the round that waits for its player, through the invite link the
        director's console lists: the table's id, the seat and the seat's token."""
        (link,) = [x for t in ok(self.get("director"))["round"]["tables"] for x in t["links"]]
        seat, invite = link["seat"], link["link"].split("invite=")[1]
        table_id = link["link"].split("/t/")[1].split("?")[0]
        token = ok(http(self.base, "POST", f"/api/tables/{table_id}/join",
                        {"seat": seat, "invite": invite, "name": name}))["token"]
        return table_id, seat, token

    def join_every_open_seat(self) -> str:
        """Take every seat of the round that waits for its player, through the invite links the
        director's console lists; the table's id (of the last)."""
        links = [x for t in ok(self.get("director"))["round"]["tables"] for x in t["links"]]
        assert links
        table_id = ""
        for link in links:
            invite = link["link"].split("invite=")[1]
            table_id = link["link"].split("/t/")[1].split("?")[0]
            ok(http(self.base, "POST", f"/api/tables/{table_id}/join",
                    {"seat": link["seat"], "invite": invite, "name": link["player"]}))
        return table_id

    def wait(self, done: Callable[[JSON], bool], timeout: float = 120.0) -> JSON:
        """Read the board until ``done`` holds (bounded)."""
        deadline = time.monotonic() + timeout
        while True:
            board = self.board()
            if done(board):
                return board
            assert time.monotonic() < deadline, f"the board did not get there: {board['status']}"
            time.sleep(0.1)

    def play_out(self, bot: str = "heuristic", timeout: float = 180.0) -> JSON:
        """Seat, wait for every result and advance, round after round, until the champion."""
        while self.board()["stage"] != "finished":
            if self.board()["status"] == "entry" or self.board()["status"].endswith("closed"):
                ok(self.post("seat", {"bot": bot}))
            self.wait(round_complete, timeout)
            ok(self.post("advance"))
        return self.board()


def round_complete(board: JSON) -> bool:
    """True once every table of the open round has its result."""
    return bool(board["round"]) and all(t["result"] is not None for t in board["round"]["tables"])
