"""The Imperial Struggle panels (tui/boards/imperial_struggle_records.py, _war.py, _summary.py):
real values of hand-built positions (engine/games/imperial_struggle/position.py ``build``) in the
rendered plain text, and a walk over a random game's views: no raw ids or Python reprs, never
wider than the console. Rulings: shared/rules/imperial_struggle.md (IS-0.1, IS-2.4, IS-16)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console
from rich.measure import Measurement

from engine.games.imperial_struggle import RULES
from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import war as W
from engine.games.imperial_struggle.position import build, build_with_events
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options
from tui.boards.imperial_struggle_records import render_records
from tui.boards.imperial_struggle_summary import last_round_line, last_round_spaces, spaces_named
from tui.boards.imperial_struggle_war import render_war
from tui.boards.imperial_struggle_words import award_short

FR, BR = 0, 1


def plain(renderable: Any, width: int = 80) -> str:
    """The renderable as plain text on a ``width``-column console."""
    c = Console(width=width, record=True, color_system=None, file=io.StringIO())
    c.print(renderable)
    return c.export_text()


def flat(text: str) -> str:
    """Text with frame borders dropped and runs of whitespace (line breaks and table padding)
    as one space."""
    return " ".join(re.sub(r"[│╭╮╰╯]", " ", text).split())


def view(st: dict[str, Any], side: int | None) -> dict[str, Any]:
    return RULES.view(st, None if side is None else st["side_seat"][side])


def act(st: dict[str, Any], side: int, choice: str) -> list[Any]:
    """``side`` takes ``choice``, through its ``region:<id>`` step if the list is split."""
    seat = st["side_seat"][side]
    ids = [c.id for c in RULES.prompt(st, seat).choices]
    events: list[Any] = []
    if choice not in ids:
        space = choice.split(":", 1)[1]
        events += RULES.apply(st, seat, f"region:{B.region_of(space)}", Rng.seeded(0))
    return events + RULES.apply(st, seat, choice, Rng.seeded(0))


# ---------------------------------------------------------------------------- records
def test_records_vp_track_lead_debt_and_thresholds():
    """IS-0.1: VP 18 is France 3 ahead; IS-2.4 thresholds (0 / 30, after T6 16 / 14); Debt
    2 of a Debt Limit of 6 (IS-3.11b, Succession), Britain's Treaty Points 3."""
    _r, st = build({"turn": "T2", "vp": 18, "debt": {"france": 2}, "trp": {"britain": 3}})
    text = flat(plain(render_records(view(st, FR), 80)))
    assert "VP 18" in text and "France 3 ahead" in text
    assert "France (you) Debt 2/6" in text
    assert re.search(r"Britain Debt 0/6 TRP 3", text)
    assert "Britain wins ≤0, France ≥30" in text
    assert "France ≥16, Britain ≤14" in text
    assert "Turn 2 of 6 · Succession Era" in text


def test_records_britain_lead_and_wide_thresholds():
    """VP 12 is Britain 3 ahead; at 120 columns the tie rule of IS-2.4(d) is spelled out."""
    _r, st = build({"turn": "T4", "vp": 12})
    text = flat(plain(render_records(view(st, BR), 120), 120))
    assert "Britain 3 ahead" in text
    assert "Debt 0/10" in text  # Empire Era Debt Limit (IS-13.5)
    assert "at 15 the side with more Available Debt (if equal, Britain)" in text


def test_records_opponent_face_down_ministry_is_a_back():
    """IS-16.1/16.2: the opponent's face-down Ministry card is a back, its face-up one named;
    its owner sees both names (the face-down one marked)."""
    mins = {"britain": [["M-5", True], ["M-6", False]], "france": [["M-2", False], ["M-3", True]]}
    _r, st = build({"turn": "T1", "ministries": mins})
    fr = flat(plain(render_records(view(st, FR), 80)))
    assert "Robert Walpole" in fr and "Jonathan Swift" not in fr
    assert "face-down card" in fr
    assert "John Law (face down)" in fr and "Court of the Sun King" in fr
    br = flat(plain(render_records(view(st, BR), 80)))
    assert "Jonathan Swift (face down)" in br and "John Law" not in br
    spectator = flat(plain(render_records(view(st, None), 80)))
    assert "Jonathan Swift" not in spectator and "John Law" not in spectator
    assert spectator.count("face-down card") == 2


def test_records_awards_demand_investments_and_hands():
    """Award tile 0 = 3 VP with a lead of 2 (IS-4.1.12); Succession Global Demand rewards
    (fish 2 VP Debt +1, tobacco 3 VP Debt +1, spice 1 VP Debt -1); Investment tiles 0 and 5
    (Economic 4 / Diplomatic 2; Economic 3 / Military 2 with the Event symbol); France's hand is
    shown to France only (IS-16.2), as a count to Britain."""
    _r, st = build(
        {
            "turn": "T1",
            "awards": {"europe": 0, "india": 6},
            "demand": ["fish", "tobacco", "spice"],
            "inv_avail": [0, 5],
            "hands": {"france": [8], "britain": [1, 2]},
        }
    )
    fr = flat(plain(render_records(view(st, FR), 80)))
    assert "Europe 3 VP (lead 2)" in fr and "India 1 TRP" in fr

    assert "Fish 2 VP, Debt +1" in fr and "Tobacco 3 VP, Debt +1" in fr
    assert "Spice 1 VP, Debt -1" in fr
    assert "Eco 4/Dip 2" in fr and "Eco 3/Mil 2✦" in fr
    assert "Tax Reform" in fr and "Britain holds 2" in fr
    br = flat(plain(render_records(view(st, BR), 80)))
    assert "Tax Reform" not in br and "France holds 1" in br
    assert B.EVENTS[1]["name"] in br


def test_records_next_turns_award_tiles_as_a_set():
    """IS-4.1.3 / IS-16.3: on the first turn of an Era the four face-down tiles are the 8 minus
    the face-up ones; their set is shown, not their Regions."""
    _r, st = build({"turn": "T1", "at": "ministry"})
    v = view(st, FR)
    up = set(v["awards"].values())
    assert len(up) == 4 and None not in up
    hidden = ", ".join(award_short(t) for t in sorted(set(range(8)) - up))
    text = flat(plain(render_records(v, 80)))
    assert f"next turn, Regions hidden: {hidden}" in text


# ---------------------------------------------------------------------------- war display
def test_war_display_shows_own_tiles_and_counts_the_opponents():
    """IS-16.1/16.2: France sees its Basic +1 in WSS Central Europe, of Britain's tile only
    that there is one; Britain sees its own Basic -1 unflag. Bonus Strength per theater equals
    the engine's (IS-7.1.3) on the same map."""
    spec = {
        "turn": "T1",
        "war": {"theaters": {"1": {"basic": [["fr_b03"], ["br_b14"]], "bonus": [[], []]}}},
    }
    _r, st = build(spec)
    fr = flat(plain(render_war(view(st, FR), 80)))
    assert "Next War: War of the Spanish Succession" in fr
    assert "Central Europe Basic +1 1 Basic hidden" in fr
    assert "unflag" not in fr.split("Central Europe", 1)[1].split("Spain", 1)[0]
    br = flat(plain(render_war(view(st, BR), 80)))
    assert "Central Europe 1 Basic hidden Basic -1 unflag" in br
    rows = plain(render_war(view(st, FR), 80)).splitlines()
    for key in ("1", "2", "3", "4"):
        bf = W.bonus_strength(st, "WSS", key, FR)[0]
        bb = W.bonus_strength(st, "WSS", key, BR)[0]
        name = B.THEATERS["WSS"][int(key)]["name"]
        row = next(r for r in rows if name in r)
        assert f"+{bf} / +{bb}" in row, row


def test_war_display_theater_detail_lists_spoils():
    """A picked theater (by number) shows its spoils table from the data: WSS Central Europe
    by 3-4 gives 2 VP, 1 Conquest Point and the loser 2 TRP."""
    _r, st = build({"turn": "T1"})
    text = flat(plain(render_war(view(st, FR), 80, theater=1)))
    assert "Central Europe (theater 1) in Europe" in text
    assert "by 3-4 2 VP, 1 Conquest Point, loser +2 TRP" in text
    assert text == flat(plain(render_war(view(st, FR), 80, index=4)))  # 0-based, wrapping
    spain = flat(plain(render_war(view(st, FR), 80, index=1)))
    assert "Spain (theater 2) in Europe" in spain


def _s07() -> tuple[dict[str, Any], list[Any]]:
    """IS-S07: 7YW French & Indian War, Britain 7 vs France 4 (army 6 vs 2)."""
    war = {
        "theaters": {"3": {"basic": [["fr_b03", "fr_b04"], ["br_b00", "br_b01", "br_b02"]]}},
    }
    spec = {
        "turn": "7YW",
        "at": "war",
        "theater": 3,
        "only_theater": True,
        "vp": 16,
        "war": war,
        "forts": {"louisbourg": "britain"},
        "squadrons": {"antilles_channel": "france"},
    }
    _r, st, events = build_with_events(spec)
    return st, events


def test_war_turn_table_result_spoils_and_conquest_decision():
    """IS-7.1-7.2 (IS-S07): the theater table shows both armies (2 and 6), Britain wins by 3 on
    the 3-4 row (1 VP, 2 Conquest Points, France +3 TRP); Britain's decision frame shows 2
    Conquest Points left and France's refusal price (3 VP). With the log the totals (4 and 7)
    and bonuses are the ones that decided."""
    st, events = _s07()
    log = [RULES.describe(e, st["side_seat"][FR]) for e in events]
    v = view(st, FR)
    frames = {f["k"]: f for f in v["stack"]}  # the War Turn frames' public fields
    assert frames["war_turn"]["theater"] == "3"
    assert frames["war_turn"]["results"] == {"3": {"winner": BR, "margin": 3}}
    assert frames["war_cp"]["cp"] == 2 and frames["war_cp"]["side"] == BR
    text = flat(plain(render_war(v, 80)))
    assert "French & Indian War (theater 3 of 4" in text
    assert re.search(r"Army 2 6", text)
    assert "Britain wins by 3: 1 VP, 2 Conquest Points, France +3 TRP" in text
    assert "Britain decides" in text and "2 left" in text
    assert "the next refusal costs it 3 VP" in text
    with_log = flat(plain(render_war(v, 80, log_lines=log)))
    assert "Total 4 7" in with_log
    assert "Bonus +2: Spain (Alliance 3, upper)," in with_log and "+1: Louisbourg" in with_log


def test_war_turn_refusal_frame():
    """IS-7.2.2: when Britain spends CP on Acadia, France's frame offers the refusal at 3 VP."""
    st, _ev = _s07()
    act(st, BR, "cp:acadia")
    text = flat(plain(render_war(view(st, FR), 80)))
    assert "Your decision" in text
    assert "You may refuse to cede Acadia: pay 3 VP" in text


# ---------------------------------------------------------------------------- last round line
def test_last_round_line_summarises_the_opponents_round():
    """Britain's Action Round as France reads it: the tile (Investment tile 0, Economic 4 /
    Diplomatic 2), the space it flagged, and no payment noise."""
    spec = {"turn": "T1", "at": "action", "side": "britain", "inv_avail": [0, 1, 5]}
    _r, st, events = build_with_events(spec)
    fr_seat = st["side_seat"][FR]
    log = [RULES.describe(e, fr_seat) for e in events]

    def go(choice: str) -> None:
        for e in act(st, BR, choice):
            log.append(RULES.describe(e, fr_seat))

    go("tile:0")
    ids = [c.id for c in RULES.prompt(st, st["side_seat"][BR]).choices]
    assert "pass" in ids
    go("pass")
    line = last_round_line(view(st, FR), log)
    assert line.startswith("Britain's Action Round 1")
    assert "tile Eco 4/Dip 2" in line and "passes" in line
    assert "Investment tile 0" not in line
    # Cut to 30 after the last whole word (no fact cut in the middle; QA of the last turn).
    assert last_round_line(view(st, FR), log, width=30) == "Britain's Action Round 1: …"
    assert last_round_line(view(st, FR), log, width=48) == (
        "Britain's Action Round 1: tile Eco 4/Dip 2 …"
    )
    # Without the round's first line (a log that starts mid-round) the round is still read.
    assert "tile Eco 4/Dip 2" in last_round_line(view(st, FR), log[1:])


def test_spaces_named_skip_names_inside_other_names():
    """Map marks of the last round: West Bengal and Bahamas Run West (not Bahamas Run), but not
    Algonquin inside the Advantage "Algonquin Raids"."""
    lines = [
        "Britain flags West Bengal (2 EP)",
        "Britain uses Algonquin Raids",
        "Britain flags Bahamas Run West (3 EP: base 2, new Region +1)",
    ]
    assert spaces_named(lines) == ["west_bengal", "bahamas_run_west"]


def test_last_round_line_without_a_log_is_empty():
    _r, st = build({"turn": "T1"})
    assert last_round_line(view(st, FR), None) == ""


# ---------------------------------------------------------------------------- random walk
RAW = re.compile(
    r"[{}\[\]]|'\w+'|\bNone\b|\bTrue\b|\bFalse\b|\b[a-z]+_[a-z0-9_]+\b|\bM-\d+\b|\b\w+:\w+"
)
"""Signs of raw data on screen: brackets, reprs, snake_case ids, ``M-12``, ``min:12``."""


def _random_views(
    seed: int, every: int, options: dict[str, str] | None = None
) -> list[tuple[dict[str, Any], list[str]]]:
    opts = resolve_options(RULES, options or {})
    cfg = Config((SeatConfig("A", "random"), SeatConfig("B", "random")), opts)
    st = RULES.setup(cfg, Rng.seeded(seed))
    pick = Rng.seeded(seed)
    logs: list[list[str]] = [[], [], []]
    out = []
    step = 0
    while not st["over"] and step < 3000:
        seat = RULES.waiting(st)[0]
        p = RULES.prompt(st, seat)
        for e in RULES.apply(
            st, seat, p.choices[pick.randbelow(len(p.choices))].id, Rng(st["rng"])
        ):
            for i, v in enumerate((0, 1, None)):
                logs[i].append(RULES.describe(e, v))
        step += 1
        war = any(f["k"] == "war_turn" for f in st["stack"])
        if step % every == 0 or (war and step % 4 == 0) or st["over"]:
            for i, v in enumerate((0, 1, None)):
                out.append((RULES.view(st, v), list(logs[i])))
    return out


@pytest.mark.parametrize("seed", [5])
def test_random_game_views_render_without_raw_data_within_width(seed: int):
    """Every sampled view of a random game (each seat and a spectator, every War Turn step):
    records, war panel and last-round line show no raw ids or reprs, fit 80 columns (a Rich
    minimum width of at most 80), and the records take at most 20 rows at 80."""
    c = Console(width=80, color_system=None, file=io.StringIO())
    seen_war = False
    for v, log in _random_views(seed, 17):
        for i, r in enumerate((render_records(v, 80), render_war(v, 80, log_lines=log))):
            assert Measurement.get(c, c.options, r).minimum <= 80
            text = plain(r)
            bad = RAW.findall(text)
            assert not bad, (bad, text)
            assert all(len(line) <= 80 for line in text.splitlines())
            if i == 0:
                assert len(text.rstrip("\n").splitlines()) <= 20, text
        seen_war = seen_war or any(f["k"] == "war_turn" for f in v["stack"])
        line = last_round_line(v, log)
        assert not RAW.findall(line), line
        assert set(last_round_spaces(v, log)) <= set(B.SPACES)
    assert seen_war


def test_records_during_the_side_auction_name_no_side_as_yours():
    """IS-V05: while the sides are auctioned a seat plays no side yet: no "(you)", and the bid
    in words (Ann bids 4 Treaty Points to play Britain)."""
    opts = resolve_options(RULES, {"side_bid": "on"})
    cfg = Config((SeatConfig("Ann", "human"), SeatConfig("Bob", "human")), opts)
    st = RULES.setup(cfg, Rng.seeded(1))
    for c in ("side:britain", "bid:4"):
        RULES.apply(st, 0, c, Rng.seeded(0))
    text = flat(plain(render_records(RULES.view(st, 1), 80)))
    assert "Choosing sides: Ann bids 4 Treaty Points to play Britain" in text
    assert "(you)" not in text
