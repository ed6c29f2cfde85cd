"""Rulings that earlier tests covered only in part, on hand-built positions: BI-5.12 (a payment
never uses what its own step is about to give), BI-A31 (a gold-card Manufacture may go on
Victoria's board) and BI-29.10 (an immediate exploration tile's reward choices, then the
limit checkpoint)."""

from __future__ import annotations

from engine_positions import P1, act, game, hand, ids, start, top, unit

from engine.games.brazil_imperial import RULES


def test_bi_5_12_pedro_i_bonus_cannot_pay_its_own_deploy():
    """BI-5.12, BI-19.3, BI-5.6: Pedro I's gold card for a first Heavy Cavalry comes after the
    deployment, so it cannot pay the Cavalry's gold: with only a coffee nothing is payable;
    with a coffee and a gold the Cavalry deploys, both are spent, and then the card arrives."""
    st = game(monarchs=("pedro_i", "afonso_i"))
    st["supply"][P1] = {"coffee": 1}
    start(st)
    act(st, P1, "a:deploy")
    assert ids(st, P1) == ["none"]
    st = game(monarchs=("pedro_i", "afonso_i"))
    st["supply"][P1] = {"coffee": 1, "gold": 1}
    start(st)
    act(st, P1, "a:deploy")
    assert ids(st, P1) == ["u:0.1", "u:0.2", "u:0.3", "u:0.4", "none"]  # gold stands in
    ev = act(st, P1, "u:0.4", "h:-4,1")
    assert st["units"][P1][3]["loc"] == "-4,1" and st["supply"][P1] == {}
    kinds = [e.kind for e in ev]
    assert kinds.index("pay") < kinds.index("deploy") < kinds.index("gain")
    assert len(st["gold"][P1]) == 1 and st["flags"][P1]["pedro_i"] == ["heavy_cavalry"]


def test_bi_a31_gold_card_manufacture_may_go_on_victorias_board():
    """BI-A31, BI-8.4, BI-19.9: a Manufacture from a gold card (G10) is placed as usual, so
    Victoria may put it on her board and gain 1 science; the gold card is not an upgrade
    (the full cost is paid, BI-7.8)."""
    st = game(boards=("blue_france", "red_portugal"), monarchs=("victoria", "afonso_i"))
    st["supply"][P1] = {"brazilwood": 2}
    hand(st, "gold", P1, ["G10"])
    st["token"][P1] = "harbor"
    start(st)
    assert "g:G10" in ids(st, P1)
    act(st, P1, "g:G10", "p:dye")
    assert top(st) == "product.place"
    assert "victoria" in ids(st, P1)
    act(st, P1, "victoria")
    assert st["products"][P1]["dye"] == "victoria"
    assert st["supply"][P1] == {"science": 1} and st["gold"][P1] == []
    assert st["gold_discard"][-1] == "G10"


def test_bi_29_10_immediate_tile_reward_choices_then_the_checkpoint():
    """BI-29.10, BI-11.3, BI-5.3: entering a face-down Abandoned Camp (X01, 2 basic resources)
    asks `gain.basic` twice, then, with the supply over 5, `limit.return` before the movement
    goes on."""
    st = game()
    st["fog"]["-2,-2"] = "X01"
    unit(st, P1, 1, "-2,-1")
    st["supply"][P1] = {"gold": 2, "coffee": 2}
    start(st)
    act(st, P1, "a:frame", "none", "to_movement", "free", "u:0.1", "h:-2,-2")
    assert "X01" in st["explored"][P1] and "-2,-2" not in st["fog"]
    assert top(st) == "gain.basic"
    assert ids(st, P1) == ["brazilwood", "sugar_cane", "coffee", "cotton"]
    act(st, P1, "cotton")
    assert top(st) == "gain.basic"
    act(st, P1, "cotton")
    assert top(st) == "limit.return"
    p = RULES.prompt(st, P1)
    assert p.text == "Supply over its limit: return 1 item"
    assert [c.id for c in p.choices] == ["r:coffee", "r:cotton", "r:gold"]
    act(st, P1, "r:coffee")
    assert st["supply"][P1] == {"gold": 2, "coffee": 1, "cotton": 2}
    assert top(st) == "move"
