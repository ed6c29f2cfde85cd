"""Combat arithmetic against the rulings: BI-12 (totals, ties, losses), BI-11.4 flag fights,
BI-22 battle cards, the combat paintings (BI-20.5, 20.6, 20.11, 20.19), the Harbor/Trade bonus
(BI-12.6) and the solo Dutch defence (BI-18.4), with the numbers of scenarios BI-S17, BI-S18,
BI-S19, BI-S20, BI-S22 and BI-S25."""

from __future__ import annotations

import pytest

from engine.games.brazil_imperial.combat import (
    Fighter,
    Side,
    arch_bonus,
    card_value,
    dutch_card_value,
    flag_fight,
    painting_bonus,
    resolve,
    total,
    weakest,
)

CAV, ARCH, CANNON, GREN = "heavy_cavalry", "archer", "cannon", "grenadier"


def unit(uid, kind):
    strength = {ARCH: 1, GREN: 2, "monarch": 2, CAV: 3, CANNON: 3}[kind]
    return Fighter(uid, kind, strength)


# BI-22: (attack, defence, attack with its unit, defence with its unit, Dutch flip)
CARDS = {
    **{f"B{i:02d}": (1, 1, 1, 1, 1) for i in range(1, 9)},
    **{f"B{i:02d}": (2, 2, 2, 2, 2) for i in range(9, 15)},
    **{f"B{i:02d}": (3, 3, 3, 3, 3) for i in range(15, 19)},
    "B19": (0, 3, 0, 3, 3),
    "B20": (0, 3, 0, 3, 3),
    "B21": (1, 1, 3, 3, 1),
    "B22": (1, 1, 3, 3, 1),
    "B23": (1, 1, 3, 3, 1),
    "B24": (1, 1, 3, 3, 1),
}
TRIGGER = {"B21": {CAV}, "B22": {CAV}, "B23": {CANNON}, "B24": {GREN}}


@pytest.mark.parametrize("card", sorted(CARDS))
def test_bi_22_every_battle_card_value(card):
    """BI-22 (every card, table CARDS), BI-18.4: attacking, defending, conditional and Dutch
    values."""
    att, dfn, att_u, dfn_u, dutch = CARDS[card]
    assert card_value(card, True, {ARCH}) == att
    assert card_value(card, False, {ARCH}) == dfn
    units = TRIGGER.get(card, {CAV, CANNON, GREN})
    assert card_value(card, True, units) == att_u
    assert card_value(card, False, units) == dfn_u
    assert dutch_card_value(card) == dutch  # BI-18.4


def test_bi_22_21_cavalry_card_is_one_without_cavalry_even_with_a_cannon():
    """BI-22.21, BI-22.23, BI-12.10: conditions look only at that side's units."""
    assert card_value("B21", True, {CANNON, ARCH}) == 1
    assert card_value("B23", False, {CAV}) == 1
    assert card_value("B23", False, set()) == 1  # a lone tile defending (BI-12.10)


def test_bi_12_5_combat_paintings():
    """BI-12.5, BI-20.5, BI-20.6, BI-20.11, BI-20.19: combat paintings by role."""
    # P05 Sepé Tiaraju: +2 defending only.
    assert painting_bonus(["P05"], "defend") == 2
    assert [painting_bonus(["P05"], r, {CAV}) for r in ("attack", "bombard", "flag")] == [0, 0, 0]
    # P06 Guaicuru Cavalry: +2 in an attack or flag fight with a heavy cavalry; never otherwise.
    assert painting_bonus(["P06"], "attack", {CAV, ARCH}) == 2
    assert painting_bonus(["P06"], "flag", {CAV}) == 2
    assert painting_bonus(["P06"], "attack", {ARCH}) == 0
    assert painting_bonus(["P06"], "bombard", {CANNON}) == 0
    assert painting_bonus(["P06"], "defend", {CAV}) == 0
    # P11 Almirante Tamandaré: +1 attacking (attacks, bombards, flag fights), not defending.
    assert [painting_bonus(["P11"], r) for r in ("attack", "bombard", "flag", "defend")] == [
        1, 1, 1, 0]  # fmt: skip
    # P19 Duque de Caxias: +1 in every combat.
    assert [painting_bonus(["P19"], r) for r in ("attack", "bombard", "flag", "defend")] == [
        1, 1, 1, 1]  # fmt: skip
    assert painting_bonus(["P05", "P06", "P11", "P19", "P01"], "attack", {CAV}) == 4
    assert painting_bonus(["P05", "P06", "P11", "P19", "P01"], "defend", {CAV}) == 3
    with pytest.raises(ValueError, match="unknown combat role"):
        painting_bonus([], "raid")


def test_bi_12_6_harbor_and_trade_bonus():
    """BI-12.6, BI-7.9: Harbor/Trade +1 attacking, +2 defending."""
    for arch in ("harbor", "trade"):
        assert arch_bonus(arch, "attack") == arch_bonus(arch, "bombard") == 1
        assert arch_bonus(arch, "flag") == 1
        assert arch_bonus(arch, "defend") == 2
    for arch in ("deploy", "frame", "build", "renovate", "manufacture", None):
        assert arch_bonus(arch, "attack") == arch_bonus(arch, "defend") == 0


def test_bi_s17_combat_with_cards_and_a_carried_unit():
    """BI-S17 (BI-1.13, BI-13.1, BI-12.2, BI-12.3, BI-12.4, BI-12.9, BI-22.1, BI-22.9, BI-22.21)."""
    attacker = Side(units=(unit("cav", CAV), unit("arc", ARCH)), token="manufacture",
                    cards=("B21", "B01"))  # fmt: skip
    defender = Side(units=(unit("p2arc", ARCH),), tile=2, token="frame", cards=("B09",))
    r = resolve(attacker, defender)
    assert (r.attack, r.defence) == (8, 5)
    assert r.attacker_wins and r.margin == 3
    assert not r.winner_loses_one
    assert r.losers == ("p2arc",)
    assert r.occupies


def test_bi_s18_tie_goes_to_the_defender_and_the_winner_loses_one():
    """BI-S18 (BI-12.4, BI-12.6, BI-12.7, BI-12.8, BI-20.5, BI-20.19, BI-22.15, BI-22.19)."""
    attacker = Side(units=(unit("cav", CAV), unit("can", CANNON)), paintings=("P19",),
                    token="trade", cards=("B15",))  # fmt: skip
    defender = Side(units=(unit("arc", ARCH), unit("gren", GREN)), tile=1, paintings=("P05",),
                    token="harbor", cards=("B19",))  # fmt: skip
    r = resolve(attacker, defender)
    assert (r.attack, r.defence) == (11, 11)
    assert not r.attacker_wins and r.margin == 0
    assert r.losers == ("cav", "can")
    assert r.winner_loses_one and set(r.winner_units) == {"arc", "gren"}
    assert not r.occupies


def test_bi_o05_none_means_the_winner_never_loses_units():
    """BI-O05, BI-A12: option none."""
    attacker = Side(units=(unit("cav", CAV), unit("can", CANNON)))
    defender = Side(units=(unit("arc", ARCH), unit("gren", GREN)), tile=3)
    r = resolve(attacker, defender, narrow_losses=False)
    assert (r.attack, r.defence, r.attacker_wins) == (6, 6, False)
    assert not r.winner_loses_one


def test_bi_12_8_margin_one_with_two_attackers_costs_one():
    """BI-12.8, BI-A12: margin 0 or 1 with 2+ units costs the winner one unit."""
    attacker = Side(units=(unit("cav", CAV), unit("arc", ARCH)))  # 4
    defender = Side(units=(unit("gren", GREN),), tile=1)  # 3
    r = resolve(attacker, defender)
    assert r.attacker_wins and r.margin == 1
    assert r.winner_loses_one and r.winner_units == ("cav", "arc")
    # Margin 2: no loss.
    r2 = resolve(attacker, Side(units=(unit("gren", GREN),)))
    assert r2.margin == 2 and not r2.winner_loses_one


def test_bi_s19_bombard_then_attack_on_a_lone_tile():
    """BI-S19 (BI-12.13, BI-12.3, BI-12.10, BI-22.23)."""
    p2 = Side(units=(unit("p2arc", ARCH),), tile=2, token="frame")
    hit = resolve(Side(units=(unit("can", CANNON),), token="build", cards=("B23",)), p2, "bombard")
    assert (hit.attack, hit.defence, hit.attacker_wins) == (6, 3, True)
    assert hit.losers == ("p2arc",) and not hit.occupies and not hit.winner_loses_one
    miss = resolve(Side(units=(unit("can", CANNON),), token="build"), p2, "bombard")
    assert (miss.attack, miss.defence, miss.attacker_wins) == (3, 3, False)
    assert miss.losers == ("can",)
    lone = resolve(Side(units=(unit("arc", ARCH),), token="build"), Side(tile=2, token="frame"))
    assert (lone.attack, lone.defence, lone.attacker_wins) == (1, 2, False)
    assert lone.losers == ("arc",) and lone.winner_units == () and not lone.winner_loses_one


def test_bi_12_13_bombard_needs_one_cannon_or_grenadier():
    """BI-12.13, BI-27.2, BI-22.24: only a cannon or grenadier bombards, alone."""
    with pytest.raises(ValueError, match="exactly one cannon or grenadier"):
        resolve(Side(units=(unit("arc", ARCH),)), Side(units=(unit("x", ARCH),)), "bombard")
    with pytest.raises(ValueError, match="exactly one cannon or grenadier"):
        resolve(Side(units=(unit("c", CANNON), unit("g", GREN))), Side(), "bombard")
    gren = resolve(Side(units=(unit("g", GREN),), cards=("B24",)), Side(units=(unit("x", CAV),)),
                   "bombard")  # fmt: skip
    assert (gren.attack, gren.defence, gren.attacker_wins) == (5, 3, True)


def test_bi_s20_retaking_an_occupied_tile_adds_no_tile_strength():
    """BI-S20 (BI-13.4, BI-13.6, BI-12.3)."""
    attacker = Side(units=(unit("p2cav", CAV),), token="deploy", cards=("B16",))
    occupier = Side(units=(unit("cav", CAV), unit("arc", ARCH)), tile=0, token="manufacture")
    r = resolve(attacker, occupier)
    assert (r.attack, r.defence, r.margin) == (6, 4, 2)
    assert r.attacker_wins and r.losers == ("cav", "arc") and r.occupies


def test_bi_s25_attack_on_a_lone_trading_post():
    """BI-S25's attack (BI-12.10, BI-20.19, BI-A16, BI-15.5: the palace adds nothing)."""
    r = resolve(Side(units=(unit("cav", CAV),), paintings=("P13", "P19", "P02", "P20"),
                     token="frame", cards=("B15",)),
                Side(tile=2, token="build"))  # fmt: skip
    assert (r.attack, r.defence, r.attacker_wins, r.occupies) == (7, 2, True, True)
    assert r.losers == ()


def test_bi_s22_flag_fight_lost_then_won():
    """BI-S22 (BI-11.4, BI-A13, BI-22.19, BI-24.13)."""
    lost = flag_fight(Side(units=(unit("arc", ARCH),), token="frame", cards=("B01", "B19")), 3)
    assert (lost.total, lost.won, lost.losers) == (2, False, ("arc",))
    won = flag_fight(Side(units=(unit("cav", CAV), unit("arc", ARCH)), token="build"), 3)
    assert (won.total, won.won, won.losers) == (4, True, ())  # margin 1 but no winner's loss


def test_bi_11_4_flag_fight_bonuses_and_strictly_greater():
    """BI-11.4, BI-A13, BI-24.12, BI-24.16, BI-20.6, BI-20.11: flag fights."""
    # X16 El Dorado F = 5: cavalry 3 + P06 2 = 5 is not enough; + Harbor 1 = 6 wins.
    cav = (unit("cav", CAV),)
    assert not flag_fight(Side(units=cav, paintings=("P06",)), 5).won
    assert flag_fight(Side(units=cav, paintings=("P06",), token="harbor"), 5).won
    # X12 Jaguar F = 2: an archer with P11 + P19 has 3 > 2.
    assert flag_fight(Side(units=(unit("a", ARCH),), paintings=("P11", "P19")), 2).total == 3
    # B21 counts +3 with the cavalry in a flag fight (attacking value, conditional).
    assert flag_fight(Side(units=cav, cards=("B21",)), 5).total == 6


def test_bi_9_3_at_most_three_distinct_cards():
    """BI-9.3, BI-12.4: 0-3 cards per side."""
    side = Side(units=(unit("a", ARCH),), cards=("B01", "B02", "B03", "B04"))
    with pytest.raises(ValueError, match="at most 3"):
        total(side, "attack")
    with pytest.raises(ValueError, match="only once"):
        total(Side(units=(unit("a", ARCH),), cards=("B01", "B01")), "attack")
    with pytest.raises(ValueError, match="unknown battle card"):
        total(Side(units=(unit("a", ARCH),), cards=("B99",)), "attack")
    assert total(Side(units=(unit("a", ARCH),), cards=("B15", "B16", "B17")), "attack") == 10


def test_bi_18_4_dutch_defence():
    """BI-18.4, BI-A46, BI-22.19, BI-22.21: the Dutch defence."""
    garrison = (Fighter(0, "dutch", 2), Fighter(1, "dutch", 2))
    attacker = Side(units=(unit("cav", CAV), unit("can", CANNON), unit("arc", ARCH)),
                    cards=("B21", "B23"))  # fmt: skip
    # 3 + 3 + 1 + 3 (B21 cavalry) + 3 (B23 cannon) = 13 against 3 + 2 + 2 + flipped card.
    for flipped, dutch_total in (("B19", 10), ("B21", 8), ("B09", 9), ("B15", 10)):
        r = resolve(attacker, Side(units=garrison, tile=3, cards=(flipped,), dutch=True))
        assert (r.attack, r.defence) == (13, dutch_total)
    # Winner's losses for the Dutch: they win 10 vs 10 (tie) with 2 units: they lose one, the
    # weakest (BI-18.4, BI-A46).
    reinforced = (*garrison, Fighter(2, "dutch", 1))
    r = resolve(Side(units=(unit("cav", CAV), unit("can", CANNON)), cards=("B15",)),
                Side(units=reinforced, tile=3, cards=("B01",), dutch=True))  # fmt: skip
    assert (r.attack, r.defence, r.attacker_wins) == (9, 9, False)
    assert r.winner_loses_one
    assert weakest(reinforced).id == 2
    # Paintings and arches never count for the Dutch.
    assert total(Side(units=garrison, tile=3, paintings=("P05",), token="harbor", dutch=True),
                 "defend") == 7  # fmt: skip


def test_resolve_rejects_bad_input():
    """Bad input gets a clear error (BI-12.2: attackers are the entering units)."""
    with pytest.raises(ValueError, match="at least one attacking unit"):
        resolve(Side(), Side(tile=2))
    with pytest.raises(ValueError, match="kind must be"):
        resolve(Side(units=(unit("a", ARCH),)), Side(), "raid")
    with pytest.raises(ValueError, match="at least one entering unit"):
        flag_fight(Side(), 2)
    with pytest.raises(ValueError, match="no units"):
        weakest([])
