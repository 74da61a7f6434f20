"""A table's chat as data (``pitchkit.server.chatroom``), without a server: the host's settings and
their log entries, a line's limits, the rate of a connection, the recent lines in the order of
their ids."""

from __future__ import annotations

import pytest

from pitchkit.server.chatroom import (
    CHAT_LIMIT,
    REACTIONS,
    ChatError,
    ChatRate,
    ChatRules,
    RecentLines,
    clean_reaction,
    clean_text,
    spectator_name,
)
from pitchkit.server.store import LogEntry
from pitchkit.server.tables import TableState


def test_a_line_is_trimmed_and_kept_to_one_line_of_printable_text() -> None:
    assert clean_text("  two\n lines\tjoined  ") == "two lines joined"
    assert clean_text("<img src=x onerror=alert(1)>") == "<img src=x onerror=alert(1)>"
    assert clean_text("family \U0001f468\u200d\U0001f469\u200d\U0001f467") == \
        "family \U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clean_text("x" * CHAT_LIMIT) == "x" * CHAT_LIMIT
    with pytest.raises(ChatError, match="at most 300 characters \\(this one has 301\\)"):
        clean_text("x" * (CHAT_LIMIT + 1))
    for bad in ("", "  \n ", None, 3, ["hi"]):
        with pytest.raises(ChatError, match="text"):
            clean_text(bad)
    for bad in ("nul\x00", "bidi\u202etext", "bell\x07"):
        with pytest.raises(ChatError, match="printable"):
            clean_text(bad)


def test_reactions_are_a_fixed_list() -> None:
    assert list(REACTIONS) == ["nice", "sorry", "gg"]
    assert clean_reaction("sorry") == "sorry"
    for bad in ("Nice!", "", None, "<b>"):
        with pytest.raises(ChatError, match="reactions are: nice, sorry, gg"):
            clean_reaction(bad)


def test_a_spectator_chats_under_the_name_given_or_as_spectator() -> None:
    assert spectator_name(None, 24) == "Spectator"
    assert spectator_name("   ", 24) == "Spectator"
    assert spectator_name("  Zed   the fan ", 24) == "Zed the fan"
    assert spectator_name("z" * 24, 24) == "z" * 24
    with pytest.raises(ChatError, match="is 25 characters long; a name has at most 24"):
        spectator_name("z" * 25, 24)
    with pytest.raises(ChatError):
        spectator_name("bad\x00name", 24)
    with pytest.raises(ChatError):
        spectator_name(7, 24)


def test_the_rate_allows_five_lines_in_ten_seconds_and_a_refused_line_does_not_count() -> None:
    rate = ChatRate()
    for t in (0.0, 1.0, 2.0, 3.0, 4.0):
        rate.take(t)
    with pytest.raises(ChatError, match="at most 5 in 10 seconds; wait 6 s"):
        rate.take(4.5)
    with pytest.raises(ChatError):
        rate.take(9.9)
    rate.take(10.0)  # the line of 0.0 has left the window
    with pytest.raises(ChatError):
        rate.take(10.5)


def test_the_hosts_settings_are_replayed_from_the_log() -> None:
    rules = ChatRules()
    assert rules.public() == {"on": True, "spectators": False, "muted": [], "tournament": False}
    rules.check(0)
    with pytest.raises(ChatError, match="spectators may not chat"):
        rules.check(-1)
    new = rules.changed({"owner": "x", "muted": [2, 1], "spectators": True}, 4)
    assert new.data() == {"on": True, "spectators": True, "muted": [1, 2]}
    assert rules.muted == set()  # the change is a new value; the table's changes when replayed
    rules.replay(new.data())
    rules.check(-1)
    with pytest.raises(ChatError, match="muted"):
        rules.check(2)
    rules.replay(rules.changed({"on": False}, 4).data())
    with pytest.raises(ChatError, match="switched chat off"):
        rules.check(0)
    for bad in ({"on": 1}, {"muted": [4]}, {"muted": [True]}, {"muted": 1}, {"owner": "x"}):
        with pytest.raises(ChatError):
            rules.changed(bad, 4)


def test_a_tournament_table_has_no_chat_and_it_cannot_be_switched_on() -> None:
    state = TableState("t")
    state.replay(LogEntry("t", 1, "create", {"variant": "pct", "players": 4, "public": False, "chat": False,
                                             "seats": [{"kind": "bot", "bot": "random"}] * 4}, 0.0))
    assert state.chat.public() == {"on": False, "spectators": False, "muted": [], "tournament": True}
    with pytest.raises(ChatError, match="table talk is a misconduct"):
        state.chat.check(0)
    with pytest.raises(ChatError, match="stays off"):
        state.chat.changed({"on": True}, 4)


def test_a_mute_is_lifted_when_someone_else_takes_the_seat() -> None:
    state = TableState("t")
    seats = [{"kind": "open", "invite_hash": "h"}] + [{"kind": "bot", "bot": "random"}] * 3
    state.replay(LogEntry("t", 1, "create", {"variant": "pct", "players": 4, "public": False, "seats": seats},
                          0.0))
    state.replay(LogEntry("t", 2, "chat_rule", {"on": True, "spectators": False, "muted": [0, 1]}, 0.0))
    assert state.chat.muted == {0, 1} and state.version == 2
    state.replay(LogEntry("t", 3, "seat", {"seat": 0, "kind": "human", "name": "Cy"}, 0.0))
    assert state.chat.muted == {1}


def test_recent_lines_keep_the_newest_in_the_order_of_their_ids() -> None:
    recent = RecentLines(keep=3)
    for i in (1, 2, 4):
        assert recent.add({"id": i})
    assert not recent.add({"id": 2})
    assert recent.add({"id": 3})  # stored by another process before 4, told after it
    assert [x["id"] for x in recent.lines] == [2, 3, 4] and recent.last_id == 4
    assert not recent.add({"id": 1}) and recent.has(3) and not recent.has(1)
