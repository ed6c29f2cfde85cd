"""The play step of Draw & Play (MAU-3.3, 3.4 and sections 4-7): legal targets and resolution.

Every resolver mutates the state in place and returns events; callers have already checked
legality (``targets``). Discard order follows MAU-3.9: the played card first, then what its
effect removes.
"""

from __future__ import annotations

from engine.rules import Event

from .cards import ACCIDENT, EVENT, HEIR, effect, kind
from .state import MORGUE_MAX, can_invite, is_killable, killable, seats_from, to_morgue
from .state_types import MausoleumState


def _ev(kind_: str, seat: int | None, **args) -> Event:
    return Event(kind_, seat, args)


def targets(st: MausoleumState, cid: int) -> list[tuple[int, int]]:
    """Legal targets of hand card ``cid`` (MAU-3.4) as ``(seat, heir)`` pairs; for an heir
    ``(seat, 0)`` per party it may be invited to. The H-Bomb and graves have none (the H-Bomb
    is always playable, see :func:`playable`)."""
    k, eff = kind(cid), effect(cid)
    n = st["n"]
    if k == HEIR:
        return [(s, 0) for s in range(n) if can_invite(st, cid, s)]
    if k == ACCIDENT:
        return [] if eff == "kill_all" else killable(st)
    if eff == "holiday":
        return [(s, h) for s in range(n) for h, _ in st["party"][s]]
    if eff == "doozy":
        return [(s, h) for s in range(n) for h, d in st["party"][s] if not d]
    if eff == "misplaced":
        return [(s, h) for s in range(n) for h in st["morgue"][s]]
    return []


def playable(st: MausoleumState, cid: int) -> bool:
    """MAU-3.4/A21: the card has a legal play now (the H-Bomb always does)."""
    if effect(cid) == "kill_all":
        return True
    return kind(cid) in (HEIR, ACCIDENT, EVENT) and bool(targets(st, cid))


def _party_index(st: MausoleumState, seat: int, heir: int) -> int:
    for i, (h, _) in enumerate(st["party"][seat]):
        if h == heir:
            return i
    raise ValueError(f"heir {heir} is not in party {seat}")


def invite(st: MausoleumState, actor: int, cid: int, seat: int) -> list[Event]:
    """MAU-4.1: place heir ``cid`` in ``seat``'s party."""
    st["party"][seat].append([cid, 0])
    return [_ev("invite", actor, card=cid, to=seat)]


def kill(st: MausoleumState, actor: int, card: int, owner: int, heir: int) -> list[Event]:
    """MAU-5.2/5.3/5.10: a generic accident or Botched Kidnapping ``card`` (already on the
    discard pile) kills ``heir`` in ``owner``'s party. A Doozy absorbs it (MAU-7.2); otherwise the
    victim goes to the owner's morgue, or the actor's for a kidnapping, or overflows (MAU-5.4)."""
    i = _party_index(st, owner, heir)
    doozy = st["party"][owner][i][1]
    if doozy:
        st["party"][owner][i][1] = 0
        st["discard"].append(doozy)
        return [_ev("doozy_used", actor, card=card, heir=heir, owner=owner, doozy=doozy)]
    del st["party"][owner][i]
    dest = actor if effect(card) == "kidnap" else owner
    entered = to_morgue(st, dest, heir)
    return [_ev("kill", actor, card=card, heir=heir, owner=owner, to=dest if entered else -1)]


def holiday(st: MausoleumState, actor: int, card: int, owner: int, heir: int) -> list[Event]:
    """MAU-6.1: discard ``heir`` from ``owner``'s party; its Doozy first (MAU-3.9, A09)."""
    i = _party_index(st, owner, heir)
    doozy = st["party"][owner][i][1]
    if doozy:
        st["discard"].append(doozy)
    del st["party"][owner][i]
    st["discard"].append(heir)
    return [_ev("holiday", actor, card=card, heir=heir, owner=owner, doozy=doozy)]


def doozy(st: MausoleumState, actor: int, card: int, owner: int, heir: int) -> list[Event]:
    """MAU-6.2: attach Doozy ``card`` to ``heir`` (which carries none)."""
    st["party"][owner][_party_index(st, owner, heir)][1] = card
    return [_ev("doozy", actor, card=card, heir=heir, owner=owner)]


def misplaced(st: MausoleumState, actor: int, card: int, owner: int, heir: int) -> list[Event]:
    """MAU-6.3: discard ``heir`` from ``owner``'s morgue."""
    st["morgue"][owner].remove(heir)
    st["discard"].append(heir)
    return [_ev("misplaced", actor, card=card, heir=heir, owner=owner)]


# --- the H-Bomb (MAU-5.9) ------------------------------------------------------------------


def hbomb(st: MausoleumState, actor: int, card: int) -> list[Event]:
    """MAU-5.9 steps 1-2: the H-Bomb (already discarded) marks every killable heir, judged on
    the position now, then parties are processed from the active seat clockwise
    (:func:`continue_bomb`)."""
    queue = []
    for s in seats_from(st, st["active"]):
        party = st["party"][s]
        hit = [h for h, _ in party if is_killable(party, h)]
        if hit:
            queue.append([s, hit])
    st["bomb"] = {"queue": queue, "seat": -1, "victims": []}
    return [_ev("hbomb", actor, card=card), *continue_bomb(st)]


def needs_order(st: MausoleumState, seat: int, victims: list[int]) -> bool:
    """MAU-5.9 3b: the owner orders victims only when two or more meet a morgue overflow."""
    free = MORGUE_MAX - len(st["morgue"][seat])
    return len(victims) >= 2 and len(victims) > free


def continue_bomb(st: MausoleumState) -> list[Event]:
    """MAU-5.9 step 3: process the queued parties until one needs its owner's order (then
    ``st["bomb"]`` names that owner and the phase becomes ``order``) or all are done (then
    ``st["bomb"]`` is None)."""
    events: list[Event] = []
    bomb = st["bomb"]
    while bomb["queue"]:
        seat, hit = bomb["queue"].pop(0)
        victims = []
        for h in hit:  # a: Doozies absorb, in arrival order
            i = _party_index(st, seat, h)
            d = st["party"][seat][i][1]
            if d:
                st["party"][seat][i][1] = 0
                st["discard"].append(d)
                events.append(_ev("doozy_used", seat, card=0, heir=h, owner=seat, doozy=d))
            else:
                victims.append(h)
        if needs_order(st, seat, victims):
            bomb["seat"], bomb["victims"] = seat, victims
            st["phase"] = "order"
            st["picks"] = []
            return events
        events.extend(bury_victims(st, seat, victims))
    st["bomb"] = None
    return events


def bury_victims(st: MausoleumState, seat: int, victims: list[int]) -> list[Event]:
    """MAU-5.9 3b: ``victims`` leave ``seat``'s party and enter its morgue in this order; each
    that would be a fifth heir is discarded instead (MAU-5.4)."""
    events = []
    for h in victims:
        del st["party"][seat][_party_index(st, seat, h)]
        entered = to_morgue(st, seat, h)
        events.append(_ev("kill", seat, card=0, heir=h, owner=seat, to=seat if entered else -1))
    return events
