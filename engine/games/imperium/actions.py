"""iMperium seat decisions outside effect frames: the secret opening discard (IMP-2.5), the
extra-draw decision (IMP-3.4) and the Action phase (IMP-5).

Options are tuples ``(id, label, target, group, detail)`` (see :mod:`.effects`).
"""

from __future__ import annotations

from engine.choices import split_choice
from engine.rng import RandomSource
from engine.rules import Choice

from .cards import (
    ARMY,
    DECK_CARDS,
    DECK_NAMES,
    EXPANDED_CARDS,
    FLIP_COST,
    GOVERNMENT,
    GOVERNMENT_COST,
    GREAT_PERSON,
    GREEK_DECK,
    MERCHANT,
    NAVY,
    PTS12,
    WONDER,
    Card,
    expanded,
    name,
)
from .effects import Opt, Out, begin_turn, draw, end_turn, enter_play, set_winner
from .state import (
    FACE_DOWN,
    NAVY_THRESHOLD,
    NEW,
    POINTS_WIN12,
    TAPPED,
    card,
    cid,
    count_category,
    dice_increase_cards,
    ev,
    forget_known_wonders,
    has_up,
    play_cost,
    points12,
    take_from_hand,
    tap_cost,
    tap_cost_in,
)
from .state_types import ImperiumState
from .text import flip_detail, government_detail, play_detail, tap_detail

# ---------------------------------------------------------------- opening (IMP-2.5, IMP-A43)


def opening_options(st: ImperiumState, s: int) -> list[Opt]:
    """Secret opening discard: pick cards one at a time, take back, confirm 2."""
    cards = EXPANDED_CARDS[st["decks"][s]]
    base = 100 * s
    picks = st["picks"][s]
    opts: list[Opt] = []
    if len(picks) < 2:
        seen: list[str] = []
        for iid in st["hand"][s]:
            if iid in picks:
                continue
            c = cards[iid - base].id
            if c not in seen:
                seen.append(c)
                opts.append((f"pick:{c}", f"Discard {name(c)}", f"h:{c}", "pick", ""))
    if picks:
        last = cards[picks[-1] - base].name
        opts.append(("unpick", f"Take back {last}", None, "unpick", ""))
    if len(picks) == 2:
        names = ", ".join(cards[i - base].name for i in picks)
        opts.append(("confirm", f"Confirm discard ({names})", None, "confirm", ""))
    return opts


def opening_apply(st: ImperiumState, s: int, choice: str, out: Out) -> None:
    """Apply an opening choice; once both seats confirmed, reveal both pairs at once."""
    picks = st["picks"][s]
    if choice == "unpick":
        picks.pop()
        return
    if choice.startswith("pick:"):
        c = split_choice(choice, "pick")
        for iid in st["hand"][s]:
            if iid not in picks and cid(st, iid) == c:
                picks.append(iid)
                return
        return
    st["opening"][s] = list(picks)
    st["picks"][s] = []
    out.append(ev(st, "opening_commit", s))
    if st["opening"][0] is None or st["opening"][1] is None:
        return
    shown = []
    for p in (0, 1):
        for iid in st["opening"][p]:
            st["hand"][p].remove(iid)
            st["discard"][p].append(iid)
        shown.append([cid(st, i) for i in st["opening"][p]])
    out.append(ev(st, "opening_reveal", None, cards=shown))
    st["active"] = st["first"]
    begin_turn(st, out)


# ---------------------------------------------------------------- extra draw (IMP-3.4)


def extra_options(st: ImperiumState, s: int) -> list[Opt]:
    """The extra-draw decision before any action (IMP-3.4, IMP-A16)."""
    return [
        ("extra", "Extra draw: draw 1 and end your turn", None, "extra", ""),
        ("continue", f"Continue with energy {st['energy']}", None, "continue", ""),
    ]


def _extra_draw(st: ImperiumState, s: int, rng: RandomSource, out: Out) -> None:
    out.append(ev(st, "extra", s))
    draw(st, s, rng, out, "extra")
    if st["winner"] == -1:
        end_turn(st, out)


def extra_apply(st: ImperiumState, s: int, choice: str, rng: RandomSource, out: Out) -> None:
    """Take the extra draw (ends the turn) or go to the Action phase."""
    if choice == "extra":
        _extra_draw(st, s, rng, out)
    else:
        st["phase"] = "action"


# ---------------------------------------------------------------- action phase (IMP-5)


def government_ok(st: ImperiumState, s: int, c: Card) -> bool:
    """Government conditions at announcement (IMP-8.4, IMP-9.12/13, IMP-10.11/12)."""
    if c.id == "republic":
        return dice_increase_cards(st, s) >= 5
    if c.id == "principatus":
        return st["army_dom"] == s and count_category(st, s, ARMY) >= 4
    if c.id == "democracy":
        return st["navy_dom"] == s and count_category(st, s, NAVY) >= 4
    if c.id == "oligarchy":
        return st["navy_dom"] == s and count_category(st, s, GREAT_PERSON) >= 3
    return False


def government_progress(st: ImperiumState, s: int, c: Card) -> str:
    """How far ``s`` is from ``c``'s condition, for players: "3/5 dice-increase cards",
    "4/4 Army cards, no Army Dominance" (the same tests as :func:`government_ok`)."""
    if c.id == "republic":
        return f"{min(dice_increase_cards(st, s), 5)}/5 dice-increase cards"
    if c.id == "principatus":
        n, need, dom, what = count_category(st, s, ARMY), 4, st["army_dom"], "Army"
        cards = "Army cards"
    elif c.id == "democracy":
        n, need, dom, what = count_category(st, s, NAVY), 4, st["navy_dom"], "Navy"
        cards = "Navy cards"
    elif c.id == "oligarchy":
        n, need, dom, what = count_category(st, s, GREAT_PERSON), 3, st["navy_dom"], "Navy"
        cards = "Great Persons"
    else:
        return ""
    held = f"{what} Dominance" if dom == s else f"no {what} Dominance"
    return f"{min(n, need)}/{need} {cards}, {held}"


_PLAY_CH: dict[str, dict[int, Choice]] = {}
"""Card id -> packed key -> "play:" choice. The key is ``cost * 4 + wins * 2 + homeros``:
cost 0..11 (the label), ``wins`` (IMP-8.3 in the detail) and whether Homeros's detail speaks
of three turns (IMP-V3), each 0 or 1."""
_SELL_CH: dict[str, Choice] = {}  # card id -> "sell:" choice
_AREA_CH: dict[int, Choice] = {}
"""Flip, tap and scuttle choices by a packed int key (ints hash fast on this hot path). The
actor key is ``((kind * 2 + seat) * 64 + index) * 128 + x``: ``kind`` 0 flip / 1 tap / 2
scuttle only, the play-area ``index`` (< 64), ``x`` = the card's expanded-deck index (< 64)
+ 64 for the Greek deck. A flip's key is ``actor * 4096 + wins``; a tap's is
``((actor * 16 + cost) * 8 + bits) * 32 + variant`` (cost < 16; ``bits`` = Hadrian's Wall,
Army Dominance held, Homeros free, 3 bits; ``variant`` < 32 from :func:`_tap_variants`), so
flips (kind 0) and taps (kind 1) never share a key; a scuttle's is ``-actor - 1``."""
_EXP_IDS = {d: expanded(d) for d in DECK_NAMES}
_PTS12_BY_ID = {d: {c.id: c.pts12 for c in cs} for d, cs in EXPANDED_CARDS.items()}
"""Points in twelfths by deck and card id (``Card.pts12`` is a Fraction product: slow)."""

_Actor = tuple[int, Card, int, int]
"""A play-area card that may act: (index, card, kind 0 flip / 1 tap / 2 scuttle only, x),
``x`` as in the ``_AREA_CH`` key."""


def action_options(st: ImperiumState, s: int) -> list[Choice]:
    """Legal actions of the Action phase (IMP-5.1): play, tap, flip, sell, scuttle, end.

    Listed as plays, taps, flips, the Homeros declaration and the extra draw, End turn, then
    scuttles and sells, so End turn stays near the top of a long list. The prompt offers this
    list and ``apply`` validates against it (the one legality path).
    """
    if len(_AREA_CH) > 20_000:
        _AREA_CH.clear()
    actors, parthenon, army_tap, granary = _area_actors(st, s)
    seen = _hand_ids(st, s)
    pts = [-1]  # own points in twelfths, computed once when a choice's detail needs it
    opts: list[Choice] = []  # plays, then taps
    _play_choices(st, s, seen, parthenon, pts, opts)
    flips: list[Choice] = []
    scuttles: list[Choice] = []
    _area_choices(st, s, actors, parthenon, army_tap, pts, opts, flips, scuttles)
    opts += flips
    _tail_choices(st, s, opts)
    opts += scuttles
    if not st["sold"]:  # IMP-5.6
        sells = _SELL_CH
        for c_id in seen:
            o = sells.get(c_id)
            if o is None:
                label = f"Sell {name(c_id)} (+1)"
                o = sells[c_id] = Choice(f"sell:{c_id}", label, f"h:{c_id}", "sell", "")
            opts.append(o)
    if not st["sold"] and granary >= 0:  # IMP-9.5, IMP-A41
        opts.append(Choice("sellg", "Sell: tap Granary (+1)", f"p{s}.{granary}", "sell", ""))
    return opts


def _area_actors(st: ImperiumState, s: int) -> tuple[list[_Actor], bool, bool, int]:
    """The play area: the cards that may act, whether a face-up Parthenon is there, whether an
    Army card may tap, and an untapped Granary's index or -1 (IMP-5.4, 5.5, 5.7, IMP-9.5,
    IMP-V10)."""
    deck = st["decks"][s]
    cards = EXPANDED_CARDS[deck]
    base = 100 * s
    play = st["play"][s]
    parthenon = False
    army_tap = False
    granary = -1
    actors: list[_Actor] = []
    sick = st["opts"]["enter_tap"] == "summoning_sickness"  # IMP-V10
    dk = 64 if deck == GREEK_DECK else 0  # the cache key names the card by deck + index
    for i in range(len(play)):
        iid, f = play[i]
        c = cards[iid - base]
        if f & FACE_DOWN:
            actors.append((i, c, 0, iid - base + dk))  # may flip
            continue
        if c.id == "parthenon":
            parthenon = True
        usable = not f & TAPPED and not (sick and f & NEW)
        if c.tap_cost is not None and usable:
            actors.append((i, c, 1, iid - base + dk))  # may tap (and scuttle a Trireme)
            army_tap = army_tap or c.category == ARMY
        elif c.id == "trireme":
            actors.append((i, c, 2, iid - base + dk))  # may scuttle only
        elif usable and granary < 0 and c.id == "granary":
            granary = i
    return actors, parthenon, army_tap, granary


def _hand_ids(st: ImperiumState, s: int) -> list[str]:
    """The distinct card ids in ``s``'s hand in hand order."""
    ids = _EXP_IDS[st["decks"][s]]
    base = 100 * s
    seen: list[str] = []
    for iid in st["hand"][s]:
        x = ids[iid - base]
        if x not in seen:
            seen.append(x)
    return seen


def _play_choices(
    st: ImperiumState, s: int, seen: list[str], parthenon: bool, pts: list[int], opts: list[Choice]
) -> None:
    """Append the plays of hand cards ``seen`` to ``opts`` (IMP-5.2, 5.8, IMP-8.4, IMP-10.17);
    ``pts[0]`` caches own points in twelfths (-1 until needed)."""
    e = st["energy"]
    deck = st["decks"][s]
    charges = st["homeros"] > 0
    by_id = DECK_CARDS[deck]
    pts_by_id = _PTS12_BY_ID[deck]
    gp_cut = 1 if parthenon else 0
    free = st["homeros_free"]
    three = st["opts"]["homeros_mode"] == "three_turns"
    for c_id in seen:
        c = by_id[c_id]
        cat = c.category
        if cat == GOVERNMENT:
            if e >= GOVERNMENT_COST and government_ok(st, s, c):  # IMP-8.4
                label = f"Play {c.name} (11): win"
                detail = government_detail(government_progress(st, s, c))
                opts.append(Choice(f"play:{c_id}", label, f"h:{c_id}", "play", detail))
            continue
        # IMP-5.8: play_cost_in() inlined (hot path; tests check both agree)
        wins = False
        if cat == GREAT_PERSON:
            cost = c.cost - gp_cut
            if pts[0] < 0:
                pts[0] = points12(st, s)
            wins = pts[0] + pts_by_id[c_id] >= POINTS_WIN12  # IMP-8.3: in the detail
        elif free and cat in (ARMY, NAVY):
            cost = 0
        else:
            cost = c.cost
        if cost <= e:
            by_cost = _PLAY_CH.get(c_id)
            if by_cost is None:
                by_cost = _PLAY_CH[c_id] = {}
            k = cost * 4 + wins * 2 + (three and c_id == "homeros")  # see _PLAY_CH
            o = by_cost.get(k)
            if o is None:
                fd = " face down" if cat == WONDER else ""
                label = f"Play {c.name}{fd} ({cost})"
                detail = play_detail(c, st["opts"]["homeros_mode"], wins)
                o = by_cost[k] = Choice(f"play:{c_id}", label, f"h:{c_id}", "play", detail)
            opts.append(o)
        if charges and cat in (ARMY, NAVY):  # IMP-10.17
            label = f"Play {c.name} (0, Homeros charge)"
            opts.append(Choice(f"playh:{c_id}", label, f"h:{c_id}", "play", play_detail(c)))


def _area_choices(
    st: ImperiumState,
    s: int,
    actors: list[_Actor],
    parthenon: bool,
    army_tap: bool,
    pts: list[int],
    taps: list[Choice],
    flips: list[Choice],
    scuttles: list[Choice],
) -> None:
    """Append the flips, taps and scuttles of ``actors`` (IMP-5.4, 5.5, 5.7, 5.8, IMP-9.16,
    IMP-10.17); ``pts[0]`` caches own points in twelfths (-1 until needed)."""
    e = st["energy"]
    deck = st["decks"][s]
    dk = 64 if deck == GREEK_DECK else 0
    charges = st["homeros"] > 0
    hadrian = army_tap and has_up(st, 1 - s, "hadrians_wall")  # IMP-9.16: Army taps only
    ctx = (parthenon, hadrian, st["army_dom"] == s, st["homeros_free"])
    bits = (ctx[1] << 2) | (ctx[2] << 1) | ctx[3]  # what a tap choice's cost depends on
    area = _AREA_CH
    variants: tuple[int, int] | None = None  # what tap details depend on (army, navy)
    for i, c, kind, x in actors:
        key = ((kind * 2 + s) * 64 + i) * 128 + x  # the actor key (see _AREA_CH)
        if kind == 0:
            if e >= FLIP_COST:  # IMP-5.5
                if pts[0] < 0:
                    pts[0] = points12(st, s)
                wins = pts[0] + PTS12[deck][x - dk] >= POINTS_WIN12
                k = key * 4096 + wins
                o = area.get(k)
                if o is None:
                    label = f"Flip {c.name} ({FLIP_COST})"
                    detail = flip_detail(c, wins)
                    o = area[k] = Choice(f"flip:{i}", label, f"p{s}.{i}", "flip", detail)
                flips.append(o)
            continue
        if kind == 1:
            tc = tap_cost_in(ctx, c)  # IMP-5.4, IMP-5.8
            if variants is None:
                variants = _tap_variants(st, s)
            v = variants[0] if c.category == ARMY else variants[1] if c.category == NAVY else 0
            if tc <= e:
                k = ((key * 16 + tc) * 8 + bits) * 32 + v
                o = area.get(k)
                if o is None:
                    label = f"Tap {c.name}: {c.ability} ({tc})"
                    detail = _tap_detail(ctx, c, v)
                    o = area[k] = Choice(f"tap:{i}", label, f"p{s}.{i}", "tap", detail)
                taps.append(o)
            if charges and c.category in (ARMY, NAVY):
                label = f"Tap {c.name}: {c.ability} (0, Homeros charge)"
                detail = _tap_detail((False, False, False, False), c, v) + _CHARGE
                taps.append(Choice(f"taph:{i}", label, f"p{s}.{i}", "tap", detail))
        if c.id == "trireme":  # IMP-5.7
            o = area.get(-key - 1)
            if o is None:
                label = "Scuttle Trireme (free)"
                o = area[-key - 1] = Choice(f"scuttle:{i}", label, f"p{s}.{i}", "scuttle", "")
            scuttles.append(o)


def _tail_choices(st: ImperiumState, s: int, opts: list[Choice]) -> None:
    """Append the Homeros declaration (IMP-V3), the extra draw (IMP-V4) and End turn."""
    if (
        st["opts"]["homeros_mode"] == "three_turns"
        and not st["homeros_free"]
        and st["homeros_turns"][s] > 0
        and has_up(st, s, "homeros")
    ):  # IMP-V3
        n = st["homeros_turns"][s]
        label = f"Homeros: Army/Navy costs 0 this turn ({n} left)"
        opts.append(Choice("homeros", label, None, "homeros", ""))
    if st["opts"]["extra_draw_timing"] == "any_time":  # IMP-V4
        opts.append(_EXTRA)
    opts.append(_END)


def _tap_variants(st: ImperiumState, s: int) -> tuple[int, int]:
    """What the details of ``s``'s Army and Navy taps depend on, as two small ints (see
    :func:`_tap_detail`): dominance held by ``s`` / the opponent, Trajan's Column face up,
    the opponent's Defenses (0 none, 1 Walls, 2 a Fort), an untapped opposing Fire Raft, and
    whether a navy pursuit reaches the threshold (IMP-6.1..6.10, IMP-9.17, IMP-10.10)."""
    o = 1 - s
    trajan = has_up(st, s, "trajans_column")
    defense = 0
    raft = False
    for iid, f in st["play"][o]:
        c = card(st, iid)
        if c.is_defense:
            defense = 2 if c.id == "fort" else max(defense, 1)
        elif c.id == "fire_raft" and not f & TAPPED:
            raft = True
    army = (st["army_dom"] == s) | (st["army_dom"] == o) << 1 | trajan << 2 | defense << 3
    navy = (
        (st["navy_dom"] == s)
        | (st["navy_dom"] == o) << 1
        | trajan << 2
        | raft << 3
        | (st["navy"][s] + 1 >= NAVY_THRESHOLD) << 4
    )
    return army, navy


def _tap_detail(ctx: tuple[bool, bool, bool, bool], c: Card, v: int) -> str:
    """What tapping ``c`` does now (variant ``v`` of :func:`_tap_variants`), then why its cost
    differs from the printed one (IMP-5.8)."""
    if c.category == ARMY:
        text = tap_detail(c, bool(v & 1), bool(v & 2), bool(v & 4), v >> 3, False, False)
    elif c.category == NAVY:
        text = tap_detail(c, bool(v & 1), bool(v & 2), bool(v & 4), 0, bool(v & 8), bool(v & 16))
    else:
        text = tap_detail(c, False, False, False, 0, False, False)
    if ctx[3] and c.category in (ARMY, NAVY):
        return text + " · Homeros: cost 0 this turn"
    if c.category == ARMY:
        extra = []
        if ctx[2] and c.id == "hoplite":
            extra.append("+1 (you hold Army Dominance)")
        if ctx[1]:
            extra.append("+2 (Hadrian's Wall)")
        if extra:
            text += " · cost " + ", ".join(extra)
    return text


_CHARGE = " · Homeros charge: cost 0"
_EXTRA = Choice("extra", "Extra draw: draw 1 and end your turn", None, "extra", "")
_END = Choice("end", "End turn", None, "end", "")


_TAP_FRAMES: dict[str, tuple[tuple, ...]] = {
    # pushed in this order (the last runs first)
    "legion": (("land", 0),),  # IMP-9.1
    "praetorian": (("land", 0),),  # IMP-9.3
    "hoplite": (("land", 0),),  # IMP-10.1
    "catapult": (("destroy",), ("land", 1)),  # IMP-9.2, IMP-A38
    "cavalry": (("draw", 1, "cavalry"), ("land", 0)),  # IMP-10.2
    "orchard": (("draw", 2, "orchard"),),  # IMP-10.4
    "galley": (("naval",),),  # IMP-9.10
    "trireme": (("naval",),),  # IMP-10.8
    "fire_raft": (("naval",),),  # IMP-10.10
    "corvus": (("draw", 1, "corvus"), ("naval",)),  # IMP-9.11
    "heavy_galley": (("return",), ("naval",)),  # IMP-10.9
}

_MERCHANT_FRAMES: dict[str, tuple[tuple, ...]] = {
    "caravan": (("draw", 2, "caravan"),),  # IMP-9.8
    "barracks": (("recover", "legion"), ("draw", 2, "barracks")),  # IMP-9.9
    "trader": (("mill",), ("draw", 2, "trader")),  # IMP-10.6, IMP-A20
    "port": (("port",), ("draw", 2, "port")),  # IMP-10.7
}


def _push(st: ImperiumState, s: int, frames: tuple[tuple, ...]) -> None:
    pend = st["pending"]
    for fr in frames:
        pend.append([fr[0], s, *fr[1:]])


def action_apply(st: ImperiumState, s: int, choice: str, rng: RandomSource, out: Out) -> None:
    """Apply one legal action (already validated against :func:`action_options`)."""
    verb, _, arg = choice.partition(":")
    if verb == "end":
        end_turn(st, out)
        return
    if verb == "extra":  # IMP-V4 any_time
        _extra_draw(st, s, rng, out)
        return
    st["acted"] = True
    if verb in ("play", "playh"):
        _play(st, s, arg, verb == "playh", out)
    elif verb in ("tap", "taph"):
        _tap(st, s, int(arg), verb == "taph", out)
    elif verb == "flip":  # IMP-5.5
        e = st["play"][s][int(arg)]
        st["energy"] -= FLIP_COST
        e[1] &= ~FACE_DOWN
        out.append(ev(st, "flip", s, card=cid(st, e[0]), cost=FLIP_COST))
    elif verb == "sell":  # IMP-5.6, IMP-A13
        st["discard"][s].append(take_from_hand(st, s, arg))
        st["energy"] += 1
        st["sold"] = True
        out.append(ev(st, "sell", s, card=arg))
    elif verb == "sellg":  # IMP-9.5, IMP-A41
        for e in st["play"][s]:
            if cid(st, e[0]) == "granary" and not e[1] & TAPPED:
                e[1] |= TAPPED
                break
        st["energy"] += 1
        st["sold"] = True
        out.append(ev(st, "sell", s, card="granary", granary=True))
    elif verb == "scuttle":  # IMP-5.7, IMP-10.8, IMP-A40
        iid, _f = st["play"][s].pop(int(arg))
        st["discard"][s].append(iid)
        out.append(ev(st, "scuttle", s, card="trireme"))
    elif verb == "homeros":  # IMP-V3
        st["homeros_free"] = True
        st["homeros_turns"][s] -= 1
        out.append(ev(st, "homeros_declare", s, left=st["homeros_turns"][s]))


def _play(st: ImperiumState, s: int, card_id: str, charge: bool, out: Out) -> None:
    """Play a card from hand (IMP-5.2), paying its current cost (IMP-5.8)."""
    iid = take_from_hand(st, s, card_id)
    c = EXPANDED_CARDS[st["decks"][s]][iid - 100 * s]
    if c.category == GOVERNMENT:  # IMP-8.4: playing it wins
        st["energy"] -= GOVERNMENT_COST
        st["play"][s].append([iid, NEW])
        out.append(
            ev(st, "play", s, card=card_id, cost=GOVERNMENT_COST, free=False, face_down=False)
        )
        set_winner(st, s, f"Government victory: {c.name}", out)
        return
    cost = 0 if charge else play_cost(st, s, c)
    if charge:
        st["homeros"] -= 1
    st["energy"] -= cost
    fd = c.category == WONDER  # IMP-7.6 two-stage construction
    hidden = fd
    if fd:
        forget_known_wonders(st, s)  # IMP-A44
    out.append(
        ev(
            st,
            "play",
            s,
            card=card_id,
            cost=cost,
            free=False,
            face_down=fd,
            hidden=hidden,
            charge=charge,
        )
    )
    if c.category == MERCHANT:  # IMP-7.5 single use
        st["pending"].append(["to_discard", s, iid])
        _push(st, s, _MERCHANT_FRAMES[c.id])
        return
    enter_play(st, s, iid, fd, out)


def _tap(st: ImperiumState, s: int, i: int, charge: bool, out: Out) -> None:
    """Activate a tap ability (IMP-5.4): pay, tap, then resolve."""
    e = st["play"][s][i]
    c = EXPANDED_CARDS[st["decks"][s]][e[0] - 100 * s]
    cost = 0 if charge else tap_cost(st, s, c)
    if charge:
        st["homeros"] -= 1
    st["energy"] -= cost
    e[1] |= TAPPED
    kind = "army" if c.category == ARMY else "navy" if c.category == NAVY else ""
    result = ""
    if kind:  # what the attack will do, for the log line (IMP-6.1, 6.2, 6.7, 6.8)
        dom = st[f"{kind}_dom"]
        result = "pursuit" if dom == s else "take" if dom == 1 - s else "gain"
    out.append(
        ev(
            st,
            "tap",
            s,
            card=c.id,
            cost=cost,
            ability=c.ability,
            charge=charge,
            kind=kind,
            result=result,
        )
    )
    _push(st, s, _TAP_FRAMES[c.id])
