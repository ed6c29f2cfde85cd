"""Over SSH the why-not reasons travel in the hub's ``view`` frame to the seat they concern
(never to a spectator), and the remote session's pictures carry them like local ones."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from engine.rules import SeatConfig
from engine.session import BotSeats, new_match
from tui.serve.client import RemoteSession
from tui.serve.clients import Client, Table
from tui.serve.hub import Hub
from tui.session import MatchSession

SEATS = [SeatConfig("Ann", "random"), SeatConfig("Bea", "random"), SeatConfig("Cid", "human")]


def test_the_frame_carries_the_seat_reasons_rp_4_6(tmp_path: Path) -> None:
    # Res Publica, seed 1, after 6 choices: Bea requests 3 pairs, Cid holds none (RP-4.6)
    match = new_match("res_publica", SEATS, seed=1)
    bots = BotSeats(match)
    while match.ply < 6:
        bots.step()
    session = MatchSession(match)
    table = Table(SimpleNamespace(id="t1"), session)  # type: ignore[arg-type]
    hub = Hub(tmp_path)
    frame = hub.view_message(table, Client(writer=None, seat=2), {})  # type: ignore[arg-type]
    assert frame["unavailable"] == [
        ["Answer", "You hold no 3 pairs to give: to answer you must be able to give it (RP-4.6)"]
    ]
    assert list(map(list, session.snapshot().unavailable)) == frame["unavailable"]
    remote = RemoteSession("t1", frame, lambda message: None)
    assert remote.snapshot().unavailable == session.snapshot().unavailable
    spectator = hub.view_message(table, Client(writer=None, seat=None), {})  # type: ignore[arg-type]
    assert spectator["unavailable"] == []
