"""One seam between the app and a match (issue 13 item 3): the local session, the SSH
client's session and the replay all answer the same reader interface
(:mod:`tui.match_session`), and the match and replay screens read a match only through it."""

from __future__ import annotations

import re
from pathlib import Path

from tui_testkit import SEED, bot_save

from engine import journal as jr
from engine.rules import SeatConfig
from engine.session import Timeline, new_match
from tui.match_session import MatchReader, Session
from tui.replay_session import ReplaySession
from tui.session import MatchSession

SCREENS = Path(__file__).resolve().parents[2] / "tui" / "screens"


def test_the_local_session_is_a_session(save_dir: Path) -> None:
    seats = [SeatConfig("Ann\x1b[1m", "human"), SeatConfig("Bot", "random")]
    session = MatchSession(new_match("imperium", seats, seed=SEED))
    assert isinstance(session, Session) and isinstance(session, MatchReader)
    m = session.match
    assert (session.game, session.title, session.policy) == ("imperium", "iMperium", "casual")
    assert session.seats == m.seats and session.entries == m.entries and not session.over
    assert session.view(0) == m.view(0) and session.prompt(0) == m.prompt(0)
    assert session.waiting() == m.waiting() and session.outcome() is None
    assert session.plain_name(0) == "Ann [1m" and session.seat_name(1) == "● Bot"
    assert session.local_bots and not session.can_redo()


def test_the_replay_reads_the_saved_match_at_an_entry(save_dir: Path) -> None:
    save_dir.mkdir(parents=True, exist_ok=True)
    path = bot_save(save_dir / "r.imperia", 60, policy="teaching")
    tl = Timeline(jr.read(path))
    replay = ReplaySession(tl)
    assert isinstance(replay, MatchReader) and not isinstance(replay, Session)
    assert len(replay) == len(tl) and replay.entries == len(tl) - 1
    assert (replay.game, replay.title, replay.policy) == ("imperium", "iMperium", "teaching")
    assert replay.at == len(tl) - 1  # opens at the last entry
    replay.at = 7
    state = tl.state(7)
    for seat in (0, 1, None):
        assert replay.view(seat) == tl.rules.view(state, seat)
    assert replay.prompt(0) == tl.rules.prompt(state, 0)
    assert replay.waiting() == tuple(tl.rules.waiting(state))
    told = [text for k in range(8) for text in replay.entry_lines(k, 0)]  # entries 0-7
    assert [line.text for line in replay.log_lines(0)] == told  # under 60 lines: all of them
    assert 0 < len(told) < 60
    assert [replay.seat_name(s) for s in (0, 1, None)] == ["◆ Ann", "● Bot", "Spectator"]


def test_a_seat_named_you_reads_as_its_number_in_the_replay(save_dir: Path) -> None:
    save_dir.mkdir(parents=True, exist_ok=True)
    seats = [SeatConfig("You", "random"), SeatConfig("\u202eBo\x07b", "random")]
    match = new_match("imperium", seats, seed=SEED, save_path=save_dir / "y.imperia")
    match.sink.close()
    replay = ReplaySession(Timeline(jr.read(save_dir / "y.imperia")))
    assert [replay.plain_name(0), replay.plain_name(1), replay.plain_name(5)] == [
        "Player 1",
        "Bo b",  # the one cleaning rule (engine.seat_names)
        "?",
    ]


def test_the_screens_never_reach_into_the_engine_match() -> None:
    """The match and replay screens read through the session only: no ``session.match``,
    no ``timeline.match`` and no rules calls on raw states left (there were 12 and 7)."""
    for name in ("match.py", "replay.py", "match_bots.py"):
        text = (SCREENS / name).read_text(encoding="utf-8")
        assert not re.findall(r"session\.match\b|timeline\.match\b|\.rules\.", text), name
