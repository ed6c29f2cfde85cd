"""Imperial Struggle player-facing text: log lines (``describe``), the registry other modules add
their event kinds to (``register``), and small label helpers. Plain game words only, never rule
IDs (project style).

Hiding (IS-16.5): an event's hidden details (a drawn card, a chosen Ministry card, a war tile's
identity) are shown only to the side that acted: ``own(event, viewer)``. ``viewer`` in the
registry functions is the viewer's **side** (0 France, 1 Britain) or None for a spectator; the
rules object adds ``args["_ss"]`` (seat of each side) to every event so ``describe`` can turn a
viewer seat into a side.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.rules import Event

from . import board as B

SIDE_NAMES: tuple[str, str] = ("France", "Britain")
FLAG_WORDS: dict[int, str] = {0: "French", 1: "British", 2: "USA", 3: "Spanish"}
TYPE_WORD: dict[str, str] = {"E": "Economic", "D": "Diplomatic", "M": "Military"}
"""Action type letter -> its word (IS-5.1)."""
POINT_WORD: dict[str, str] = {"E": "EP", "D": "DP", "M": "MP"}
"""Action type letter -> its points' abbreviation."""
DescribeFn = Callable[[Event, int | None], str]

_REGISTRY: dict[str, DescribeFn] = {}

SILENT: dict[str, set[str]] = {
    "squadron": {"war_loss", "build", "deploy", "war_tile"},
    "flag": {"shift", "war_tile", "war_spoils", "jacobite"},
}
"""Primitive event kinds -> ``why`` values whose fact another event of the same step already
tells, the same for every viewer (a War Squadron loss has its ``squadron_loss`` line; a flag
placed or removed by a purchase has the ``shift`` line "France flags Iroquois (2 DP)"; a built
or deployed Squadron has its ``purchase`` line; a War tile's unflag or sent-home Squadron has its
``war_effect`` line; a spoils unflag has its ``war_unflag`` line; a Jacobite Uprisings shift its
``jacobite_shift`` line): the rules object leaves these
events out of the log. Modules may add to it (``text.SILENT.setdefault(kind, set()).add(why)``)."""


def silent(event: Event) -> bool:
    """True when ``event`` is left out of the log (:data:`SILENT`)."""
    return event.args.get("why") in SILENT.get(event.kind, ())


def register(kind: str, fn: DescribeFn) -> None:
    """Add (or replace) the log-line function of event ``kind``: ``fn(event, viewer_side)``."""
    _REGISTRY[kind] = fn


def actor(event: Event) -> int | None:
    """The acting side of an event (``args["side"]``), or None."""
    s = event.args.get("side")
    return s if isinstance(s, int) else None


def viewer_side(event: Event, viewer_seat: int | None) -> int | None:
    """The side played by ``viewer_seat`` according to the event's ``_ss`` (default 1:1)."""
    if viewer_seat is None:
        return None
    ss = event.args.get("_ss") or [0, 1]
    return ss.index(viewer_seat) if viewer_seat in ss else None


def own(event: Event, viewer: int | None) -> bool:
    """True when ``viewer`` (a side) acted in ``event`` and may read its hidden details."""
    return viewer is not None and viewer == actor(event)


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``plural(1, "card")`` -> ``"1 card"``, ``plural(2, "card")`` -> ``"2 cards"``."""
    return f"{n} {noun if n == 1 else (many or noun + 's')}"


def side_name(side: int | None) -> str:
    """``France`` / ``Britain`` (``Nobody`` for None)."""
    return "Nobody" if side is None else SIDE_NAMES[side]


def who(event: Event, viewer: int | None) -> str:
    """``You`` for the acting viewer, else the side's name. With a present-tense verb use
    :func:`sv` instead ("You take" / "France takes")."""
    return "You" if own(event, viewer) else side_name(actor(event))


def sv(event: Event, viewer: int | None, third: str, base: str | None = None) -> str:
    """Subject and verb that agree: ``sv(e, v, "takes")`` -> ``"You take"`` for the acting viewer,
    ``"France takes"`` otherwise. ``base`` defaults to ``third`` without its final ``s``
    (give it for irregular verbs: ``sv(e, v, "has", "have")``)."""
    if own(event, viewer):
        if base is None:
            base = (
                third[:-2]
                if third.endswith("es") and third[:-2].endswith(("sh", "ch", "ss", "x"))
                else third[:-1]
            )
        return f"You {base}"
    return f"{side_name(actor(event))} {third}"


def space_name(space: str) -> str:
    """Display name of a map space (the id if unknown)."""
    rec = B.SPACES.get(space)
    return rec["name"] if rec else space


def region_name(region: str) -> str:
    """Display name of a Region."""
    return B.REGION_NAMES.get(region, region)


def card_label(card: int) -> str:
    """An Event card's name, e.g. ``Tax Reform``."""
    return B.EVENTS[card]["name"]


def ministry_label(card: str) -> str:
    """A Ministry card's name, e.g. ``John Law``."""
    return B.MINISTRIES[card]["name"]


def commodity_name(c: str) -> str:
    """``furs`` -> ``Furs``."""
    return c.replace("_", " ").capitalize()


def tile_text(tile: int) -> str:
    """An Investment tile in words: ``Economic 4 / Diplomatic 2`` (plus symbols)."""
    t = B.INVEST[tile]
    major, minor = t["major"], t["minor"]
    s = f"{major['type'].capitalize()} {major['points']} / {minor['type'].capitalize()} {minor['points']}"
    if t.get("event_symbol"):
        s += ", Event"
    if t.get("military_upgrade"):
        s += ", Upgrade"
    return s


def award_text(tile: int) -> str:
    """An Award tile: ``2 VP, needs a lead of 2`` / ``1 VP + 1 TRP``."""
    t = B.AWARDS[tile]
    parts = []
    if t["vp"]:
        parts.append(f"{t['vp']} VP")
    if t["trp"]:
        parts.append(f"{t['trp']} TRP")
    s = " + ".join(parts) or "nothing"
    if t["min_margin"] > 1:
        s += f", needs a lead of {t['min_margin']}"
    return s


EFFECT_WORDS: dict[str | None, str] = {
    None: "",
    "opponent_debt": "opponent takes Debt",
    "damage_fort_or_remove_squadron": "damage a Fort or remove a Squadron",
    "unflag": "unflag",
}


def tile_label(tile: str) -> str:
    """Plain-words name of a tile: ``Vendôme (+3)``, ``Basic +2``, ``Basic 0, opponent takes Debt``."""
    info = B.tile_info(tile)
    s = info["strength"]
    num = f"+{s}" if s > 0 else str(s)
    eff = EFFECT_WORDS[info["effect"]]
    if B.is_basic(tile):
        return f"Basic {num}" + (f", {eff}" if eff else "")
    return f"{info['name']} ({num}" + (f", {eff})" if eff else ")")


WHY_REASONS: dict[str, str] = {
    "war": "the War's spoils",
    "war_tile": "a War tile",
    "war_spoils": "the War's spoils",
    "prestige": "Prestige",
    "east_india_company": "the East India Company",
    "voltaire": "Voltaire",
    "pompadour": "Pompadour & Du Barry",
    "john_law": "John Law",
    "james_watt": "James Watt",
    "halley": "Edmond Halley",
    "jacobite": "the Jacobite cause",
    "refusal": "refusing to cede a Territory",
    "upgrade_symbol": "the tile's upgrade symbol",
    "side_bid": "the side bid",
    "pass": "passing",
    "debt_overflow": "going past the Debt Limit",
    "final_prestige": "Prestige at final scoring",
    "final_debt": "Available Debt at final scoring",
    "final_territories": "enemy Territories at final scoring",
}
"""``why`` values of the primitive events (vp, trp, debt, limit, flag, squadron) -> the plain
words after "for" (:func:`reason`); ``award:``, ``demand:``, ``event:``, ``final_commodity:``
prefixes are handled there."""


def reason(why: str | None) -> str:
    """The cause of a primitive event in plain words, ``""`` if none is known:
    ``reason("demand:tobacco")`` -> ``"Tobacco demand"``, ``reason("award:india")`` ->
    ``"the India Award"``, ``reason("event:8")`` -> ``"Tax Reform"``. Source: the ``why=`` values
    of state.py's score/debt/trp helpers and their callers."""
    if not why:
        return ""
    key, _, arg = why.partition(":")
    if key == "demand" and arg:
        return f"{commodity_name(arg)} demand"
    if key == "award" and arg:
        return f"the {region_name(arg)} Award"
    if key == "event" and arg.isdigit() and int(arg) in B.EVENTS:
        return card_label(int(arg))
    if key == "final_commodity" and arg:
        return f"{commodity_name(arg)} at final scoring"
    return WHY_REASONS.get(why, "")


BY_WORDS: dict[str, str] = {
    "conquest": "by conquest",
    "fort": "with the Fort",
    "war_tile": "by a War tile",
    "war_spoils": "as War spoils",
    "naval_bastion": "by Naval Bastion",
    "displaced": "(displaced)",
}
"""``why`` values of flag and squadron events -> the words that end their line (:func:`_by`)."""


def _by(e: Event) -> str:
    why = e.args.get("why") or ""
    key, _, arg = why.partition(":")
    if key == "event" and arg.isdigit() and int(arg) in B.EVENTS:
        return f" by {card_label(int(arg))}"
    w = BY_WORDS.get(why)
    return f" {w}" if w else ""


def for_reason(e: Event) -> str:
    """`` for <reason>`` of an event's ``why`` (:func:`reason`), or ``""``."""
    r = reason(e.args.get("why"))
    return f" for {r}" if r else ""


REASONS: dict[str, str] = {
    "vp_threshold": "the VP threshold",
    "sweep_peace": "winning every Award and every Global Demand",
    "sweep_war": "winning every theater of the War outright",
    "final": "final scoring",
    "final_tiebreak": "final scoring at 15 VP: more Available Debt",
    "final_britain_tie": "final scoring at 15 VP: Britain wins the tie",
}
"""``st["reason"]`` keys (README state table) -> short words (the fallback of
:func:`outcome_reason` when the turn is not known)."""


def _when(turn: str) -> str:
    """``at the end of T3`` for a Peace Turn, ``after the War of the Austrian Succession`` for a
    War Turn (IS-4.1.13 / IS-7.4: the Victory Check ends the turn)."""
    war = B.WARS.get(turn)
    return f"after the {war['name']}" if war else f"at the end of {turn}"


def outcome_reason(winner: int | None, reason: str, vp: int, turn: str | None = None) -> str:
    """The plain-words outcome line, speaking of the one shared VP track (IS-0.1, IS-2.4):
    ``France wins: VP reached 30 at the end of T3``, ``Britain wins: VP fell to 0 after the
    Seven Years' War``, ``France wins at final scoring: VP 17 at the end of T6 (France wins at
    16 or more)``. ``reason`` is the ``st["reason"]`` key, ``turn`` the turn-track id the game
    ended in (None: a shorter line without it)."""
    who = side_name(winner)
    if turn is None:
        return f"{who} wins by {REASONS.get(reason, reason)} (VP {vp})"
    when = _when(turn)
    if reason == "vp_threshold":
        verb = "reached" if winner == 0 else "fell to"
        return f"{who} wins: VP {verb} {vp} {when}"
    if reason == "sweep_peace":
        return f"{who} wins: every Award and every Global Demand won {when} (VP {vp})"
    if reason == "sweep_war":
        return f"{who} wins: every theater won outright {when} (VP {vp})"
    if reason == "final":
        need = "France wins at 16 or more" if winner == 0 else "Britain wins at 14 or less"
        return f"{who} wins at final scoring: VP {vp} {when} ({need})"
    if reason == "final_tiebreak":
        return f"{who} wins at final scoring: VP {vp}, the tie broken by more Available Debt"
    if reason == "final_britain_tie":
        return (
            f"{who} wins at final scoring: VP {vp} and France has no more Available Debt, "
            "so the tie goes to Britain"
        )
    return f"{who} wins by {REASONS.get(reason, reason)} (VP {vp} {when})"


# ---------------------------------------------------------------------------- describe
def describe(event: Event, viewer_seat: int | None) -> str:
    """The log line of ``event`` for ``viewer_seat`` (None = spectator). Registered kinds use
    their function; unknown kinds get a generic line; :func:`silent` events give ``""``."""
    if silent(event):
        return ""  # never logged by the rules object (see SILENT); empty if asked directly
    viewer = viewer_side(event, viewer_seat)
    fn = _REGISTRY.get(event.kind)
    if fn is not None:
        return fn(event, viewer)
    a = actor(event)
    head = f"{side_name(a)}: " if a is not None else ""
    return head + event.kind.replace("_", " ")


def _a(e: Event) -> dict[str, Any]:
    return e.args


def _flag(e: Event, v: int | None) -> str:
    a = _a(e)
    sp = space_name(a["space"])
    if a["code"] is None:
        return f"{FLAG_WORDS.get(a['was'], 'The')} flag removed from {sp}{_by(e)}"
    if a["was"] is None:
        return f"{FLAG_WORDS[a['code']]} flag placed on {sp}{_by(e)}"
    return f"{sp} changes from {FLAG_WORDS[a['was']]} to {FLAG_WORDS[a['code']]}{_by(e)}"


def _squadron(e: Event, v: int | None) -> str:
    a = _a(e)
    where = {"navy": "the Navy Box", "unbuilt": "the Unbuilt pool", "parked": "the Turn Track"}
    src = where.get(a["src"], space_name(a["src"]))
    if a["dst"] == "removed":
        return f"{side_name(actor(e))} loses a Squadron from {src} for good{_by(e)}"
    dst = where.get(a["dst"], space_name(a["dst"]))
    return f"{side_name(actor(e))} moves a Squadron from {src} to {dst}{_by(e)}"


def _advantage(e: Event, v: int | None) -> str:
    a = _a(e)
    name = B.ADVANTAGES[a["adv"]]["name"]
    if a["holder"] is None:
        return f"{side_name(a['was'])} loses the {name} Advantage"
    return f"{side_name(a['holder'])} takes the {name} Advantage"


def _vp(e: Event, v: int | None) -> str:
    a = _a(e)
    return f"{sv(e, v, 'scores')} {a['n']} VP{for_reason(e)} (VP now {a['vp']})"


def _trp(e: Event, v: int | None) -> str:
    a = _a(e)
    if a.get("why") == "trp_cap":
        return f"{sv(e, v, 'keeps')} {plural(a['total'], 'Treaty Point')} (the most kept after the Action Phase)"
    verb = "gains" if a["n"] > 0 else ("spends" if a.get("why") == "pay" else "loses")
    return (
        f"{sv(e, v, verb)} {plural(abs(a['n']), 'Treaty Point')}{for_reason(e)} (now {a['total']})"
    )


def _debt(e: Event, v: int | None) -> str:
    a = _a(e)
    if a["n"] > 0:
        pay = " to pay" if a.get("why") == "pay" else for_reason(e)
        return f"{sv(e, v, 'takes')} {a['n']} Debt{pay} (Debt now {a['total']})"
    return f"{sv(e, v, 'reduces')} Debt by {-a['n']}{for_reason(e)} (Debt now {a['total']})"


def _draw(e: Event, v: int | None) -> str:
    if own(e, v):
        return f"You draw {card_label(_a(e)['card'])}"
    return f"{side_name(actor(e))} draws an Event card"


def _reveal(e: Event, v: int | None) -> str:
    return f"{sv(e, v, 'reveals')} {ministry_label(_a(e)['card'])}"


def _turn(e: Event, v: int | None) -> str:
    a = _a(e)
    tid = a["turn"]
    if tid in B.WARS:
        return f"— {B.WARS[tid]['name']} —"
    return f"— Peace Turn {tid[1:]} ({a['era'].capitalize()} Era) —"


def _awards(e: Event, v: int | None) -> str:
    tiles = _a(e)["tiles"]
    return "Awards this turn: " + "; ".join(
        f"{region_name(r)} {award_text(t)}" for r, t in tiles.items() if t is not None
    )


def _demand(e: Event, v: int | None) -> str:
    return "Global Demand this turn: " + ", ".join(commodity_name(c) for c in _a(e)["tiles"])


def _inv(e: Event, v: int | None) -> str:
    a = _a(e)
    s = f"{len(a['tiles'])} Investment tiles revealed"
    return s + (" (the used tiles were reshuffled)" if a.get("reshuffled") else "")


def _deal(e: Event, v: int | None) -> str:
    return f"{sv(e, v, 'holds', 'hold')} {_a(e)['n']} Event cards now"


def _discard(e: Event, v: int | None) -> str:
    cards = ", ".join(card_label(c) for c in _a(e)["cards"])
    return f"{sv(e, v, 'discards')} {cards}"


def _ministry(e: Event, v: int | None) -> str:
    a = _a(e)
    if a.get("first"):
        if own(e, v):
            return "You choose " + ", ".join(ministry_label(c) for c in a["cards"])
        return f"{side_name(actor(e))} chooses {a['n']} Ministry cards"
    if not a["n"]:
        return f"{sv(e, v, 'keeps')} its Ministry cards".replace("You keep its", "You keep your")
    if own(e, v):
        return f"You replace {plural(a['n'], 'Ministry card')}; face down: " + ", ".join(
            ministry_label(c) for c in a["cards"]
        )
    return f"{side_name(actor(e))} replaces {plural(a['n'], 'Ministry card')}"


def _first(e: Event, v: int | None) -> str:
    return f"{sv(e, v, 'chooses')} {side_name(_a(e)['first'])} to take the first Action Round"


def _initiative(e: Event, v: int | None) -> str:
    return f"{side_name(_a(e)['holder'])} holds the Initiative"


def _award(e: Event, v: int | None) -> str:
    a = _a(e)
    head = f"{region_name(a['region'])} Award ({award_text(a['tile'])}): France {a['fr']}, Britain {a['br']}"
    return head + (
        f" — {side_name(a['winner'])} wins" if a["winner"] is not None else " — no winner"
    )


def _prestige(e: Event, v: int | None) -> str:
    a = _a(e)
    win = f"{side_name(a['winner'])} wins" if a["winner"] is not None else "tie"
    return f"Prestige: France {a['fr']}, Britain {a['br']} — {win}"


def _demand_win(e: Event, v: int | None) -> str:
    a = _a(e)
    win = f"{side_name(a['winner'])} wins" if a["winner"] is not None else "tie, no winner"
    return f"{commodity_name(a['commodity'])} demand: France {a['fr']}, Britain {a['br']} — {win}"


def _sweep(e: Event, v: int | None) -> str:
    return f"{side_name(actor(e))} wins every Award and every Global Demand this turn"


def _final(e: Event, v: int | None) -> str:
    a = _a(e)
    part = a["part"]
    w = a.get("winner")
    if part == "commodity":
        return f"Final scoring, {commodity_name(a['commodity'])}: " + (
            f"{side_name(w)} wins" if w is not None else "tie"
        )
    if part == "debt":
        return "Final scoring, Available Debt: " + (
            f"{side_name(w)} has more" if w is not None else "no VP"
        )
    if part == "territories":
        return f"Final scoring, enemy Territories: France {a['fr']}, Britain {a['br']} (2 VP each)"
    return "Final scoring, Prestige: " + (f"{side_name(w)} wins" if w is not None else "tie")


def _game_over(e: Event, v: int | None) -> str:
    a = _a(e)
    return outcome_reason(a["winner"], a["reason"], a["vp"], a.get("turn"))


def _deck_phase(e: Event, v: int | None) -> str:
    a = _a(e)
    s = f"{len(a['added'])} new Event cards shuffled into the draw pile"
    if a["removed"]:
        s += "; Succession cards leave the hands: " + ", ".join(card_label(c) for c in a["removed"])
    return s


def _setup(e: Event, v: int | None) -> str:
    a = _a(e)
    advs = ", ".join(
        f"{side_name(h)} holds {B.ADVANTAGES[k]['name']}" for k, h in a["advantages"].items()
    )
    return f"Set-up: {a['flags'][0]} French and {a['flags'][1]} British flags; {advs}"


def _auction_bid(e: Event, v: int | None) -> str:
    a = _a(e)
    return f"{a['name']} bids {a['bid']} Treaty Points to play {side_name(a['for'])}"


def _auction_accept(e: Event, v: int | None) -> str:
    a = _a(e)
    line = f"{a['name']} accepts: plays {side_name(a['plays'])} with {a['bid']} Treaty Points"
    setup = a.get("setup_tile")
    if setup is not None and v == 0:  # France's seat learns its set-up Bonus tile (IS-16.2)
        tile, war, theater = setup
        line += (
            f"; at set-up you drew {tile_label(tile)} and placed it in "
            f"{B.theater_name(war, int(theater))}"
        )
    return line


for _k, _f in {
    "setup": _setup,
    "auction_bid": _auction_bid,
    "auction_accept": _auction_accept,
    "flag": _flag,
    "squadron": _squadron,
    "advantage": _advantage,
    "vp": _vp,
    "trp": _trp,
    "debt": _debt,
    "draw": _draw,
    "reveal": _reveal,
    "reshuffle": lambda e, v: (
        f"The discard pile ({_a(e)['n']} cards) is shuffled into a new draw pile"
    ),
    "card_removed": lambda e, v: f"{card_label(_a(e)['card'])} is drawn and leaves the game",
    "turn": _turn,
    "deck_phase": _deck_phase,
    "debt_limit": lambda e, v: (
        f"Debt Limits rise by 4: France {_a(e)['limits'][0]}, Britain {_a(e)['limits'][1]}"
    ),
    "awards": _awards,
    "demand": _demand,
    "reset": lambda e, v: "Exhausted markers are removed; last turn's Investment tiles are used",
    "inv_reveal": _inv,
    "deal": _deal,
    "discard": _discard,
    "ministry": _ministry,
    "jacobite_slot": lambda e, v: "Jacobite Uprisings sits face up in France's third Ministry slot",
    "initiative": _initiative,
    "first": _first,
    "award": _award,
    "prestige": _prestige,
    "demand_win": _demand_win,
    "sweep": _sweep,
    "final": _final,
    "game_over": _game_over,
}.items():
    register(_k, _f)
