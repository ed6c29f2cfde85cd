"""Imperial Struggle Action Rounds (IS-5.0–5.3, IS-5.7, IS-17.6 steps S0–S3).

Frame kinds registered here:

* ``is_round`` (automatic) — the round controller, ``{"side", "pc"}``; pc runs ``start`` →
  ``s0`` → ``tile`` → ``s1`` → (``event``) → ``menu`` → ``end``.
* ``is_s0`` (decision) — before the tile: ``tile:<id>``, ministry start-of-round abilities,
  ``reveal:<M-x>``.
* ``is_s1`` (decision) — after the tile: ``pass`` (withdrawn once the tile is used),
  ``ministries.s1_choices`` (``cardinal:yes`` for a face-down Cardinal Ministers,
  ``ability:M-21``; the frame stays), ``event:<n>`` (and the events module's variants),
  ``actions``.
* ``is_menu`` (decision) — S3: ``act:major``, ``act:minor``, ``act:event_E|D|M``,
  ``act:bought_E|D``, ``upgrade``, ``adv:<id>``, ministry abilities, ``reveal:<M-x>``,
  ``end_round``.
* ``is_merge`` (decision) — ``merge_event:yes|no`` when a Minor starts while an unstarted Event
  action of its type exists (IS-5.7b, IS-A14).
* ``is_act`` / ``is_pay`` (S4 / S5) live in purchases.py / payment.py.

Hooks for other modules: :func:`push_action_round` (flow), :func:`grant` and :func:`add_mod`
(events, ministries), :func:`event_done` (events).

Log event kinds: ``round_start`` {no}, ``tile`` {tile, major, minor}, ``pass`` {debt},
``action_start`` {type, kind, pts}, ``round_end`` {no}, ``merge`` {type, pts}; the lines of
purchases.py's ``shift`` / ``purchase``, payment.py's ``pay_back`` and advantages.py's
``adv_use`` / ``adv_conflict`` are registered here too.
"""

from __future__ import annotations

from typing import Any

from engine.rules import Choice, Event

from . import board as B
from . import frames as F
from . import geometry as G
from .state import SIDE_NAMES, ev, face_down_cards, gain_trp, reduce_debt, reveal, turn_id

State = dict[str, Any]
Frame = dict[str, Any]

TYPE_WORD = {"E": "Economic", "D": "Diplomatic", "M": "Military"}
POINT_WORD = {"E": "EP", "D": "DP", "M": "MP"}


_MODS: dict[str, Any] = {}


def _opt_mod(name: str) -> Any:
    """Import a sibling module lazily (the events, ministries, war and advantage modules import
    this one, so they cannot be imported at the top); cached once imported. Import errors
    propagate."""
    m = _MODS.get(name)
    if m is None:
        import importlib

        m = _MODS[name] = importlib.import_module(f"engine.games.imperial_struggle.{name}")
    return m


def _hook(module: str, fn: str) -> Any:
    """Function ``fn`` of sibling ``module`` (lazily imported). Raises AttributeError when it
    does not exist, so a renamed hook fails loudly instead of silently switching a rule off."""
    return getattr(_opt_mod(module), fn)


# ---------------------------------------------------------------------------- round record
def new_round(st: State, side: int) -> dict[str, Any]:
    """A fresh round record (contract ``st["round"]``; IS-5.0a bookkeeping)."""
    return {
        "side": side,
        "no": st["rounds_done"][side] + 1,
        "tile": None,
        "held": G.controlled_spaces(st, side),
        "isolated": G.isolated_now(st),
        "changed": {},
        "gained_adv": {},
        "adv_used": [],
        "adv_regions": {},
        "regions": {"E": {}, "D": {}},
        "bonus_bought": 0,
        "sq_moved": {},
        "event": None,
        "event_ok": False,
        "event_done": False,
        "tile_used": False,
        "actions": [],
        "cur": None,
        "upgrade": None,
        "mods": {},
        "debt_taken": 0,
        "pending": [],
        "tile_extra": {},
        "converted": None,
    }


def push_action_round(st: State, side: int) -> None:
    """Push one Action Round of ``side`` (contract hook for the flow). The round runs as frames;
    when it ends ``st["rounds_done"][side]`` has grown by 1 and ``st["round"]`` is None."""
    F.push(st, "is_round", side=side, pc="start")


def controller(st: State) -> Frame | None:
    """The running ``is_round`` frame (top-most), or None."""
    for fr in reversed(st["stack"]):
        if fr["k"] == "is_round":
            return fr
    return None


def _start(st: State, fr: Frame, out: list[Event]) -> None:
    side = fr["side"]
    rd = new_round(st, side)
    st["round"] = rd
    rr = _hook("ministries", "round_reset")
    if rr is not None:
        rr(st)
    out.append(ev(st, "round_start", side, no=rd["no"]))
    fr["pc"] = "s0"
    if turn_id(st) == "T4" and rd["no"] == 1 and st.get("war"):
        fn = _hook("war_tiles", "push_carry_over") or _hook("war", "push_carry_over")
        if fn is not None:  # IS-7.6c: the 7YW carry-over draws come before the tile
            fn(st, side, out)


def _run_round(st: State, fr: Frame, out: list[Event]) -> None:
    pc = fr["pc"]
    side = fr["side"]
    if pc == "start":
        _start(st, fr, out)
    elif pc == "s0":
        fr["pc"] = "tile"
        if tile_choices(st, side):
            F.push(st, "is_s0", side=side)
        else:  # no tile left (only in odd test positions): the round ends
            fr["pc"] = "end"
    elif pc == "tile":
        fr["pc"] = "menu"
        F.push(st, "is_s1", side=side)
        hook = _hook("ministries", "after_tile")
        if hook is not None:  # the Cardinal question goes on top of S1
            hook(st, side, out)
    elif pc == "menu":
        fr["pc"] = "end"
        F.push(st, "is_menu", side=side)
    elif pc == "end":
        rd = st["round"]
        st["rounds_done"][side] += 1
        out.append(ev(st, "round_end", side, no=rd["no"] if rd else 0))
        st["round"] = None
        F.pop(st, fr)
    else:  # pragma: no cover - a bug
        raise RuntimeError(f"bad round pc {pc!r}")


F.register("is_round", run=_run_round)


# ---------------------------------------------------------------------------- tiles (S0)
def tile_label(tid: int) -> str:
    """'Economic 4 · Diplomatic 2 · Event · Upgrade' for an Investment tile."""
    t = B.INVEST[tid]
    mj, mn = t["major"], t["minor"]
    parts = [f"{mj['type'].title()} {mj['points']}", f"{mn['type'].title()} {mn['points']}"]
    if t["event_symbol"]:
        parts.append("Event")
    if t["military_upgrade"]:
        parts.append("Upgrade")
    return " · ".join(parts)


def tile_choices(st: State, side: int) -> list[Choice]:
    """``tile:<id>`` for every available tile not yet taken this turn (IS-5.1)."""
    taken = st["inv_taken"]
    return [
        Choice(f"tile:{t}", f"Tile {t}: {tile_label(t)}", target=f"tile:{t}", group="tile")
        for t in st["inv_avail"]
        if str(t) not in taken
    ]


def reveal_choices(st: State, side: int) -> list[Choice]:
    """``reveal:<M-x>`` for ``side``'s face-down Ministry cards (IS-3.5a)."""
    return [
        Choice(f"reveal:{c}", f"Reveal {B.MINISTRIES[c]['name']}", target=c, group="reveal")
        for c in face_down_cards(st, side)
    ]


def _merge_choices(base: list[Choice], extra: list[Choice]) -> list[Choice]:
    seen = {c.id for c in base}
    return base + [c for c in extra if c.id not in seen and not seen.add(c.id)]  # type: ignore[func-returns-value]


def _s0_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    out = tile_choices(st, side)
    hook = _hook("ministries", "round_start_choices")
    extra = list(hook(st, side)) if hook is not None else reveal_choices(st, side)
    return _merge_choices(out, extra)


def _s0_text(st: State, fr: Frame) -> tuple[str, str]:
    return f"{SIDE_NAMES[fr['side']]}: choose an Investment tile", round_summary(st, fr["side"])


def take_tile(st: State, side: int, tid: int, out: list[Event]) -> None:
    """IS-5.1 / 5.1a: take tile ``tid``: record it, create the Major and Minor actions, the
    Event permission, the Upgrade (T6: 1 TRP instead, IS-A19)."""
    rd = st["round"]
    t = B.INVEST[tid]
    st["inv_taken"][str(tid)] = [side, rd["no"]]
    rd["tile"] = tid
    for kind in ("major", "minor"):
        rd["actions"].append(new_action(B.TYPE_LETTER[t[kind]["type"]], kind, t[kind]["points"]))
    rd["event_ok"] = bool(t["event_symbol"])
    out.append(ev(st, "tile", side, tile=tid, label=tile_label(tid)))
    if t["military_upgrade"]:
        if turn_id(st) == "T6":
            gain_trp(st, side, 1, out, "upgrade_symbol")
        else:
            rd["upgrade"] = "avail"


def new_action(typ: str, kind: str, pts: int) -> dict[str, Any]:
    """An action record (contract ``st["round"]["actions"]`` item, IS-5.7a)."""
    return {
        "type": typ,
        "kind": kind,
        "pts": pts,
        "restricted": [],
        "state": "new",
        "purchases": 0,
        "all_restricted": False,
    }


def _s0_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    if choice.startswith("tile:"):
        F.pop(st, fr)
        take_tile(st, side, int(choice[5:]), out)
        return
    if choice.startswith("reveal:"):
        reveal(st, side, choice[7:], out)
        return
    hook = _hook("ministries", "apply_ability")
    if hook is not None:
        hook(st, side, choice, out)


F.register(
    "is_s0", side=lambda st, fr: fr["side"], choices=_s0_choices, text=_s0_text, apply=_s0_apply
)


# ---------------------------------------------------------------------------- S1
def _event_choices(st: State, side: int) -> list[Choice]:
    rd = st["round"]
    if (
        rd["event"] is not None
    ):  # The Cardinal Ministers use the tile but keep the Event (IS-17.6 S1)
        return []
    fn = _hook("events", "playable")
    if fn is None:
        return []
    out = []
    for c in fn(st, side):
        if isinstance(c, Choice):
            out.append(c)
        else:
            out.append(Choice(f"event:{c}", f"Play {B.EVENTS[c]['name']}", group="event"))
    return out


def _s1_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    rd = st["round"]
    out: list[Choice] = []
    if not rd["tile_used"] and rd["event"] is None:
        d = min(2, st["debt"][side])
        out.append(Choice("pass", f"Pass (Debt −{d})" if d else "Pass", group="pass"))
    hook = _hook("ministries", "s1_choices")
    if hook is not None:  # a face-down Cardinal Ministers (reveals it), Townshend Acts
        out += list(hook(st, side))
    out += _event_choices(st, side)
    out.append(Choice("actions", "Take actions", group="actions"))
    return out


def _s1_text(st: State, fr: Frame) -> tuple[str, str]:
    return f"{SIDE_NAMES[fr['side']]}: pass, play an Event or take actions", round_summary(
        st, fr["side"]
    )


def _s1_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    if choice.startswith(("cardinal:", "ability:")):  # ministries.s1_choices: S1 stays
        _hook("ministries", "apply_ability")(st, side, choice, out)
        return
    ctl = controller(st)
    F.pop(st, fr)
    if choice == "pass":
        n = reduce_debt(st, side, 2, out, "pass")
        out.append(ev(st, "pass", side, debt=n))
        ctl["pc"] = "end"
        return
    if choice == "actions":
        return
    how, _, n = choice.partition(":")
    card = int(n)
    st["round"]["event"] = card
    start = _hook("events", "start")
    how = {"event": "normal", "event_bank": "bank", "event_condorcet": "condorcet"}.get(how, how)
    start(st, side, card, how, out)


F.register(
    "is_s1", side=lambda st, fr: fr["side"], choices=_s1_choices, text=_s1_text, apply=_s1_apply
)


# ---------------------------------------------------------------------------- AP hooks
def _find_action(rd: dict[str, Any], typ: str, kinds: tuple[str, ...]) -> dict[str, Any] | None:
    for a in rd["actions"]:
        if a["type"] == typ and a["kind"] in kinds:
            return a
    return None


def _tile_action(rd: dict[str, Any], typ: str) -> dict[str, Any] | None:
    for kind in ("major", "minor"):
        for a in rd["actions"][:2]:
            if a["kind"] == kind and a["type"] == typ:
                return a
    return None


def _add_pts(a: dict[str, Any], pts: int, why: str | None) -> None:
    if why:
        a["restricted"].append({"pts": pts, "why": why})
    else:
        a["pts"] += pts


def _event_grant(rd: dict[str, Any], typ: str, pts: int, why: str | None) -> None:
    """IS-5.7b: to the tile Major of that type, else to the (single) Event action of the type."""
    major = rd["actions"][0] if rd["actions"] else None
    if major is not None and major["kind"] == "major" and major["type"] == typ:
        _add_pts(major, pts, why)
        return
    a = _find_action(rd, typ, ("event",))
    if a is None or a["state"] != "new":
        a = new_action(typ, "event", 0)
        a["all_restricted"] = True
        rd["actions"].append(a)
        extra = rd["tile_extra"].pop(typ, 0)
        a["pts"] += extra
        if extra:
            a["all_restricted"] = False
    _add_pts(a, pts, why)
    if not why:
        a["all_restricted"] = False


def grant(
    st: State, side: int, typ: str, pts: int, why: str | None = None, to: str | None = None
) -> None:
    """Add AP of type ``typ`` (``E``/``D``/``M``) to the current round of ``side``.

    * ``to=None`` — Event AP (IS-5.7b): while an Event resolves they are held and added when
      :func:`event_done` runs; otherwise added at once. They join the tile's Major action if it is
      of that type, else the round's Event action of that type (created on demand).
    * ``to="tile"`` — +``pts`` unrestricted to the tile action of that type (M-1, M-24a, M-26,
      IS-5.7c); when the tile has none, kept for the first Event action of that type (IS-A24).
    * ``to="current"`` — restricted points (predicate ``why``) on the action being performed
      (IS-5.7c: M-11A, M-15A, M-20, M-22a).
    ``why`` is a predicate id of :func:`purchases.restriction_ok` (None = unrestricted).
    Raises RuntimeError outside ``side``'s round.
    """
    rd = st["round"]
    if rd is None or rd["side"] != side or pts <= 0:
        if pts <= 0:
            return
        raise RuntimeError("AP granted outside the side's Action Round")
    if to == "tile":
        a = _tile_action(rd, typ)
        if a is None:
            ea = _find_action(rd, typ, ("event",))
            if ea is not None and ea["state"] == "new":
                ea["pts"] += pts
                ea["all_restricted"] = False
            else:
                rd["tile_extra"][typ] = rd["tile_extra"].get(typ, 0) + pts
        else:
            _add_pts(a, pts, why)
        return
    if to == "current":
        if rd["cur"] is None:
            raise RuntimeError("no action is being performed")
        _add_pts(rd["actions"][rd["cur"]], pts, why)
        return
    if rd["event"] is not None and not rd["event_done"]:
        rd["pending"].append([typ, pts, why])
        return
    _event_grant(rd, typ, pts, why)


def add_mod(st: State, key: str, value: Any) -> None:
    """Set a transient round modifier ``st["round"]["mods"][key] = value`` (IS-5.0a clears them).
    Keys read by this package: ``ev04_squadron`` (next construction −2 MP), ``ev17`` (British
    unflag of a French Spain/Austria space −1 DP), ``min16`` (M-16 discount), ``pending_adv``
    (list: cost Advantages used through an Event, IS-8.2b)."""
    rd = st["round"]
    if rd is None:
        return
    if key == "pending_adv":
        rd["mods"].setdefault("pending_adv", []).append(value)
    else:
        rd["mods"][key] = value


def tile_bonus(st: State, n: int) -> None:
    """IS-MIN26 Lavoisier: +``n`` unrestricted points to the tile's Major and to its Minor action."""
    rd = st["round"]
    if rd is None:
        return
    for a in rd["actions"][:2]:
        a["pts"] += n


def event_done(st: State, out: list[Event]) -> None:
    """Called by the events module when the round's Event has fully resolved (IS-5.2 step 4):
    the held Event AP join the round's actions (IS-5.7b)."""
    rd = st["round"]
    if rd is None:
        return
    rd["event_done"] = True
    for typ, pts, why in rd["pending"]:
        _event_grant(rd, typ, pts, why)
    rd["pending"] = []


# ---------------------------------------------------------------------------- S3 menu
def action_id(a: dict[str, Any]) -> str:
    """The IS-17.6 S3 choice id of an action record."""
    if a["kind"] in ("major", "minor"):
        return f"act:{a['kind']}"
    return f"act:{a['kind']}_{a['type']}"


def action_points(a: dict[str, Any]) -> int:
    """All points (unrestricted + restricted) still in an action."""
    return a["pts"] + sum(r["pts"] for r in a["restricted"])


def action_label(a: dict[str, Any]) -> str:
    """'Economic 4 EP (Major)'."""
    kind = {"major": "Major", "minor": "Minor", "event": "Event", "bought": "Bought"}[a["kind"]]
    return f"{TYPE_WORD[a['type']]} {action_points(a)} {POINT_WORD[a['type']]} ({kind})"


def startable(st: State, a: dict[str, Any]) -> bool:
    """An action the side may start (or, with IS-V13 off, resume) now (IS-5.3, IS-A04)."""
    if a["state"] == "done":
        return False
    if a["state"] == "open" and st["opts"].get("strict_action_sequence", "on") != "off":
        return False
    return action_points(a) > 0 or a["kind"] in ("major", "minor")


def upgrade_possible(st: State, side: int) -> bool:
    """IS-5.3.3 / 5.3.3a: a Basic tile of ``side`` is placed in the next War and its Basic pool is
    not empty (IS-V02: two Basic tiles placed)."""
    war = st.get("war")
    if not war or turn_id(st) == "T6":
        return False
    fn = _hook("war_tiles", "can_upgrade")
    if fn is not None:
        return bool(fn(st, side))
    placed = sum(len(t["basic"][side]) for t in war["theaters"].values())
    if st["opts"].get("military_planning_swap", "off") == "on":
        return placed >= 2
    return placed > 0 and len(war["basic_pool"][side]) > 0


def _menu_choices(st: State, fr: Frame) -> list[Choice]:
    side = fr["side"]
    rd = st["round"]
    out: list[Choice] = []
    for a in rd["actions"]:
        if startable(st, a):
            out.append(Choice(action_id(a), action_label(a), group="action"))
    if rd["upgrade"] == "avail" and upgrade_possible(st, side):
        out.append(Choice("upgrade", "Military Upgrade", group="upgrade"))
    adv = _opt_mod("advantages")
    if adv is not None:
        out += adv.menu_choices(st, side)
    hook = _hook("ministries", "menu_choices")
    extra = list(hook(st, side)) if hook is not None else reveal_choices(st, side)
    out = _merge_choices(out, extra)
    out.append(Choice("end_round", "End the round", group="end"))
    return out


def round_summary(st: State, side: int) -> str:
    """'Debt 1/6 · TRP 0 · EP regions: Caribbean' for prompts."""
    rd = st["round"]
    parts = [f"Debt {st['debt'][side]}/{st['limit'][side]}", f"TRP {st['trp'][side]}"]
    if rd is not None:
        for t in ("E", "D"):
            if rd["regions"][t]:
                names = ", ".join(B.REGION_NAMES[r] for r in rd["regions"][t])
                parts.append(f"{POINT_WORD[t]} regions: {names}")
    return " · ".join(parts)


def _menu_text(st: State, fr: Frame) -> tuple[str, str]:
    rd = st["round"]
    acts = [action_label(a) for a in rd["actions"] if a["state"] != "done"]
    summary = round_summary(st, fr["side"])
    if acts:
        summary = " · ".join(acts) + " · " + summary
    return f"{SIDE_NAMES[fr['side']]}: choose an action", summary


def begin_action(st: State, side: int, idx: int, out: list[Event]) -> None:
    """Open (or, with IS-V13 off, resume) action ``idx`` and push its S4 frame (``is_act``)."""
    rd = st["round"]
    a = rd["actions"][idx]
    if a["state"] == "open":
        rd["cur"] = idx
        F.push(st, "is_act", side=side, ai=idx, region=None, sub=None)
        return
    a["state"] = "open"
    rd["cur"] = idx
    if a["kind"] in ("major", "minor"):
        rd["tile_used"] = True
    out.append(ev(st, "action_start", side, type=a["type"], action=a["kind"], pts=action_points(a)))
    F.push(st, "is_act", side=side, ai=idx, region=None, sub=None)


def _menu_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    rd = st["round"]
    if choice == "end_round":
        F.pop(st, fr)
        return
    if choice.startswith("act:"):
        idx = next(i for i, a in enumerate(rd["actions"]) if action_id(a) == choice)
        a = rd["actions"][idx]
        if a["kind"] == "minor" and a["state"] == "new":
            ea = _find_action(rd, a["type"], ("event",))
            if ea is not None and ea["state"] == "new" and action_points(ea) > 0:
                F.push(st, "is_merge", side=side, ai=idx, ei=rd["actions"].index(ea))
                return
        begin_action(st, side, idx, out)
        return
    if choice == "upgrade":
        rd["upgrade"] = "done"
        rd["tile_used"] = True
        fn = _hook("war_tiles", "upgrade_frames") or _hook("war", "upgrade_frames")
        fn(st, side)
        return
    if choice.startswith("reveal:"):
        reveal(st, side, choice[7:], out)
        return
    if choice.startswith("adv:"):
        adv = _opt_mod("advantages")
        adv.use_from_menu(st, side, choice[4:], out)
        return
    hook = _hook("ministries", "apply_ability")
    if hook is not None:
        hook(st, side, choice, out)


F.register(
    "is_menu",
    side=lambda st, fr: fr["side"],
    choices=_menu_choices,
    text=_menu_text,
    apply=_menu_apply,
)


def _merge_choices_fr(st: State, fr: Frame) -> list[Choice]:
    ea = st["round"]["actions"][fr["ei"]]
    return [
        Choice("merge_event:yes", f"Add the Event's {action_points(ea)} {POINT_WORD[ea['type']]}"),
        Choice("merge_event:no", "Keep them for a separate action"),
    ]


def _merge_apply(st: State, fr: Frame, choice: str, out: list[Event]) -> None:
    side = fr["side"]
    rd = st["round"]
    F.pop(st, fr)
    if choice == "merge_event:yes":
        mi, ea = rd["actions"][fr["ai"]], rd["actions"][fr["ei"]]
        mi["pts"] += ea["pts"]
        mi["restricted"] += ea["restricted"]
        out.append(ev(st, "merge", side, type=ea["type"], pts=action_points(ea)))
        ea["pts"], ea["restricted"], ea["state"] = 0, [], "done"
    begin_action(st, side, fr["ai"], out)


F.register(
    "is_merge",
    side=lambda st, fr: fr["side"],
    choices=_merge_choices_fr,
    text=lambda st, fr: (
        "Add the Event points to this Minor action?",
        round_summary(st, fr["side"]),
    ),
    apply=_merge_apply,
)


# ---------------------------------------------------------------------------- log lines
def _register_text() -> None:
    """Describe lines of this package's round event kinds (text.register, IS-16.5: nothing
    hidden here)."""
    from . import text as T

    sv = T.sv

    def cost(e: Event) -> str:
        a = e.args
        d = a.get("detail")
        return f" ({d})" if d else f" ({a['cost']} {POINT_WORD.get(a.get('type'), 'AP')})"

    what = {
        "draw_event": "pays for that Event card draw",
        "fort_build": "builds the Fort at {sp}",
        "fort_repair": "repairs the Fort at {sp}",
        "fort_seize": "seizes the Damaged Fort at {sp}",
        "conflict_remove": "removes the Conflict marker from {sp}",
        "build_squadron": "builds a Squadron",
        "deploy": "deploys a Squadron to {sp}",
        "bonus_tile": "buys a Bonus War tile",
        "convert": "buys 1 point with 2 MP",
        "naval_bastion": "uses Naval Bastion on the Squadron at {sp}",
        "jacobite_shift": "pays for Jacobite Uprisings",
        "jacobite_vp": "pays for Jacobite Uprisings",
    }

    def purchase(e: Event, v: int | None) -> str:
        a = e.args
        sp = T.space_name(a["space"]) if a.get("space") else ""
        words = what.get(a["what"], "buys " + a["what"].replace("_", " ")).format(sp=sp)
        verb, _, rest = words.partition(" ")
        return f"{sv(e, v, verb)} {rest}{cost(e)}"

    def shift(e: Event, v: int | None) -> str:
        a = e.args
        verb = "unflags" if a["mode"] == "unflag" else "flags"
        return f"{sv(e, v, verb)} {T.space_name(a['space'])}{cost(e)}"

    def pass_line(e: Event, v: int | None) -> str:
        # The Debt reduction for passing has its own line just before ("France reduces Debt
        # by 2 for passing (Debt now 3)").
        return sv(e, v, "passes")

    def pay_back(e: Event, v: int | None) -> str:
        a = e.args
        parts = []
        if a["debt"]:
            parts.append(f"Debt back to {a['debt_total']}")
        if a["trp"]:
            parts.append(f"{T.plural(a['trp'], 'Treaty Point')} back (now {a['trp_total']})")
        if a["free"]:
            parts.append("Merchant Banks' free Debt unused")
        if a["cards"]:
            names = " and ".join(T.ministry_label(c) for c in a["cards"])
            parts.append(f"{names} not used")
        head = f"{T.sv(e, v, 'goes', 'go')} back without buying"
        return head + (": " + "; ".join(parts) if parts else "")

    lines: dict[str, Any] = {
        "pay_back": pay_back,
        "round_start": lambda e, v: f"{T.side_name(T.actor(e))}'s Action Round {e.args['no']}",
        "tile": lambda e, v: (
            f"{sv(e, v, 'takes')} Investment tile {e.args['tile']} ({T.tile_text(e.args['tile'])})"
        ),
        "pass": pass_line,
        "action_start": lambda e, v: (
            f"{sv(e, v, 'starts')} the {TYPE_WORD[e.args['type']]} "
            f"{e.args['action']} action ({e.args['pts']} {POINT_WORD[e.args['type']]})"
        ),
        "merge": lambda e, v: (
            f"{sv(e, v, 'adds')} the Event's {e.args['pts']} {POINT_WORD[e.args['type']]} "
            "to the Minor action"
        ),
        "round_end": lambda e, v: f"{T.side_name(T.actor(e))}'s Action Round ends",
        "shift": shift,
        "purchase": purchase,
        "adv_use": lambda e, v: (
            f"{sv(e, v, 'uses')} {B.ADVANTAGES[e.args['adv']]['name']}"
            + (" (ordered by an Event)" if e.args.get("ordered") else "")
        ),
        "adv_conflict": lambda e, v: (
            f"{sv(e, v, 'places')} a Conflict marker on {T.space_name(e.args['space'])}"
        ),
    }
    for kind, fn in lines.items():
        T.register(kind, fn)


_register_text()

__all__ = ["add_mod", "event_done", "grant", "push_action_round", "tile_bonus"]
