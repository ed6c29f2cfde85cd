"""Log lines (``describe``) in the game's terms, naming hidden things only to those who know
them (BI-28.8), and plain words for mission conditions (BI-23)."""

from __future__ import annotations

from engine.choices import split_choice
from engine.rules import Event

from . import catalog as C


def condition_text(c: dict) -> str:
    """One mission condition in plain words."""
    k, m = c["type"], c["min"]
    if k == "units_on_map":
        return f"{m}+ units on the map"
    if k == "own_building":
        return f"own {m}+ {C.BUILDINGS[c['building']]['name']}"
    if k == "own_buildings_total":
        return f"own {m}+ building tiles"
    if k == "distinct_building_types":
        return f"{m}+ different buildings"
    if k == "own_cities":
        return f"own {m}+ cities"
    if k == "products":
        return f"{m}+ {c.get('shape', '')} products".replace("  ", " ")
    if k == "paintings":
        return f"paintings of {m}+ colours" if c.get("distinct_colours") else f"{m}+ paintings"
    if k == "supply_has":
        return f"{m}+ {C.ITEM_NAMES[c['item']]} held"
    if k == "supply_basic_total":
        return f"{m}+ basic resources held"
    if k == "gold_cards_in_hand":
        return f"{m}+ gold cards in hand"
    if k == "palaces_on_map":
        return f"{m}+ palaces on the map"
    return k


def _items(d: dict) -> str:
    return ", ".join(f"{v} {C.ITEM_NAMES[k]}" for k, v in d.items()) or "nothing"


def _who(e: Event, seat: int | None = None) -> str:
    s = e.seat if seat is None else seat
    colours = e.args.get("colours")
    if s is None:
        return "The game"
    if s == -1:
        return "the Dutch"
    if colours:
        return colours[s]
    return f"P{s + 1}"


def _a(word: str) -> str:
    """``word`` with its indefinite article ("an Archer", "a Cannon")."""
    return f"{'an' if word[0].lower() in 'aeiou' else 'a'} {word}"


def _card(c: str) -> str:
    rec = C.GOLD_CARDS.get(c) or C.BATTLE_CARDS.get(c) or C.PAINTINGS.get(c)
    return f"{rec['name']} ({c})" if rec else c


def describe(e: Event, viewer: int | None) -> str:
    """The log line for ``e`` as ``viewer`` may read it."""
    a = e.args
    who = _who(e)
    own = viewer is not None and viewer == e.seat
    k = e.kind
    if k == "board":
        return f"{who} takes the {C.SEAT_COLOURS[a['board']]} board"
    if k == "keep_mission":
        return f"{who} keeps an era {['', 'I', 'II', 'III'][a['era']]} mission"
    if k == "monarch":
        return f"{who} chooses {C.MONARCHS[a['monarch']]['name']}"
    if k == "capital":
        return f"{who} takes capital tile {a['tile']} at ({a['hex']})"
    if k == "first":
        return f"{who} is the first player"
    if k == "turn":
        return f"— {who}'s turn (round {a['round']}) —"
    if k == "place":
        return f"{who} places the action token on {C.ARCH_NAMES[a['arch']]}"
    if k == "gain":
        parts = []
        if a["items"]:
            parts.append(_items(a["items"]))
        for kind in ("gold", "battle"):
            cards = a[kind]
            if cards:
                parts.append(
                    ", ".join(_card(c) for c in cards)
                    if own
                    else f"{len(cards)} {kind} card{'s' if len(cards) != 1 else ''}"
                )
        why = f" ({a['why']})" if a.get("why") else ""
        return f"{who} gains {' and '.join(parts)}{why}"
    if k == "return":
        return f"{who} returns 1 {C.ITEM_NAMES[a['item']]}"
    if k == "discard":
        return f"{who} discards {_card(a['card'])}"
    if k == "pay":
        return f"{who} pays {a['plan']} for {a['what']}"
    if k == "deploy":
        return f"{who} deploys {_a(C.UNIT_NAMES[a['unit']])} to ({a['hex']})"
    if k == "paint":
        return f"{who} buys {_card(a['card'])}, paying {a['plan']}"
    if k == "build":
        over = f" over {_a(C.BUILDINGS[a['over']]['name'])}" if a.get("over") else ""
        crown = " (crowned)" if a.get("crown") else ""
        return f"{who} builds {_a(C.BUILDINGS[a['what']]['name'])}{crown} at ({a['hex']}){over}, paying {a['plan']}; it produces {_items(a['goods'])}"
    if k == "city":
        return f"{who} founds {C.CITIES[a['city']]['name']} at ({a['hex']}), paying {a['plan']}"
    if k == "renovate":
        flip = f", flipped to {C.BUILDINGS[a['flip']]['name']}" if a.get("flip") else ""
        return f"{who} renovates ({a['hex']}){flip}: it produces {_items(a['goods'])}"
    if k == "product":
        where = (
            "Victoria's board"
            if a["where"] == "victoria"
            else f"the {C.ARCH_NAMES[split_choice(a['where'], 'a')]} slot"
        )
        return f"{who} manufactures {C.PRODUCTS[a['product']]['name']} into {where}"
    if k == "trade":
        if a["ex"] == "T-4":
            return f"{who} trades battle cards {_card(a['cards'][0])} and {_card(a['cards'][1])}"
        return f"{who} trades ({a['ex']}) {a['plan']}"
    if k == "gold_play":
        return f"{who} plays {_card(a['card'])}"
    if k == "peek":
        return f"{who} looks at the tile at ({a['hex']})"
    if k == "move":
        units = " and ".join(C.UNIT_NAMES[u] for u in a["units"])
        return f"{who} moves {units} from ({a['from']}) to ({a['to']})"
    if k == "reveal":
        return f"{who} reveals {C.EXPLORATION[a['tile']]['name']} at ({a['hex']})"
    if k == "take_tile":
        return f"{who} takes {C.EXPLORATION[a['tile']]['name']}"
    if k == "bombard":
        return f"{who}'s {C.UNIT_NAMES[a['unit']]} bombards ({a['hex']})"
    if k == "cards_placed":
        return f"{who} places {a['count']} card{'s' if a['count'] != 1 else ''} face down"
    if k == "flag":
        res = "wins" if a["won"] else "loses"
        cards = ", ".join(_card(c) for c in a["acards"]) or "no cards"
        return (
            f"{who} {res} the flag fight at ({a['hex']}): {a['att']} against {a['flag']} ({cards})"
        )
    if k == "combat":
        d = _who(e, a["def"])
        res = "wins" if a["won"] else "loses"
        ac = ", ".join(_card(c) for c in a["acards"]) or "no cards"
        dc = ", ".join(_card(c) for c in a["dcards"]) or "no cards"
        return f"{who} attacks {d} at ({a['hex']}) and {res}: {a['att']} ({ac}) against {a['dfn']} ({dc})"
    if k == "loss":
        return f"{who} loses {_a(C.UNIT_NAMES[a['unit']])} at ({a['hex']}) after a narrow victory"
    if k == "reveal_mission":
        return f"{who} reveals mission {a['mission']}" + (f" (+{a['vp']} VP)" if a["vp"] else "")
    if k == "palace":
        return f"{who} places Palace {a['palace']} at ({a['hex']})"
    if k == "era_under":
        return f"{who} puts the era {['', 'I', 'II', 'III'][a['era']]} token under {C.ARCH_NAMES[a['arch']]}"
    if k == "era":
        return f"Era {['', 'I', 'II', 'III'][a['era']]} begins"
    if k == "end_trigger":
        return f"{who} revealed the first era III mission: this round is the last"
    if k == "reinforce":
        return f"A Dutch reinforcement joins the garrison at ({a['hex']})"
    if k == "game_end":
        names = e.args.get("colours") or [f"P{i + 1}" for i in range(len(a["scores"]))]
        sc = ", ".join(f"{names[i]} {v}" for i, v in enumerate(a["scores"]))
        if a["why"] == "solo_win":
            return "The Dutch are beaten: you win"
        if a["why"] == "solo_loss":
            return "Twenty turns are over: the Dutch hold on, you lose"
        w = " and ".join(names[i] for i in a["winners"]) or "nobody"
        return f"Game over ({sc} VP): {w} wins"
    return k
