"""Plain words (issue 21 item 7): no rule IDs or rulings talk in what players read (option
help, the Rules screen, start errors), unless Settings.show_rule_refs is on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.widgets import Static
from tui_testkit import make_app

from engine import registry
from tui import settings as st
from tui.screens.new_match import NewMatchScreen
from tui.screens.rules import RulesScreen
from tui.widgets.cycle import Cycle

pytestmark = pytest.mark.usefixtures("playable")

JARGON = re.compile(r"\b(?:IMP|RP|MAU|IS)-[A-Z]?\d|\brulings?\b|seed's|beginner rule", re.I)
"""What a player must not read: a rule ID, "the rulings", "the seed's beginner rule"."""


def test_strip_rule_refs() -> None:
    assert st.strip_rule_refs("Open hands (IMP-V7): both hands") == "Open hands: both hands"
    assert st.strip_rule_refs("needs mirror_allowed (IMP-A36, IMP-V8)") == "needs mirror_allowed"
    assert st.strip_rule_refs("| Stolen dice (IMP-V1) | x |") == "| Stolen dice | x |"
    assert st.strip_rule_refs("as in rule IMP-9.14.") == "as in."
    assert st.strip_rule_refs("wars (IS-3.7a / IS-7.6) now") == "wars now"
    assert st.strip_rule_refs("Rome (the first seat) plays") == "Rome (the first seat) plays"
    on = st.Settings(show_rule_refs=True)
    assert st.plain("Open hands (IMP-V7)", on) == "Open hands (IMP-V7)"
    assert st.plain("Open hands (IMP-V7)", st.Settings()) == "Open hands"


@pytest.mark.parametrize("game", [g.id for g in registry.games()])
def test_option_help_is_plain(game: str) -> None:
    for opt in registry.get(game).options:
        for text in (opt.label, st.strip_rule_refs(opt.help)):
            assert not JARGON.search(text), (game, opt.key, text)


def _form_texts(screen: NewMatchScreen) -> list[str]:
    texts = [c._help for c in screen.query(Cycle).results(Cycle)]
    texts += [str(w.render()) for w in screen.query(".form-help, .form-heading")]
    return texts


async def test_new_match_form_is_plain_unless_asked(save_dir: Path) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewMatchScreen)
        for game in screen._games:
            screen.query_one("#game", Cycle).value = game
            await pilot.pause()
            await pilot.pause()
            for text in _form_texts(screen):
                assert not JARGON.search(text), (game, text)
        assert not JARGON.search(screen.HELP_TEXT)
    refs = make_app(settings=st.Settings(show_rule_refs=True))
    async with refs.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = refs.screen
        game = registry.get(str(screen.query_one("#game", Cycle).value))
        first = next(o for o in game.options if o.rule)
        help_text = screen.query_one(f"#opt-{first.key}", Cycle)._help
        assert help_text.endswith(f"({first.rule})")


def _markdown(screen: RulesScreen, selector: str) -> str:
    """The markdown source a Rules screen's Static shows."""
    return screen.query_one(selector, Static).content.markup  # type: ignore[union-attr]


async def test_rules_screen_is_plain_unless_asked(save_dir: Path) -> None:
    for show, expect_refs in ((False, False), (True, True)):
        app = make_app(settings=st.Settings(show_rule_refs=show))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RulesScreen)
            for game in [g.id for g in registry.games(playable_only=True)]:
                screen._show(game)
                text = _markdown(screen, "#rules-text") + _markdown(screen, "#cards-text")
                assert len(text) > 200  # the real texts, not a placeholder
                found = re.search(r"\((?:IMP|RP|MAU|IS)-[A-Z]?\d", text)
                if not expect_refs:
                    assert found is None, (game, found)
            if expect_refs and "imperium" in [g.id for g in registry.games(playable_only=True)]:
                screen._show("imperium")
                assert "(IMP-V7)" in _markdown(screen, "#rules-text")
