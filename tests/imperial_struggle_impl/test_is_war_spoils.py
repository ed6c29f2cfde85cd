"""War spoils tests: IS-7.2 rows, CP and conquest lines (IS-S07), refusal (IS-S08), USA/Canada
(IS-S22), Atlantic Dominance (IS-S23), Jacobite right (IS-S24), Antilles, CP Squadrons (IS-A42),
IS-V04 Tougher Forts, IS-V01 Spanish shift."""

from __future__ import annotations

from is_war_helpers import (
    arrange,
    choose,
    clear_regions,
    deciders,
    flag,
    fort,
    ids,
    offered,
    position,
    result_of,
    run_theater,
    squadron,
)

from engine.games.imperial_struggle import board as B
from engine.games.imperial_struggle import frames as F
from engine.games.imperial_struggle import war_spoils as S
from engine.games.imperial_struggle.state import BR, FR, USA


def test_spoils_rows_match_data():
    """IS-7.2 row lookup, incl. the asymmetric tables and no row at Atlantic Dominance margin 1."""
    assert S.spoils_row("WSS", "2", FR, 2)["winner_cp"] == 1
    assert S.spoils_row("WAS", "4", FR, 2)["winner_vp"] == 3
    assert S.spoils_row("WAS", "4", BR, 2)["winner_vp"] == 2
    assert S.spoils_row("7YW", "1", BR, 1) is None
    assert S.spoils_row("WSS", "1", FR, 9)["margin_max"] is None


def test_s07_conquest_line():
    """IS-S07: 7YW French & Indian War, Britain 7 – France 4, vp 16: +1 VP (15), 2 CP, France +3
    TRP; Acadia through British Louisbourg (France accepts); Guadeloupe illegal; Minorca (an
    Additional Territory, empty: no refusal)."""
    st = position("7YW", vp=16)
    fort(st, "louisbourg", BR)
    squadron(st, "antilles_channel", FR)
    arrange(st, "3", BR, 3)
    out = run_theater(st, "3")
    assert result_of(out)["margin"] == 3 and result_of(out)["winner"] == BR
    assert st["vp"] == 15 and st["trp"][FR] == 3
    assert offered(st, BR, "cp:acadia") and offered(st, BR, "cp:quebec_montreal")
    assert not offered(st, BR, "cp:guadeloupe") and offered(st, BR, "cp:minorca")
    choose(st, BR, "cp:acadia")
    assert deciders(st) == [FR] and ids(st, FR) == ["refuse", "accept"]
    choose(st, FR, "accept")
    assert st["flags"]["acadia"] == BR
    choose(st, BR, "cp:minorca")
    assert st["flags"]["minorca"] == BR
    assert st["stack"] == []  # 2 CP spent; row 3-4 has no unflag


def test_s08_refusing_twice():
    """IS-S08: two refusals in one War cost 3 then 5 VP; a refused Territory cannot be targeted
    again; Markets cannot be refused. Final vp 8, France TRP +4."""
    st = position("7YW", vp=16)
    fort(st, "vandavasi", BR)
    fort(st, "louisbourg", BR)
    arrange(st, "2", BR, 5)
    run_theater(st, "2")
    assert st["trp"][FR] == 3
    choose(st, BR, "cp:pondicherry")
    choose(st, FR, "refuse")
    assert st["vp"] == 13 and st["flags"]["pondicherry"] == FR
    assert not offered(st, BR, "cp:pondicherry")
    choose(st, BR, "cp:karaikal")
    assert st["flags"]["karaikal"] == BR and deciders(st) == [BR]
    choose(st, BR, "unflag:plassey")
    assert "plassey" not in st["flags"] and st["stack"] == []
    arrange(st, "3", BR, 2)
    run_theater(st, "3")
    choose(st, BR, "cp:quebec_montreal")
    out = choose(st, FR, "refuse")
    assert [e.args["vp"] for e in out if e.kind == "refuse"] == [5]
    assert st["vp"] == 8
    assert st["trp"][FR] == 4
    assert st["war"]["refusals"][FR] == 2


def test_third_refusal_impossible():
    """IS-7.2.2: no third refusal: the Territory is simply taken."""
    st = position("7YW", vp=16)
    fort(st, "louisbourg", BR)
    st["war"]["refusals"][FR] = 2
    arrange(st, "3", BR, 3)
    run_theater(st, "3")
    choose(st, BR, "cp:acadia")
    assert st["flags"]["acadia"] == BR and deciders(st) == [BR]


def test_s22_usa_and_canada():
    """IS-S22: USA flags on Northern Colonies and Carolinas, Halifax Fort removed, newly isolated
    Markets lose their flags (Massachusetts Bay stays: Squadron), Canada isolates Cataraqui."""
    st = position("AWI", vp=12)
    clear_regions(st, "north_america", "caribbean")
    for sp in (
        "northern_colonies",
        "massachusetts_bay",
        "chesapeake",
        "hudson_valley",
        "carolinas",
        "georgia",
        "bahamas_run_west",
    ):
        flag(st, sp, BR)
    fort(st, "halifax", BR)
    squadron(st, "gulf_of_maine", BR)
    for sp in ("quebec_montreal", "cataraqui", "acadia", "algonquin"):
        flag(st, sp, FR)
    fort(st, "louisbourg", FR)
    arrange(st, "1", FR, 5)
    out = run_theater(st, "1")
    assert result_of(out)["margin"] == 5
    assert st["vp"] == 16 and st["trp"][BR] == 3
    assert deciders(st) == [FR]
    assert ids(st, FR) == ["usa:northern_colonies", "usa:carolinas", "usa:san_agustin", "usa_done"]
    choose(st, FR, "usa:northern_colonies")
    choose(st, FR, "usa:carolinas")
    choose(st, FR, "usa:san_agustin")
    choose(st, FR, "usa:san_agustin")  # toggled off again
    choose(st, FR, "usa_done")
    assert st["flags"]["northern_colonies"] == USA and st["flags"]["carolinas"] == USA
    assert "san_agustin" not in st["flags"]
    assert ids(st, FR) == ["usa_fort:halifax", "usa_done"]
    out = choose(st, FR, "usa_fort:halifax")
    assert "halifax" not in st["flags"]
    for sp in ("chesapeake", "hudson_valley", "georgia", "bahamas_run_west"):
        assert sp not in st["flags"], sp
    assert st["flags"]["massachusetts_bay"] == BR
    assert ids(st, FR) == ["canada:yes", "canada:no"]
    choose(st, FR, "canada:yes")
    assert st["flags"]["quebec_montreal"] == USA
    assert "cataraqui" not in st["flags"]
    assert st["flags"]["acadia"] == FR
    assert st["stack"] == []


def test_usa_flag_cannot_be_conquered():
    """IS-10.1: a USA-flagged Territory is never a CP target."""
    st = position("AWI", vp=15)
    flag(st, "san_agustin", USA)
    arrange(st, "1", BR, 4)
    run_theater(st, "1")
    assert "cp:san_agustin" not in ids(st, BR)


def test_s23_atlantic_dominance():
    """IS-S23: A margin 1 -> nothing. B margin 3 -> France loses one Squadron (its choice) to
    Unbuilt; Britain's Atlantic Dominance tile gives +2 in the French & Indian War."""
    st = position("7YW", vp=15)
    arrange(st, "1", FR, 1)
    run_theater(st, "1")
    assert st["war"]["atlantic"] is None and st["stack"] == []
    st = position("7YW", vp=15)
    squadron(st, "biscay", FR)
    squadron(st, "cabot_strait", FR)
    assert st["navy"][FR] == 1
    arrange(st, "1", BR, 3)
    run_theater(st, "1")
    assert deciders(st) == [FR]
    assert ids(st, FR) == ["lose:biscay", "lose:cabot_strait", "lose:navy_box"]
    unbuilt = st["unbuilt"][FR]
    choose(st, FR, "lose:navy_box")
    assert st["navy"][FR] == 0 and st["unbuilt"][FR] == unbuilt + 1
    assert st["war"]["atlantic"] == BR and st["stack"] == []
    from engine.games.imperial_struggle import war as W

    b, parts = W.bonus_strength(st, "7YW", "3", BR)
    assert "Atlantic Dominance +2" in parts


def test_antilles_squadron_removal():
    """IS-7.3g: the loser removes min(2, margin) Squadrons from the game; forced when only one
    place holds them."""
    st = position("AWI", vp=15)
    assert st["navy"][FR] == 1
    arrange(st, "3", BR, 3)
    run_theater(st, "3")
    assert st["navy"][FR] == 0 and st["sq_removed"][FR] == 1


def test_s24_jacobite_right():
    """IS-S24: WAS Jacobite, France by 2 at vp 14: +3 VP (17), Britain +2 TRP, France unflags a
    British Political space of Europe, a second Jacobite Victory marker, the Jacobite right."""
    st = position("WAS", vp=14)
    st["jacobite"]["victories"] = 1
    arrange(st, "4", FR, 2)
    run_theater(st, "4")
    assert st["vp"] == 17 and st["trp"][BR] == 2
    assert st["jacobite"] == {"victories": 2, "defeat": False, "right": True}
    assert "unflag:dutch_prestige_3" in ids(st, FR)
    choose(st, FR, "unflag:dutch_prestige_3")
    assert "dutch_prestige_3" not in st["flags"] and st["stack"] == []


def test_jacobite_defeat():
    """IS-7.3b: a British win by 2+ in the WAS Jacobite theater removes M-4 from the game."""
    st = position("WAS", vp=15)
    st["min_slots"][FR] = [{"card": "M-4", "up": False}, {"card": "M-11", "up": False}]
    arrange(st, "4", BR, 2)
    run_theater(st, "4")
    assert st["jacobite"]["defeat"] is True and st["jacobite"]["right"] is False
    assert all(s["card"] != "M-4" for s in st["min_slots"][FR])


def test_wss_jacobite_victory_needs_3():
    """IS-7.3a: WSS Jacobite: a French win by 3+ adds a Jacobite Victory marker; by 2 none."""
    st = position("WSS", vp=15)
    arrange(st, "4", FR, 2)
    run_theater(st, "4")
    assert st["jacobite"]["victories"] == 0
    st = position("WSS", vp=15)
    arrange(st, "4", FR, 3)
    run_theater(st, "4")
    assert st["jacobite"]["victories"] == 1


def test_cp_naval_once_per_war():
    """IS-7.2.1.1(b)/(c), IS-A42: a Squadron entering by CP displaces the opposing one; a Squadron
    standing on a space entered by CP this War may not be the source again."""
    st = position("WAS", vp=15)
    squadron(st, "hooghly_river", FR)
    st["navy"][BR] = 0
    squadron(st, "malabar_coast", BR)
    arrange(st, "3", BR, 4)  # First Carnatic War 4+: 2 CP
    run_theater(st, "3")
    choose(st, BR, "cp:hooghly_river")
    assert ids(st, BR) == ["from:malabar_coast"]
    choose(st, BR, "from:malabar_coast")
    assert st["squadrons"]["hooghly_river"] == BR and st["navy"][FR] == 2
    assert "malabar_coast" not in st["squadrons"]
    # the only British Squadron now stands on a CP-entered space: no naval target any more
    assert "cp:malabar_coast" not in ids(st, BR)


def test_tougher_forts_is_v04():
    """IS-V04 / IS-A49: a Fort taken with CP needs a conquest-line link."""
    st = position("WSS", vp=15, tougher_forts="on")
    clear_regions(st, "north_america")
    arrange(st, "3", FR, 3)
    run_theater(st, "3")
    legal = ids(st, FR)
    assert "cp:louisbourg" not in legal  # lines to acadia / quebec_montreal / halifax, none French
    assert "cp:hudson_valley" in legal  # Markets need no line
    st = position("WSS", vp=15, tougher_forts="on")
    clear_regions(st, "north_america")
    flag(st, "acadia", FR)
    arrange(st, "3", FR, 3)
    run_theater(st, "3")
    assert "cp:louisbourg" in ids(st, FR)
    st2 = position("WSS", vp=15)
    clear_regions(st2, "north_america")
    arrange(st2, "3", FR, 3)
    run_theater(st2, "3")
    assert "cp:louisbourg" in ids(st2, FR)


def test_spanish_shift_is_v01():
    """IS-V01: taking an empty Spanish-coloured Territory lets the opponent shift a Political space
    of Spain after the theater."""
    st = position("WSS", vp=15, spanish_empire="on")
    arrange(st, "2", BR, 3)  # Spain 2-3: 1 CP
    run_theater(st, "2")
    choose(st, BR, "cp:gibraltar")
    assert st["flags"]["gibraltar"] == BR
    assert deciders(st) == [FR]
    assert "skip" in ids(st, FR) and "spain_shift:spain_alliance_3_lower" in ids(st, FR)
    choose(st, FR, "spain_shift:spain_alliance_3_lower")
    assert st["flags"]["spain_alliance_3_lower"] == FR and st["stack"] == []


def test_huguenots_add_a_cp():
    """IS-MIN09(a): a Huguenots marker makes the Territory cost 2 CP (1 CP left: not a target)."""
    st = position("WSS", vp=15)
    fort(st, "louisbourg", BR)
    st["huguenots"]["acadia"] = 1
    arrange(st, "3", BR, 3)  # Queen Anne's War 3: 1 CP
    run_theater(st, "3")
    assert "cp:acadia" not in ids(st, BR)
    assert S.territory_cost(st, "acadia") == 2


def test_conquered_damaged_fort_stays_damaged_is_a18():
    """IS-A18: a Damaged Fort taken with CP changes owner and stays Damaged; an empty Fort space
    becomes an intact Fort of the winner (IS-7.2.1.1(a))."""
    st = position("WSS", vp=15)
    fort(st, "halifax", BR, damaged=True)
    arrange(st, "3", FR, 4)  # Queen Anne's War 4+: 1 CP
    run_theater(st, "3")
    choose(st, FR, "cp:halifax")
    assert st["flags"]["halifax"] == FR and st["damaged"] == {"halifax": 1}
    st = position("WSS", vp=15)
    arrange(st, "3", FR, 4)
    run_theater(st, "3")
    choose(st, FR, "cp:ohio_forks")
    assert st["flags"]["ohio_forks"] == FR and "ohio_forks" not in st["damaged"]


def test_log_lines_hide_tiles_from_the_opponent():
    """IS-16.5: a bought tile is named only to its owner; the reveal and results are public."""
    from engine.games.imperial_struggle import frames as F
    from engine.games.imperial_struggle import text as T
    from engine.games.imperial_struggle import war as W

    st = position("WAS", vp=15)
    W.bonus_purchase_frames(st, FR)
    out = []
    F.advance(st, out)
    choose(st, FR, "theater:1", out)
    buy = [e for e in out if e.kind == "bonus_buy"][0]
    name = B.BONUS_TILES[buy.args["tile"]]["name"]
    assert name in T._REGISTRY["bonus_buy"](buy, FR)
    other_line = T._REGISTRY["bonus_buy"](buy, BR)
    assert name not in other_line and "Central Europe (WAS 1)" in other_line
    arrange(st, "1", FR, 2)
    out = run_theater(st, "1")
    rev = [e for e in out if e.kind == "war_reveal"][0]
    assert name in T._REGISTRY["war_reveal"](rev, BR)
    res = [e for e in out if e.kind == "theater_result"][0]
    assert "France wins by 2" in T._REGISTRY["theater_result"](res, None)


def test_long_cp_list_split_by_region_is_17_1():
    """IS-17.1 / IS-17.9: 42 CP targets of the French & Indian War (Europe's Minorca and
    Gibraltar, North America, the Caribbean) come as ``region:<id>`` (with counts) plus
    ``cp_end``; a Region lists only its ``cp:`` targets and ``back``; after a conquest the next
    prompt starts again from the Regions."""
    st = position("7YW", vp=16)
    fort(st, "louisbourg", BR)
    squadron(st, "antilles_channel", FR)
    arrange(st, "3", BR, 3)
    run_theater(st, "3")
    first = ["region:europe", "region:north_america", "region:caribbean", "cp_end"]
    assert ids(st, BR) == first
    labels = [c.label for c in F.choices_of(st, BR)]
    assert labels[:3] == ["Europe (2)", "North America (20)", "Caribbean (20)"]
    choose(st, BR, "region:europe")
    assert ids(st, BR) == ["cp:gibraltar", "cp:minorca", "back"]
    choose(st, BR, "back")
    assert ids(st, BR) == first
    choose(st, BR, "region:caribbean")
    carib = ids(st, BR)
    assert len(carib) == 21 and carib[-1] == "back"
    assert all(B.region_of(i[3:]) == "caribbean" for i in carib[:-1])
    choose(st, BR, "cp:port_de_paix")  # an unflagged Market: 1 CP, no refusal
    assert st["flags"]["port_de_paix"] == BR
    assert ids(st, BR)[:3] == first[:3] and ids(st, BR)[-1] == "cp_end"
    choose(st, BR, "cp_end")
    assert st["stack"] == []


def test_short_cp_list_is_not_split():
    """IS-17.1: a list in one Region (India, IS-S08) is offered directly, without ``region:``."""
    st = position("7YW", vp=16)
    fort(st, "vandavasi", BR)
    arrange(st, "2", BR, 5)
    run_theater(st, "2")
    legal = ids(st, BR)
    assert "cp:pondicherry" in legal and "cp_end" in legal
    assert not any(i.startswith("region:") or i == "back" for i in legal)
