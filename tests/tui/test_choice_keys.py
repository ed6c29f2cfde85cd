"""Choice keys (issue 21 items 2, 4, 5 and the dead-key message): ``e`` ends or passes in every
game, every choice has a key (letters after 0), keys stay put within a step, long lists fold
related choices into a sub-list, and a choice key that picks nothing says so."""

from __future__ import annotations

from pathlib import Path

from tui_testkit import make_app, settle

from engine.rules import Choice, Prompt, SeatConfig
from engine.session import new_match
from tui.dialogs.choice_menu import ChoiceMenu
from tui.screens.match import MatchScreen
from tui.session import MatchSession
from tui.widgets.choice_keys import KEYS, KeyMemory, arrange, fold, is_end
from tui.widgets.key_bar import KeyBar

THREE = [SeatConfig("Ann", "human"), SeatConfig("Bea", "random"), SeatConfig("Cid", "random")]


def _rp(save_dir: Path) -> MatchSession:
    """Res Publica, Ann (human) first against two random bots (seed 11: Ann starts)."""
    return MatchSession.start(
        "res_publica", THREE, {"start_player": "host_choice"}, seed=11, save_path=save_dir / "r"
    )


# ---------------------------------------------------------------- the e key (item 2)


def test_e_means_end_or_pass_in_every_game() -> None:
    """The end/pass choices of each game's prompts, by their real ids and groups."""
    imperium_end = Choice("end", "End turn", None, "end")  # iMperium action list (IMP-5.9)
    maus_pass = Choice("pass", "Pass", None, "pass", "Nothing to draw, play or buy")
    rp_pass = Choice("pass", "Pass", None, "respond")  # RP-4.6
    rp_no_trade = Choice("notrade", "No trade", None, "trade")
    rp_done = Choice("done", "Done displaying", None, "display")
    for c in (imperium_end, maus_pass, rp_pass, rp_no_trade, rp_done):
        assert is_end(c), c
    assert not is_end(Choice("request", "Request cards", None, "trade"))
    assert not is_end(Choice("respond", "Answer", "seat:0", "respond"))


def test_res_publica_no_trade_is_pinned_with_e() -> None:
    """Ann's first Res Publica prompt (seed 11): "No trade" first with e, then 1 and 2."""
    m = new_match("res_publica", THREE, {"start_player": "host_choice"}, seed=11)
    rows = [(k, c.id) for k, c in arrange(m.prompt(0))]
    assert rows == [("e", "notrade"), ("1", "request"), ("2", "offer")]


async def test_e_takes_no_trade_in_res_publica(save_dir: Path) -> None:
    session = _rp(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert session.match.prompt(0).text.startswith("Trade")
        await pilot.press("e")
        await settle(pilot)
        assert session.match.line[0] == (0, "notrade")


# ---------------------------------------------------------------- every choice has a key (item 4)


def test_letters_after_zero_reach_two_any_cards_in_three_keys() -> None:
    """Request -> 2 -> any cards: the kind list has 15 rows; "any cards" gets the key d
    (the 13th choice: a is kept for Take actions), so "2 any cards" takes 3 keys instead of 12
    presses."""
    m = new_match("res_publica", THREE, {"start_player": "host_choice"}, seed=11)
    memory = KeyMemory()
    for cid in ("request", "n:2"):
        keys = dict((c.id, k) for k, c in arrange(m.prompt(0), memory))
        assert keys[cid] in ("1", "2")
        m.act(0, cid)
    rows = arrange(m.prompt(0), memory)
    keys = [k for k, _ in rows]
    assert len(rows) == 15 and all(keys), keys
    assert keys[:12] == list("1234567890bc")
    assert dict((c.id, k) for k, c in rows)["k:ANY"] == "d"
    assert len(set(keys)) == len(keys)  # one key, one choice


async def test_letter_key_picks_the_choice(save_dir: Path) -> None:
    session = _rp(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ("1", "2", "d"):
            await pilot.press(key)
            await pilot.pause()
        assert session.match.line == [(0, "request"), (0, "n:2"), (0, "k:ANY")]
        prompt = session.match.prompt(0)
        assert prompt.choices[0].label == "Send: 2 any cards"


def test_long_list_folds_the_sell_choices() -> None:
    """An iMperium action list shaped like a real one (5 plays, 2 taps, 6 sells, End turn):
    the sells fold into one "Sell… (6 choices)" row; the plays (listed first) never fold."""
    plays = [Choice(f"play:c{i}", f"Play Card{i} ({i})", f"h:c{i}", "play") for i in range(5)]
    taps = [Choice(f"tap:{i}", f"Tap Legion{i} (5)", f"p0.{i}", "tap") for i in range(2)]
    sells = [Choice(f"sell:c{i}", f"Sell Card{i} (+1)", f"h:c{i}", "sell") for i in range(5)]
    sells.append(Choice("sellg", "Sell: tap Granary (+1)", "p0.9", "sell"))
    end = Choice("end", "End turn", None, "end")
    prompt = Prompt(0, "Choose an action", (*plays, *taps, *sells, end))
    rows = arrange(prompt)
    assert [k for k, _ in rows] == ["e", *"12345678"]
    assert rows[-1][1].id == "group:sell" and rows[-1][1].label == "Sell… (6 choices)"
    assert fold([*plays, *taps, *sells])[1]["group:sell"] == sells
    short = Prompt(0, "Choose an action", (*plays, *sells[:2], end))
    assert [c.id for _, c in arrange(short)] == ["end", *(c.id for c in (*plays, *sells[:2]))]


async def test_folded_row_opens_a_sub_list_with_keys(save_dir: Path) -> None:
    """Pressing a folded row's key opens its choices in a menu; a key there picks one."""
    session = _rp(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ms = app.screen
        assert isinstance(ms, MatchScreen)
        fillers = [Choice(f"x{i}", f"Ask: filler {i}") for i in range(10)]
        members = [Choice("request", "Ask: Request cards"), *fillers, Choice("offer", "Ask: Offer")]
        ms.post_message(ms.panel.GroupPicked("Ask…", members))
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu)
        await pilot.press("c")  # the 12th: 1-9, 0, b, c (a, x, y are fixed keys)
        await settle(pilot)
        assert session.match.line == [(0, "offer")]


async def test_highlighted_choice_stays_in_view_at_80x24(save_dir: Path) -> None:
    """At 80x24 about five choices fit: moving the cursor to the 15th keeps it on screen."""
    session = _rp(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "2")
        await pilot.pause()
        options = app.screen.query_one("#choices")
        assert options.option_count == 15 and options.size.height < 15
        for _ in range(14):
            await pilot.press("down")
        await pilot.pause()
        assert options.highlighted == 14
        top = options.scroll_offset.y
        assert top > 0 and top <= 14 < top + options.size.height


# ---------------------------------------------------------------- stable keys (item 5)


def test_opening_discard_keeps_every_key() -> None:
    """iMperium's opening discard (seed 20261130): after discarding Barracks (key 3) the
    other cards keep 1, 2, 4, 5, 6; "Take back Barracks" gets 7, a key never used before, and
    Confirm its fixed y; the take-back gives Walls its 1 again."""
    m = new_match("imperium", [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot")], seed=20261130)
    memory = KeyMemory()
    first = {c.id: k for k, c in arrange(m.prompt(0), memory)}
    assert first == {
        "pick:walls": "1",
        "pick:farm": "2",
        "pick:barracks": "3",
        "pick:catapult": "4",
        "pick:granary": "5",
        "pick:republic": "6",
    }
    m.act(0, "pick:barracks")
    second = {c.id: k for k, c in arrange(m.prompt(0), memory)}
    assert second == {**{c: k for c, k in first.items() if c != "pick:barracks"}, "unpick": "7"}
    m.act(0, "pick:walls")
    third = {c.id: k for k, c in arrange(m.prompt(0), memory)}
    assert third == {"unpick": "7", "confirm": "y"}  # two chosen: take back, or Confirm (y)
    m.act(0, "unpick")
    fourth = {c.id: k for k, c in arrange(m.prompt(0), memory)}
    assert fourth["pick:walls"] == "1" and fourth["pick:catapult"] == "4"


def test_the_next_action_keeps_the_keys_while_most_choices_stay() -> None:
    """iMperium asks "Choose an action" after every action: with most of its choices still
    listed it is the same step (issue 21: a key keeps its meaning), so the other cards keep
    2, 3, 4 and the played card's 1 is not reused; a list of mostly new choices starts at 1."""
    plays = [Choice(f"play:c{i}", f"Play Card{i}", f"h:c{i}", "play") for i in range(4)]
    memory = KeyMemory()
    arrange(Prompt(0, "Choose an action", tuple(plays)), memory)
    rows = arrange(Prompt(0, "Choose an action", tuple(plays[1:])), memory)
    assert [(k, c.id) for k, c in rows] == [("2", "play:c1"), ("3", "play:c2"), ("4", "play:c3")]
    others = [Choice(f"buy:c{i}", f"Buy Card{i}", None, "buy") for i in range(4)]
    rows = arrange(Prompt(0, "Choose an action", tuple(others + plays[3:])), memory)
    assert [k for k, _ in rows] == ["1", "2", "3", "4", "5"]


def test_a_new_step_numbers_from_one() -> None:
    """The kind list after the count list (same question, other choices) starts at 1; its
    Back keeps the fixed x."""
    m = new_match("res_publica", THREE, {"start_player": "host_choice"}, seed=11)
    memory = KeyMemory()
    arrange(m.prompt(0), memory)
    m.act(0, "request")
    arrange(m.prompt(0), memory)
    m.act(0, "n:1")
    rows = arrange(m.prompt(0), memory)
    assert rows[0][0] == "1" and rows[0][1].id.startswith("k:")
    assert rows[-1] == ("x", rows[-1][1]) and rows[-1][1].id == "back"
    assert KEYS.index(rows[-2][0]) == len(rows) - 2


# ---------------------------------------------------------------- dead choice keys (item 12)


async def test_a_choice_key_past_the_list_says_so(save_dir: Path) -> None:
    """Ann's first prompt has e, 1 and 2: "9" picks nothing and the footer says which keys
    there are; nothing is chosen."""
    session = _rp(save_dir)
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("9")
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        assert str(bar.render()).strip() == "9: no such choice · the choices are 1-2 and e"
        assert session.match.line == []


def test_no_choice_key_takes_a_board_key():
    """A board's own keys (Imperial Struggle: m region, p pane, t theater) never pick a choice
    (the War snapshot showed "p: no such choice" instead of switching to the War pane)."""
    from tui.boards.imperial_struggle import ImperialStruggleBoard
    from tui.widgets.choice_keys import KEYS

    board_keys = {b.key for b in ImperialStruggleBoard.KEYS}
    assert board_keys >= {"m", "p", "t"}
    assert not board_keys & set(KEYS)


async def test_ministry_picks_keep_their_keys_in_imperial_struggle(save_dir: Path) -> None:
    """Imperial Struggle's Ministry pick (seed 20261130: France may pick M-1, M-2, M-3, M-4 and
    M-9, keys 1-5) asks "Choose 2 more Ministry cards", then "Choose 1 more Ministry card",
    then "Confirm your Ministry cards": one step, whatever its wording, so picking M-2 (key 2)
    leaves M-1 on 1 and M-9 on 5; Back and Confirm have their fixed x and y."""
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "random")]
    session = MatchSession.start(
        "imperial_struggle", seats, seed=20261130, save_path=save_dir / "is"
    )
    app = make_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        panel = app.screen.panel
        first = {c.id: k for k, c in panel._rows}
        assert first == {
            "pick:M-1": "1",
            "pick:M-2": "2",
            "pick:M-3": "3",
            "pick:M-4": "4",
            "pick:M-9": "5",
        }
        await pilot.press("2")
        await settle(pilot)
        assert session.match.prompt(0).text == "Choose 1 more Ministry card"
        second = {c.id: k for k, c in panel._rows}
        assert second == {**{c: k for c, k in first.items() if c != "pick:M-2"}, "back": "x"}
        await pilot.press("5")
        await settle(pilot)
        assert session.match.prompt(0).text == "Confirm your Ministry cards"
        assert {c.id: k for k, c in panel._rows} == {"back": "x", "confirm": "y"}
