"""Imperial Struggle War Turn (IS-7): reveal, tile effects, strength, then spoils, Victory Check,
Reset and Layout.

``push_war_turn(st, start=1, only=False)`` pushes the ``war_turn`` procedure frame for
``st["war"]["id"]``. Its program counter walks the theaters in order (IS-7.0): reveal (IS-7.1.1),
tile effects in first-actor order (IS-7.1.2, IS-A12: compulsory, the owner picks the target,
auto-skipped without a legal target), Bonus Strength (IS-7.1.3), totals and the result (IS-7.1.4),
spoils (``war_spoils.py``, IS-7.2–7.3); after the last theater the Victory Check (IS-7.4 through
``scoring.victory_check``), Reset (IS-7.5) and Layout of the next War (IS-7.6, incl. the 7YW
carry-over IS-7.6c); then it pops and the flow's ``game`` frame advances the turn track.

Other hooks (defined in ``war_tiles.py`` and re-exported here): ``setup_display``,
``bonus_purchase_frames``, ``upgrade_frames``, ``free_bonus_draws``, ``push_carry_over``,
``can_buy_bonus``, ``can_upgrade``, ``bonus_count``, ``return_bonus_tile``, ``place_byng``.

Frame kinds: ``war_turn`` (auto), ``war_effects`` (auto: queue of effect tiles),
``war_target`` (owner: ``target:<space>``). Log events: ``war_reveal`` {war, theater, tiles:
[[fr], [br]], army: [fr, br]} (public), ``war_effect`` {tile, effect, target, theater},
``theater_result`` {war, theater, army, bonus, totals, margin, winner, parts}, ``war_reset``
{war}.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from . import war_spoils as S
from .state import (
    BR,
    FR,
    SPAIN,
    counts_for,
    ev,
    forced_debt,
    has_keyword_up,
    move_squadron,
    other,
    owner,
    rng,
    set_flag,
)
from .war_tiles import (
    WAR_ORDER,
    bonus_count,
    bonus_purchase_frames,
    can_buy_bonus,
    can_upgrade,
    free_bonus_draws,
    lay_out,
    place_byng,
    push_carry_over,
    return_bonus_tile,
    setup_display,
    theater_keys,
    theater_label,
    tile_info,
    tile_label,
    upgrade_frames,
)

__all__ = [
    "army_strength",
    "bonus_count",
    "bonus_purchase_frames",
    "bonus_strength",
    "can_buy_bonus",
    "can_upgrade",
    "effect_targets",
    "first_actor",
    "free_bonus_draws",
    "place_byng",
    "push_carry_over",
    "push_war_turn",
    "reset_war",
    "return_bonus_tile",
    "setup_display",
    "upgrade_frames",
]

State = dict[str, Any]
Frame = dict[str, Any]

_STRENGTH_SPACES: dict[tuple[str, int], tuple[str, ...]] = {}
for _sid in B.SPACE_ORDER:
    for _ws in B.SPACES[_sid]["war_strength"]:
        _STRENGTH_SPACES.setdefault((_ws["war"], _ws["theater"]), ())
        _STRENGTH_SPACES[(_ws["war"], _ws["theater"])] += (_sid,)


def theater_rec(war: str, theater: str | int) -> dict[str, Any]:
    """The components.json record of a theater (IS-7.7)."""
    return B.THEATERS[war][int(theater)]


def first_actor(st: State) -> int:
    """IS-7.1.2: France if ``vp > 15``, Britain if ``vp < 15``, else the first player of the
    preceding Peace Turn (IS-S21)."""
    if st["vp"] > 15:
        return FR
    if st["vp"] < 15:
        return BR
    return st["first"]


def theater_tiles(st: State, theater: str, side: int) -> list[str]:
    """``side``'s Basic then Bonus tiles in ``theater``."""
    t = st["war"]["theaters"][theater]
    return list(t["basic"][side]) + list(t["bonus"][side])


def army_strength(st: State, theater: str, side: int) -> int:
    """IS-7.1.1: the sum of ``side``'s tile strengths in ``theater``."""
    return sum(tile_info(t)["strength"] for t in theater_tiles(st, theater, side))


def bonus_strength(st: State, war: str, theater: str, side: int) -> tuple[int, list[str]]:
    """IS-7.1.3 Bonus Strength of ``side`` in ``theater`` and its parts (plain words).

    +1 per counting (unconflicted) space of the side whose ``war_strength`` lists this theater and
    that is not a Damaged Fort; with ``conflict_markers``, +1 per Conflict marker on a space of the
    theater's Region(s) flagged by the other side; +1 per listed keyword shown by a face-up
    Ministry card (IS-A09); +2 for Atlantic Dominance showing the side here; +2 Britain for Byng."""
    rec = theater_rec(war, theater)
    bs = rec["bonus_strength"]
    parts: list[str] = []
    total = 0
    for sp in _STRENGTH_SPACES.get((war, int(theater)), ()):
        if counts_for(st, side, sp) and sp not in st["damaged"]:
            total += 1
            parts.append(B.name_of(sp))
    if bs.get("conflict_markers"):
        regions = rec["regions"]
        for sp in st["conflict"]:
            if B.region_of(sp) in regions and owner(st, sp) == other(side):
                total += 1
                parts.append(f"Conflict on {B.name_of(sp)}")
    for kw in bs.get("keywords", []):
        if has_keyword_up(st, side, kw):
            total += 1
            parts.append(kw.capitalize())
    if st["war"].get("atlantic") == side and war == "7YW" and int(theater) == 3:
        total += 2
        parts.append("Atlantic Dominance +2")
    if side == BR and st.get("byng") is not None and int(st["byng"]) == int(theater):
        total += 2
        parts.append("Byng +2")
    return total, parts


# ---------------------------------------------------------------------------- tile effects
def _opposing(st: State, side: int, space: str) -> bool:
    o = owner(st, space)
    if o == other(side):
        return True
    return o == SPAIN and st["opts"].get("spanish_empire") == "on"


def effect_targets(st: State, war: str, theater: str, side: int, effect: str) -> list[str]:
    """Legal targets (space ids, data order) of ``side``'s tile ``effect`` in ``theater``
    (IS-7.1.2, IS-A10/V11, IS-A11/V10). ``opponent_debt`` has none (it needs no target)."""
    rec = theater_rec(war, theater)
    regions = rec["regions"]
    opp = other(side)
    if effect == "damage_fort_or_remove_squadron":
        out = []
        reach_all = st["opts"].get("war_squadron_scope", "counting") != "region"
        for sp in B.SPACE_ORDER:
            k = B.kind_of(sp)
            if k == "fort":
                if (
                    B.region_of(sp) in regions
                    and st["flags"].get(sp) == opp
                    and sp not in st["damaged"]
                ):
                    out.append(sp)
            elif (
                k == "naval"
                and st["squadrons"].get(sp) == opp
                and (
                    B.region_of(sp) in regions
                    or (reach_all and sp in _STRENGTH_SPACES.get((war, int(theater)), ()))
                )
            ):
                out.append(sp)
        return out
    if effect == "unflag":
        conflicted_ok = st["opts"].get("war_unflag_conflicted") == "on"
        pol: list[str] = []
        mkts: list[str] = []
        for r in regions:
            for sp in B.spaces_in(r, "political"):
                if _opposing(st, side, sp) and (conflicted_ok or sp not in st["conflict"]):
                    pol.append(sp)
            for sp in B.spaces_in(r, "market"):
                if _opposing(st, side, sp) and (conflicted_ok or sp not in st["conflict"]):
                    mkts.append(sp)
        safe = [m for m in mkts if not S.unflag_isolates(st, m)]
        allowed = set(pol) | set(safe or mkts)
        return [sp for sp in B.SPACE_ORDER if sp in allowed]
    return []


def _effects_run(st: State, fr: Frame, out: list[Event]) -> None:
    war = st["war"]["id"]
    while fr["queue"]:
        side, tile = fr["queue"].pop(0)
        effect = tile_info(tile)["effect"]
        if effect == "opponent_debt":
            forced_debt(st, other(side), 1, out, "war_tile")
            out.append(
                ev(
                    st,
                    "war_effect",
                    side,
                    tile=tile,
                    effect=effect,
                    target=None,
                    theater=fr["theater"],
                )
            )
            continue
        if not effect_targets(st, war, fr["theater"], side, effect):
            out.append(
                ev(
                    st,
                    "war_effect",
                    side,
                    tile=tile,
                    effect=effect,
                    target=None,
                    theater=fr["theater"],
                )
            )
            continue
        F.push(st, "war_target", side=side, tile=tile, effect=effect, theater=fr["theater"])
        return
    F.pop(st, fr)


F.register("war_effects", run=_effects_run)


def _target_choices(st: State, fr: Frame) -> list[Choice]:
    war = st["war"]["id"]
    out = []
    for sp in effect_targets(st, war, fr["theater"], fr["side"], fr["effect"]):
        k = B.kind_of(sp)
        verb = {"fort": "Damage", "naval": "Send home the Squadron on"}.get(k, "Unflag")
        out.append(Choice(f"target:{sp}", f"{verb} {B.name_of(sp)}", sp, "target"))
    return out


def _target_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    sp = choice.split(":", 1)[1]
    side = fr["side"]
    F.pop(st, fr)
    k = B.kind_of(sp)
    if k == "fort":
        st["damaged"][sp] = 1
    elif k == "naval":
        move_squadron(st, other(side), sp, "navy", out, "war_tile")
    else:
        set_flag(st, sp, None, out, "war_tile")
    out.append(
        ev(
            st,
            "war_effect",
            side,
            tile=fr["tile"],
            effect=fr["effect"],
            target=sp,
            theater=fr["theater"],
        )
    )


def _target_text(st: State, fr: Frame) -> tuple[str, str]:
    what = {
        "unflag": "choose an opposing space to unflag",
        "damage_fort_or_remove_squadron": "damage a Fort or send a Squadron to its Navy Box",
    }[fr["effect"]]
    return f"{tile_label(fr['tile'])}: {what}", theater_label(st, fr["theater"])


F.register(
    "war_target",
    side=lambda st, fr: fr["side"],
    choices=_target_choices,
    text=_target_text,
    apply=_target_apply,
)


# ---------------------------------------------------------------------------- the War Turn
def push_war_turn(
    st: State, start: int = 1, only: bool = False, theater: int | None = None
) -> None:
    """Push the War Turn procedure of ``st["war"]["id"]`` (IS-7.0). ``start`` (alias
    ``theater``): first theater to resolve; ``only``: resolve just that theater, then pop with no
    Victory Check, Reset or Layout (test positions)."""
    if theater is not None:
        start = int(theater)
    war = st["war"]["id"]
    keys = theater_keys(war)
    F.push(
        st,
        "war_turn",
        war=war,
        t=keys.index(str(start)),
        pc="theater",
        only=only,
        results={},
        carry=[bonus_count(st, FR), bonus_count(st, BR)],
    )


def _reveal(st: State, war: str, key: str, out: list[Event]) -> None:
    w = st["war"]
    tiles = [theater_tiles(st, key, FR), theater_tiles(st, key, BR)]
    for side_tiles in tiles:
        for t in side_tiles:
            w["revealed"][t] = 1
    out.append(
        ev(
            st,
            "war_reveal",
            None,
            war=war,
            theater=key,
            tiles=tiles,
            army=[army_strength(st, key, FR), army_strength(st, key, BR)],
        )
    )


def _result(st: State, fr: Frame, key: str, out: list[Event]) -> None:
    war = fr["war"]
    army = [army_strength(st, key, FR), army_strength(st, key, BR)]
    b_fr, p_fr = bonus_strength(st, war, key, FR)
    b_br, p_br = bonus_strength(st, war, key, BR)
    totals = [army[FR] + b_fr, army[BR] + b_br]
    margin = abs(totals[FR] - totals[BR])
    winner = None if margin == 0 else (FR if totals[FR] > totals[BR] else BR)
    row = S.spoils_row(war, key, winner, margin) if winner is not None else None
    last = row is not None and row["margin_max"] is None
    fr["results"][key] = {"winner": winner, "margin": margin, "last": last}
    out.append(
        ev(
            st,
            "theater_result",
            None,
            war=war,
            theater=key,
            army=army,
            bonus=[b_fr, b_br],
            totals=totals,
            margin=margin,
            winner=winner,
            parts=[p_fr, p_br],
        )
    )
    if winner is not None:
        S.push_spoils(st, war, key, winner, margin)


def _war_run(st: State, fr: Frame, out: list[Event]) -> None:
    war = fr["war"]
    keys = theater_keys(war)
    pc = fr["pc"]
    if pc == "theater":
        if fr["t"] >= len(keys):
            fr["pc"] = "end"
            return
        key = keys[fr["t"]]
        _reveal(st, war, key, out)
        first = first_actor(st)
        queue = [
            [side, t]
            for side in (first, other(first))
            for t in theater_tiles(st, key, side)
            if tile_info(t)["effect"]
        ]
        fr["pc"] = "result"
        if queue:
            F.push(st, "war_effects", theater=key, queue=queue)
        return
    if pc == "result":
        key = keys[fr["t"]]
        fr["pc"] = "next"
        _result(st, fr, key, out)
        return
    if pc == "next":
        fr["t"] += 1
        if fr["only"]:
            F.pop(st, fr)
            return
        fr["pc"] = "theater"
        return
    # pc == "end": IS-7.4, IS-7.5, IS-7.6
    F.pop(st, fr)
    res = fr["results"]
    sweep = None
    winners = {r["winner"] for r in res.values()}
    if (
        len(res) == len(keys)
        and len(winners) == 1
        and None not in winners
        and all(r["last"] for r in res.values())
    ):
        sweep = winners.pop()
    from . import scoring

    if scoring.victory_check(st, out, sweep=sweep):
        return
    reset_war(st, out)
    nxt = WAR_ORDER.index(war) + 1
    if nxt >= len(WAR_ORDER):
        st["war"] = None
        return
    lay_out(st, WAR_ORDER[nxt], out)
    if WAR_ORDER[nxt] == "7YW":
        st["war"]["carry"] = [min(3, fr["carry"][FR]), min(3, fr["carry"][BR])]


F.register("war_turn", run=_war_run)


def reset_war(st: State, out: list[Event]) -> None:
    """IS-7.5 Reset: Basic tiles in theaters back to their pools (shuffled); this War's Bonus
    tiles, Atlantic Dominance and Byng leave; in the Region(s) of every theater counting Conflict
    markers, markers on French- or British-flagged spaces are removed (IS-A40); Damaged markers
    stay. The display's refusals / CP-Squadron set go with the display (Layout makes a new one)."""
    w = st["war"]
    war = w["id"]
    for t in w["theaters"].values():
        for side in (FR, BR):
            w["basic_pool"][side].extend(t["basic"][side])
            t["basic"][side] = []
            t["bonus"][side] = []
    for side in (FR, BR):
        rng(st).shuffle(w["basic_pool"][side])
        w["bonus_pool"][side] = []
    w["atlantic"] = None
    st["byng"] = None
    regions: set[str] = set()
    for key in theater_keys(war):
        rec = theater_rec(war, key)
        if rec["bonus_strength"].get("conflict_markers"):
            regions.update(rec["regions"])
    for sp in list(st["conflict"]):
        if B.region_of(sp) in regions and owner(st, sp) in (FR, BR):
            del st["conflict"][sp]
            out.append(ev(st, "conflict_removed", None, space=sp, why="war_reset"))
    out.append(ev(st, "war_reset", None, war=war))


# ---------------------------------------------------------------------------- log lines
def _register_text() -> None:
    """Describe lines of the war event kinds (``text.register``); hidden tile identities are
    shown only to their owner (IS-16.5)."""
    from . import text as T

    def th(a: dict[str, Any], key: str = "theater") -> str:
        return B.theater_name(a["war"], int(a[key]))

    def names(tiles: list[str]) -> str:
        return ", ".join(tile_label(t) for t in tiles) or "no tiles"

    def bonus_buy(e: Event, v: int | None) -> str:
        a = e.args
        how = {"buy": "bought", "setup": "drew at set-up", "carry": "drew (carried over)"}.get(
            a["why"], "drew"
        )
        if T.own(e, v):
            line = f"You {how} {tile_label(a['tile'])} and placed it in {th(a)}"
            if a.get("moved"):
                m = a["moved"]
                line += f", moving {tile_label(m['tile'])} to {th({**a, 'theater': m['to']})}"
            return line
        line = f"{T.side_name(T.actor(e))} {how} a Bonus War tile and placed it in {th(a)}"
        if a.get("moved"):
            line += f", moving one of its tiles to {th({**a, 'theater': a['moved']['to']})}"
        return line

    def bonus_return(e: Event, v: int | None) -> str:
        a = e.args
        if T.own(e, v):
            return f"Your {tile_label(a['tile'])} in {th(a)} goes back to your Bonus pool"
        return (
            f"One of {T.side_name(T.actor(e))}'s Bonus War tiles in {th(a)} goes back to its pool"
        )

    def upgrade(e: Event, v: int | None) -> str:
        a = e.args
        who = T.who(e, v)
        if "swap" in a:
            x, y = a["swap"]
            return (
                f"{who} swapped the Basic tiles in {B.theater_name(a['war'], int(x))} "
                f"and {B.theater_name(a['war'], int(y))}"
            )
        where = "to the pool" if a["rejected"] == "pool" else "removed from the game"
        if T.own(e, v):
            return (
                f"You upgraded in {th(a)}: kept {tile_label(a['kept'])}, "
                f"{tile_label(a['other'])} {where}"
            )
        what = "replaced" if a["replaced"] else "old tile kept"
        return f"{who} upgraded the Basic tile in {th(a)}: {what}, rejected tile {where}"

    def basic_deal(e: Event, v: int | None) -> str:
        a = e.args
        if T.own(e, v):
            return f"You placed {tile_label(a['tile'])} in {th(a)}"
        return f"{T.side_name(T.actor(e))} placed a Basic War tile in {th(a)}"

    def reveal(e: Event, v: int | None) -> str:
        a = e.args
        fr_t, br_t = a["tiles"]
        return (
            f"{th(a)} revealed. France: {names(fr_t)} (army {a['army'][0]}); "
            f"Britain: {names(br_t)} (army {a['army'][1]})"
        )

    def effect(e: Event, v: int | None) -> str:
        a = e.args
        head = f"{T.side_name(T.actor(e))}'s {tile_label(a['tile'])}"
        if a["effect"] == "opponent_debt":
            return f"{head}: {T.side_name(1 - T.actor(e))} takes 1 Debt"
        if a["target"] is None:
            return f"{head}: no target"
        k = B.kind_of(a["target"])
        verb = {"fort": "damages the Fort at", "naval": "sends home the Squadron on"}.get(
            k, "unflags"
        )
        return f"{head} {verb} {T.space_name(a['target'])}"

    def result(e: Event, v: int | None) -> str:
        a = e.args
        tot, arm, bon = a["totals"], a["army"], a["bonus"]
        line = (
            f"{th(a)}: France {tot[0]} (army {arm[0]} + {bon[0]}), "
            f"Britain {tot[1]} (army {arm[1]} + {bon[1]})"
        )
        if a["winner"] is None:
            return line + ": tied, no spoils"
        return line + f": {T.side_name(a['winner'])} wins by {a['margin']}"

    def spoils(e: Event, v: int | None) -> str:
        a = e.args
        parts = [f"{a['vp']} VP"] if a["vp"] else []
        if a["cp"]:
            parts.append(f"{a['cp']} Conquest Points")
        if a["unflag"]:
            parts.append(f"{a['unflag']} unflag")
        line = f"{T.side_name(a['winner'])} gains " + (", ".join(parts) or "nothing more")
        if a["trp"]:
            line += f"; {T.side_name(1 - a['winner'])} gains {a['trp']} TRP"
        return line

    def conquest(e: Event, v: int | None) -> str:
        a = e.args
        return f"{T.side_name(T.actor(e))} takes {T.space_name(a['space'])} ({a['cp']} CP)"

    def refuse(e: Event, v: int | None) -> str:
        a = e.args
        return (
            f"{T.side_name(T.actor(e))} refuses to cede {T.space_name(a['territory'])} "
            f"and gives {a['vp']} VP"
        )

    def jacobite(e: Event, v: int | None) -> str:
        w = e.args["what"]
        if w == "victory":
            return f"Jacobite Victory marker ({e.args['victories']} in all)"
        if w == "right":
            return "France may keep Jacobite Uprisings as a third Ministry card"
        return "Jacobite Defeat: Jacobite Uprisings leaves the game"

    def loss(e: Event, v: int | None) -> str:
        a = e.args
        src = "its Navy Box" if a["src"] == "navy_box" else T.space_name(a["src"])
        dst = "to its Unbuilt pool" if a["dst"] == "unbuilt" else "out of the game"
        return f"{T.side_name(T.actor(e))} loses a Squadron from {src} {dst}"

    for kind, fn in {
        "war_layout": lambda e, v: f"{B.WARS[e.args['war']]['name']} is laid out",
        "bonus_buy": bonus_buy,
        "bonus_return": bonus_return,
        "upgrade": upgrade,
        "basic_deal": basic_deal,
        "byng": lambda e, v: f"Britain places the Byng marker in {th(e.args)} (+2 there)",
        "war_reveal": reveal,
        "war_effect": effect,
        "theater_result": result,
        "spoils": spoils,
        "conquest": conquest,
        "refuse": refuse,
        "war_unflag": lambda e, v: (
            f"{T.side_name(T.actor(e))} unflags {T.space_name(e.args['space'])}"
        ),
        "usa_flag": lambda e, v: f"USA flag on {T.space_name(e.args['space'])}",
        "usa_fort": lambda e, v: f"The Fort at {T.space_name(e.args['space'])} is removed",
        "isolated_lost": lambda e, v: (
            "Newly isolated Markets lose their flags: "
            + ", ".join(T.space_name(s) for s in e.args["spaces"])
        ),
        "jacobite": jacobite,
        "squadron_loss": loss,
        "atlantic": lambda e, v: (
            f"{T.side_name(T.actor(e))} places Atlantic Dominance in the French & Indian War (+2)"
        ),
        "spain_shift": lambda e, v: (
            f"{T.side_name(T.actor(e))} shifts {T.space_name(e.args['space'])}"
        ),
        "conflict_removed": lambda e, v: (
            f"The Conflict marker on {T.space_name(e.args['space'])} is removed"
        ),
        "war_reset": lambda e, v: (
            f"{B.WARS[e.args['war']]['name']} is over: Basic tiles go back to the pools, "
            "Bonus tiles leave the game"
        ),
    }.items():
        T.register(kind, fn)


_register_text()
