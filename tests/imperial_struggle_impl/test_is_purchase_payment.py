"""Paying (IS-5.7e, IS-5.7f, IS-6.1, IS-9.1, IS-A13): Debt/TRP only for a shortfall and within the
Debt
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


# ---------------------------------------------------------------------------- back undoes (IS-A13)
def _paying_antigua_with_nothing(trp: int = 0):
    """T2, Britain's Economic Major emptied, paying for Antigua: every point must come from Debt
    or TRP."""
    st = mk("T2", BR, trp=(0, trp))
    act(st, BR, "tile:0", "actions", "act:major")
    st["round"]["actions"][0]["pts"] = 0
    pick(st, BR, "shift:antigua")
    return st


def test_back_after_debt_and_trp_gives_them_back_is_a13():
    """IS-A13 / IS-5.7e: Debt and TRP are taken only for the purchase being paid; going back
    from it restores Debt, TRP, the round's Debt count and the action's points, and says so."""
    from engine.games.imperial_struggle import text as T

    st = _paying_antigua_with_nothing(trp=1)
    act(st, BR, "trp")
    assert st["trp"][BR] == 0 and st["round"]["actions"][0]["pts"] == 1
    if "confirm" not in ids(st, BR):
        act(st, BR, "debt")
    out = act(st, BR, "back")
    assert (st["debt"][BR], st["trp"][BR]) == (0, 1)
    assert st["round"]["actions"][0]["pts"] == 0 and st["round"]["debt_taken"] == 0
    lines = [T.describe(e, None) for e in out]
    assert lines[0].startswith("Britain goes back without buying:")
    assert "1 Treaty Point back (now 1)" in lines[0]
    assert "antigua" not in st["flags"]


def test_back_restores_turgot_first_debt_is_min23():
    """IS-MIN23: Turgot's 2 AP belong to France's first Debt point of the round; when that Debt
    is given back by `back`, the next Debt taken is again the first (2 AP again)."""
    st = mk("T5", FR, debt=(0, 6), ministries={FR: [("M-23", True)]})
    act(st, FR, "tile:0", "actions", "act:minor")  # Diplomatic 2
    pick(st, FR, "shift:ireland_prestige_3")
    act(st, FR, "debt", "back")
    assert st["debt"][FR] == 0 and st["round"]["actions"][1]["pts"] == 2
    assert not st["round"]["mods"].get("min23")
    pick(st, FR, "shift:ireland_prestige_3")
    act(st, FR, "debt")
    assert st["debt"][FR] == 1 and st["round"]["actions"][1]["pts"] == 4


def test_back_restores_merchant_banks_count_is_min17():
    """IS-MIN17: a Merchant Banks free point taken for a purchase that is not made stays unused."""
    st = mk("T3", BR, ministries={BR: [("M-17", True)]}, debt=(0, 10))
    act(st, BR, "tile:0", "actions", "act:major")
    st["round"]["actions"][0]["pts"] = 0
    pick(st, BR, "shift:antigua")
    act(st, BR, "merchant_bank", "back")
    assert st["min_exhausted"].get("M-17", 0) == 0
    assert st["round"]["actions"][0]["pts"] == 0


def test_back_reverts_pitt_points_is_min15_5_7c():
    """IS-5.7c: Pitt the Elder's +1 DP attaches to the purchase being made; `back` takes the
    point away again and leaves the ability unused (offered again for the next purchase)."""
    from engine.games.imperial_struggle import text as T

    st = mk("T3", BR, ministries={BR: [("M-15", True)]})
    act(st, BR, "tile:0", "actions", "act:minor")  # Diplomatic 2
    pick(st, BR, "shift:savoy")
    act(st, BR, "pitt")
    assert st["round"]["actions"][1]["restricted"]
    out = act(st, BR, "back")
    assert st["round"]["actions"][1]["restricted"] == []
    assert "M-15A" not in st["min_exhausted"]
    assert "Pitt the Elder not used" in T.describe(out[-1], None)
    pick(st, BR, "shift:savoy")
    assert "pitt" in ids(st, BR)


def test_back_keeps_a_revealed_card_face_up_is_3_5a():
    """A card revealed while paying stays face up after `back` (the opponent has seen it); with
    nothing else taken, `back` logs nothing."""
    st = mk("T5", FR, debt=(0, 6), ministries={FR: [("M-23", False)]})
    act(st, FR, "tile:0", "actions", "act:minor")
    pick(st, FR, "shift:ireland_prestige_3")
    act(st, FR, "reveal:M-23")
    out = act(st, FR, "back")
    assert st["min_slots"][FR][0]["up"] is True
    assert [e.kind for e in out] == []
