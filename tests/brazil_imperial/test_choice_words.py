"""The words on Brazil: Imperial choices (issue 16): what a monarch, palace, era token, arch
upgrade, mission, battle card or move destination does, on hand-built positions. The expected
texts are read off the rulings' tables (BI-15.3, BI-19, BI-22, BI-23, BI-24, BI-7) and the
positions' strengths counted by hand (BI-12.3-12.6, BI-11.4, BI-18.4)."""

from __future__ import annotations

from engine_positions import P1, P2, act, deck, game, hand, start, tile, unit

from engine.games.brazil_imperial import RULES
from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial import labels as L
from engine.games.brazil_imperial.frames import push
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options


def _prompt(st: dict, seat: int) -> tuple[str, dict[str, tuple[str, str]]]:
    p = RULES.prompt(st, seat)
    assert p is not None
    return p.text, {c.id: (c.label, c.detail) for c in p.choices}


def _frame(st: dict, kind: str, seat: int, **data: object) -> dict[str, tuple[str, str]]:
    st["stack"] = []
    push(st, kind, seat, **data)
    return _prompt(st, seat)[1]


def test_monarch_choice_says_each_power() -> None:
    """BI-19.1, BI-19.8: the monarch list gives each power, in plain words (no notes on the
    sources, no "FAQ")."""
    st = game(boards=("red_portugal", "green_brazil"))
    got = _frame(st, "setup.monarch", P1)
    assert got["manuel_i"] == (
        "Manuel I",
        "Your first 3 Sawmills are worth 2 VP each and produce 2 brazilwood + 1 gold.",
    )
    label, detail = got["afonso_i"]
    assert label == "Afonso I (Afonso Henriques)"
    assert detail.startswith(
        "Once per turn when paying, 1/2/3 battle cards may stand in for 1 gold"
    )
    assert "FAQ" not in detail and "(Not with the card just drawn by that same Deploy.)" in detail
    pedro = _frame(st, "setup.monarch", P2)["pedro_i"][1]
    assert pedro == (
        "The first time each unit type is deployed: archer, cannon or grenadier gives 1 basic"
        " resource of your choice; monarch or heavy cavalry gives 1 gold card."
    )


def test_mission_choices_show_their_vp() -> None:
    """BI-14.5, BI-17.3 #6, BI-23.19: era I 3 VP, era II 5 VP, era III 2 VP per condition met
    at the end (so MIII-3 is worth up to 6, not 0)."""
    for m, rec in C.MISSIONS.items():
        want = {"I": "3 VP", "II": "5 VP", "III": "2 VP per condition met at the end"}
        assert L.mission_score(m) == want[rec["era"]], m
    st = game()
    st["dealt"][P1] = {"3": ["MIII-3", "MIII-1"]}
    got = _frame(st, "setup.mission", P1, era="3")
    assert got["MIII-3"][0] == "Keep MIII-3 (2 VP per condition met at the end)"
    assert got["MIII-3"][1] == ("2+ palaces on the map; own 6+ building tiles; 1+ octagon products")


def test_mission_reveal_says_vp_and_what_follows() -> None:
    """BI-14.5, BI-14.6, BI-23.1: revealing MI-1 in era I gives 3 VP, a palace and era II."""
    st = game()
    st["missions"][P1] = {"1": "MI-1"}
    tile(st, "-3,0", "trading_post", P1)
    tile(st, "-3,1", "farm", P1)
    unit(st, P1, 1, "-2,0")
    got = _frame(st, "mission.reveal", P1)
    assert got["m:MI-1"][0] == "Reveal mission MI-1 (+3 VP and a palace, era II begins)"
    st["era"] = 2
    got = _frame(st, "mission.reveal", P1)
    assert got["m:MI-1"][0] == "Reveal mission MI-1 (+3 VP and a palace)"


def test_palace_choice_gives_reward_place_and_end_bonus() -> None:
    """BI-15.3: on an era I tile both Palace II (1 sugar cane + a free square product) and
    Palace III (1 gold card; +1 per Gold Mine at the end) may go."""
    st = game()
    tile(st, "-3,1", "sugar_cane_field", P1)
    got = _frame(st, "palace.which", P1)
    assert got["p:II"] == (
        "Palace II: 1 sugar cane + a free square product (Dye or Sugar)",
        "Stands on one of your era I building tiles; at the end 2 VP while you control it",
    )
    assert got["p:III"] == (
        "Palace III: 1 gold card",
        "Stands on one of your era I or II building tiles or a city; at the end 2 VP + 1 per "
        "Gold Mine you own while you control it",
    )
    assert L.palace_label("V") == "Palace V: nothing now"


def test_era_token_choices_and_action_menu_say_the_bonus() -> None:
    """BI-16.5: an era I token under an arch gives a look at a fog tile, an era II token a
    battle card, each later time that arch is taken."""
    st = game(era=2)
    got = _frame(st, "era.under", P1, era=1)
    assert got["a:deploy"] == ("Deploy", "Each later Deploy action: look at a fog tile first")
    got = _frame(st, "era.under", P1, era=2)
    assert got["a:trade"][1] == "Each later Trade action: draw a battle card first"
    st["under"][P1] = {"frame": [1], "deploy": [2]}
    start(st)
    labels = {i: lab for i, (lab, _) in _prompt(st, P1)[1].items()}
    assert labels["a:frame"] == "Frame (era I token: look at a fog tile first)"
    assert labels["a:deploy"] == "Deploy (era II token: draw a battle card first)"


def test_peek_list_marks_a_tile_already_seen_by_that_seat_only() -> None:
    """BI-16.5, BI-28.5: the seat that looked at (0,1) sees its name again; the other does not."""
    st = game()
    st["fog"]["0,1"] = "X03"
    st["peeks"][P1]["0,1"] = "X03"
    got = _frame(st, "peek", P1)
    assert got["h:0,1"][0] == "Look at the tile at (0,1) (seen: Gold Nuggets)"
    assert _frame(st, "peek", P2)["h:0,1"][0] == "Look at the tile at (0,1)"


def _to_destinations(st: dict, arch: str = "a:build", *, after: tuple[str, ...] = ("none",)):
    start(st)
    act(st, P1, arch, *after, "to_movement", "free", "u:0.1")
    text, got = _prompt(st, P1)
    assert text == "Move to which hex?"
    return got


def _destinations_position() -> dict:
    """Map "2": P1's archer on (0,0); P1's Sugar Cane Field on (-1,0); P2's Coffee Farm with
    P2's archer on (1,0) and a lone P2 Sugar Cane Field on (1,-1); fog (0,-1) and (0,1)."""
    st = game()
    unit(st, P1, 1, "0,0")
    tile(st, "-1,0", "sugar_cane_field", P1)
    tile(st, "1,0", "farm", P2)
    unit(st, P2, 1, "1,0")
    tile(st, "1,-1", "sugar_cane_field", P2)
    st["fog"]["0,-1"], st["fog"]["0,1"] = "X03", "X15"
    st["peeks"][P1]["0,1"] = "X15"
    return st


def test_move_destinations_name_terrain_and_what_happens() -> None:
    """BI-10.5, BI-12.3, BI-11.4, BI-24.15: an attack on P2's archer + Coffee Farm is 1 against
    1 + 2; the lone Sugar Cane Field defends with 1; unseen fog says what it may hold; the fog
    P1 looked at names Quilombo (flag 4)."""
    got = _to_destinations(_destinations_position())
    tie = "a tie goes to the defender"
    assert got["h:1,0"] == (
        "(1,0) attack Red: Archer + Coffee Farm",
        f"Before battle cards: you 1 against 3; {tie}",
    )
    assert got["h:1,-1"] == (
        "(1,-1) attack Red's Sugar Cane Field",
        f"Before battle cards: you 1 against 1; {tie}",
    )
    assert got["h:-1,0"] == ("(-1,0) your Sugar Cane Field", "")
    assert got["h:-1,1"] == ("(-1,1) plains", "")
    assert got["h:0,-1"] == (
        "(0,-1) fog: explore",
        "The face-down tile gives a reward, or starts a flag fight of strength 2-5 against "
        "your 1 + battle cards",
    )
    assert got["h:0,1"] == (
        "(0,1) fog: Quilombo (you looked), flag fight 4",
        "Before battle cards: you 1 against 4; you need more than 4",
    )


def test_destination_totals_count_the_trade_bonus_and_paintings() -> None:
    """BI-12.6, BI-20.5, BI-20.11: with P1's token on Trade (+1 attacking) and P11 (+1), and
    P2 owning P05 (+2 defending), the attack on (1,0) is 3 against 5."""
    st = _destinations_position()
    st["paintings"][P1] = ["P11"]
    st["paintings"][P2] = ["P05"]
    got = _to_destinations(st, "a:trade", after=("done",))
    assert got["h:1,0"][1].startswith("Before battle cards: you 3 against 5;")


def test_solo_attack_and_bombard_on_the_dutch_capital() -> None:
    """BI-18.3, BI-18.4, BI-10.4: Heavy Cavalry carrying the Cannon into (4,-1) is 6 against
    3 + garrison 2 + 2 and a Dutch card; the Cannon bombarding alone is 3 against 7."""
    cfg = Config((SeatConfig("me"),), resolve_options(RULES))
    st = RULES.setup(cfg, Rng.seeded(3))
    while st["phase"] == "setup":
        RULES.apply(st, 0, [c.id for c in RULES.prompt(st, 0).choices][0], Rng(st["rng"]))
    for slot in (4, 5):
        unit(st, 0, slot, "3,-1")
    start(st, 0)
    act(st, 0, "a:build", "none", "to_movement", "bombard", "u:0.5")
    got = _prompt(st, 0)[1]
    assert got["h:4,-1"] == (
        "(4,-1) bombard the Dutch capital",
        "Before battle cards: you 3 against 7 + one flipped Dutch card; a tie goes to the Dutch",
    )
    start(st, 0)
    act(st, 0, "a:frame", "none", "to_movement", "free", "u:0.4", "u:0.5")
    got = _prompt(st, 0)[1]
    assert got["h:4,-1"] == (
        "(4,-1) attack the Dutch capital, garrison 4",
        "Before battle cards: you 6 against 7 (capital 3 + garrison 4) + one flipped Dutch card; "
        "a tie goes to the Dutch",
    )


def test_combat_cards_by_name_with_their_value_and_both_totals() -> None:
    """BI-S17 (BI-12.4, BI-22.1, BI-22.9, BI-22.21): cavalry carrying the archer attacks P2's
    archer on its Coffee Farm: 4 against 3 before cards; Lancers' Charge is +3 with the cavalry;
    P2 then sees Tuiuti +2 and "you 3 against Green 4"."""
    st = game(era=2)
    unit(st, P1, 4, "0,0")
    unit(st, P1, 1, "0,0")
    hand(st, "battle", P1, ["B21", "B01"])
    tile(st, "1,0", "farm", P2, goods={"coffee": 1})
    unit(st, P2, 1, "1,0")
    hand(st, "battle", P2, ["B09"])
    st["token"][P2] = "frame"
    start(st)
    act(st, P1, "a:manufacture", "none", "to_movement", "free", "u:0.4", "u:0.1", "h:1,0")
    text, got = _prompt(st, P1)
    assert text.endswith("(0/3): you 4 against Red 3 (a tie goes to Red)")
    assert got["c:B21"][0] == "Play Lancers' Charge +3"
    assert got["c:B01"][0] == "Play Tabocas +1"
    act(st, P1, "c:B21", "c:B01")  # the hand is empty: placing ends by itself
    text, got = _prompt(st, P2)
    assert text.endswith("(0/3; the attacker placed 2): you 3 against Green 4 (a tie goes to you)")
    assert got["c:B09"][0] == "Play Tuiuti +2"


def test_flag_fight_prompt_shows_the_tile_strength() -> None:
    """BI-11.4, BI-24.15, BI-22.19: the archer entering Quilombo's fog fights 1 against 4;
    Jungle Ambush is worth +0 when attacking."""
    st = game()
    unit(st, P1, 1, "0,0")
    st["fog"]["0,1"] = "X15"
    hand(st, "battle", P1, ["B19", "B01"])
    start(st)
    act(st, P1, "a:build", "none", "to_movement", "free", "u:0.1", "h:0,1")
    text, got = _prompt(st, P1)
    assert text == (
        "Place battle cards face down for the flag fight at (0,1) (0/3): "
        "you 1 against Quilombo 4 (you need more than 4)"
    )
    assert got["c:B19"][0] == "Play Jungle Ambush +0"


def test_trade_names_battle_cards_and_slots_say_their_upgrade() -> None:
    """BI-7.7 T-4 by card names; BI-7.5/BI-7.6: the Harbor slot's upgrade draws a gold card."""
    st = game()
    hand(st, "battle", P1, ["B17", "B18"])
    start(st)
    act(st, P1, "a:trade")
    got = _prompt(st, P1)[1]
    assert got["T-4:B17+B18"][0] == (
        "Battle cards Siege of Salvador + Sepé's Last Stand → 1 gold + gold card"
    )
    st = game()
    st["supply"][P1] = {"brazilwood": 2}
    deck(st, "battle", ["B01"])
    start(st)
    act(st, P1, "a:manufacture", "p:dye")
    text, got = _prompt(st, P1)
    assert text == "Place Dye where?"
    assert got["a:harbor"] == ("Harbor slot", "Upgrade: Also draw 1 gold card.")
    assert got["a:manufacture"][1].startswith("Upgrade: Products cost 1 less")


def test_build_targets_and_the_only_extra_move_are_named() -> None:
    """BI-10.2: the Build extra move of the lone archer on (-3,1) can only reach P1's capital
    (-4,1), and the menu says so before the step goes on by itself; BI-15.2: the palace tile
    is named."""
    st = game()
    st["supply"][P1] = {"brazilwood": 1}
    tile(st, "-1,0", "sugar_cane_field", P1)
    unit(st, P1, 1, "-3,1")
    start(st)
    act(st, P1, "a:build", "b:sugar_cane_field")
    act(st, P1, "h:0,0", "to_movement")
    got = _prompt(st, P1)[1]
    assert got["extra"][0] == (
        "Extra move: move onto an adjacent tile (only: Archer to (-4,1) your capital)"
    )
    assert got["free"][0] == "Free move (1 hex)"
    assert _frame(st, "palace.tile", P1, palace="II")["h:-1,0"][0] == (
        "(-1,0) your Sugar Cane Field"
    )


def test_build_where_names_each_hex() -> None:
    """BI-6.4, BI-6.5, BI-6.10: "Build where?" names each hex's terrain, P1's unit on it and
    what it touches; a fog hex (-2,-2) next to P1's field at (-2,-1) warns that its tile goes
    away unseen, and names the tile P1 peeked at (X02)."""
    st = game()
    st["supply"][P1] = {"brazilwood": 1}
    tile(st, "-2,-1", "sugar_cane_field", P1)
    unit(st, P1, 1, "-3,1")
    st["peeks"][P1]["-2,-2"] = "X02"
    start(st)
    act(st, P1, "a:build", "b:sugar_cane_field")
    got = _prompt(st, P1)[1]
    assert got["h:-4,0"] == ("(-4,0) plains, next to your capital", "")
    assert got["h:-3,1"] == ("(-3,1) plains, your Archer here, next to your capital", "")
    x02 = C.EXPLORATION["X02"]["name"]
    assert got["h:-2,-2"] == (
        f"(-2,-2) fog ({x02}, you looked), next to your Sugar Cane Field at (-2,-1)",
        "Building here puts its face-down tile away unseen: nobody gets its reward",
    )


def test_trade_exchanges_read_as_items() -> None:
    """BI-7.7 T-2: "1 cotton + 1 coffee → 2 gold + gold card", not "cotton+coffee"."""
    st = game()
    st["supply"][P1] = {"cotton": 1, "coffee": 1}
    start(st)
    act(st, P1, "a:trade")
    got = _prompt(st, P1)[1]
    assert got["T-2:cotton+coffee"][0] == "1 cotton + 1 coffee → 2 gold + gold card"
    assert got["T-1:cotton"][0] == "1 cotton → 1 gold"


def test_gold_cards_say_what_they_give() -> None:
    """BI-21.1, BI-21.17, BI-21.19: Royal Charter is a Build action, Windfall 2 basic resources,
    Academy Grant 1 science."""
    st = game()
    hand(st, "gold", P1, ["G01", "G17", "G19"])
    start(st)
    got = {i: lab for i, (lab, _) in _prompt(st, P1)[1].items()}
    assert got["g:G01"] == "Play Royal Charter: Build action"
    assert got["g:G17"] == "Play Windfall: gain 2 basic resources of your choice"
    assert got["g:G19"] == "Play Academy Grant: gain 1 science"
