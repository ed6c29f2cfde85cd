"""Brazil: Imperial's arches keep their keys turn after turn (BI-1.10 board order: Deploy 1,
Frame 2, Build 3, Renovate 4, Manufacture 5, Harbor 6, Trade 7); the arch under the action
token (BI-4.2) is just missing and its key picks nothing; gold cards follow from 8."""

from __future__ import annotations

import sys
from pathlib import Path

from engine.games.brazil_imperial import RULES
from tui.boards.brazil_imperial import ARCH_KEYS, BrazilImperialBoard
from tui.widgets.choice_keys import KeyMemory, arrange

sys.path.insert(0, str(Path(__file__).parents[1] / "brazil_imperial"))
from engine_positions import act, game, hand, start  # noqa: E402


def _keys(token: str | None, gold: list[str] | None = None, memory: KeyMemory | None = None):
    st = game()
    st["token"][0] = token
    if gold:
        hand(st, "gold", 0, gold)
    start(st)
    prompt = RULES.prompt(st, 0)
    home = BrazilImperialBoard().home_keys(prompt)
    return {c.id: k for k, c in arrange(prompt, memory or KeyMemory(), home)}


def test_each_arch_keeps_its_key_whichever_arch_is_blocked() -> None:
    memory = KeyMemory()  # one seat's menus, turn after turn (as the prompt panel keeps it)
    build_blocked = _keys("build", memory=memory)
    assert build_blocked == {
        "a:deploy": "1",
        "a:frame": "2",
        "a:renovate": "4",
        "a:manufacture": "5",
        "a:harbor": "6",
        "a:trade": "7",
    }
    frame_blocked = _keys("frame", memory=memory)
    assert frame_blocked["a:build"] == "3" and "a:frame" not in frame_blocked
    assert all(frame_blocked[a] == ARCH_KEYS[a] for a in frame_blocked)


def test_gold_cards_come_after_the_arches() -> None:
    """G01 (Royal Charter, an extra-action card, BI-8.4) is playable on the menu: key 8, and 3
    (Build, under the token) stays unused."""
    got = _keys("build", gold=["G01"])
    assert got["g:G01"] == "8"
    assert "3" not in got.values()


def test_other_prompts_have_no_home_keys() -> None:
    st = game()
    start(st)
    st["supply"][0] = {"brazilwood": 1}
    act(st, 0, "a:build")
    assert BrazilImperialBoard().home_keys(RULES.prompt(st, 0)) == {}
