"""A solo Brazil: Imperial match that ends without the three goals is a loss (BI-18.6): the end
dialog says "You lose" (not "Draw") and the saves list says "Ann lost"."""

from __future__ import annotations

from pathlib import Path

from tui_testkit import make_app, settle

from engine.rng import Rng
from engine.rules import SeatConfig
from engine.session import new_match
from tui.dialogs.end import EndDialog
from tui.saves import save_info
from tui.session import MatchSession


def lost_solo(path: Path):
    """Ann's solo match played by random choices from seed 3 to its end: 20 turns without all
    three goals, so no winner (BI-18.6)."""
    m = new_match("brazil_imperial", [SeatConfig("Ann", "human")], {}, 3, save_path=path)
    pick = Rng.seeded(3)
    for _ in range(4000):
        if m.over:
            break
        p = m.prompt(0)
        m.act(0, p.choices[pick.randbelow(len(p.choices))].id)
    out = m.outcome()
    assert out is not None and out.winners == (), "this seed's random solo game is not lost"
    return m


async def test_a_lost_solo_game_says_you_lose(save_dir: Path) -> None:
    path = save_dir / "solo.imperia"
    m = lost_solo(path)
    app = make_app(session=MatchSession(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, EndDialog)
        assert app.screen._headline == "You lose"
    m.close_journal()
    assert save_info(path).result == "Ann lost"


def test_score_lines_name_each_category_bi_17_3() -> None:
    """BI-17.3: one line per seat, the categories in the ruling's order (units, products,
    paintings, gold cards, exploration, missions, palaces, tiles), those worth 0 left out."""
    from tui.boards.brazil_imperial_text import score_lines

    zero = dict.fromkeys(
        ("units", "products", "paintings", "gold_cards", "exploration", "missions", "palaces"), 0
    )
    ann = {**zero, "units": 3, "gold_cards": 2, "missions": 8, "tiles": 4, "total": 17}
    bot = {**zero, "tiles": 0, "total": 0}
    view = {"result": {"detail": [ann, bot]}}
    assert score_lines(view, ["◆ Ann", "● Bot"]) == [
        "◆ Ann 17 VP: units 3 · treasures 2 · missions 8 · tiles 4",
        "● Bot 0 VP: nothing scored",
    ]
    assert score_lines({}, ["◆ Ann"]) == []
    # a long line breaks between two categories, never inside one
    assert score_lines(view, ["◆ Ann"], width=40) == [
        "◆ Ann 17 VP: units 3 · treasures 2 ·",
        "  missions 8 · tiles 4",
    ]


async def test_the_end_dialog_shows_the_score_by_category(save_dir: Path) -> None:
    """The lost solo match's end dialog: Ann's line gives the total the outcome has and
    categories adding up to it (BI-17.3)."""
    m = lost_solo(save_dir / "solo.imperia")
    total = m.outcome().scores[0]
    app = make_app(session=MatchSession(m))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = app.screen._scores
        head, _, cats = text.split("\n● ")[0].partition(" VP: ")
        assert head.endswith(f" {total}")
        facts = cats.replace(" ·\n  ", " · ").split(" · ")
        assert sum(int(c.rsplit(" ", 1)[1]) for c in facts) == total
    m.close_journal()
