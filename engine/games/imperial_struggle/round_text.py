"""Imperial Struggle Action Round log lines: the ``text.register`` describers of the round's
event kinds (``round_start``, ``tile``, ``pass``, ``action_start``, ``merge``, ``round_end``) and
of the purchase, payment and Advantage kinds played inside a round (``shift``, ``purchase``,
``pay_back``, ``adv_use``, ``adv_conflict``). Nothing here is hidden (IS-16.5). Registered when
``round_record.py`` is imported.
"""

from __future__ import annotations

from engine.rules import Event

from . import board as B
from . import text as T
from .text import POINT_WORD, TYPE_WORD, DescribeFn, sv


def _cost(e: Event) -> str:
    a = e.args
    d = a.get("detail")
    return f" ({d})" if d else f" ({a['cost']} {POINT_WORD.get(a.get('type'), 'AP')})"


PURCHASE_WORDS: dict[str, str] = {
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
"""``purchase`` event ``what`` -> the words after the subject (``{sp}`` = the space's name);
other kinds read "buys <what>"."""


def _purchase(e: Event, v: int | None) -> str:
    a = e.args
    sp = T.space_name(a["space"]) if a.get("space") else ""
    words = PURCHASE_WORDS.get(a["what"], "buys " + a["what"].replace("_", " ")).format(sp=sp)
    verb, _, rest = words.partition(" ")
    return f"{sv(e, v, verb)} {rest}{_cost(e)}"


def _shift(e: Event, v: int | None) -> str:
    a = e.args
    verb = "unflags" if a["mode"] == "unflag" else "flags"
    return f"{sv(e, v, verb)} {T.space_name(a['space'])}{_cost(e)}"


def _pass(e: Event, v: int | None) -> str:
    # The Debt reduction for passing has its own line just before ("France reduces Debt
    # by 2 for passing (Debt now 3)").
    return sv(e, v, "passes")


def _pay_back(e: Event, v: int | None) -> str:
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
    head = f"{sv(e, v, 'goes', 'go')} back without buying"
    return head + (": " + "; ".join(parts) if parts else "")


LINES: dict[str, DescribeFn] = {
    "pay_back": _pay_back,
    "round_start": lambda e, v: f"{T.side_name(T.actor(e))}'s Action Round {e.args['no']}",
    "tile": lambda e, v: (
        f"{sv(e, v, 'takes')} Investment tile {e.args['tile']} ({T.tile_text(e.args['tile'])})"
    ),
    "pass": _pass,
    "action_start": lambda e, v: (
        f"{sv(e, v, 'starts')} the {TYPE_WORD[e.args['type']]} "
        f"{e.args['action']} action ({e.args['pts']} {POINT_WORD[e.args['type']]})"
    ),
    "merge": lambda e, v: (
        f"{sv(e, v, 'adds')} the Event's {e.args['pts']} {POINT_WORD[e.args['type']]} "
        "to the Minor action"
    ),
    "round_end": lambda e, v: f"{T.side_name(T.actor(e))}'s Action Round ends",
    "shift": _shift,
    "purchase": _purchase,
    "adv_use": lambda e, v: (
        f"{sv(e, v, 'uses')} {B.ADVANTAGES[e.args['adv']]['name']}"
        + (" (ordered by an Event)" if e.args.get("ordered") else "")
    ),
    "adv_conflict": lambda e, v: (
        f"{sv(e, v, 'places')} a Conflict marker on {T.space_name(e.args['space'])}"
    ),
}
"""Event kind -> log-line function ``fn(event, viewer_side)``."""

for _kind, _fn in LINES.items():
    T.register(_kind, _fn)
