"""Brazil: Imperial combat arithmetic (BI-12, BI-11.4, BI-22, BI-18.4) as pure functions.

Nothing here reads or changes a game state: the caller describes each side explicitly (its units
in this combat, the tile strength it may add, its paintings, the arch holding its action token and
the battle cards it placed) and gets back the totals, the winner and the losses. The decision
steps (who places cards when, the winner's choice of its lost unit) and the aftermath (moving
units to supplies, occupation) belong to the turn flow.

Roles: ``"attack"`` (units entering a hex, BI-10.5a), ``"bombard"`` (BI-12.13) and ``"flag"``
(a flag fight, BI-11.4) are attacking roles; ``"defend"`` is the defending role.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

from engine.games.brazil_imperial.cards import BATTLE_CARDS
from engine.games.brazil_imperial.components import ARCHES, MAX_CARDS_PER_COMBAT

ATTACK_ROLES: frozenset[str] = frozenset({"attack", "bombard", "flag"})
"""Roles in which a side counts as the attacker (BI-22 "attacking value")."""

ROLES: frozenset[str] = ATTACK_ROLES | {"defend"}


def _check_role(role: str) -> None:
    if role not in ROLES:
        raise ValueError(f"unknown combat role {role!r} (expected one of {sorted(ROLES)})")


def card_value(card_id: str, attacking: bool, unit_types: Iterable[str]) -> int:
    """Value of battle card ``card_id`` for a side (BI-22): its attacking or defending value,
    raised to its conditional value when one of ``unit_types`` (that side's units in this combat:
    the entering or bombarding units, or the defending units in the hex) is named by the card
    (B21/B22 heavy cavalry, B23/B24 cannon or grenadier). Raises KeyError for an unknown id."""
    card = BATTLE_CARDS[card_id]
    base = card.attack if attacking else card.defence
    if card.if_units and card.if_units & set(unit_types):
        return card.then_value
    return base


def dutch_card_value(card_id: str) -> int:
    """Value of the battle card flipped for the solo Dutch defence (BI-18.4, BI-22.19-22.24):
    B19/B20 count +3, B21-B24 count +1, every other card its printed value."""
    card = BATTLE_CARDS[card_id]
    if card.if_units:
        return card.attack  # the unconditional +1
    return card.defence


def painting_bonus(paintings: Iterable[str], role: str, unit_types: Iterable[str] = ()) -> int:
    """Fixed painting bonus of a side in ``role`` (BI-12.5, BI-11.4, BI-20.5, 20.6, 20.11, 20.19).

    Attacking roles: P11 +1, P19 +1, and P06 +2 in an attack or flag fight when a heavy cavalry
    is among ``unit_types`` (never in a bombard). Defending: P05 +2, P19 +1. Raises ValueError
    for an unknown role."""
    _check_role(role)
    owned = set(paintings)
    bonus = 1 if "P19" in owned else 0
    if role == "defend":
        return bonus + (2 if "P05" in owned else 0)
    bonus += 1 if "P11" in owned else 0
    if role != "bombard" and "P06" in owned and "heavy_cavalry" in set(unit_types):
        bonus += 2
    return bonus


def arch_bonus(token_arch: str | None, role: str) -> int:
    """Harbor/Trade bonus (BI-12.6, BI-7.9): while a side's action token lies on Harbor or Trade
    it gets +1 in attacking roles and +2 when defending; 0 for any other arch or no token."""
    _check_role(role)
    if token_arch is None:
        return 0
    arch = ARCHES[token_arch]
    return arch.defence_bonus if role == "defend" else arch.attack_bonus


@dataclass(frozen=True)
class Fighter:
    """One unit in a combat: ``id`` is the caller's handle (e.g. ``(seat, slot)``), ``type`` a
    unit type id, ``strength`` its strength (= VP, BI-1.8)."""

    id: Hashable
    type: str
    strength: int


@dataclass(frozen=True)
class Side:
    """One side of a combat, as the caller knows it after both sides placed their cards.

    ``units``: the attacking units (the entering units or the single bombarding unit) or all
    defending units in the hex (BI-12.2). ``tile``: strength of the tile on the hex when the
    defender owns it and it is not occupied (BI-12.3, BI-13.4), else 0 (always 0 for the
    attacker). ``paintings``: painting ids the side owns. ``token``: the arch holding its action
    token, or ``None``. ``cards``: battle card ids placed (0-3, BI-9.3). ``dutch``: the solo Dutch
    defence, whose cards count as flipped (BI-18.4) and who has no paintings or token."""

    units: tuple[Fighter, ...] = ()
    tile: int = 0
    paintings: tuple[str, ...] = ()
    token: str | None = None
    cards: tuple[str, ...] = ()
    dutch: bool = False

    def unit_types(self) -> set[str]:
        """The unit types of this side in this combat."""
        return {u.type for u in self.units}


def check_cards(cards: Iterable[str]) -> None:
    """Raise ValueError unless ``cards`` are 0-3 distinct battle card ids (BI-9.3, BI-12.4)."""
    cards = list(cards)
    if len(cards) > MAX_CARDS_PER_COMBAT:
        raise ValueError(
            f"at most {MAX_CARDS_PER_COMBAT} battle cards per combat, not {len(cards)}"
        )
    if len(set(cards)) != len(cards):
        raise ValueError("a battle card can be played only once")
    for c in cards:
        if c not in BATTLE_CARDS:
            raise ValueError(f"unknown battle card {c!r}")


def cards_total(side: Side, role: str) -> int:
    """Sum of the side's card values in ``role`` (BI-12.4 step 5; BI-18.4 for the Dutch)."""
    check_cards(side.cards)
    if side.dutch:
        return sum(dutch_card_value(c) for c in side.cards)
    types = side.unit_types()
    return sum(card_value(c, role in ATTACK_ROLES, types) for c in side.cards)


def total(side: Side, role: str) -> int:
    """A side's combat total (BI-12.3-12.6): unit strengths + tile strength (defender) + painting
    and arch bonuses + battle-card values. Raises ValueError for an unknown role or bad cards."""
    _check_role(role)
    strength = sum(u.strength for u in side.units) + (side.tile if role == "defend" else 0)
    if side.dutch:
        return strength + cards_total(side, role)
    fixed = painting_bonus(side.paintings, role, side.unit_types()) + arch_bonus(side.token, role)
    return strength + fixed + cards_total(side, role)


@dataclass(frozen=True)
class Result:
    """Outcome of a combat (BI-12.4-12.8, BI-12.13).

    ``attack`` / ``defence``: the totals. ``attacker_wins``: strictly greater (ties go to the
    defender). ``margin``: winner's total minus loser's (0 on a tie). ``losers``: ids of the
    loser's units that go to its supply (BI-12.7). ``winner_loses_one``: the winner must send one
    of ``winner_units`` to its supply, its choice (BI-12.8; the solo Dutch lose their weakest,
    BI-18.4). ``occupies``: the attacker won by entering (``kind == "attack"``) and its surviving
    units stay on the hex (BI-12.9); a bombard never takes control (BI-12.13)."""

    attack: int
    defence: int
    attacker_wins: bool
    margin: int
    losers: tuple[Hashable, ...]
    winner_loses_one: bool
    winner_units: tuple[Hashable, ...]
    occupies: bool


def resolve(
    attacker: Side, defender: Side, kind: str = "attack", narrow_losses: bool = True
) -> Result:
    """Resolve a combat between two players or against the solo Dutch (BI-12.4-12.8).

    ``kind``: ``"attack"`` or ``"bombard"`` (a bombard has exactly one attacking unit, a cannon or
    grenadier, BI-12.13). ``narrow_losses``: option BI-O05 ``narrow`` (default) — when the margin
    is 0 or 1 and the winner had 2 or more units in the combat, it loses one; ``False`` = option
    ``none``. Raises ValueError for a bad kind, a bombard without exactly one cannon/grenadier,
    an attacker without units, or bad cards."""
    if kind not in ("attack", "bombard"):
        raise ValueError(f"combat kind must be 'attack' or 'bombard', not {kind!r}")
    if not attacker.units:
        raise ValueError("an attack needs at least one attacking unit")
    if kind == "bombard" and (
        len(attacker.units) != 1 or attacker.units[0].type not in ("cannon", "grenadier")
    ):
        raise ValueError("a bombard is made by exactly one cannon or grenadier")
    a = total(attacker, kind)
    d = total(defender, "defend")
    wins = a > d
    margin = a - d if wins else d - a
    loser, winner = (defender, attacker) if wins else (attacker, defender)
    winner_ids = tuple(u.id for u in winner.units)
    return Result(
        attack=a,
        defence=d,
        attacker_wins=wins,
        margin=margin,
        losers=tuple(u.id for u in loser.units),
        winner_loses_one=narrow_losses and margin <= 1 and len(winner_ids) >= 2,
        winner_units=winner_ids,
        occupies=wins and kind == "attack",
    )


def weakest(units: Iterable[Fighter]) -> Fighter:
    """The weakest unit (first of equal strength): the unit the solo Dutch lose as winners
    (BI-18.4, BI-A46). Raises ValueError when there are none."""
    units = list(units)
    if not units:
        raise ValueError("no units")
    return min(units, key=lambda u: u.strength)


@dataclass(frozen=True)
class FlagResult:
    """Outcome of a flag fight (BI-11.4): the explorer's ``total``, ``won`` when total > F, and
    ``losers`` (all entering units when lost; none when won: no winner's losses in flag fights)."""

    total: int
    flag: int
    won: bool
    losers: tuple[Hashable, ...]


def flag_fight(explorer: Side, flag: int) -> FlagResult:
    """A flag fight against strength ``flag`` (BI-11.4, BI-11.5, BI-A13): entering units +
    attack paintings (P11, P19, P06 with a heavy cavalry) + Harbor/Trade +1 + the explorer's
    0-3 cards at attacking value; win only if strictly greater than ``flag``. Raises ValueError
    without units or with bad cards."""
    if not explorer.units:
        raise ValueError("a flag fight needs at least one entering unit")
    t = total(explorer, "flag")
    won = t > flag
    return FlagResult(t, flag, won, () if won else tuple(u.id for u in explorer.units))
