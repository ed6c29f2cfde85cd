"""What just happened (issue 21 item 3): the other seats' last turn in one line above the
board, and what it changed marked on the board — in every game, iMperium at 80x24 first (its
log is hidden there)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_testkit import SEED, make_app, match_screen, progress_key, settle

from engine.rules import SeatConfig
from tui.boards.segments import SegmentBoard
from tui.last_turn import cut_facts, importance, run_of_others, without_name
from tui.session import MatchSession
from tui.widgets.last_turn import LastTurnLine, fit_line, fit_seats


def test_run_of_others_is_the_latest_run_not_by_the_viewer() -> None:
    line = [(0, "a"), (1, "b"), (1, "c"), (0, "d"), (2, "e"), (1, "f"), (0, "g")]
    assert run_of_others(line, 0) == (4, 6)  # seats 2 and 1 after 0's "d"
    assert run_of_others(line[:6], 0) == (4, 6)
    assert run_of_others(line, 1) == (6, 7)
    assert run_of_others([(0, "a")], 0) == (0, 0)  # nobody else has played
    assert run_of_others(line, None) == (6, 7)  # a spectator: the last seat's run
    # Seat 0's "d" was a forced step (one choice, taken for it): the run goes back past it
    # to seat 0's last decision "a", and starts with another seat's ply.
    assert run_of_others(line, 0, lambda k: k == 3) == (1, 6)
    assert run_of_others(line, 0, lambda k: k in (0, 3)) == (1, 6)
    assert run_of_others(line, 0, lambda k: False) == (4, 6)


def test_fit_line_keeps_the_newest_lines() -> None:
    lines = ["Bea draws a card", "Cid plays Uncle", "Dot passes"]
    assert fit_line(lines, 80) == "Bea draws a card · Cid plays Uncle · Dot passes"
    # "Last turn: " is 11 cells: 41 leave 30, just enough for the last two after "… ".
    assert fit_line(lines, 41) == "… Cid plays Uncle · Dot passes"
    assert fit_line(["x" * 50], 30) == "x" * 18 + "…"


GAMES = [
    ("imperium", [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot")], {}),
    ("mausoleum", [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot")], {}),
    (
        "res_publica",
        [SeatConfig("Ann", "human"), SeatConfig("Bea", "bot"), SeatConfig("Cid", "bot")],
        {},
    ),
]


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
async def test_the_bots_turn_is_told_and_marked_at_80x24(
    save_dir: Path, game: str, seats: list[SeatConfig], options: dict
) -> None:
    """Play by keys; each time the bots have had a turn and Ann decides again, the line tells
    exactly the bots' log lines since Ann's last choice and the board marks exactly the things
    drawn differently after that turn than before it; within 60 choices a bot turn changes
    something on the board (a secret opening discard changes nothing Ann can see)."""
    session = MatchSession.start(game, seats, options, seed=SEED, save_path=save_dir / "m")
    app = make_app(session=session)
    match = session.match
    marked: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(60):
            ms = match_screen(app)
            if match.line and match.line[-1][0] != 0 and ms.snap.prompt is not None:
                marked |= _check_last_turn(ms, match)
                if marked:
                    break
            key = progress_key(ms)
            assert key is not None
            await pilot.press(key)
            await settle(pilot)
    assert marked, "no bot turn changed anything on the board"


def _check_last_turn(ms, match) -> set[str]:
    """Check the last-turn line and the board's marks now; return the marked targets."""

    def single(k: int) -> bool:  # Ann's ply k had one choice: no decision
        return len(match.rules.prompt(match.state_at(k), 0).choices) == 1

    start, end = run_of_others(match.line, 0, single)
    assert start < end == len(match.line)
    items = [
        i
        for i in match.log
        if start <= i.ply < end
        and not i.undone
        and i.event.kind not in ("chat", "turn")  # "Bea's turn" announces, tells nothing
        and match.line[i.ply][0] != 0
    ]
    while items and items[-1].event.seat == 0:  # Ann's own turn opening ("You draw ...")
        items.pop()
    told = [match.describe(i, 0) for i in items]
    line = ms.query_one(LastTurnLine)
    assert line.display and told
    seats = list(dict.fromkeys(match.line[i.ply][0] for i in items))
    width = line.content_region.width
    if len(seats) == 1:
        assert line.line == fit_line(told, width)
    else:  # every seat that played is named
        names = [match.seats[s].name for s in seats]
        parts = [
            (n, [without_name(match.describe(i, 0), n) for i in items if match.line[i.ply][0] == s])
            for s, n in zip(seats, names, strict=True)
        ]
        assert line.line == fit_seats(parts, width)
        assert all(f"{n}:" in line.line for n in names)
    board = ms.board
    assert isinstance(board, SegmentBoard)
    before = match.rules.view(match.state_at(start), 0)
    after = match.rules.view(match.state_at(end), 0)
    width = board.size.width
    old, new = board._drawn(before, width), board._drawn(after, width)
    expected = {t for t, text in new.items() if old.get(t) != text}
    assert board.changed == expected
    return expected


async def test_imperium_tells_the_bots_plays_not_your_own_turn_opening(save_dir: Path) -> None:
    """iMperium logs "Your turn · You draw ... · You roll ..." inside Greece's last ply: the line
    under the title tells Greece's plays, never Ann's own automatic steps (QA found "… Your
    turn · You draw Galley · You roll 3 dice" there at 80x24, and not what Greece did)."""
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot")]
    session = MatchSession.start("imperium", seats, seed=SEED, save_path=save_dir / "m")
    app = make_app(session=session)
    match = session.match
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(80):
            ms = match_screen(app)
            opened = [i for i in match.log if i.event.kind == "turn" and i.event.seat == 0]
            if ms.snap.prompt is not None and match.line[-1][0] == 1 and opened:
                start, end = run_of_others(match.line, 0)
                if opened[-1].ply == end - 1:  # Ann's turn opened in Greece's last ply
                    shown = ms.query_one(LastTurnLine).line
                    assert "Your turn" not in shown and "You draw" not in shown, shown
                    assert "You roll" not in shown, shown
                    assert "Greece" in shown, shown
                    checked += 1
                    if checked == 3:
                        break
            await pilot.press(progress_key(ms))
            await settle(pilot)
    assert checked == 3


async def test_mausoleum_names_every_seat_that_played(save_dir: Path) -> None:
    """Mausoleum with four seats at 80x24: after the three bots' turns the line names Bea, Cid
    and Dot, each with what they did last (QA found only the last bot's lines there)."""
    names = ["Ann", "Bea", "Cid", "Dot"]
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "random") for n in names[1:]]
    session = MatchSession.start("mausoleum", seats, seed=SEED, save_path=save_dir / "m")
    app = make_app(session=session)
    match = session.match
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(40):
            ms = match_screen(app)
            start, end = run_of_others(match.line, 0)
            played = {match.line[p][0] for p in range(start, end)}
            if ms.snap.prompt is not None and played == {1, 2, 3}:
                break
            await pilot.press(progress_key(ms))
            await settle(pilot)
        else:
            raise AssertionError("the three bots never played in a row")
        shown = ms.query_one(LastTurnLine).line
        assert [shown.find(f"{n}:") >= 0 for n in names] == [False, True, True, True], shown
        assert shown.index("Bea:") < shown.index("Cid:") < shown.index("Dot:")
        for seat in (1, 2, 3):  # each seat's latest line, without its name
            told = [
                match.describe(i, 0)
                for i in match.log
                if start <= i.ply < end and match.line[i.ply][0] == seat and not i.undone
            ]
            last = max(reversed(told), key=importance)  # its most important line
            part = without_name(last, names[seat])
            assert f"{names[seat]}: {part}" in shown or f"{names[seat]}: …" in shown


def test_fit_seats_names_every_seat() -> None:
    parts = [("Bea", ["draws a card", "discards Misplaced"]), ("Cid", ["plays Uncle"])]
    assert fit_seats(parts, 80) == "Bea: draws a card, discards Misplaced; Cid: plays Uncle"
    # 11 cells of "Last turn: ": 52 leave 41, just enough for each seat's latest line.
    assert fit_seats(parts, 52) == "Bea: discards Misplaced; Cid: plays Uncle"
    # 40 leave 29: no fact is cut (QA: "Hard bot: invites Pe…; Bot 2: Petulant Brat…"); the
    # seats without room keep only their name.
    assert fit_seats(parts, 40) == "Bea: …; Cid: plays Uncle"
    assert fit_seats(parts, 31) == "Bea: …; Cid: …"


def test_lines_that_concern_you_come_first_and_whole() -> None:
    """QA (Res Publica): "Bot 1 rejects your answer: no trade" was left out for newer lines;
    what concerns the viewer is kept first, whole, when the line has no room for all."""
    lines = ["Bot 1 requests 2 grain", "Bot 1 rejects your answer: no trade", "Bot 2 wants wood"]
    assert fit_line(lines, 60) == "… Bot 1 rejects your answer: no trade"
    assert fit_line(lines, 80) == "… Bot 1 rejects your answer: no trade · Bot 2 wants wood"
    parts = [("Bot 1", ["requests 2 grain", "rejects your answer: no trade"]), ("Bot 2", ["x"])]
    assert fit_seats(parts, 60) == "Bot 1: rejects your answer: no trade; Bot 2: x"
    assert (
        fit_seats(parts, 80) == "Bot 1: rejects your answer: no trade, requests 2 grain; Bot 2: x"
    )


def test_a_long_line_is_cut_between_whole_facts() -> None:
    """QA: "War of the Spanish Succession ended: Central Europe Britain +1, Sp…" at 120
    columns: a line too long alone ends after its last whole fact."""
    war = (
        "War of the Spanish Succession ended: Central Europe Britain +1, Spain France +2, "
        "Italy tied, Low Countries Britain +3, Caribbean France +1, India Britain +2"
    )
    assert fit_line([war], 120) == (
        "War of the Spanish Succession ended: Central Europe Britain +1, Spain France +2, "
        "Italy tied …"
    )
    assert cut_facts("Britain's Action Round 1: reveals A; uses B; flags C", 45) == (
        "Britain's Action Round 1: reveals A; uses B …"
    )


def test_imperial_struggle_never_tells_your_own_moves() -> None:
    """QA (the user is France): "Last turn: You choose France to take the first Action
    Round", then "France holds the Initiative" — the viewer's own move and what it set off
    are not the other seat's plays (nor is the Initiative, which the rules set, IS-4.1.8)."""
    from tui.boards.imperial_struggle_summary import last_round_line

    france = {"side": 0}
    own = ["You choose France to take the first Action Round", "France holds the Initiative"]
    assert last_round_line(france, own) == ""
    theirs = ["Britain chooses France to take the first Action Round", own[1]]
    assert last_round_line(france, theirs) == theirs[0]  # the Initiative is the rule's (IS-4.1.8)
    assert last_round_line(france, [own[1], own[0]]) == ""
    assert last_round_line(france, ["Britain reveals X", *own]) == "Britain reveals X"


async def test_imperial_struggle_tells_the_last_round_in_one_line(save_dir: Path) -> None:
    """Imperial Struggle after Britain's Action Round: one line tells it, under the title (the
    game's own round summary, "Britain's Action Round 1: ..."); the board no longer repeats it
    in a "Last:" line of its own (QA found both)."""
    from is_testkit import app_for, play_france_round

    from tui.boards.imperial_struggle_summary import last_round_line

    app = app_for(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_france_round(pilot)
        await settle(pilot)
        ms = match_screen(app)
        told = last_round_line(ms.snap.view, list(ms.snap.log))
        assert told.startswith("Britain's Action Round"), told
        line = ms.query_one(LastTurnLine)
        assert line.display and line.line == fit_line([told], line.content_region.width)
        # the whole summary is the line's tooltip whenever the line is cut
        assert line.whole == told and line.tooltip == (None if line.line == told else told)
        board = ms.board
        # Every row the board lays out (its whole height, scrolled into view or not).
        rows = ["".join(seg.text for seg in row) for row in board.layout(ms.snap.view, 78)]
        assert not [r for r in rows if r.lstrip().startswith("Last:")], rows


async def test_res_publica_tells_the_whole_round_past_your_forced_pass(save_dir: Path) -> None:
    """Res Publica, four seats: when Ann's only answer to a request was Pass (taken for her),
    the line still tells what the others did before it, back to Ann's last real decision —
    the request she could not answer included (QA: only the seats after the pass)."""
    names = ["Ann", "Bea", "Cid", "Dot"]
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "random") for n in names[1:]]
    session = MatchSession.start("res_publica", seats, seed=5, save_path=save_dir / "m")
    app = make_app(session=session)
    match = session.match
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(60):
            ms = match_screen(app)
            ann = [k for k, (seat, _) in enumerate(match.line) if seat == 0]
            single = [len(match.rules.prompt(match.state_at(k), 0).choices) == 1 for k in ann]
            if (
                ms.snap.prompt is not None
                and len(ms.snap.prompt.choices) > 1
                and ann
                and single[-1]  # Ann's last ply was a forced step, the others played after it
                and match.line[-1][0] != 0
                and not all(single)
            ):
                last = ann[-1]
                decided = max(k for k, one in zip(ann, single, strict=True) if not one)
                before = [  # the others' lines between Ann's decision and her pass
                    match.describe(i, 0)
                    for i in match.log
                    if decided < i.ply < last
                    and match.line[i.ply][0] != 0
                    and not i.undone
                    and i.event.kind != "turn"
                ]
                if before:
                    turn = session.last_turn_of(0)
                    assert all(line in turn.lines for line in before), turn.lines
                    assert not [x for x in turn.lines if x.startswith("You pass")], turn.lines
                    # QA: "Bot 1: Bot 2's turn; ..." — turn announcements tell nothing
                    assert not [x for x in turn.lines if x.endswith("'s turn")], turn.lines
                    checked += 1
                    if checked == 2:
                        break
            await pilot.press(progress_key(ms))
            await settle(pilot)
    assert checked == 2


async def test_imperial_struggle_numbers_action_rounds_one_way(save_dir: Path) -> None:
    """QA: Records said "Round 3/8: France", the log "France's Action Round 2", the replay's
    turn list "T4 · round 2/3/4". One numbering, the log's: each side's own Action Rounds 1-4
    of a Peace Turn (IS-4.1.9: eight rounds, until each side has taken 4); Records says
    "France's round 2" (short: its line fits 80 columns)."""
    from is_testkit import app_for, play_france_round

    from tui.boards.imperial_struggle import ImperialStruggleBoard
    from tui.boards.imperial_struggle_records import _status_line

    label = ImperialStruggleBoard.turn_label
    assert label({"turn": "T4", "round": {"side": 0, "no": 2}}) == (
        "Turn 4 · France's Action Round 2"
    )
    assert label({"turn": "T4", "round": {"side": 1, "no": 2}}) == (
        "Turn 4 · Britain's Action Round 2"
    )
    assert label({"turn": "T4", "round": None}) == "Turn 4"
    app = app_for(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_france_round(pilot)
        await settle(pilot)
        match = match_screen(app).session.match
        views = [match.rules.view(match.state_at(k), None) for k in range(len(match.line) + 1)]
    heads = [i.event for i in match.log if i.event.kind == "round_start"]
    assert heads, "no Action Round started"
    said = [match.describe(i, None) for i in match.log if i.event.kind == "round_start"]
    labels = list(dict.fromkeys(x for x in map(label, views) if x and "Action Round" in x))
    assert [x.split(" · ")[1] for x in labels] == said  # "France's Action Round 1", ...
    shown = [v for v in views if v.get("round")]
    assert shown
    for view in shown:
        rnd = view["round"]
        side = ("France", "Britain")[rnd["side"]]
        assert f"{side}'s round {rnd['no']}" in _status_line(view).plain


def test_the_main_line_keeps_its_whole_facts_before_older_lines() -> None:
    """The newest line too long for the room is cut after its last whole fact, rather than
    left out for older, smaller lines."""
    lines = ["Green places the action token on Build", "Green builds a Farm, paying wood; gains 2"]
    assert fit_line(lines, 50) == "Green builds a Farm, paying wood …"
    assert fit_line(lines, 56) == "… Green builds a Farm, paying wood; gains 2"
