"""Words of a Brazil: Imperial combat: both sides' strength part by part while the battle cards
are placed face down (the viewer's own cards face up, the other side's as a count), then the
reveal and the result (who won, by how much, which units are lost).

Built from the view only: ``view["combat"]`` (the combat being fought, through
:func:`engine.games.brazil_imperial.combat_sides.sides`) and ``view["last_combat"]`` (the
record of the last combat resolved). Rules: BI-12.3-12.8 (totals, ties to the defender,
losses), BI-11.4 (flag fights), BI-18.4 (the solo Dutch defence).
"""

from __future__ import annotations

from typing import Any

from engine.games.brazil_imperial import catalog as C
from engine.games.brazil_imperial.combat_sides import sides
from tui.boards import brazil_imperial_text as T

KIND_WORD = {"attack": "Combat", "bombard": "Bombard", "flag": "Flag fight"}


def _unit_word(u: list[Any]) -> str:
    """``[slot, type, strength]`` -> ``"Cannon 3"`` (a Dutch garrison unit: ``"Dutch unit 2"``)."""
    name = "Dutch unit" if u[1] == "dutch" else C.UNIT_NAMES.get(u[1], u[1])
    return f"{name} {u[2]}"


def _card_word(c: list[Any]) -> str:
    """``[id, value]`` -> ``"Ambush +2"``."""
    return f"{C.BATTLE_CARDS.get(c[0], {}).get('name', c[0])} +{c[1]}"


def _arch_word(view: dict[str, Any], seat: int | None) -> str:
    token = (view.get("token") or [None] * 4)[seat] if isinstance(seat, int) and seat >= 0 else None
    return C.ARCH_NAMES.get(token, "Harbor/Trade") if token else "Harbor/Trade"


def side_text(view: dict[str, Any], side: dict[str, Any], role: str, final: bool = False) -> str:
    """One side in words: ``"◆ Ann (Blue) attacks: Archer 1 + Cannon 3 = 4 · Harbor +1 ·
    cards Ambush +2 → 7"``; the other side's hidden cards as ``"+ 2 face-down cards"``.
    ``role``: "attacks" / "defends"; ``final``: the reveal (every card known)."""
    seat = side.get("seat")
    if seat is None:  # a flag fight's Bandeira
        tid = side.get("tile_id")
        name = C.EXPLORATION.get(tid, {}).get("name", "the flag") if tid else "the flag"
        return f"Flag ({name}): strength {side.get('flag', 0)}; the explorer needs more"
    who = T.who(view, seat)
    units = side.get("units") or []
    parts = [" + ".join(_unit_word(u) for u in units) or "no units"]
    if len(units) > 1:
        parts[0] += f" = {side.get('strength', 0)}"
    if side.get("tile"):
        parts.append(("capital" if seat == -1 else "tile") + f" +{side['tile']}")
    if side.get("paintings"):
        parts.append(f"paintings +{side['paintings']}")
    if side.get("arch"):
        parts.append(f"{_arch_word(view, seat)} +{side['arch']}")
    cards = side.get("cards")
    total = side.get("total")
    if isinstance(cards, list):
        if cards:
            word = "flipped card" if seat == -1 else "cards"
            parts.append(f"{word} " + ", ".join(_card_word(c) for c in cards))
        elif seat == -1 and not final:
            parts.append("one battle card flipped at the reveal")
        elif final:
            parts.append("no cards")
    elif cards:
        parts.append(f"{cards} face-down card{'s' if cards != 1 else ''}")
    end = f"{side.get('fixed', 0)} + ?" if total is None else str(total)
    return f"{who} {role}: " + " · ".join(parts) + f" → {end}"


def pending_lines(view: dict[str, Any]) -> list[str]:
    """The combat being fought (``view["combat"]``), for the board: a heading, then the
    attacker and the defender (:func:`side_text`); [] when there is none."""
    cb = view.get("combat")
    if not cb:
        return []
    a, d = sides(view, cb)
    kind = KIND_WORD.get(cb.get("kind"), "Combat")
    head = f"⚔ {kind} at ({cb.get('hex')}) · battle cards face down"
    if cb.get("kind") != "flag":
        head += " · a tie: the defender wins"
    return [head, side_text(view, a, "attacks"), side_text(view, d, "defends")]


def result_title(view: dict[str, Any], rec: dict[str, Any]) -> str:
    """``"Combat at (2,-4): ◆ Ann (Blue) wins by 3"`` (a tie: ``"..., a tie: the defender
    wins"``)."""
    kind = KIND_WORD.get(rec.get("kind"), "Combat")
    att = T.who(view, rec["att"])
    if rec.get("kind") == "flag":
        res = "wins" if rec.get("won") else "loses"
        score = f"{rec['a'].get('total')} against {rec['d'].get('total')}"
        return f"{kind} at ({rec['hex']}): {att} {res}, {score}"
    score = f"{rec['a'].get('total')} against {rec['d'].get('total')}"
    if rec.get("won"):
        return f"{kind} at ({rec['hex']}): {att} wins by {rec['margin']} ({score})"
    d = rec.get("def")
    dfn = T.who(view, d if isinstance(d, int) else -1)
    if not rec.get("margin"):
        return f"{kind} at ({rec['hex']}): a tie ({score}), so {dfn} wins"
    return f"{kind} at ({rec['hex']}): {dfn} wins by {rec['margin']} ({score})"


def lost_text(view: dict[str, Any], rec: dict[str, Any]) -> str:
    """``"Lost: ● Bot1's Grenadier 2 (to its supply)"``; Dutch units leave the game."""
    lost = rec.get("lost") or []
    if not lost:
        return "No unit is lost."
    by: dict[int, list[str]] = {}
    for s, *u in lost:
        by.setdefault(s if isinstance(s, int) else -1, []).append(_unit_word(u))
    bits = []
    for s, words in by.items():
        where = "leave the game" if s == -1 else "back to supply"
        bits.append(f"{T.who(view, s)}: {', '.join(words)} ({where})")
    return "Lost: " + "; ".join(bits)


def result_lines(view: dict[str, Any], rec: dict[str, Any]) -> list[str]:
    """The reveal and the result of ``rec`` (``view["last_combat"]``): both sides with every
    card and its value, the losses, and a narrow victory's extra loss still to choose."""
    out = [
        side_text(view, rec["a"], "attacked", final=True),
        side_text(view, rec["d"], "defended", final=True),
        lost_text(view, rec),
    ]
    if rec.get("narrow"):
        d = rec.get("def")
        winner = rec["att"] if rec.get("won") else (d if isinstance(d, int) else -1)
        if winner == -1:
            out.append("A narrow victory (0 or 1): the Dutch lose their weakest unit too.")
        else:
            out.append(
                f"A narrow victory (0 or 1): {T.who(view, winner)} also sends one of the "
                "winning units to its supply."
            )
    if rec.get("kind") == "attack" and rec.get("won"):
        out.append("The attacker's units stay on the hex.")
    return out


def involves(rec: dict[str, Any] | None, seat: int | None) -> bool:
    """True when ``seat`` fought in the combat ``rec`` (attacker or defender)."""
    if not rec or seat is None:
        return False
    return seat in (rec.get("att"), rec.get("def"))
