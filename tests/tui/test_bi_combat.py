"""The Brazil: Imperial combat dialog (BI-12): both sides' strength part by part while the battle
cards are placed (the viewer's cards face up, the other side's as a count), then a result dialog
with every card, who won, by how much and the units lost — from the view only, for combats
between seats, against the solo Dutch (BI-18.4) and flag fights (BI-11.4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bi_combat_kit import combat_session, toward_dutch
from bi_views import RULES, random_states
from tui_testkit import make_app, match_screen, settle

from engine.games.brazil_imperial.combat_sides import sides
from tui.boards.brazil_imperial_combat import pending_lines, result_lines, result_title
from tui.boards.brazil_imperial_combat_dialog import CombatDialog


def _records(n: int, seeds: range, steps: int = 2500):
    """(state, record) right after each combat resolved in random games (solo: walks toward
    the Dutch capital, :func:`bi_combat_kit.toward_dutch`)."""
    for seed in seeds:
        last = 0
        walk = toward_dutch(seed, steps) if n == 1 else random_states(n, seed, steps)
        for st in walk:
            rec = st.get("last_combat")
            if rec and rec["n"] != last:
                last = rec["n"]
                yield st, rec


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_parts_add_up_to_the_rules_totals(n: int) -> None:
    """The record keeps the totals the movement phase computed (moves.py); the parts the
    dialog shows (units, tile, paintings, Harbor/Trade, each card's value) add up to them,
    and every unit said lost is in its supply."""
    kinds: dict[str, int] = {}
    dutch = 0
    for st, rec in _records(n, range(6)):
        kinds[rec["kind"]] = kinds.get(rec["kind"], 0) + 1
        if rec["def"] == -1 and rec["kind"] != "flag" and rec["d"]["units"]:
            dutch += 1
            assert rec["d"]["tile"] in (0, 3)  # BI-18.4: 3 while the Dutch hold it
        a, d = rec["a"], rec["d"]
        assert a["fixed"] == a["strength"] + a["paintings"] + a["arch"]
        assert a["total"] == a["fixed"] + sum(v for _c, v in a["cards"])
        if rec["kind"] == "flag":
            assert d["total"] == d["flag"]
        else:
            assert d["total"] == d["fixed"] + sum(v for _c, v in d["cards"])
        assert rec["won"] == (a["total"] > d["total"])  # BI-12.4 step 6: ties to the defender
        assert rec["margin"] == abs(a["total"] - d["total"])
        for seat, slot, _type, _str in rec["lost"]:
            if seat is not None and seat >= 0:
                assert st["units"][seat][slot - 1]["loc"] == "supply"  # BI-12.7
    assert kinds, "no combat in these games"
    if n == 1:
        assert kinds.get("attack", 0) + kinds.get("bombard", 0) > 0  # against the Dutch
        assert dutch > 0


def test_pending_sides_match_the_record() -> None:
    """While cards are placed the view's sides (other side's cards hidden) give the same fixed
    parts as the record made at the reveal."""
    seen = 0
    for n, seed in ((2, 8), (3, 1), (4, 1), (4, 2)):  # games with cards placed in a combat
        pending = None
        last = 0
        for st in random_states(n, seed, 2500):
            if st["combat"] and st["combat"]["kind"] != "flag":
                view = RULES.view(st, st["combat"]["att"])
                pending = sides(view, view["combat"])
                assert isinstance(pending[1]["cards"], int)  # the defender's cards: a count
                assert pending[1]["total"] is None or pending[1]["cards"] == 0
            rec = st.get("last_combat")
            if rec and rec["n"] != last:
                last = rec["n"]
                if pending and rec["kind"] != "flag":
                    for mine, done in zip(pending, (rec["a"], rec["d"]), strict=True):
                        assert mine["fixed"] == done["fixed"]
                        assert mine["units"] == done["units"]
                    seen += 1
                pending = None
    assert seen > 0


def _view(**over):
    v = {
        "names": ["Ann", "Bea"],
        "board": ["green_brazil", "red_portugal"],
        "token": ["harbor", None],
        "seat": 0,
    }
    v.update(over)
    return v


def test_a_hand_checked_narrow_victory() -> None:
    """Ann's Archer 1 + Cannon 3 attack with Harbor +1 (BI-12.6) and Tabocas +1 (B01): 6; Bea's
    Grenadier 2 on her Sugar Cane Field (tile 1, BI-12.3) with Casa Forte: the record says 5.
    Ann wins by 1 with two units, so she must also send one back (BI-12.8)."""
    rec = {
        "n": 1,
        "kind": "attack",
        "hex": "1,0",
        "att": 0,
        "def": 1,
        "won": True,
        "margin": 1,
        "narrow": True,
        "a": {
            "seat": 0,
            "units": [[1, "archer", 1], [5, "cannon", 3]],
            "strength": 4,
            "tile": 0,
            "paintings": 0,
            "arch": 1,
            "fixed": 5,
            "cards": [["B01", 1]],
            "total": 6,
        },
        "d": {
            "seat": 1,
            "units": [[2, "grenadier", 2]],
            "strength": 2,
            "tile": 1,
            "paintings": 0,
            "arch": 0,
            "fixed": 3,
            "cards": [["B02", 2]],
            "total": 5,
        },
        "lost": [[1, 2, "grenadier", 2]],
    }
    view = _view()
    assert result_title(view, rec) == "Combat at (1,0): ◆ Ann (Green) wins by 1 (6 against 5)"
    lines = result_lines(view, rec)
    assert lines[0] == (
        "◆ Ann (Green) attacked: Archer 1 + Cannon 3 = 4 · Harbor +1 · cards Tabocas +1 → 6"
    )
    assert lines[1].startswith("● Bea (Red) defended: Grenadier 2 · tile +1 · cards ")
    assert lines[1].endswith("+2 → 5")
    assert lines[2] == "Lost: ● Bea (Red): Grenadier 2 (back to supply)"
    assert "also sends one of the winning units" in lines[3]


def test_a_tie_goes_to_the_defender_in_words() -> None:
    rec = {
        "kind": "bombard",
        "hex": "4,-1",
        "att": 0,
        "def": -1,
        "won": False,
        "margin": 0,
        "narrow": False,
        "a": {
            "seat": 0,
            "units": [[5, "cannon", 3]],
            "strength": 3,
            "fixed": 3,
            "cards": [],
            "total": 3,
        },
        "d": {
            "seat": -1,
            "units": [[0, "dutch", 2]],
            "strength": 2,
            "tile": 0,
            "fixed": 2,
            "cards": [["B01", 1]],
            "total": 3,
        },
        "lost": [[0, 5, "cannon", 3]],
    }
    view = _view(names=["Ann"], board=["green_brazil"], token=[None])
    assert result_title(view, rec) == "Bombard at (4,-1): a tie (3 against 3), so Dutch wins"
    assert result_lines(view, rec)[1] == (
        "Dutch defended: Dutch unit 2 · flipped card Tabocas +1 → 3"
    )


async def test_the_dialog_shows_the_reveal_of_a_combat_you_fought(save_dir: Path) -> None:
    app = make_app(session=combat_session(save_dir))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        ms = match_screen(app)
        view = ms.snap.view
        cb = view["combat"]
        me = "attacks" if cb["att"] == 0 else "defends"
        shown = "\n".join(pending_lines(view))
        assert "◆ Ann (" in shown and me in shown
        drawn = "\n".join("".join(s.text for s in line) for line in ms.board._lines(76))
        assert "Combat at (" + cb["hex"] + ")" in drawn
        # place one card, then stop: the other side places its own and all are revealed
        card = next(c for c in ms.snap.prompt.choices if c.id.startswith("c:"))
        await pilot.press(ms.panel.key_of(card.id))
        await settle(pilot)
        if app.screen is ms and ms.snap.prompt and ms.snap.prompt.text.startswith("Place"):
            await pilot.press(ms.panel.key_of("done"))
            await settle(pilot)
        assert isinstance(app.screen, CombatDialog)
        rec = ms.snap.view["last_combat"]
        side = rec["a"] if rec["att"] == 0 else rec["d"]
        assert [card.id[2:]] == [c for c, _v in side["cards"]]  # Ann's card, revealed
        text = app.screen.text
        assert f"{rec['a']['total']} against {rec['d']['total']}" in text
        assert text.splitlines()[0] == result_title(ms.snap.view, rec)
        # the log's own line (moves.py) has the same totals
        log = [t if isinstance(t, str) else t[0] for t in ms.snap.log]
        assert any(
            f": {rec['a']['total']} (" in t and f"against {rec['d']['total']} (" in t for t in log
        )
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, CombatDialog)  # closed (this seed's game then ends)
