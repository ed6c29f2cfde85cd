"""Imperial Struggle inspector texts (tui/boards/imperial_struggle_cards.py): every Event card,
Ministry card, Advantage, Investment tile, War tile, theater and map space of the data has a
full text with its name and key values; hand-checked cards and spaces carry the values of the
data and the rulings; no text shows a raw dict, list or id; the browse list follows the view."""

from __future__ import annotations

import re

import pytest

from engine.games.imperial_struggle import RULES
from engine.games.imperial_struggle import board as B
from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options
from tui.boards import imperial_struggle_cards as C

RAW = re.compile(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|'[a-z_]+':|\b[a-z]+_[a-z0-9_]+\b")
"""A raw dict/list repr, a Python literal or a snake_case id in player text."""


def assert_plain(text: str) -> None:
    body = "\n".join(line for line in text.splitlines() if not line.startswith("Rule: "))
    m = RAW.search(body)
    assert m is None, f"raw {m.group(0)!r} in: {body[:200]}"


def all_targets() -> list[str]:
    return (
        [f"card:{c}" for c in B.EVENTS]
        + list(B.MINISTRIES)
        + list(B.ADVANTAGES)
        + [f"tile:{t}" for t in B.INVEST]
        + list(B.BASIC_TILES)
        + list(B.BONUS_TILES)
        + ["atlantic_dominance", "byng"]
        + [f"theater:{w}:{n}" for w in B.THEATERS for n in B.THEATERS[w]]
        + [f"demand:{c}" for c in B.DEMAND]
        + [f"award:{a}" for a in B.AWARDS]
        + [f"region:{r}" for r in B.REGIONS]
        + list(B.SPACES)
    )


# ---------------------------------------------------------------------------- every thing
def test_every_event_card_has_both_halves_era_type_and_bonus():
    """IS-3.4 / IS-14: each of the 41 cards shows its name, number, Era, the tile type its
    action symbol needs, the bonus condition and every version's effect and bonus."""
    assert len(B.EVENTS) == 41
    for c, ev in B.EVENTS.items():
        text = C.inspect_text(f"card:{c}")
        assert text and text.startswith(f"# {ev['name']}\n")
        assert f"Event card {c}" in text
        assert {"succession": "Succession Era", "empire": "Empire Era"}.get(
            ev["era"], "Revolution Era"
        ) in text
        sym = ev["action_symbol"]
        if sym:
            assert f"whose Major action is {sym.capitalize()}" in text
        else:
            assert "**Any tile** with the Event symbol" in text
        bc = ev["bonus_condition"]
        if bc:
            assert bc["text"].rstrip(".") in text
        else:
            assert "this card has no bonus" in text
        for v in ev["versions"].values():
            assert v["effect"] in text
            if bc and v.get("bonus"):
                assert v["bonus"] in text
            if v.get("title"):
                assert v["title"] in text
        assert_plain(text)


def test_every_ministry_has_side_era_keyword_and_ability():
    """IS-3.5 / IS-15: side, Eras, keywords and the ability of all 26 Ministry cards."""
    assert len(B.MINISTRIES) == 26
    for mid, m in B.MINISTRIES.items():
        text = C.inspect_text(mid)
        assert text and text.startswith(f"# {m['name']}\n")
        assert f"{m['side'].capitalize()}'s Ministry card" in text
        for era in m["eras"]:
            assert f"{era.capitalize()} Era" in text
        for k in m["keywords"]:
            assert k.capitalize() in text
        assert m["effect"] in text
        assert_plain(text)


def test_every_advantage_has_its_region_spaces_and_effect():
    """IS-8.1 / IS-8.3: the 22 tiles with the spaces that give them and their effect."""
    assert len(B.ADVANTAGES) == 22
    for aid, a in B.ADVANTAGES.items():
        text = C.inspect_text(aid)
        assert text and text.startswith(f"# {a['name']}\n")
        assert B.REGION_NAMES[a["region"]] in text and a["effect"] in text
        for s in a["connected_spaces"]:
            assert B.SPACES[s]["name"] in text
        assert_plain(text)


def test_every_investment_tile_has_its_actions_and_the_minor_rule():
    """IS-3.3 / IS-5.3.2: Major and Minor action (type, points), symbols, what Minor means."""
    assert len(B.INVEST) == 24
    for t, rec in B.INVEST.items():
        text = C.inspect_text(f"tile:{t}")
        major, minor = rec["major"], rec["minor"]
        assert f"**Major action:** {major['type'].capitalize()}, {major['points']} " in text
        assert f"**Minor action:** {minor['type'].capitalize()}, 2 " in text
        assert "exactly **one** purchase" in text
        assert ("**Event symbol:**" in text) == rec["event_symbol"]
        assert ("**Military Upgrade:**" in text) == rec["military_upgrade"]
        assert_plain(text)


def test_every_war_tile_has_its_owner_strength_and_effect():
    """IS-3.7a: 32 Basic tiles, 96 Bonus tiles and the two special tiles."""
    assert len(B.BASIC_TILES) == 32 and len(B.BONUS_TILES) == 96
    for tid, info in {**B.BASIC_TILES, **B.BONUS_TILES}.items():
        text = C.inspect_text(tid)
        s = info["strength"]
        assert f"**Strength:** {'+' if s > 0 else ''}{s}." in text
        assert ("France's" if info["side"] == 0 else "Britain's") in text
        if "name" in info:
            assert text.startswith(f"# {info['name']}\n")
        if info["effect"]:
            assert B.COMPONENTS["war_tile_effects"][info["effect"]] in text
        assert_plain(text)
    assert "strength +2" in C.inspect_text("atlantic_dominance")
    assert "strength +2" in C.inspect_text("byng")


def test_every_space_has_kind_region_and_connections():
    """IS-3.2: all 112 spaces with kind, Region, commodity, cost and their solid lines."""
    assert len(B.SPACES) == 112
    kinds = {
        "political": "Political space",
        "market": "Market",
        "fort": "Fort",
        "naval": "Naval space",
        "territory": "Territory",
    }
    for sid, rec in B.SPACES.items():
        text = C.inspect_text(sid)
        assert text and text.startswith(f"# {rec['name']}\n")
        assert f"**{kinds[rec['type']]}**" in text
        assert f"In {B.REGION_NAMES[rec['region']]}" in text
        if rec["commodity"]:
            assert rec["commodity"].capitalize() in text
        for n in B.ADJ[sid]:
            assert B.SPACES[n]["name"] in text
        if rec["prestige"]:
            assert "Prestige" in text
        assert_plain(text)


def test_every_other_target_and_no_raw_text_anywhere():
    """Theaters, Global Demand, Award tiles and Regions too; nothing shows a raw repr."""
    targets = all_targets()
    assert len(targets) == 41 + 26 + 22 + 24 + 32 + 96 + 2 + 15 + 6 + 8 + 4 + 112
    for t in targets:
        text = C.inspect_text(t)
        assert text, t
        assert_plain(text)
        assert C.target_label(t) and not RAW.search(C.target_label(t))


# ---------------------------------------------------------------------------- hand-checked
def test_acts_of_union_both_halves_and_bonus():
    """IS-EV02: Britain gains 1 DP only to unflag in Europe, bonus 2 VP; France gains 2 DP,
    bonus unflag a Political space outside Spain and Austria; bonus = more Prestige in
    Scotland + Ireland; Succession, any tile."""
    text = C.inspect_text("card:2")
    assert "**Any tile** with the Event symbol" in text
    assert "**Bonus condition:** You hold more Prestige spaces in Scotland + Ireland" in text
    fr = text.index("France's version — *Hapsburgs isolated*:** Gain 2 DP.")
    br = text.index("Britain's version — *United Parliament reduces Scottish intrigue in Europe*")
    assert "Gain 1 DP that may only be used to unflag in Europe." in text[br:]
    assert (
        "**Bonus:** Unflag one Political space in Europe outside Spain and Austria." in text[fr:br]
    )
    assert "**Bonus:** Score 2 VP." in text[br:]
    assert text.rstrip().endswith("Rule: IS-EV02")


def test_viewer_sees_its_own_version_first():
    """IS-3.4.2: you may only play your own side's version; Britain's view lists it first."""
    view = {"side": 1, "hands": [None, [2]]}
    text = C.inspect_text("card:2", view)
    assert text.index("Your version (Britain)") < text.index("France's version")
    assert "**Now:** in your hand." in text


def test_tax_reform_needs_an_economic_tile():
    """IS-3.4.4: card 8 shows the Economic symbol."""
    assert B.EVENTS[8]["action_symbol"] == "economic"
    assert "**Needs an Economic tile:**" in C.inspect_text("card:8")


def test_john_law():
    """IS-MIN02: France, Succession, Finance; Debt −1 (−2 with a Scotland space) each turn end."""
    text = C.inspect_text("M-2")
    assert "**France's Ministry card** · Succession Era" in text
    assert "**Keyword:** Finance." in text
    assert "lower your Debt by 1, or by 2 if you hold any space in Scotland" in text
    assert "Works at the end of each Peace Turn" in text


def test_baltic_trade_and_wheat_spaces():
    """IS-8.3.1 Baltic Trade (Europe, Denmark-Norway + Prussia Alliance 2): Debt −2;
    IS-8.3.12 Wheat (North America, Chesapeake) starts with Britain (DATA.md)."""
    text = C.inspect_text("baltic_trade")
    assert "**Advantage tile** · Europe" in text
    assert "**Held by** the side that controls Denmark-Norway and Prussia (Alliance 2)." in text
    assert "Reduce your own Debt by 2." in text and "Rule: IS-8.3.1" in text
    wheat = C.inspect_text("wheat")
    assert "controls Chesapeake." in wheat and "At set-up: held by Britain." in wheat
    assert "Rule: IS-8.3.12" in wheat


def test_investment_tile_6():
    """IS-3.3: tile 6 is Economic 2 + Diplomatic 2 with the Event and Upgrade symbols."""
    text = C.inspect_text("tile:6")
    assert text.startswith("# Investment tile: Economic 2 + Diplomatic 2, Event, Upgrade\n")


def test_marlborough_and_basic_unflag_tile():
    """IS-3.7a: WSS_britain_0 is Marlborough +3; fr_b13 is Basic −1 with unflag."""
    assert C.inspect_text("WSS_britain_0").startswith("# Marlborough\n")
    assert "**Strength:** +3." in C.inspect_text("WSS_britain_0")
    text = C.inspect_text("fr_b13")
    assert text.startswith("# Basic War tile -1: unflag a space\n")


def test_bavaria_and_quebec():
    """map.json: Bavaria, Political 3 DP, Alliance space, +1 in WSS 1, WAS 1, 7YW 4, French at
    set-up; Quebec & Montreal, Canada Territory, British 2 VP at final scoring (IS-11d)."""
    text = C.inspect_text("bavaria")
    assert "**Political space** · 3 DP" in text and "country: Bavaria" in text
    assert (
        "adds +1 in Central Europe (WSS 1), Central Europe (WAS 1) and Prussia's Wars (7YW 4)"
        in text
    )
    assert "At set-up: French flag." in text and "Central Europe Conflict" in text
    q = C.inspect_text("quebec_montreal")
    assert "In North America · Canada" in q
    assert "**Connections:** Cataraqui, Gulf of St. Lawrence and Ile-aux-Noix." in q
    assert "Britain scores 2 VP for a British flag here" in q


def test_theater_wss_1_spoils():
    """IS-7.7 / components.json: WSS Central Europe, margins 1–2 / 3–4 / 5+ give 2/2/3 VP."""
    text = C.inspect_text("theater:WSS:1")
    assert "| 1–2 | 2 | 0 | 1 | 0 |" in text and "| 5+ | 3 | 2 | 3 | 0 |" in text
    assert "San Agustin, Asiento, Hudson Bay and Acadia" in text


def test_tobacco_demand_rewards():
    """IS-4.1.12d table: Tobacco 3 VP +1 Debt / 2 VP +1 Debt / 1 VP +1 Debt."""
    text = C.inspect_text("demand:tobacco")
    assert "| Succession Era | 3 VP, +1 Debt |" in text
    assert "| Revolution Era | 1 VP, +1 Debt |" in text


# ---------------------------------------------------------------------------- targets
def test_aliases_and_bad_targets():
    """The module's target scheme: aliases give the same text; odd input gives None."""
    assert C.inspect_text("event:8") == C.inspect_text("8") == C.inspect_text("card:8")
    assert C.inspect_text("ministry:M-5") == C.inspect_text("M-5") == C.inspect_text("ministry:5")
    assert C.inspect_text("adv:wheat") == C.inspect_text("wheat")
    assert C.inspect_text("inv:3") == C.inspect_text("tile:3")
    assert C.inspect_text("wartile:fr_b00") == C.inspect_text("fr_b00")
    assert C.inspect_text("furs") == C.inspect_text("demand:furs")
    assert C.inspect_text("space:biscay") == C.inspect_text("biscay")
    bad_targets = (
        "",
        "card:x",
        "card:42",
        "card:0",
        "tile:99",
        "tile:",
        "theater:1",
        "theater:",
        "theater:WSS:9",
        "theater:XYZ:1",
        "nowhere",
        ":",
        "M-8A",
        "wartile:",
        "wartile:tile:3",
        "region:",
        "demand:gold",
        "award:x",
    )
    for bad in bad_targets:
        assert C.inspect_text(bad) is None, bad
    assert C.inspect_text("theater:2", {"war": {"id": "WSS", "theaters": {}}}).startswith(
        "# Spain (WSS 2)"
    )


def _views(seed: int, steps: int) -> list[dict]:
    cfg = Config((SeatConfig("A", "random"), SeatConfig("B", "random")), resolve_options(RULES, {}))
    st = RULES.setup(cfg, Rng.seeded(seed))
    pick = Rng.seeded(seed + 99)
    out = []
    for k in range(steps):
        if st["over"]:
            break
        seat = RULES.waiting(st)[0]
        prompt = RULES.prompt(st, seat)
        choice = prompt.choices[pick.randbelow(len(prompt.choices))]
        if k % 25 == 0 or st["ti"] in (1, 4, 6, 8):
            out.append(RULES.view(st, seat))
            for c in prompt.choices:
                if c.target is not None:
                    assert C.inspect_text(c.target, out[-1]), c.target
        RULES.apply(st, seat, choice.id, Rng(st["rng"]))
    out.append(RULES.view(st, 0))
    return out


@pytest.mark.parametrize("seed", [2, 7])
def test_inspectable_lists_everything_in_reading_order(seed):
    """Over a whole random game (Peace and War Turns): every listed target has a text; labels
    are plain names; order: hand, ministries, Advantages, Investment tiles, War, then the 112
    spaces; the opponent's hand and face-down Ministry cards (IS-16) never appear; every choice
    target of the prompts has a text."""
    views = _views(seed, 5000)
    assert any(v["turn"] in B.WARS for v in views) and views[-1]["over"]
    for view in views:
        items = C.inspectable(view)
        for t, label in items:
            assert C.inspect_text(t, view), t
            assert not RAW.search(label), label
            assert_plain(C.inspect_text(t, view))
        for c in (view.get("prompt") or {}).get("choices") or []:
            if c["target"] is not None:  # the inspector can start on any choice's target
                assert c["target"] in [t for t, _ in items], c["target"]
        front = [t for t, label in items if label.startswith("Choice · ")]
        targets = [C.canonical(t) for t, _ in items[len(front) :]]
        assert targets[-112:] == [s for r in B.REGIONS for s in B.spaces_in(r)]
        me = view["side"]
        hand = view["hands"][me] or []
        assert targets[: len(hand)] == [f"card:{c}" for c in hand]
        first_adv = targets.index("baltic_trade")
        for slot in view["ministries"][1 - me]:
            if slot["card"] and not slot["up"]:
                pytest.fail("a face-down opposing Ministry is listed")
        mins = [t for t in targets if t in B.MINISTRIES]
        assert all(C.canonical(t) not in mins for t in front)
        assert all(targets.index(m) < first_adv for m in mins)
        tiles = [t for t in targets if t.startswith("tile:")]
        assert all(targets.index(t) > first_adv for t in tiles)


def test_scores_line_speaks_of_one_track():
    """IS-0.1: one shared VP marker; sides mapped to seats by side_seat."""
    view = {"vp": 30, "side_seat": [1, 0]}
    line = C.scores_line(view, ("VP 30", "VP 30"), ["Ann", "Bot"])
    assert line == "Shared VP track: 30 (France up, Bot · Britain down, Ann)"
    assert line.count("30") == 1
    assert C.scores_line({}, (), ["Ann", "Bot"]) == ""


def test_card_list_has_every_card_and_tile():
    """The Rules screen's card list holds every Event, Ministry, Advantage and Bonus tile."""
    md = C.card_list_markdown()
    for ev in B.EVENTS.values():
        assert f"### {ev['name']}" in md
    for m in B.MINISTRIES.values():
        assert f"### {m['name']}" in md
    for a in B.ADVANTAGES.values():
        assert f"### {a['name']}" in md
    for t in B.BONUS_TILES.values():
        assert t["name"] in md


def test_card_list_and_rules_file_are_player_text():
    """The card list and tui/rules/imperial_struggle.md carry no rule IDs; the rules give the
    shared track and its thresholds (IS-0.1, IS-2.4), the turn track (IS-2.1), an Action Round
    (IS-5.0) and every rule option of the engine (IS-18) by its label and default."""
    from engine.games.imperial_struggle.rules import OPTIONS
    from tui.screens.rules import RULES_DIR

    md = C.card_list_markdown()
    assert not re.search(r"\bIS-[A-Z0-9]", md)
    assert md.count(C.EVENT_RULE) == 1  # common rules said once, not per card
    rules = (RULES_DIR / "imperial_struggle.md").read_text(encoding="utf-8")
    assert not re.search(r"\bIS-[A-Z0-9]", rules)
    for heading in (
        "## What you are trying to do",
        "## The turn track",
        "## A Peace Turn",
        "## Your Action Round, step by step",
        "## Keys",
        "## What is reconstructed",
        "## Rule options",
    ):
        assert heading in rules
    assert "The marker starts at **15**" in rules
    assert "France wins at once at 30 or more; Britain wins at once at 0 or less." in rules
    assert "**16 or more, France wins; 14 or\n  less, Britain wins**" in rules
    for option in OPTIONS:
        assert f"| {option.label} | {option.default} |" in rules, option.label


def test_protection_from_the_view_matches_the_engine():
    """IS-3.2.8: the inspector's "Protected by" (read from the view) agrees with the engine's
    geometry.protected on every space of several positions of a random game, and names the
    Squadron: a British Market next to a British Squadron (Massachusetts Bay, Gulf of Maine)."""
    from engine.games.imperial_struggle import geometry as G
    from engine.games.imperial_struggle.position import build
    from tui.boards.imperial_struggle_places import protector

    rules, st = build(
        {
            "turn": "T2",
            "squadrons": {"gulf_of_maine": "britain"},
            "flags": {"massachusetts_bay": "britain", "georges_bank": "france"},
            "forts": {"halifax": "france"},
            "damaged": ["halifax"],
        }
    )
    view = rules.view(st, 0)
    assert protector(view, "massachusetts_bay") == "Britain (Squadron in Gulf of Maine)"
    assert protector(view, "georges_bank") == ""  # its French Fort at Halifax is Damaged
    text = C.inspect_text("massachusetts_bay", view)
    assert "**Now:** British flag · Protected by Britain (Squadron in Gulf of Maine)." in text
    assert "Damaged" in C.inspect_text("halifax", view)

    cfg = Config((SeatConfig("A", "random"), SeatConfig("B", "random")), resolve_options(RULES, {}))
    st = RULES.setup(cfg, Rng.seeded(11))
    pick = Rng.seeded(12)
    for k in range(900):
        if st["over"]:
            break
        if k % 150 == 0:
            view = RULES.view(st, None)
            for sid in B.SPACES:
                assert bool(protector(view, sid)) == G.protected(st, sid), sid
        seat = RULES.waiting(st)[0]
        choices = RULES.prompt(st, seat).choices
        RULES.apply(st, seat, choices[pick.randbelow(len(choices))].id, Rng(st["rng"]))


def test_ministry_exhaustion_per_ability():
    """IS-3.5b: abilities A and B exhaust separately; Merchant Banks has two uses a turn."""
    view = {
        "side": 0,
        "ministries": [
            [{"card": "M-4", "up": True, "filled": True}],
            [{"card": "M-17", "up": True, "filled": True}],
        ],
        "min_exhausted": {"M-4A": 1, "M-17": 1},
    }
    assert "**Now:** in your ministry, face up, ability A Exhausted." in C.inspect_text("M-4", view)
    assert "in Britain's ministry, face up, one use left this turn" in C.inspect_text("M-17", view)


def test_ministry_phase_choices_are_browsable_by_name():
    """IS-4.1.7a / IS-17: the first decision of T1 is France's Ministry pick (targets
    ``ministry:M-n``): each pick is listed first as "Choice · name" under the target the
    choice uses, so the inspector opened on it shows the card's name, not an id."""
    cfg = Config((SeatConfig("A", "human"), SeatConfig("B", "human")), resolve_options(RULES, {}))
    st = RULES.setup(cfg, Rng.seeded(1))
    view = RULES.view(st, 0)
    picks = [c for c in view["prompt"]["choices"] if c["id"].startswith("pick:")]
    assert picks and all(c["target"] == f"ministry:{c['id'][5:]}" for c in picks)
    items = C.inspectable(view)
    assert items[: len(picks)] == [
        (c["target"], f"Choice · {B.MINISTRIES[c['id'][5:]]['name']}") for c in picks
    ]
    assert ("ministry:M-1", "Choice · The Cardinal Ministers") in items
