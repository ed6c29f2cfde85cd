"""The Imperial Struggle board: map cells from a hand-built position, a random game rendered for
every seat without raw data on screen, and Action Rounds played in the app by keys and by
clicks on the map."""

from __future__ import annotations

from pathlib import Path

import pytest
from is_testkit import app_for, play_france_round
from tui_testkit import BoardApp, find, match_screen, screen_lines, settle

from engine.games.imperial_struggle import RULES
from engine.games.imperial_struggle.position import build
from engine.rng import Rng
from engine.rules import Choice, Config, Prompt, SeatConfig, resolve_options
from tui.boards import BOARDS, board_for
from tui.boards.imperial_struggle import PANES, ImperialStruggleBoard
from tui.boards.imperial_struggle_map import MapDrawer, short_name

RAW = ("{'", "[{", "': ", '{"', '": ')
"""Pieces of a Python/JSON dict or list repr that must never reach the screen."""


def _cell(view: dict, space: str, targets: frozenset[str] = frozenset()) -> str:
    return "".join(s.text for s in MapDrawer(view, set(targets), None, set()).cell(space, 26))


def _text(board: ImperialStruggleBoard, view: dict, width: int) -> str:
    board._cache = None
    return "\n".join("".join(s.text for s in line) for line in board.layout(view, width))


def test_registered_and_playable() -> None:
    assert BOARDS["imperial_struggle"].endswith(":ImperialStruggleBoard")
    assert board_for("imperial_struggle") is ImperialStruggleBoard
    assert RULES.playable
    cards = ImperialStruggleBoard.card_list_markdown()  # the Rules screen's card list
    assert cards.startswith("# Imperial Struggle") and "Robert Walpole" in cards


def test_cells_show_flag_kind_and_markers() -> None:
    """A hand-built T2 position (README "Positions for tests"): each marker on its space."""
    rules, st = build(
        {
            "turn": "T2",
            "flags": {"antigua": "britain", "bavaria": None, "havana": "spain"},
            "squadrons": {"gulf_of_maine": "britain"},
            "conflict": {"karaikal": 1, "port_de_paix": 2},
            "forts": {"halifax": "britain"},
            "damaged": ["halifax"],
            "huguenots": {"acadia": 1},
        }
    )
    view = rules.view(st, 0)
    assert _cell(view, "antigua").startswith(" ●B Antigua sug")
    assert _cell(view, "havana").startswith(" ●S Havana sug")
    assert _cell(view, "bavaria").startswith(" ◆· Bavaria ◊")  # emptied; has an Advantage
    assert _cell(view, "gulf_of_maine").startswith(" ≈B Gulf of Maine")
    assert _cell(view, "halifax").startswith(" ■B Halifax ‡")  # built and Damaged
    assert "×+" in _cell(view, "port_de_paix") and _cell(view, "port_de_paix")[2] == "F"
    assert "cot ×" in _cell(view, "karaikal")
    assert _cell(view, "acadia").startswith(" ▲F Acadia h")
    assert _cell(view, "dutch_prestige_3").startswith(" ◆B Dutch Prest.3 ★")
    assert _cell(view, "bavaria", frozenset({"bavaria"}))[0] == "▸"
    assert all(len(_cell(view, s)) == 26 for s in ("antigua", "gulf_of_st_lawrence", "bavaria"))
    assert short_name("austria_prestige_3_upper") == "Austria Prest.3↑"


def test_selected_space_details() -> None:
    """Halifax, a built, Damaged British Fort with a French Squadron next to it: its solid
    connections (with their flags) and that France may seize it (IS-5.6.4b)."""
    rules, st = build(
        {
            "turn": "T2",
            "forts": {"halifax": "britain"},
            "damaged": ["halifax"],
            "squadrons": {"gulf_of_maine": "france"},
        }
    )
    view = rules.view(st, None)
    lines = MapDrawer(view, set(), None, set(), "halifax").details("halifax", 120)
    text = " ".join(" ".join("".join(s.text for s in line) for line in lines).split())
    assert "Halifax · Fort · 3 MP · North America / Northern Colonies · flag: Britain" in text
    assert "Damaged fort · not protected" in text
    assert "connected to Georges Bank, Gulf of Maine F, Northeast Channel ·" in text
    assert "may be seized by France" in text


def test_random_game_renders_without_raw_data() -> None:
    """Random choices from a fixed seed; every 9th step each seat's and the spectator's view
    drawn on every pane at 80 and 120 columns: never a dict or list repr on screen."""
    config = Config(
        (SeatConfig("Ann", "random"), SeatConfig("Bob", "random")), resolve_options(RULES, {})
    )
    st = RULES.setup(config, Rng.seeded(11))
    pick = Rng.seeded(12)
    board = ImperialStruggleBoard()
    steps = drawn = 0
    turns: set[str] = set()
    while not st["over"] and steps < 900:
        waiting = RULES.waiting(st)
        seat = waiting[pick.randbelow(len(waiting))]
        prompt = RULES.prompt(st, seat)
        if steps % 9 == 0:
            for viewer in (0, 1, None):
                view = RULES.view(st, viewer)
                turns.add(view["turn"])
                board._prompt = RULES.prompt(st, viewer) if viewer is not None else None
                board._targets = (
                    {c.target for c in board._prompt.choices if c.target}
                    if board._prompt
                    else set()
                )
                for pane in PANES:
                    board._pane = pane
                    for width in (78, 116):
                        text = _text(board, view, width)
                        bad = [r for r in RAW if r in text]
                        assert not bad, f"raw data {bad} at step {steps}, {pane}:\n{text}"
                        drawn += 1
        choice = prompt.choices[pick.randbelow(len(prompt.choices))].id
        RULES.apply(st, seat, choice, Rng(st["rng"]))
        steps += 1
    assert drawn > 300 and len(turns) >= 3  # the walk went through several turns


@pytest.mark.parametrize("clicks", [False, True], ids=["keys", "clicks"])
async def test_whole_action_round_in_the_app(save_dir: Path, clicks: bool) -> None:
    """France (human) plays one whole Action Round against the random bot: by number keys, or
    with every choice that points at a space made by clicking that space on the map."""
    app = app_for(save_dir)
    async with app.run_test(size=(160, 60)) as pilot:
        made, clicked = await play_france_round(pilot, clicks=clicks)
        await settle(pilot)
        ms = match_screen(app)
        match = ms.session.match
        assert any(c.startswith("tile:") for c in made)
        assert made[-1] == "end_round" or made[-1] == "pass" or "end_round" in made
        spaces = [c for c in made if c.split(":")[0] in ("shift", "deploy")]
        assert spaces, made
        assert match.rules.view(match.state, 0)["rounds_done"][0] >= 1
        ids = [cid for seat, cid in match.line if seat == 0]
        # every choice made went into the journal, in order (forced steps the app took by
        # itself, Settings' auto-advance, stand between them)
        rest = iter(ids)
        assert all(any(cid == c for cid in rest) for c in made), (made, ids)
        # by clicks: every choice that points at a space was made by clicking that space
        assert clicked == (spaces if clicks else [])


async def test_region_and_pane_keys(save_dir: Path) -> None:
    """m shows the next region, p the next pane; both are listed in the help."""
    app = app_for(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = match_screen(app).board
        assert board.shown_pane == "map" and board.map_region == "europe"
        await pilot.press("m")
        await pilot.pause()
        assert board.map_region == "north_america"
        await pilot.press("p")
        await pilot.pause()
        assert board.shown_pane == "records"
        await pilot.press("p", "p")
        await pilot.pause()
        assert board.shown_pane == "map"
        keys = {
            ab.binding.key: ab.binding.description for ab in app.screen.active_bindings.values()
        }
        assert keys.get("m") == "Region" and keys.get("p") == "Pane" and keys.get("t") == "Theater"


async def test_clicks_select_or_pick_and_opponent_round_is_marked() -> None:
    """On the board alone: a click on a space no choice points at selects it (its details
    show, nothing is reported); a click on a space a choice points at reports it; the spaces the
    opponent changed in its round are marked ✱ once the viewer's own round begins; at 170
    columns the four regions stand side by side."""
    rules, st = build({"turn": "T2", "at": "action", "side": "france", "flags": {"antigua": 1}})
    view = rules.view(st, 0)
    prompt = rules.prompt(st, 0)
    theirs = dict(view, round={**view["round"], "side": 1, "no": 1, "changed": {"antigua": 1}})
    target = Choice("shift:bavaria", "Flag Bavaria", "bavaria", "shift", "base 3 = 3 DP")
    ask = Prompt(0, "choose a purchase", (target,), "Diplomatic 3 DP (Major)")
    app = BoardApp("imperial_struggle", theirs, None, None)
    async with app.run_test(size=(170, 50)) as pilot:
        await pilot.pause()
        board = app.query_one(ImperialStruggleBoard)
        board.show(view, prompt, None)  # France's round begins
        board.show(view, ask, None)
        await pilot.pause()
        lines = screen_lines(board)
        head = next(line for line in lines if "── Europe" in line)
        assert all(r in head for r in ("North America", "Caribbean", "India"))
        assert "✱●B Antigua" in "\n".join(lines)
        x, y = find(lines, "Sweden")
        await pilot.click(board, offset=(x, y))
        await pilot.pause()
        assert app.clicked == [] and board._selected == "sweden"
        assert "◉ Sweden · Political · 2 DP · Prestige · Europe" in "\n".join(screen_lines(board))
        x, y = find(screen_lines(board), "Bavaria", after=2)
        await pilot.click(board, offset=(x, y))
        await pilot.pause()
        assert app.clicked == ["bavaria"]
        x, y = find(screen_lines(board), "Records")
        await pilot.click(board, offset=(x, y))
        await pilot.pause()
        assert board.shown_pane == "records" and app.clicked == ["bavaria"]


async def test_theater_key_steps_through_the_war_display(save_dir: Path) -> None:
    """t opens the War pane on the next War's first theater, then steps through the four
    theaters of the War of the Spanish Succession (IS-2.1a: T1's next War) and wraps."""
    app = app_for(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = match_screen(app).board
        seen = []
        for _ in range(5):
            await pilot.press("t")
            await pilot.pause()
            seen.append((board.shown_pane, board._theater))
        assert seen == [("war", "1"), ("war", "2"), ("war", "3"), ("war", "4"), ("war", "1")]
        text = "\n".join(screen_lines(board))
        assert "War of the Spanish Succession" in text and "Central Europe" in text


def test_opponent_marks_follow_rounds_and_forget_going_back() -> None:
    """✱ marks: the opponent's changes while its round runs and after yours begins; cleared
    when your next round starts after one of your own, and when the view goes back in time."""
    board = ImperialStruggleBoard()

    def seen(done: list[int], side: int, no: int, changed: tuple[str, ...]) -> set[str]:
        rd = {"side": side, "no": no, "changed": dict.fromkeys(changed, 1)}
        board._track_rounds({"side": 0, "ti": 2, "rounds_done": done, "round": rd})
        return set(board._fresh)

    assert seen([1, 0], 1, 1, ("antigua",)) == {"antigua"}  # Britain's round, running
    assert seen([1, 1], 0, 2, ()) == {"antigua"}  # France's round 2 begins
    assert seen([1, 1], 0, 2, ("bavaria",)) == {"antigua"}  # France's own changes: unmarked
    assert seen([0, 0], 0, 1, ()) == set()  # an undo back to France's first round


def test_marks_read_from_the_log_after_a_reload() -> None:
    """A fresh board (a reload: no round seen yet) marks what the log says the opponent's last
    round changed, as the "Last:" line tells it."""
    rules, st = build({"turn": "T2", "at": "action", "side": "france", "flags": {"antigua": 1}})
    board = ImperialStruggleBoard()
    board.log_lines = [
        "Britain's Action Round 1",
        "Britain takes Investment tile 4 (Economic 3 / Diplomatic 2, Event)",
        "Britain starts the Economic major action (3 EP)",
        "Britain flags Antigua (2 EP)",
        "Britain's Action Round ends",
        "France's Action Round 1",
    ]
    view = rules.view(st, 0)
    assert board._marked(view) == {"antigua"}
    board._region = 2  # the Caribbean
    assert "✱●B Antigua" in _text(board, view, 78)


def test_everything_view_shows_both_sides_hands_ministries_and_war_tiles():
    """A finished match's replay shows every hand at every entry (README "Saves, undo and
    replay"; fresh-user QA found both Event hands hidden in Imperial Struggle's)."""
    from engine import registry
    from engine.rng import Rng, new_cell
    from engine.rules import Config, SeatConfig, resolve_options
    from tui.boards.imperial_struggle import ImperialStruggleBoard

    rules = registry.get("imperial_struggle")
    cfg = Config((SeatConfig("A", "random"), SeatConfig("B", "random")), resolve_options(rules))
    st = rules.setup(cfg, Rng(new_cell(3)))
    rng = Rng(new_cell(4))
    while rules.outcome(st) is None and not (st["war"] and st["ti"] >= 1):
        seat = min(rules.waiting(st))
        p = rules.prompt(st, seat)
        rules.apply(st, seat, p.choices[rng.randbelow(len(p.choices))].id, Rng(st["rng"]))
    views = [rules.view(st, 0), rules.view(st, 1)]
    spectator = rules.view(st, None)
    assert spectator["hands"] == [None, None]
    every = ImperialStruggleBoard().everything_view(views, spectator)
    for side in (0, 1):
        seat = st["side_seat"][side]
        assert every["hands"][side] == list(st["hands"][side])
        assert every["ministries"][side] == views[seat]["ministries"][side]
        for k, th in st["war"]["theaters"].items():
            assert every["war"]["theaters"][k]["basic"][side] == sorted(th["basic"][side])
