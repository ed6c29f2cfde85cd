"""Imperial Struggle's inspector: the full text of every card, tile and map space, from the data.

Public API (the board widget calls these; nothing here reads game state, only static data and
the view it is given):

- :func:`inspect_text` ``(target, view=None) -> str | None``: Markdown for one thing.
- :func:`inspectable` ``(view) -> [(target, label)]``: everything the view shows, in reading
  order, for the inspector's keyboard browsing.
- :func:`canonical` ``(target) -> str | None`` and :func:`target_label` ``(target) -> str``: the
  one id and the plain-words name of a target (to start the inspector on a choice's target).
- :func:`scores_line` ``(view, outcome_scores, names) -> str``: the end screen's score line,
  speaking of the one shared VP track.
- :func:`card_list_markdown` ``() -> str``: every Event, Ministry, Advantage, Investment and War
  tile, for the Rules screen's card list.

Target scheme. The ids the engine's choices use as ``Choice.target`` are canonical; a few
aliases are accepted too:

====================  ===========================================  ============================
thing                 canonical target                              also accepted
====================  ===========================================  ============================
map space             its id (``quebec_montreal``)                  ``space:<id>``
Advantage tile        its id (``baltic_trade``)                     ``adv:<id>``
Investment tile       ``tile:<0-23>``                               ``inv:<n>``
Event card            ``card:<1-41>``                               ``event:<n>``, ``<n>``
Ministry card         ``M-<n>``                                     ``ministry:M-<n>``,
                                                                    ``ministry:<n>``
War tile              its id (``fr_b03``, ``WSS_france_0``,         ``wartile:<id>``
                      ``atlantic_dominance``, ``byng``)
theater               ``theater:<n>`` (of the view's next War)      ``theater:<war>:<n>``
Global Demand tile    ``demand:<commodity>``                        the commodity id (``furs``)
Award tile            ``award:<0-7>``
Region / sub-region   ``region:<id>``                               ``europe``, ``canada``, …
====================  ===========================================  ============================

The texts themselves live in :mod:`.imperial_struggle_deck` (Event and Ministry cards),
:mod:`.imperial_struggle_places` (spaces, Advantage tiles, Regions) and
:mod:`.imperial_struggle_tiles` (Investment and War tiles, theaters, Global Demand, Awards).

Sources: data_components.py / data_map.py through ``board.py`` (DATA.md: Event and Ministry
texts are the data's own paraphrases), the rulings for the words about when things apply.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.games.imperial_struggle import board as B

from . import imperial_struggle_places as P
from . import imperial_struggle_tiles as T
from . import imperial_struggle_words as W
from .imperial_struggle_deck import EVENT_RULE, MINISTRY_RULE, event_text, ministry_text

View = dict[str, Any]


# ---------------------------------------------------------------------------- targets
def canonical(target: str | None) -> str | None:
    """The canonical target of ``target`` (see the module docstring), or None when it names
    nothing known: ``"event:8"`` -> ``"card:8"``, ``"ministry:M-5"`` -> ``"M-5"``,
    ``"furs"`` -> ``"demand:furs"``."""
    if not target:
        return None
    kind, sep, rest = target.partition(":")
    if not sep:
        if target in B.SPACES or target in B.ADVANTAGES:
            return target
        if target in B.MINISTRIES:
            return target
        if target in B.BASIC_TILES or target in B.BONUS_TILES or target in T.SPECIAL_TILES:
            return target
        if target.isdigit() and int(target) in B.EVENTS:
            return f"card:{int(target)}"
        if target in B.DEMAND:
            return f"demand:{target}"
        if target in B.REGION_NAMES or target in W.SUB_REGION_NAMES:
            return f"region:{target}"
        return None
    if kind == "space":
        return rest if rest in B.SPACES else None
    if kind == "adv":
        return rest if rest in B.ADVANTAGES else None
    if kind in ("tile", "inv"):
        return f"tile:{int(rest)}" if rest.isdigit() and int(rest) in B.INVEST else None
    if kind in ("card", "event"):
        return f"card:{int(rest)}" if rest.isdigit() and int(rest) in B.EVENTS else None
    if kind == "ministry":
        mid = f"M-{int(rest)}" if rest.isdigit() else rest
        return mid if mid in B.MINISTRIES else None
    if kind == "wartile":
        tiles = (B.BASIC_TILES, B.BONUS_TILES, T.SPECIAL_TILES)
        return rest if any(rest in t for t in tiles) else None
    if kind == "theater":
        war, _, num = rest.rpartition(":")
        if not num.isdigit():
            return None
        if war:
            return target if int(num) in B.THEATERS.get(war, {}) else None
        return target
    if kind == "demand":
        return target if rest in B.DEMAND else None
    if kind == "award":
        return target if rest.isdigit() and int(rest) in B.AWARDS else None
    if kind == "region":
        return target if rest in B.REGION_NAMES or rest in W.SUB_REGION_NAMES else None
    return None


def _theater_of(target: str, view: View | None) -> tuple[str, int] | None:
    war, _, num = target.removeprefix("theater:").rpartition(":")
    if not war:
        war = ((view or {}).get("war") or {}).get("id") or ""
    if war in B.THEATERS and num.isdigit() and int(num) in B.THEATERS[war]:
        return war, int(num)
    return None


def target_label(target: str, view: View | None = None) -> str:
    """The plain-words name of ``target``: ``Tax Reform``, ``Bavaria``, ``Investment tile:
    Economic 4 + Diplomatic 2``, ``Central Europe (WSS 1)``; ``""`` when it names nothing."""
    t = canonical(target)
    if t is None:
        return ""
    kind, _, rest = t.partition(":")
    if kind == "card":
        return B.EVENTS[int(rest)]["name"]
    if kind == "tile":
        return f"Investment tile: {T.investment_words(int(rest))}"
    if kind == "theater":
        wt = _theater_of(t, view)
        return W.theater(*wt) if wt else ""
    if kind == "demand":
        return f"Global Demand: {W.commodity(rest)}"
    if kind == "award":
        return f"Award tile: {T.award_words(int(rest))}"
    if kind == "region":
        return W.region(rest)
    if t in B.SPACES:
        return W.space(t)
    if t in B.ADVANTAGES:
        return B.ADVANTAGES[t]["name"]
    if t in B.MINISTRIES:
        return B.MINISTRIES[t]["name"]
    return T.war_tile_words(t)


# ---------------------------------------------------------------------------- dispatch
def inspect_text(target: str, view: View | None = None) -> str | None:
    """Markdown describing ``target`` (any id of the module docstring's scheme), or None when
    it names nothing. ``view`` (a ``rules.view`` dict), when given, adds the thing's present
    state as the viewer may see it and resolves ``theater:<n>``. Never raises on odd input."""
    t = canonical(target)
    if t is None:
        return None
    kind, _, rest = t.partition(":")
    if kind == "card":
        return event_text(int(rest), view)
    if kind == "tile":
        return T.investment_text(int(rest), view)
    if kind == "theater":
        wt = _theater_of(t, view)
        return T.theater_text(wt[0], wt[1], view) if wt else None
    if kind == "demand":
        return T.demand_text(rest, view)
    if kind == "award":
        return T.award_text(int(rest), view)
    if kind == "region":
        return P.region_text(rest, view)
    if t in B.SPACES:
        return P.space_text(t, view)
    if t in B.ADVANTAGES:
        return P.advantage_text(t, view)
    if t in B.MINISTRIES:
        return ministry_text(t, view)
    return T.war_tile_text(t, view)


# ---------------------------------------------------------------------------- browsing
def _whose(view: View, side: int) -> str:
    return "Your" if view.get("side") == side else W.possessive(side)


def _war_items(view: View) -> list[tuple[str, str]]:
    war = view.get("war") or {}
    if not war.get("id") or war["id"] not in B.THEATERS:
        return []
    out: list[tuple[str, str]] = []
    revealed = set(war.get("revealed") or [])
    for k in sorted(war.get("theaters") or {}, key=int):
        name = W.theater(war["id"], k)
        out.append((f"theater:{k}", f"Theater · {name}"))
        th = war["theaters"][k]
        for side in (0, 1):
            for part in ("basic", "bonus"):
                p = (th.get(part) or [[], []])[side]
                ids = p if isinstance(p, list) else list((p or {}).get("known") or [])
                for tid in ids:
                    if tid in B.BASIC_TILES or tid in B.BONUS_TILES:
                        seen = "" if isinstance(p, list) or tid in revealed else " (known)"
                        who = _whose(view, side)
                        out.append(
                            (tid, f"{who} War tile · {T.war_tile_words(tid)} · {name}{seen}")
                        )
    if war.get("atlantic") in (0, 1):
        out.append(("atlantic_dominance", "War tile · Atlantic Dominance"))
    if view.get("byng") is not None:
        out.append(("byng", "War tile · Byng"))
    return out


def inspectable(view: View) -> list[tuple[str, str]]:
    """``(target, label)`` of everything ``view`` shows that :func:`inspect_text` explains, in
    reading order: your hand (both hands for a spectator once they are shown), the discard
    pile, the ministries (yours face up or down, the opponent's face up), the 22 Advantage
    tiles, the Investment tiles on offer, the next War's theaters with the War tiles you know,
    this turn's Global Demand and Award tiles, the Event cards out of the game (played or
    removed), then every map space Region by Region. Targets of the view's prompt that none of
    these lists (a Ministry card to pick) come first as "Choice · name", and a prompt target
    that is an alias of a listed one replaces it, so the inspector finds the highlighted
    choice's target as it is. Labels are plain names ("Your hand · Tax Reform", "Europe ·
    Bavaria"), never raw ids."""
    out: list[tuple[str, str]] = []
    me = view.get("side")
    hands = view.get("hands") or []
    sides = [me] if me in (0, 1) else [0, 1]
    for side in sides:
        for c in (hands[side] if side < len(hands) else None) or []:
            out.append((f"card:{c}", f"{_whose(view, side)} hand · {B.EVENTS[c]['name']}"))
    for c in view.get("discard") or []:
        if c in B.EVENTS:
            out.append((f"card:{c}", f"Discard · {B.EVENTS[c]['name']}"))
    order = [me, 1 - me] if me in (0, 1) else [0, 1]
    for side in order:
        slots = (view.get("ministries") or [[], []])[side] or []
        for slot in slots:
            mid = slot.get("card")
            if mid in B.MINISTRIES:
                face = "" if slot.get("up") else " (face down)"
                name = B.MINISTRIES[mid]["name"]
                out.append((mid, f"{_whose(view, side)} ministry · {name}{face}"))
    for aid, adv in B.ADVANTAGES.items():
        out.append((aid, f"Advantage · {adv['name']} ({W.region(adv['region'])})"))
    inv = view.get("investments") or {}
    taken = inv.get("taken") or {}
    for tile in inv.get("available") or []:
        if tile in B.INVEST:
            mark = f" (taken by {W.side_name(taken[str(tile)][0])})" if str(tile) in taken else ""
            out.append((f"tile:{tile}", f"Investment tile · {T.investment_words(tile)}{mark}"))
    out += _war_items(view)
    for c in view.get("demand") or []:
        if c in B.DEMAND:
            out.append((f"demand:{c}", f"Global Demand · {W.commodity(c)}"))
    for r, tile in (view.get("awards") or {}).items():
        if tile in B.AWARDS:
            out.append((f"award:{tile}", f"Award · {W.region(r)} · {T.award_words(tile)}"))
    for c in view.get("removed") or []:
        if c in B.EVENTS:
            out.append((f"card:{c}", f"Out of the game · {B.EVENTS[c]['name']}"))
    for r in B.REGIONS:
        for sid in B.spaces_in(r):
            out.append((sid, f"{W.region(r)} · {W.space(sid)}"))
    return _with_prompt_targets(out, view)


def _with_prompt_targets(items: list[tuple[str, str]], view: View) -> list[tuple[str, str]]:
    """``items`` with every target of the view's prompt choices findable as it is (so the
    inspector can start on the highlighted choice's target and still show a name): a target
    listed under another alias (``ministry:M-5`` for ``M-5``) replaces that item's target; one
    not listed at all (a Ministry card to pick, a commodity) is put first as ``Choice · name``."""
    prompt = view.get("prompt") or {}
    targets = [c.get("target") for c in prompt.get("choices") or [] if c.get("target")]
    if not targets:
        return items
    at = {t: k for k, (t, _) in enumerate(items)}
    by_canon = {canonical(t): k for k, (t, _) in reversed(list(enumerate(items)))}
    front: list[tuple[str, str]] = []
    for t in dict.fromkeys(targets):
        c = canonical(t)
        if t in at or c is None or inspect_text(t, view) is None:
            continue
        k = by_canon.get(c)
        if k is not None:
            items[k] = (t, items[k][1])
            at[t] = k
        else:
            front.append((t, f"Choice · {target_label(t, view)}"))
            at[t] = -1
    return front + items


# ---------------------------------------------------------------------------- the end
def scores_line(view: View, outcome_scores: Sequence[Any], names: Sequence[str]) -> str:
    """The end screen's score line for the one shared VP track (IS-0.1): ``"Shared VP track:
    30 (France up, Ann · Britain down, Bot)"``. The VP comes from ``view["vp"]`` (the
    outcome's per-seat values are that same number); ``names`` are the seat names, mapped to
    sides by ``view["side_seat"]``. ``""`` if the view has no VP."""
    vp = view.get("vp")
    if not isinstance(vp, int):
        return ""
    ss = view.get("side_seat") or [0, 1]
    who = []
    for side, arrow in ((0, "up"), (1, "down")):
        seat = ss[side] if side < len(ss) else side
        name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
        who.append(f"{W.SIDES[side]} {arrow}" + (f", {name}" if name else ""))
    return f"Shared VP track: {vp} ({' · '.join(who)})"


# ---------------------------------------------------------------------------- card list
GENERIC: tuple[str, ...] = (
    EVENT_RULE,
    MINISTRY_RULE,
    P.ADV_USE,
    T.MINOR_RULE,
    T.EVENT_RULE,
    T.UPGRADE_RULE,
    T.TAKE_RULE,
    T.HIDDEN_RULE,
)
"""Paragraphs every card of a kind repeats: the card list says them once per section."""


def card_list_markdown() -> str:
    """Every Event card, Ministry card, Advantage tile, Investment tile, War tile, war theater,
    Global Demand and Award tile in full, as one Markdown document (the Rules screen's card
    list), each section's common rules said once at its head. Source: the data, as
    :func:`inspect_text`."""
    parts = ["# Imperial Struggle: cards and tiles"]
    for era in ("succession", "empire", "revolution"):
        parts.append(f"## Event cards: {W.ERA_NAMES[era]}")
        if era == "succession":
            parts.append(EVENT_RULE)
        parts += [event_text(c) or "" for c in B.ERA_CARDS[era]]
    for side in ("france", "britain"):
        parts.append(f"## {W.side_name(side)}'s Ministry cards")
        if side == "france":
            parts.append(MINISTRY_RULE)
        parts += [ministry_text(m) or "" for m, r in B.MINISTRIES.items() if r["side"] == side]
    parts += ["## Advantage tiles", P.ADV_USE]
    parts += [P.advantage_text(a) or "" for a in B.ADVANTAGES]
    parts += ["## Investment tiles", T.TAKE_RULE, T.MINOR_RULE, T.EVENT_RULE, T.UPGRADE_RULE]
    rows = ["| tiles | Major action | Minor action | Event | Upgrade |", "|---|---|---|---|---|"]
    faces: dict[str, list[int]] = {}
    for t in B.INVEST:
        faces.setdefault(T.investment_words(t), []).append(t)
    for ids in faces.values():
        rec = B.INVEST[ids[0]]
        major, minor = rec["major"], rec["minor"]
        rows.append(
            f"| {len(ids)} | {W.TYPE_NAMES[major['type']]} {major['points']} | "
            f"{W.TYPE_NAMES[minor['type']]} {minor['points']} | "
            f"{'yes' if rec['event_symbol'] else '-'} | "
            f"{'yes' if rec['military_upgrade'] else '-'} |"
        )
    parts.append("\n".join(rows))
    parts += ["## War tiles", T.HIDDEN_RULE]
    parts += [T.war_tile_text(t) or "" for t in ("fr_b00", "fr_b03", "fr_b07", "fr_b11", "fr_b13")]
    parts.append(
        "Each side has the same 16 Basic tiles: three +2, four +1, four 0 with Debt, two 0 "
        "with Fort/Squadron, three -1 with unflag."
    )
    for war in B.WARS:
        parts.append(f"### Bonus tiles: {W.WAR_NAMES[war]}")
        for side in (0, 1):
            ids = [t for t, r in B.BONUS_TILES.items() if r["war"] == war and r["side"] == side]
            parts.append(f"**{W.SIDES[side]}:** " + "; ".join(T.war_tile_words(t) for t in ids))
    parts += [T.war_tile_text(t) or "" for t in T.SPECIAL_TILES]
    for war in B.WARS:
        parts.append(f"## War display: {W.WAR_NAMES[war]}")
        parts += [T.theater_text(war, n) or "" for n in sorted(B.THEATERS[war])]
    parts.append("## Global Demand tiles")
    parts += [T.demand_text(c) or "" for c in B.DEMAND_ORDER]
    parts.append("## Award tiles")
    parts += [T.award_text(a) or "" for a in B.AWARDS]
    return "\n\n".join(_listed(p, k == 0 or p in GENERIC) for k, p in enumerate(parts))


def _listed(md: str, keep: bool) -> str:
    """A card's text for the list: its ``# Name`` heading as a level-3 heading, without the
    inspector's "Rule:" line and the paragraphs of :data:`GENERIC` (``keep``: as it is)."""
    if keep:
        return md
    paras = [p for p in md.split("\n\n") if p.strip() not in GENERIC and not p.startswith("Rule: ")]
    md = "\n\n".join(paras).strip()
    return "### " + md[2:] if md.startswith("# ") else md
