"""Fixed keys and keys that last the whole step (issue 21, the 80x24 QA pass): Confirm is ``y``
and Back ``x`` on every screen of every game, Imperial Struggle's "Take actions" is ``a``; an
action's choices keep their keys after a reveal; a cut list says how many choices are below."""

from __future__ import annotations

from pathlib import Path

from is_testkit import app_for, at_purchase, play_until
from tui_testkit import match_screen, settle

from engine.rules import Choice, Prompt
from tui.widgets.choice_keys import FIXED_KEYS, KEYS, KeyMemory, arrange


def _keys(prompt: Prompt, memory: KeyMemory | None = None) -> dict[str, str]:
    return {c.id: k for k, c in arrange(prompt, memory)}


def test_fixed_letters_are_never_handed_out() -> None:
    """y, x and a belong to Confirm, Back and Take actions only: the pool never holds them, so
    a 23-choice list skips them."""
    assert FIXED_KEYS == {"confirm": "y", "back": "x", "actions": "a"}
    assert not set(FIXED_KEYS.values()) & set(KEYS)
    many = tuple(Choice(f"c{i}", f"C{i}") for i in range(len(KEYS)))
    assert set(_keys(Prompt(0, "Pick", many)).values()) == set(KEYS)


def test_confirm_and_back_keep_their_keys_from_screen_to_screen() -> None:
    """The five purchase screens of the QA report ("y Take 1 Debt / x Back", then "z Confirm /
    x Back", "x Confirm / w Back", ...): Confirm is y and Back x on each, the other choices
    numbered from 1."""
    memory = KeyMemory()
    debt = Prompt(0, "Pay", (Choice("debt", "Take 1 Debt"), Choice("back", "Back")))
    assert _keys(debt, memory) == {"debt": "1", "back": "x"}
    for n in range(4):
        extra = tuple(Choice(f"reveal:M-{i}", f"Reveal {i}") for i in range(n))
        prompt = Prompt(0, "Pay", extra + (Choice("confirm", "Confirm"), Choice("back", "Back")))
        keys = _keys(prompt, KeyMemory())
        assert keys["confirm"] == "y" and keys["back"] == "x"
        assert sorted(k for c, k in keys.items() if c.startswith("reveal")) == list(KEYS[:n])


def test_a_reveal_among_the_actions_keeps_the_other_keys() -> None:
    """ "France: choose an action" with 4 Reveal The Cardinal Ministers / 5 Reveal John Law:
    after revealing the first the same step goes on (same seat, most choices listed), so John
    Law keeps 5 and 4 picks nothing (pressing 4 twice reveals only one)."""
    acts = (
        Choice("end_round", "End the round"),
        Choice("act:major", "Diplomatic"),
        Choice("act:minor", "Economic"),
        Choice("adv:algonquin_raids", "Use Algonquin Raids"),
        Choice("reveal:M-1", "Reveal The Cardinal Ministers"),
        Choice("reveal:M-2", "Reveal John Law"),
    )
    memory = KeyMemory()
    first = _keys(Prompt(0, "France: choose an action", acts), memory)
    assert first["reveal:M-1"] == "4" and first["reveal:M-2"] == "5"
    second = _keys(Prompt(0, "France: choose an action", acts[:4] + acts[5:]), memory)
    assert second == {c: k for c, k in first.items() if c != "reveal:M-1"}
    assert "4" not in second.values()


def test_take_actions_is_a_in_every_round() -> None:
    """An Event that comes before "Take actions" in a later round does not move it off a."""
    rounds = [
        (Choice("event:E-1", "Play Event"), Choice("actions", "Take actions")),
        (Choice("actions", "Take actions"), Choice("event:E-2", "Play Event")),
    ]
    for choices in rounds:
        keys = _keys(Prompt(0, "France: play a card", choices), KeyMemory())
        assert keys["actions"] == "a" and next(k for c, k in keys.items() if c != "actions") == "1"


async def test_is_purchase_confirm_is_y_and_back_is_x(save_dir: Path) -> None:
    """In a real Imperial Struggle match at 80x24, every France prompt up to the first purchase
    with spaces shows Confirm as y and Back as x whenever they are offered, and y/x pick them."""
    app = app_for(save_dir)
    seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:

        def done(snap) -> bool:
            ms = match_screen(app)
            for cid in ("confirm", "back", "actions"):
                if snap.prompt is not None and any(c.id == cid for c in snap.prompt.choices):
                    assert ms.panel.key_of(cid) == FIXED_KEYS[cid], snap.prompt.text
                    seen.add(cid)
            return at_purchase(snap)

        await play_until(pilot, done)
        assert seen == {"confirm", "back", "actions"}
        ms = match_screen(app)
        before = ms.snap.prompt
        assert any(c.id == "back" for c in before.choices)
        await pilot.press("x")
        await settle(pilot)
        assert match_screen(app).snap.prompt != before  # x took Back


async def test_cut_list_says_how_many_are_below(save_dir: Path) -> None:
    """At 80x24 "France: choose an action" (seed of the tests: 6 choices, 8 rows with the
    details) shows 5 rows and "more ↓ (1)"; Down to the last choice scrolls it into view and the
    line goes away."""
    app = app_for(save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(
            pilot, lambda s: s.prompt is not None and "choose an action" in s.prompt.text
        )
        await settle(pilot)
        ms = match_screen(app)
        options = ms.query_one("#choices")
        more = ms.query_one("#choices-more")
        assert options.option_count == 6
        assert more.display and str(more.render()) == "more ↓ (1)"
        while options.highlighted != options.option_count - 1:
            await pilot.press("down")
            await settle(pilot)
        region = options.scrollable_content_region
        line = options._index_to_line[options.highlighted]
        top = int(options.scroll_y)
        assert top > 0 and top <= line < top + region.height
        assert not more.display
