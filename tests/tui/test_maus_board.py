"""The Mausoleum board: what it shows at 80x24 and 120x40 with five seats, targets and clicks,
the inspector, the end-screen scores, the replay's everything view, a Pilot game through the
app, and snapshots.

Positions are built with ``engine.games.mausoleum.position.build`` (the rulings' scenario
notation, MAU-15.1) and advanced with the engine's own choices, so every view and prompt the
board gets is a real one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from tui_testkit import BoardApp, board_rows, find, screen_lines

from engine.games.mausoleum.position import build
from engine.games.mausoleum.rules import MausoleumRules
from engine.rng import Rng
from engine.rules import Prompt, SeatConfig
from tui.boards import board_for
from tui.boards import mausoleum_text as txt
from tui.boards.mausoleum import MausoleumBoard
from tui.boards.mausoleum_layout import Layout, arrivals, follows

RULES = MausoleumRules()
NAMES = ["Ann", "Bea", "Cy", "Dot", "Eve"]


def busy(phase_moves: tuple[str, ...] = ()) -> dict[str, Any]:
    """A five-seat mid-game position (Ann = seat 0 to play), advanced by ``phase_moves`` of
    seat 0. Bea's Cousin shields her party (MAU-5.7), Cy's Dowager locks hers (MAU-4.3) and
    his Gardener costs him $2m (MAU-9.2), Dot's party and morgue are full (MAU-4.2, MAU-5.4)."""
    st = build(
        {
            "seats": 5,
            "names": NAMES,
            "active": 0,
            "turns": 23,
            "P0": {
                "hand": ["Croquet#19", "Doozy#47", "Aunt#1"],
                "party": ["Uncle#5"],
                "morgue": ["Brat#6", "Grandpa#9"],
                "mausoleum": ["Chapel#45"],
            },
            "P1": {
                "hand": ["Auto#20", "Stairs#22", "Maze#21"],
                "party": ["Cousin#7", "Husband#4+Doozy#50", "Nephew#2"],
                "morgue": ["Sheep#3"],
                "known": ["Stairs#22"],
            },
            "P2": {
                "hand": ["Punch#23", "Chandelier#24", "Hunting#25"],
                "party": ["Dowager#18", "Gardener#8"],
                "mausoleum": ["Crypt#43", "Simple#37"],
            },
            "P3": {
                "hand": ["Boating#35", "Maze#30", "Stairs#31"],
                "party": ["Niece#11", "Aunt#10", "Brat#15", "Uncle#14"],
                "morgue": ["Wife#13", "Sheep#12", "Gardener#17", "Cousin#16"],
            },
            "P4": {"hand": ["Auto#29", "Punch#32", "Chandelier#33"], "mausoleum": ["Angel#39"]},
            "discard": ["Boating#26", "Holiday#46"],
            "deck": ["Misplaced#48"],
        }
    )
    rng = Rng.seeded(1)
    for move in phase_moves:
        RULES.apply(st, 0, move, rng)
    return st


def view_of(st: dict[str, Any], seat: int | None = 0) -> tuple[dict[str, Any], Prompt | None]:
    """The engine's view and prompt of ``seat``."""
    return RULES.view(st, seat), (RULES.prompt(st, seat) if seat is not None else None)


def board_app(
    view: dict[str, Any], prompt: Prompt | None = None, cursor: str | None = None
) -> BoardApp:
    """A test app showing one mausoleum board."""
    return BoardApp("mausoleum", view, prompt, cursor)


# ---------------------------------------------------------------- what is shown


def test_registered_board_is_mausoleum() -> None:
    assert board_for("mausoleum") is MausoleumBoard


async def test_compact_80x24_five_seats() -> None:
    """Every seat's party, morgue and mausoleum value, the shop, discard top, deck size and the
    hand fit 80 columns in at most 16 rows (the board pane's share of 24)."""
    view, prompt = view_of(busy())
    app = board_app(view, prompt, "deck")
    lines, height = await board_rows(app, (80, 24))
    text = "\n".join(lines)
    assert height <= 16, text
    for expected in (
        "Turn 24",
        "▶ You are to play",
        "[▸Deck 10]",  # 9 unlisted cards below the listed one; a draw target (MAU-3.2)
        "Discard 2: [▸Holiday]",  # the top card, takeable (MAU-3.2)
        "● Bea",
        "hand 3 (Stairs)",  # a card taken from the discard pile is public (MAU-11.1)
        "[Husband 2◈]",  # a Doozy on the Husband (MAU-6.2)
        "party 4/4",
        "morgue 4/4",
        "mausoleum $7m ($9m−2)",  # Cy: Crypt 6 + Simple 3, one Gardener (MAU-9.2)
        "locked",  # Cy's Dowager (MAU-4.3)
        "mausoleum $7m [Chapel 7]",  # Ann's own
        "= $5m",  # Ann's morgue: Brat 1 + Grandpa 4
        "Your hand [Croquet] [Doozy] [Aunt 4]",
    ):
        assert expected in text, expected
    # the viewer's own seat comes last, the seats after it in turn order first (MAU-2.6)
    assert text.index("● Bea") < text.index("▲ Cy") < text.index("■ Dot") < text.index("◆ Ann")
    # nobody else's hidden hand shows (MAU-11.1)
    for hidden in ("Auto", "Punch", "Boating", "Hunting"):
        assert hidden not in text, hidden


async def test_wide_120x40_full_names_and_legend() -> None:
    view, prompt = view_of(busy())
    app = board_app(view, prompt, None)
    lines, height = await board_rows(app, (120, 40))
    text = "\n".join(lines)
    assert height <= 28, text
    for expected in (
        "[Beloved Husband $2m +Doozy safe]",  # the Cousin shields him (MAU-5.7)
        "[Clever Nephew $3m safe]",  # protected by Clever and Meddling (MAU-5.6, MAU-5.7)
        "Party 2/4",
        "locked by the Dowager",
        "Mausoleum $7m of $10m",
        "hand 3 (known: Tumble Down the Stairs)",
        "[Gothic Chapel $7m]",
        "Shop",
        "can be chosen now",
    ):
        assert expected in text, expected


async def test_ten_seats_take_one_line_each_at_80x24() -> None:
    """Ten seats (two decks, MAU-2.7) fit the compact board: one line a seat, the viewer's own
    seat and hand still on screen without scrolling."""
    names = [*NAMES, "Fay", "Gus", "Hal", "Ivy", "Jo"]
    st = build(
        {
            "seats": 10,
            "names": names,
            "P0": {"party": ["Uncle#5"], "morgue": ["Brat#6"]},
            "P3": {"party": ["Aunt#1", "Gardener#8"], "mausoleum": ["Chapel#45"]},
        }
    )
    view, prompt = view_of(st)
    app = board_app(view, prompt, None)
    lines, height = await board_rows(app, (80, 24))
    text = "\n".join(lines)
    assert height <= 16, text
    assert "[▸Deck 36]" in text  # 90 cards, 50 dealt, 4 on the table
    # Dot: the Chapel's $7m less $2m for the Gardener at her party (MAU-9.2)
    assert "■ Dot       $5m ($7m−2) [Chapel 7] hand 5 party 2/4 [Aunt 4] [Gardener 0]" in text
    assert "▶ ◆ Ann (you) to play  $0m hand 5 party 1/4 [Uncle 5] morgue 1/4 [Brat 1]" in text
    assert text.index("● Bea") < text.index("Jo") < text.index("Ann (you)")
    assert "Your hand" in text


async def test_lines_fit_the_width() -> None:
    cases = [view_of(busy()), view_of(busy(("draw:deck", "play:19"))), view_of(busy(), None)]
    cases.append(view_of(busy(("buy:41",))))
    for view, prompt in cases:
        targets = {c.target for c in prompt.choices if c.target} if prompt else set()
        for width in (80, 100, 120):
            for line in Layout(view, targets, None, width).lines():
                assert sum(cell_len(s.text) for s in line) <= width


# ---------------------------------------------------------------- targets


async def test_accident_targets_are_the_killable_heirs_and_clicks_report_them() -> None:
    """Croquet Accident (MAU-5.2): the killable heirs are selectable (Bea's Cousin but not the
    heirs she shields, MAU-5.7; Dot's Niece is Clever-protected, MAU-5.6); a click on one posts
    its ``heir:<seat>:<i>`` target."""
    view, prompt = view_of(busy(("draw:deck", "play:19")))
    assert prompt is not None
    app = board_app(view, prompt, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(MausoleumBoard)
        lines = screen_lines(board)
        text = "\n".join(lines)
        assert "[▸Cousin 2]" in text
        assert "[Husband 2◈]" in text  # shielded by the Cousin: not a target
        assert "[Niece 3]" in text and "[▸Niece 3]" not in text
        assert "[✓ Croquet]" in text  # the card being played
        x, y = find(lines, "[▸Cousin 2]")
        await pilot.click(MausoleumBoard, offset=(x + 2, y))
        await pilot.pause()
    assert app.clicked == ["heir:1:0"]
    assert any(c.target == "heir:1:0" and c.id == "kill:7" for c in prompt.choices)


async def test_invite_targets_are_parties_with_room() -> None:
    """Inviting the Aunt (MAU-4.1): Dot's full party (MAU-4.2) and Cy's locked party (MAU-4.3)
    are not offered; the others are chips to click."""
    view, prompt = view_of(busy(("draw:deck", "play:1")))
    app = board_app(view, prompt, None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.query_one(MausoleumBoard)
        lines = screen_lines(board)
        text = "\n".join(lines)
        assert text.count("[▸invite here") == 3  # Ann, Bea, Eve
        x, y = find(lines, "[▸invite here · Party 0/4]")  # Eve's empty party
        await pilot.click(MausoleumBoard, offset=(x + 3, y))
        await pilot.pause()
    assert app.clicked == ["party:4"]


async def test_payment_picks_show_in_order() -> None:
    """Buy & Bury (MAU-8.7): picked morgue heirs are marked in pick order."""
    st = busy(("buy:41", "pay:9", "pay:6"))
    view, prompt = view_of(st)
    lines = [
        "".join(s.text for s in line)
        for line in Layout(view, {c.target for c in prompt.choices if c.target}, None, 80).lines()
    ]
    text = "\n".join(lines)
    assert "[✓1 Grandpa 4]" in text and "[✓2 Brat 1]" in text
    assert "[▸✓ Obelisk 5]" in text  # the grave being bought, and the bury target
    assert "buying Obelisk" in text


def _lines(st: dict[str, Any], seat: int | None, width: int = 80) -> str:
    view, prompt = view_of(st, seat)
    targets = {c.target for c in prompt.choices if c.target} if prompt else set()
    return "\n".join(
        "".join(s.text for s in line) for line in Layout(view, targets, None, width).lines()
    )


def test_hbomb_order_marks_the_victims_and_the_deciding_seat() -> None:
    """H-Bomb (MAU-5.9): Bea's three victims meet a morgue with one free place, so Bea (not the
    active player) orders them; Cy's Nephew is protected by the Cousin (MAU-5.7)."""
    st = build(
        {
            "seats": 3,
            "names": NAMES[:3],
            "P0": {"hand": ["HBomb#27", "Aunt#1", "Brat#6"]},
            "P1": {
                "party": ["Uncle#5", "Grandpa#9", "Aunt#10"],
                "morgue": ["Brat#15", "Sheep#3", "Wife#13"],
            },
            "P2": {"party": ["Cousin#7", "Nephew#2+Doozy#47"]},
        }
    )
    rng = Rng.seeded(1)
    RULES.apply(st, 0, "draw:deck", rng)
    RULES.apply(st, 0, "play:27", rng)
    assert st["phase"] == "order" and st["bomb"]["seat"] == 1
    bea = _lines(st, 1)
    assert "● Bea (you) deciding" in bea
    assert "H-Bomb: you order the dead" in bea
    assert "[▸†Uncle 5] [▸†Grandpa 4] [▸†Aunt 4]" in bea
    ann = _lines(st, 0, 120)
    assert "● Bea deciding" in ann and "H-Bomb: ● Bea orders the dead" in ann
    assert "[†Long-Lost Uncle $5m]" in ann and "killed by the H-Bomb" in ann
    assert "[Clever Nephew $3m +Doozy safe]" in ann


def test_finished_match_shows_the_winner_and_every_hand() -> None:
    """Ann buys the Stone Obelisk for $5m with Uncle (MAU-8.1) and reaches $11m (MAU-9.5);
    once over, the spectator sees every hand (MAU-11: the view of a finished match)."""
    st = build(
        {
            "seats": 4,
            "names": NAMES[:4],
            "P0": {"morgue": ["Uncle#5", "Aunt#1"], "mausoleum": ["Crypt#43"]},
            "P1": {"hand": ["Brat#6", "Holiday#46", "Boating#26", "HBomb#27"]},
        }
    )
    rng = Rng.seeded(1)
    for move in ("buy:41", "pay:5", "bury"):
        RULES.apply(st, 0, move, rng)
    text = _lines(st, None)
    assert "Game over · Ann wins with a $11m mausoleum" in text
    assert "★ ◆ Ann wins" in text and "mausoleum $11m [Crypt 6] [Obelisk 5]" in text
    assert "hand 4: Brat 1, Holiday, Boating, H-Bomb" in text


def test_arrivals_mark_the_last_move() -> None:
    """A kill moves the heir to its owner's morgue (MAU-5.2): the morgue card and the new
    discard top are the arrivals."""
    before = RULES.view(busy(("draw:deck",)), 0)
    after = RULES.view(busy(("draw:deck", "play:19", "kill:7")), 0)
    fresh = arrivals(before, after)
    assert "morgue:1:1" in fresh  # the Cousin, behind Bea's Black Sheep
    assert "discard" in fresh  # the Croquet Accident
    assert not any(t.startswith("heir:") for t in fresh)
    assert "moved:0" in fresh  # Ann made the move
    assert arrivals(None, after) == set()


def bea_moved() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """Ann's views before her kill, after it (Bea to play), and after Bea's turn: she takes
    the Croquet Accident from the discard pile and kills Ann's Uncle with it."""
    st = busy(("draw:deck", "play:19"))
    views = [RULES.view(st, 0)]
    rng = Rng.seeded(2)
    RULES.apply(st, 0, "kill:7", rng)
    views.append(RULES.view(st, 0))
    for move in ("draw:discard", "play:19", "kill:5"):
        RULES.apply(st, 1, move, rng)
        views.append(RULES.view(st, 0))
    return views[0], views[1], views[-1]


def test_no_arrivals_after_a_take_back() -> None:
    """An undo shows an earlier view: diffing it against the later one would mark the wrong
    cards and the wrong seat, so nothing is marked (the turn went back, or a draw was undone)."""
    ann, bea_to_play, bea_done = bea_moved()
    assert {"moved:1", "morgue:0:2"} <= arrivals(bea_to_play, bea_done)  # Ann's dead Uncle
    assert follows(ann, bea_to_play) and follows(bea_to_play, bea_done)
    assert arrivals(bea_done, ann) == set()  # the turn counter went back
    assert arrivals(bea_to_play, ann) == set()
    assert arrivals(bea_done, bea_to_play) == set()
    drew = RULES.view(busy(("draw:deck",)), 0)
    assert "hand:1" not in arrivals(RULES.view(busy(), 0), drew)  # Aunt was there already
    assert arrivals(drew, RULES.view(busy(), 0)) == set()  # a draw taken back, same turn


async def test_just_played_marker_survives_undo_and_reload() -> None:
    """``✱ just played`` names the seat that made the last move, and disappears (rather than
    naming the wrong seat) after an undo or on a fresh board (a reloaded match)."""
    ann, bea_to_play, bea_done = bea_moved()
    app = board_app(bea_to_play)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.query_one(MausoleumBoard)
        assert "just played" not in "\n".join(screen_lines(board))  # a fresh board
        board.show(bea_done, None, None)
        await pilot.pause()
        text = "\n".join(screen_lines(board))
        assert "● Bea ✱ just played" in text, text
        board.show(ann, None, None)  # an undo back to Ann's turn
        await pilot.pause()
        text = "\n".join(screen_lines(board))
        assert "just played" not in text and "✱]" not in text, text  # no chip marked
        board.show({**ann, "last_seat": 4}, None, None)  # the engine names the mover
        await pilot.pause()
        text = "\n".join(screen_lines(board))
        assert "Eve ✱ just played" in text, text


async def test_wide_board_lists_the_whole_discard_pile() -> None:
    """The whole discard pile is public (MAU-11.2): at 120 columns the cards below the top show
    top first on a line under it (``+N more`` when they do not fit); at 80 only the top."""
    view, prompt = view_of(busy())
    lines, _ = await board_rows(board_app(view, prompt, None), (120, 40))
    assert "Discard 2: [▸On Holiday] · win at $10m" in "\n".join(lines)
    x, y = find(lines, "below it: Boating")
    assert x == find(lines, "Discard 2")[0] and y == find(lines, "Discard 2")[1] + 1
    lines, _ = await board_rows(board_app(view, prompt, None), (80, 24))
    assert "below it" not in "\n".join(lines)
    many = [f"#{c}" for c in range(1, 7)] + [f"#{c}" for c in range(19, 36)]
    st = build({"seats": 2, "names": NAMES[:2], "discard": many})
    view, prompt = view_of(st)
    app = board_app(view, prompt, None)
    lines, _ = await board_rows(app, (120, 40))
    row = next(line for line in lines if "below it:" in line)
    assert row.rstrip().endswith("more") and cell_len(row) <= 120, row
    assert f"below it: {txt.short(34)} · {txt.short(33)} · " in row  # top first (#35 on top)


# ---------------------------------------------------------------- inspector and texts


async def test_inspector_texts() -> None:
    view, prompt = view_of(busy())
    app = board_app(view, prompt, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(MausoleumBoard)
        husband = board.inspect("heir:1:1") or ""
        nephew = board.inspect("heir:1:2") or ""
        gardener = board.inspect("heir:2:1") or ""
        chapel = board.inspect("maus:0:0") or ""
        top = board.inspect("discard") or ""
        known = board.inspect("known:1:22") or ""
        items = board.inspectable()
        assert board.inspect("hand:20") is None  # Bea's hidden card
        assert board.inspect("heir:9:0") is None
    assert "Beloved Husband" in husband and "Carries a Doozy" in husband
    assert "At ● Bea's party" in husband
    assert "Cannot be killed now" in nephew
    assert "counts $2m less" in gardener and "locks this party" in gardener
    assert "Gothic Chapel" in chapel and "$7m" in chapel and "your mausoleum" in chapel
    assert "On Holiday" in top and "may be taken" in top
    # the whole pile is public (MAU-11.2): listed top first
    assert "1. On Holiday (top)" in top and "2. Boating Accident" in top
    assert "Tumble Down the Stairs" in known and "everyone knows" in known
    targets = [t for t, _ in items]  # the shop first: Simple#37 is in Cy's mausoleum
    assert targets[0] == "grave:38" and "hand:19" in targets and "pile:1" in targets
    for text in (husband, nephew, gardener, chapel, top, known):
        assert "MAU-" not in text  # no rule IDs in player text


def test_card_list_and_rules_file() -> None:
    from tui.screens.rules import RULES_DIR

    cards = MausoleumBoard.card_list_markdown()
    for name in ("Grumpy Dowager", "H-Bomb", "Botched Kidnapping", "Doozy", "Gothic Chapel"):
        assert name in cards
    assert "16 plain accidents" in cards and "$43m" in cards  # MAU-1.5, MAU-1.6
    rules = (RULES_DIR / "mausoleum.md").read_text(encoding="utf-8")
    for heading in ("## How to win", "## Your turn", "## Buy & Bury", "## Rule options"):
        assert heading in rules
    assert "MAU-" not in rules and "MAU-" not in cards


def test_scores_text_names_values_and_the_gardener_penalty() -> None:
    view, _ = view_of(busy(), None)
    text = MausoleumBoard().scores_text(
        view, ["$7m", "$0m", "$7m", "$0m", "$4m"], ["◆ Ann", "● Bea", "▲ Cy", "■ Dot", "★ Eve"]
    )
    assert text == (
        "Mausoleum values: ◆ Ann $7m · ● Bea $0m · ▲ Cy $7m ($9m − 2 gardener) · ■ Dot $0m · "
        "★ Eve $4m (win at $10m)"
    )


def test_everything_view_shows_every_hand() -> None:
    st = busy()
    views = [RULES.view(st, s) for s in range(5)]
    spectator = RULES.view(st, None)
    merged = MausoleumBoard().everything_view(views, spectator)
    assert [s["hand"] for s in merged["seats"]] == [st["hands"][s] for s in range(5)]
    assert spectator["seats"][1]["hand"] is None  # the spectator's own view is untouched


# ---------------------------------------------------------------- through the app


async def test_pilot_plays_turns_through_the_board(save_dir: Path) -> None:
    """A five-seat game against random bots: the human draws by clicking the deck, then plays
    or discards by clicking a hand card, for several turns; the board always marks the seat to
    play and the match moves on."""
    from tui_testkit import make_app, match_screen, settle

    from tui.session import MatchSession

    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "random") for n in NAMES[1:]]
    session = MatchSession.start("mausoleum", seats, seed=11, save_path=save_dir / "m.imperia")
    app = make_app(session=session)
    turns = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(40):
            ms = match_screen(app)
            assert ms is not None and ms.snap is not None
            prompt = ms.snap.prompt
            if prompt is None or session.match.over or turns >= 4:
                break
            board = ms.query_one(MausoleumBoard)
            lines = screen_lines(board)
            text = "\n".join(lines)
            assert "▶ You are to play" in text or "to play" in text
            ids = [c.id for c in prompt.choices]
            if "draw:deck" in ids:
                x, y = find(lines, "[▸Deck")
                turns += 1
            elif any(i.startswith("discard:") for i in ids):
                card = next(i for i in ids if i.startswith("discard:")).partition(":")[2]
                chip = next(
                    s
                    for s in Layout(ms.snap.view, set(), None, 78).hand_lines()[0]
                    if s.target == f"hand:{card}"
                )
                x, y = find(lines, "[▸" + chip.text[1:])
            else:
                await pilot.press(ms.panel.key_of(ids[0]))
                await settle(pilot)
                continue
            before = session.match.entries
            await pilot.click(MausoleumBoard, offset=(x + 2, y))
            await settle(pilot)
            if app.screen is not ms:  # "What to do with it?" menu: play or discard
                await pilot.press("enter")
                await settle(pilot)
            assert session.match.entries > before
    assert turns >= 3


# ---------------------------------------------------------------- snapshots


def test_snapshot_80x24(snap_compare) -> None:
    view, prompt = view_of(busy(("draw:deck", "play:19")))
    assert snap_compare(board_app(view, prompt, "heir:1:0"), terminal_size=(80, 24))


def test_snapshot_120x40(snap_compare) -> None:
    view, prompt = view_of(busy(("draw:deck", "play:19")))
    assert snap_compare(board_app(view, prompt, "heir:1:0"), terminal_size=(120, 40))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_snapshot_match_screen(snap_compare, save_dir: Path, size) -> None:
    """The whole match screen, five seats, after a few human turns against random bots."""
    from tui_testkit import make_app, play

    from tui.session import MatchSession

    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "random") for n in NAMES[1:]]
    session = MatchSession.start("mausoleum", seats, seed=11, save_path=save_dir / "s.imperia")

    async def run_before(pilot) -> None:
        await play(pilot, 6)

    assert snap_compare(make_app(session=session), terminal_size=size, run_before=run_before)
