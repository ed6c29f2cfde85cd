"""Over SSH a match plays as it does locally (issue 21 leftovers, issue 13 item 3): the hub's
``view`` frames carry the other seats' last turn and the forced step, and the SSH client's
:class:`~tui.serve.client.RemoteSession` is the same :class:`tui.match_session.Session` as the
local one, so the match screen shows the last-turn line and takes the forced step the same way."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace

from engine.rules import SeatConfig
from engine.session import BotSeats, new_match
from tui.app import ImperiaApp
from tui.forced_steps import forced_choice
from tui.match_session import MatchReader, Session
from tui.screens.match import MatchScreen
from tui.serve.client import RemoteSession
from tui.serve.clients import Client, Table
from tui.serve.hub import Hub
from tui.session import MatchSession
from tui.widgets.last_turn import LastTurnLine

SEATS = [SeatConfig("Ann", "random"), SeatConfig("Bea", "random"), SeatConfig("Cid", "human")]


def _table() -> tuple[Table, MatchSession]:
    """Res Publica, seed 1, after 6 choices (as in tests/tui/test_auto_advance.py): Bea (seat 1)
    requests 3 pairs and Cid (seat 2) holds none, so Pass is Cid's only answer (RP-4.6), a
    forced step; Bea's request is the other seats' last turn."""
    match = new_match("res_publica", SEATS, seed=1)
    bots = BotSeats(match)
    while match.ply < 6:
        bots.step()
    session = MatchSession(match)
    return Table(SimpleNamespace(id="t1"), session), session  # type: ignore[arg-type]


def _client(seat: int | None) -> Client:
    return Client(writer=None, seat=seat)  # type: ignore[arg-type]  (frames built, not sent)


def test_the_view_frame_carries_the_last_turn_and_the_forced_step(tmp_path: Path) -> None:
    table, session = _table()
    match = session.match
    hub = Hub(tmp_path)
    cid = _client(2)
    frame = hub.view_message(table, cid, {})
    prompt = match.prompt(2)
    assert [c.id for c in prompt.choices] == ["pass"]
    assert frame["forced"] == forced_choice(match, 2, prompt).id == "pass"
    local = session.last_turn_of(2)  # what local play shows Cid
    assert local.lines == ("Bea requests 3 pairs",)
    assert frame["turn"]["lines"] == ["Bea requests 3 pairs"]
    assert frame["turn"]["parts"] == []  # one seat played: no parts by seat
    assert frame["turn"]["before"] == local.before and frame["turn"]["after"] == local.after
    again = hub.view_message(table, cid, {})  # nothing moved: the turn is not sent twice
    assert "turn" not in again and again["forced"] == "pass"
    # Ann (seat 0) has nothing forced; a spectator neither.
    assert hub.view_message(table, _client(0), {})["forced"] is None
    assert hub.view_message(table, _client(None), {})["forced"] is None


def test_one_session_interface_for_local_and_remote_play(tmp_path: Path) -> None:
    table, session = _table()
    frame = Hub(tmp_path).view_message(table, _client(2), {})
    remote = RemoteSession("t1", frame, lambda message: None)
    for s in (session, remote):
        assert isinstance(s, Session) and isinstance(s, MatchReader)
    assert not hasattr(remote, "match") and not hasattr(remote, "bots")
    assert (remote.game, remote.title, remote.policy) == (
        session.game,
        session.title,
        session.policy,
    )
    assert remote.seats == session.seats and remote.entries == session.entries
    assert [remote.seat_name(i) for i in range(3)] == [session.seat_name(i) for i in range(3)]
    assert remote.prompt(2) == session.prompt(2) and remote.view(2) == session.view(2)
    assert remote.log_lines(2) == session.log_lines(2)
    assert remote.snapshot().last_turn.lines == session.last_turn_of(2).lines
    assert remote.snapshot().last_turn.parts == session.last_turn_of(2).parts
    assert remote.forced_choice(2, remote.prompt(2)).id == "pass"
    assert remote.forced_choice(0, remote.prompt(2)) is None  # not this connection's seat


async def test_the_ssh_match_screen_shows_the_line_and_takes_the_forced_step(
    tmp_path: Path,
) -> None:
    """The match screen on a remote session: the last-turn line tells Bea's request, and Cid's
    forced Pass is sent to the hub by itself, tagged with the entry shown (QA found neither
    over SSH)."""
    table, session = _table()
    frame = Hub(tmp_path).view_message(table, _client(2), {})
    sent: list[dict] = []
    remote = RemoteSession("t1", frame, sent.append)
    app = ImperiaApp(session=remote, bot_delay=0.0, steady=True)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if sent:
                break
            await asyncio.sleep(0.01)
        screen = app.screen
        assert isinstance(screen, MatchScreen)
        shown = screen.query_one(LastTurnLine).line
        assert shown == "Bea requests 3 pairs"
        act = {"t": "act", "table": "t1", "entries": session.entries, "choice": "pass"}
        assert sent == [act]
