"""A Brazil: Imperial match that reaches a combat Ann (seat 0, human) fights, for the combat
dialog tests: both seats march on each other's capital from a fixed seed until Ann is asked to
place battle cards in a combat against another seat (not a flag fight)."""

from __future__ import annotations

from pathlib import Path

from engine.rng import Rng
from engine.rules import Prompt, SeatConfig
from engine.session import new_match
from tui.session import MatchSession

SEEDS = range(0, 20)
"""Seeds tried in order (the first reaches a combat within a few hundred choices)."""


def march_choice(p: Prompt, toward: str | None, pick: Rng) -> str:
    """One step of a march on hex ``toward``: a move goes to the offered hex nearest to it;
    otherwise Deploy half the time, the free move when offered, else a choice at random."""
    from engine.games.brazil_imperial import catalog as C

    ids = [c.id for c in p.choices]
    hexes = [c for c in p.choices if c.target and c.target.startswith("h:")]
    if p.text.startswith("Move to") and hexes and toward:
        return min(hexes, key=lambda c: C.distance(c.target[2:], toward)).id
    if "a:deploy" in ids and pick.randbelow(2):
        return "a:deploy"
    if "free" in ids:
        return "free"
    return ids[pick.randbelow(len(ids))]


def combat_choices(seed: int, cap: int = 4000) -> list[tuple[int, str]] | None:
    """The choices from ``seed`` up to Ann's first card placement in a combat with another seat,
    or None when the game ends (or ``cap`` runs out) first. Both seats march on the other's
    capital (each move to the offered hex nearest to it; Deploy half the time, the free move
    when offered), every other choice at random."""

    m = _match(seed)
    pick = Rng.seeded(seed ^ 77)
    made: list[tuple[int, str]] = []
    for _ in range(cap):
        if m.over:
            return None
        s = m.waiting()[0]
        p = m.prompt(s)
        view = m.view(0)
        cb = view["combat"]
        if s == 0 and cb and cb["kind"] != "flag" and p.text.startswith("Place battle cards"):
            return made
        c = march_choice(p, view["capital"][1 - s], pick)
        m.act(s, c)
        made.append((s, c))
    return None


def _match(seed: int, save: Path | None = None):
    cfg = [SeatConfig("Ann", "human"), SeatConfig("Bot1", "random")]
    return new_match("brazil_imperial", cfg, {}, seed, save_path=save)


def combat_session(save_dir: Path) -> MatchSession:
    """A session at Ann's card placement in a combat (the first seed of :data:`SEEDS` that
    reaches one). Raises AssertionError when none does."""
    for seed in SEEDS:
        made = combat_choices(seed)
        if made is not None:
            m = _match(seed, save_dir / "combat.imperia")
            for s, c in made:
                m.act(s, c)
            return MatchSession(m)
    raise AssertionError("no seed reaches a combat for Ann")


def toward_dutch(seed: int, steps: int = 3000):
    """Solo states along a walk that moves toward the Dutch capital (the nearest offered hex)
    and otherwise picks at random from ``seed`` (half the time Deploy when offered): the state
    after every choice (mutated in place)."""
    from bi_views import RULES, new_game

    st = new_game(1, seed)
    pick = Rng.seeded(seed)
    dutch = st["dutch"]["hex"]
    for _ in range(steps):
        waiting = RULES.waiting(st)
        if RULES.outcome(st) is not None or not waiting:
            return
        p = RULES.prompt(st, waiting[0])
        c = march_choice(p, dutch, pick)
        RULES.apply(st, waiting[0], c, Rng(st["rng"]))
        yield st
