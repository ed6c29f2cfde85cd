"""Paying (IS-5.7e/f, IS-6.1, IS-9.1, IS-A13): Debt/TRP only for a shortfall and within the Debt
Limit; Turgot (IS-MIN23) and Merchant Banks (IS-MIN17) through the ministry hooks; Huguenots
(IS-MIN09 b); ``back`` leaves the purchase undone."""

from __future__ import annotations

from is_round_kit import BR, FR, F, act, ids, mk, pick


def test_debt_and_trp_only_for_a_shortfall():
    """IS-A13: when the action covers the cost only ``confirm`` / ``back`` are offered."""
    st = mk("T2", BR, trp=(0, 2))
    act(st, BR, "tile:0", "actions", "act:major")
    pick(st, BR, "shift:antigua")
    assert ids(st, BR) == ["confirm", "back"]


def test_no_debt_beyond_the_limit():
    """IS-6.1: voluntary Debt never exceeds the Debt Limit; an unpayable purchase is not listed."""
    st = mk("T2", FR, debt=(6, 0))
    act(st, FR, "tile:0", "actions", "act:minor")  # Diplomatic 2, France at its limit
    if any(c.startswith("region:") for c in ids(st, FR)):
        act(st, FR, "region:europe")
    listed = [c for c in ids(st, FR) if c.startswith("shift:")]
    assert "shift:ireland_prestige_3" not in listed  # printed 3 > 2 with no Debt room
    assert "shift:scotland_alliance_2" in listed


def test_back_leaves_everything_unchanged():
    """IS-17.1: ``back`` from paying changes nothing."""
    st = mk("T2", BR)
    act(st, BR, "tile:0", "actions", "act:major")
    pick(st, BR, "shift:antigua")
    act(st, BR, "back")
    assert "antigua" not in st["flags"] and st["round"]["actions"][0]["pts"] == 4


def test_turgot_first_debt_adds_two():
    """IS-MIN23 / IS-A26: France's first Debt point adds 2 when its Available Debt then exceeds
    Britain's."""
    st = mk("T5", FR, debt=(0, 6), ministries={FR: [("M-23", True)]})
    act(st, FR, "tile:0", "actions", "act:minor")  # Diplomatic 2
    pick(st, FR, "shift:ireland_prestige_3")
    act(st, FR, "debt")
    assert st["debt"][FR] == 1 and st["round"]["actions"][1]["pts"] == 4
    act(st, FR, "confirm")


def test_merchant_banks_free_debt():
    """IS-MIN17: Britain's first 2 Debt points for Economic purchases are free, even at the
    Debt Limit."""
    st = mk("T3", BR, ministries={BR: [("M-17", True)]}, debt=(0, 10))
    act(st, BR, "tile:0", "actions", "act:major")
    st["round"]["actions"][0]["pts"] = 0
    pick(st, BR, "shift:antigua")
    assert "debt" not in ids(st, BR)
    act(st, BR, "merchant_bank", "merchant_bank", "confirm")
    assert st["debt"][BR] == 10 and st["flags"]["antigua"] == BR
    assert st["min_exhausted"]["M-17"] == 2


def test_huguenots_flip_reduces_a_french_market_shift():
    """IS-MIN09 (b): a fresh marker in the Region flips to spent for −1 EP."""
    st = mk("T2", FR, huguenots={"acadia": 1})
    act(st, FR, "tile:0", "actions", "act:major")
    pick(st, FR, "shift:northeast_channel")  # printed 3, linked through acadia
    act(st, FR, "huguenots:acadia")
    assert "base 3 · Huguenots -1 = 2 EP" in F.text_of(st, FR)[1]
    act(st, FR, "confirm")
    assert st["huguenots"]["acadia"] == 2 and st["round"]["actions"][0]["pts"] == 2
