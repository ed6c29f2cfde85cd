"""Forced steps (issue 21 item 6): a step with a single choice that costs nothing and reveals
nothing goes on by itself, with a one-line reason; one that rolls dice or shows the table
something hidden waits; the setting turns it off; a take-back never re-takes it."""

from __future__ import annotations

from pathlib import Path

from tui_testkit import make_app, settle

from engine.rules import SeatConfig
from engine.session import BotSeats, new_match
from tui.dialogs.confirm import ConfirmDialog
from tui.forced_steps import forced_choice, forced_reason
from tui.session import MatchSession
from tui.settings import Settings

THREE = [SeatConfig("Ann", "human"), SeatConfig("Bea", "random"), SeatConfig("Cid", "random")]


def _played(game: str, seats: int, seed: int, plies: int):
    """A match of random bots (``seats`` of them, ``seed``) after ``plies`` choices."""
    match = new_match(game, [SeatConfig(f"S{i}", "random") for i in range(seats)], seed=seed)
    bots = BotSeats(match)
    while match.ply < plies:
        bots.step()
    return match


def test_a_pass_you_cannot_avoid_is_forced_with_its_reason() -> None:
    """Res Publica, seed 1 after 6 choices: S1 requests 3 pairs and S2 holds none, so Pass is
    its only answer (RP-4.6); passing rolls nothing and shows nothing hidden."""
    match = _played("res_publica", 3, 1, 6)
    prompt = match.prompt(2)
    assert prompt.text == "S1 requests 3 pairs: answer or pass"
    assert [c.id for c in prompt.choices] == ["pass"]
    choice = forced_choice(match, 2, prompt)
    assert choice is not None and choice.id == "pass"
    assert forced_reason(prompt, choice) == (
        "You cannot give 3 pairs: you cannot answer — Pass, taken for you"
    )


def test_an_end_turn_that_rolls_the_next_dice_waits() -> None:
    """iMperium, seed 1 after 18 choices: End turn is seat 1's only choice, but it starts
    the next turn's dice roll (IMP-4.1): the RNG moves, so it is not forced."""
    match = _played("imperium", 2, 1, 18)
    prompt = match.prompt(1)
    assert [c.id for c in prompt.choices] == ["end"]
    assert forced_choice(match, 1, prompt) is None


def test_two_choices_are_never_forced() -> None:
    match = new_match("res_publica", THREE, {"start_player": "host_choice"}, seed=11)
    assert len(match.prompt(0).choices) == 3
    assert forced_choice(match, 0, match.prompt(0)) is None


def _rp(save_dir: Path) -> MatchSession:
    return MatchSession.start(
        "res_publica", THREE, {"start_player": "host_choice"}, seed=11, save_path=save_dir / "r"
    )


async def test_the_draw_goes_on_by_itself_with_a_reason(save_dir: Path) -> None:
    """Seed 11: after "No trade" (e) Ann's only choice is "Draw 1 people card": it is taken
    for her, the footer-top notice says why, and the bots play on."""
    session = _rp(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        assert session.match.line[:2] == [(0, "notrade"), (0, "civ:0")]
        notes = [n.message for n in app._notifications]
        assert "Draw 1 people card: your only choice, taken for you" in notes


async def test_the_setting_turns_it_off(save_dir: Path) -> None:
    session = _rp(save_dir)
    app = make_app(session=session, settings=Settings(auto_advance=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        assert session.match.line == [(0, "notrade")]
        prompt = session.match.prompt(0)
        assert [c.label for c in prompt.choices] == ["Draw 1 people card"]
        await pilot.press("1")
        await settle(pilot)
        assert session.match.line[:2] == [(0, "notrade"), (0, "civ:0")]


async def test_a_take_back_to_a_forced_step_stays_there(save_dir: Path) -> None:
    """Teaching policy: taking back the forced draw (after the bots played on) shows the
    draw again and waits; taking it again at once would make the take-back useless."""
    session = MatchSession.start(
        "res_publica",
        THREE,
        {"start_player": "host_choice"},
        seed=11,
        policy="teaching",
        save_path=save_dir / "t",
    )
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await settle(pilot)
        assert session.match.line[:2] == [(0, "notrade"), (0, "civ:0")]
        assert len(session.match.line) > 2  # the bots played on
        for _ in range(6):  # Ann's later forced passes are taken back first, one by one
            if len(session.match.line) <= 1:
                break
            await pilot.press("u")
            await pilot.pause()
            if isinstance(app.screen, ConfirmDialog):
                await pilot.click("#yes")
            await settle(pilot)
        assert session.match.line == [(0, "notrade")]
        await pilot.pause(0.2)
        await settle(pilot)
        assert session.match.line == [(0, "notrade")]
        assert [c.label for c in session.match.prompt(0).choices] == ["Draw 1 people card"]
