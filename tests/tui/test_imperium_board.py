"""The iMperium board: what it shows at 80x24 and 120x40, clicks, the inspector, snapshots."""

from __future__ import annotations

from typing import Any

import imperium_views as views
import pytest
from rich.cells import cell_len
from textual.geometry import Region
from tui_testkit import BoardApp, board_rows, find, screen_lines

from engine.rules import Prompt
from tui.boards import board_for
from tui.boards.imperium import BoardLayout, ImperiumBoard, points_in_units


def board_app(
    view: dict[str, Any], prompt: Prompt | None = None, cursor: str | None = None
) -> BoardApp:
    """A test app showing one imperium board."""
    return BoardApp("imperium", view, prompt, cursor)


# ---------------------------------------------------------------- what is shown


async def test_registered_board_is_imperium() -> None:
    assert board_for("imperium") is ImperiumBoard


async def test_compact_80x24_shows_the_position() -> None:
    app = board_app(views.mid_game(0), views.action_prompt(), "p0.0")
    lines, height = await board_rows(app, (80, 24))
    text = "\n".join(lines)
    assert 10 <= height <= 14
    # opponent on top, the viewer at the bottom
    assert text.index("GREECE · opponent") < text.index("Turn 12") < text.index("ROME · you")
    for expected in (
        "⚔ Army Dominance ●●●○○ 3/5",
        "⚓ Navy Dominance ●○ 1/2",
        "Points 2/6",
        "Points 2/4",
        "▶ to play",
        "hand 5 (known: Trireme)",
        "deck 22",
        "discard 6",
        "deck 18",
        "discard 5",
        "[Hoplite ↷]",
        "[Granary ↷]",
        "[Farm×3]",
        "[▒ face-down Wonder]",
        "[▒ The Colosseum (face down)]",  # the card's one display name everywhere
        "Hand 4:",
        "[▸Hadrian's Wall]",
        "Dice 6 5 4 2 1 1 → 11",
        "energy now 7",
        "Rome to play · Actions",
    ):
        assert expected in text, expected
    # Greece's hidden hand and face-down Wonder never show
    for hidden in ("Pericles", "Lighthouse", "Colossus"):
        assert hidden not in text


async def test_lines_fit_the_width() -> None:
    for view, prompt in (
        (views.mid_game(0), views.action_prompt()),
        (views.mid_game(0), views.recover_prompt()),
        (views.mid_game(1), None),
        (views.finished(None), None),
        (views.opening(1), None),
    ):
        targets = {c.target for c in prompt.choices if c.target} if prompt else set()
        for width in (80, 120):
            for line in BoardLayout(view, targets, None, width).lines():
                assert sum(cell_len(s.text) for s in line) <= width


async def test_wide_120x40_shows_more_detail() -> None:
    app = board_app(views.mid_game(0), views.action_prompt(), "p0.0")
    lines, height = await board_rows(app, (120, 40))
    text = "\n".join(lines)
    assert height <= 24
    for expected in (
        "GREECE — Greek deck · opponent",
        "ROME — Roman deck · you",
        "Points 2/6 (6/6 wins)",
        "Action phase",
        "sold this turn: no",
        "Wonders",
        "Defense",
        # the whole (short) discard pile
        "[Farm] [Walls] [Trader] [Port] [Farm] [Trader]",
        "↷ tapped · ▒ face down",
    ):
        assert expected in text, expected


async def test_spectator_sees_seat_0_at_the_bottom_and_no_hands() -> None:
    lines = [
        "".join(s.text for s in line)
        for line in BoardLayout(views.mid_game(None), set(), None, 80).lines()
    ]
    text = "\n".join(lines)
    assert text.index("GREECE") < text.index("ROME")
    assert "you" not in text and "opponent" not in text
    assert "hand 4" in text and "hand 5" in text
    assert "Hand " not in text
    assert "Hadrian" not in text and "Colosseum" not in text


async def test_outcome_and_opening() -> None:
    done = "\n".join(
        "".join(s.text for s in line)
        for line in BoardLayout(views.finished(), set(), None, 80).lines()
    )
    assert "Game over · Rome wins: Army victory" in done
    assert "▶ to play" not in done
    opening = "\n".join(
        "".join(s.text for s in line)
        for line in BoardLayout(views.opening(1), set(), None, 80).lines()
    )
    assert "Opening discard" in opening
    assert "Opening discard picks: Farm" in opening
    assert "opening discard chosen" in opening  # Rome committed (picks stay secret)
    assert "to play" not in opening


async def test_selectable_chips_are_marked_and_the_cursor_reversed() -> None:
    app = board_app(views.mid_game(0), views.return_prompt(), "p1.9")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(ImperiumBoard)
        w, h = board.size
        strips = board.render_lines(Region(0, 0, w, h))
        text = "\n".join(s.text for s in strips)
        reversed_text = "".join(
            seg.text for strip in strips for seg in strip if seg.style and seg.style.reverse
        )
    assert "[▸Hoplite]" in text and "[▸The Parthenon]" in text
    assert "[Aristotle]" in text  # cost 12: not a target, no marker
    assert "[Legion]" in text  # own cards are not targets
    assert reversed_text == "[▸▒ face-down Wonder]"


def board_text(view: dict[str, Any], width: int = 80) -> str:
    return "\n".join(
        "".join(s.text for s in line) for line in BoardLayout(view, set(), None, width).lines()
    )


async def test_stolen_dice_are_shown() -> None:
    view = views.mid_game(0)
    view["seats"][1]["stolen"] = 2  # Rome holds Army Dominance: 2 of Greece's dice are stolen
    view["stolen_in"] = 2
    for width in (80, 120):
        text = board_text(view, width)
        assert "Dice 6 5 4 2 1 1 (+2 stolen)" in text
        assert "deck 22 · 2 dice stolen · discard 6" in text
    view["stolen_in"] = None  # after an action the roll's count is not known
    assert "stolen)" not in board_text(view)


async def test_government_progress_near_the_hand() -> None:
    view = views.mid_game(0)
    rome = view["seats"][0]
    rome["hand"] = [*rome["hand"], "republic", "principatus"]
    rome["hand_count"] = 6
    rome["governments"] = [
        {"card": "republic", "progress": "3/5 dice-increase cards", "met": False},
        {"card": "principatus", "progress": "4/4 Army cards, Army Dominance", "met": True},
    ]
    text = board_text(view, 120)
    assert "Republic 3/5 dice-increase cards · Principatus ready: play it for 11 to win" in text
    compact = board_text(view, 80).splitlines()
    hand = next(k for k, line in enumerate(compact) if "Hand 6:" in line)
    assert "Republic 3/5 dice" in "\n".join(compact[hand : hand + 3])
    for line in BoardLayout(view, set(), None, 80).lines():
        assert sum(cell_len(s.text) for s in line) <= 80
    greece = views.mid_game(1)
    greece["seats"][1]["governments"] = [
        {"card": "democracy", "progress": "2/4 Navy cards, no Navy Dominance", "met": False},
        {"card": "oligarchy", "progress": "1/3 Great Persons, no Navy Dominance", "met": False},
    ]
    text = board_text(greece)
    assert "Democracy 2/4 Navy cards, no Navy Dom." in text
    assert "Oligarchy 1/3 Great Persons, no Navy Dom." in text
    for line in BoardLayout(greece, set(), None, 80).lines():
        assert sum(cell_len(s.text) for s in line) <= 80
    # nothing without Governments in hand (and never for the opponent's hand)
    assert "Dominance" not in board_text(views.mid_game(0), 80).split("Hand 4:")[1]


async def test_outcome_reason_naming_the_winner_is_not_repeated() -> None:
    view = views.finished()
    view["outcome"]["reason"] = "Rome wins: Army victory — 5 army counters"
    text = board_text(view)
    assert "Game over · Rome wins: Army victory — 5 army counters" in text
    assert "Rome wins: Rome wins" not in text


# ---------------------------------------------------------------- clicks


@pytest.mark.parametrize(
    ("prompt", "needle", "after", "target"),
    [
        ("action", "[▸Caravan]", 0, "h:caravan"),
        ("action", "[▸Galley]", 0, "p0.3"),
        ("action", "[Farm×3]", 0, "p0.4"),
        ("return", "[▸▒ face-down Wonder]", 0, "p1.9"),
        ("return", "[▸Hoplite ↷]", 0, "p1.1"),
        ("recover", "[▸Legion]", 6, "d0:legion"),
        ("none", "[Trader]", 0, "d1:trader"),
    ],
)
async def test_click_posts_the_chip_target(
    prompt: str, needle: str, after: int, target: str
) -> None:
    p = {
        "action": views.action_prompt(),
        "return": views.return_prompt(),
        "recover": views.recover_prompt(),
        "none": None,
    }[prompt]
    app = board_app(views.mid_game(0), p)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(ImperiumBoard)
        lines = screen_lines(board)
        if prompt == "recover":  # the discard row is the last one
            after = len(lines) - 1
        x, y = find(lines, needle, after)
        await pilot.click(board, offset=(x + 2, y))
        await pilot.pause()
    assert app.clicked == [target]


async def test_click_outside_chips_posts_nothing() -> None:
    app = board_app(views.mid_game(0), views.action_prompt())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(ImperiumBoard)
        lines = screen_lines(board)
        x, y = find(lines, "Turn 12")
        await pilot.click(board, offset=(x, y))
        await pilot.click(board, offset=(0, 0))
        await pilot.pause()
    assert app.clicked == []


# ---------------------------------------------------------------- inspector


def shown_board(view: dict[str, Any], prompt: Prompt | None = None) -> ImperiumBoard:
    board = ImperiumBoard()
    board.show(view, prompt, None)
    return board


def test_inspect_play_hand_and_discard_cards() -> None:
    board = shown_board(views.mid_game(0))
    legion = board.inspect("p0.0")
    assert legion is not None
    assert "## Legion" in legion and "IMP-9.1" in legion and "Army" in legion
    assert "Tap ability: 5: land attack" in legion and "untapped" in legion
    assert "*Land attack:* take Army Dominance" in legion and "Rome" in legion
    tapped = board.inspect("p1.1")
    assert (
        tapped and "## Hoplite" in tapped and "tapped" in tapped and "Greece's play area" in tapped
    )
    own_fd = board.inspect("p0.9")
    assert own_fd and "The Colosseum" in own_fd and "face down" in own_fd and "5, flip 8" in own_fd
    caravan = board.inspect("h:caravan")
    assert (
        caravan
        and "## Caravan" in caravan
        and "draw 2 cards" in caravan
        and "in your hand" in caravan
    )
    trader = board.inspect("d1:trader")
    assert trader and "## Trader" in trader and "IMP-10.6" in trader and "(2 copies)" in trader
    caesar = board.inspect("p0.11")
    assert caesar and "Points: 1/4" in caesar
    greek_farm = board.inspect("p1.5")
    assert greek_farm and "IMP-10.3" in greek_farm  # the Greek Farm, not the Roman one


def test_inspect_hides_opposing_face_down_wonders() -> None:
    board = shown_board(views.mid_game(0))
    hidden = board.inspect("p1.9")
    assert hidden and "A face-down Wonder (identity hidden)" in hidden
    assert "Colossus" not in hidden


@pytest.mark.parametrize("target", ["", "p9.0", "p0.99", "x:legion", "h:", "d7:farm", "p0.x"])
def test_inspect_unknown_targets(target: str) -> None:
    assert shown_board(views.mid_game(0)).inspect(target) is None


def test_inspectable_in_reading_order() -> None:
    board = shown_board(views.mid_game(0))
    items = board.inspectable()
    targets = [t for t, _ in items]
    assert targets[0] == "p1.0"
    assert targets.index("p1.11") < targets.index("p0.0") < targets.index("h:legion")
    assert "d0:walls" in targets and "d1:port" in targets
    assert "h1:trireme" in targets  # the known card of Greece's hand
    labels = dict(items)
    assert labels["p1.9"] == "Greece · face-down Wonder"
    assert labels["p0.9"] == "Rome · The Colosseum (face down)"
    assert labels["p1.1"] == "Greece · Hoplite (tapped)"
    for target, _ in items:
        assert board.inspect(target), target


def test_card_list_markdown() -> None:
    md = ImperiumBoard.card_list_markdown()
    assert "## Rome (Roman deck, 38 cards)" in md
    assert "## Greece (Greek deck, 39 cards)" in md
    assert "- **Legion** · ×5 · Army · cost 5 · tap 5" in md
    assert "- **The Colossus** · ×1 · Wonder · cost 5, flip 8 · 1/6 point" in md
    assert "- **Land attack:**" in md and "- **Recover:**" in md
    assert md.count("\n- **") == 39 + 4  # every distinct card, plus the keywords


def test_points_in_units() -> None:
    assert points_in_units("1/3", "greek") == "2/6"
    assert points_in_units("1/2", "roman") == "2/4"
    assert points_in_units("0", "greek") == "0/6"
    assert points_in_units("1", "roman") == "4/4"


# ---------------------------------------------------------------- real engine views


def test_views_of_a_random_engine_game_render() -> None:
    """Every seat's view along a random game draws at both widths without leaking."""
    from engine.games.imperium import RULES
    from engine.rng import Rng
    from engine.rules import Config, SeatConfig, resolve_options

    cfg = Config((SeatConfig("a"), SeatConfig("b")), resolve_options(RULES, {}))
    for seed in (1, 2):
        st = RULES.setup(cfg, Rng.seeded(seed))
        rng, pick = Rng(st["rng"]), Rng.seeded(seed + 100)
        steps = 0
        while RULES.outcome(st) is None and steps < 400:
            seat = RULES.waiting(st)[0]
            prompt = RULES.prompt(st, seat)
            view = RULES.view(st, seat)
            targets = {c.target for c in prompt.choices if c.target}
            for width in (80, 120):
                lines = BoardLayout(view, targets, None, width).lines()
                assert all(sum(cell_len(s.text) for s in ln) <= width for ln in lines)
                # every card a choice points at is drawn (so it can be seen and clicked)
                drawn = {m for ln in lines for s in ln for m in s.members}
                assert targets <= drawn, (targets - drawn, prompt.text)
            board = shown_board(view, prompt)
            browsable = {t for t, _ in board.inspectable()}
            assert targets <= browsable, targets - browsable
            RULES.apply(st, seat, prompt.choices[pick.randbelow(len(prompt.choices))].id, rng)
            steps += 1


# ---------------------------------------------------------------- snapshots


def test_snapshot_80x24(snap_compare) -> None:
    app = board_app(views.mid_game(0), views.action_prompt(), "p0.0")
    assert snap_compare(app, terminal_size=(80, 24))


def test_snapshot_120x40(snap_compare) -> None:
    app = board_app(views.mid_game(0), views.action_prompt(), "p0.0")
    assert snap_compare(app, terminal_size=(120, 40))


# ---------------------------------------------------------------- player rules


def test_player_rules_ship_with_the_package() -> None:
    from importlib.resources import files

    md = files("tui.rules").joinpath("imperium.md").read_text(encoding="utf-8")
    for heading in (
        "## How to win",
        "## Setup",
        "## Your turn",
        "## Energy and dice",
        "## Actions",
        "## Attacks and dominance",
        "## Card keywords",
        "## Tips for a first game",
        "## Rule options",
    ):
        assert heading in md
    for n in range(1, 11):
        assert f"(IMP-V{n})" in md
    assert len(md.split()) < 1700  # a five-minute read
