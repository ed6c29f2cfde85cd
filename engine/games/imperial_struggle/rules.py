"""``ImperialStruggleRules``: the :class:`engine.rules.Rules` contract for Imperial Struggle
(``shared/rules/imperial_struggle.md``, IS-…): options IS-V01…V14 (IS-18), set-up, decisions
through the frame stack (``frames.py``), view/determinize (``view.py``), log text (``text.py``).

Seats vs sides: every rules module works in sides (0 France, 1 Britain); this module maps them
with ``st["side_seat"]``. The IS-V05 auction (``side_bid=on``) runs as ``auction`` frames before
the first Peace Turn; during it a frame's ``side`` is a seat (``side_seat`` is still ``[0, 1]``).
"""

from __future__ import annotations

from typing import Any

from engine.gamekit import msgpack_clone, resolve_options, seat_view
from engine.rng import RandomSource, Rng
from engine.rules import (
    Config,
    Event,
    HiddenPlaces,
    IllegalAction,
    Outcome,
    Prompt,
    RuleOption,
    State,
    View,
)

from . import (  # noqa: F401  (every rules module registers its frame kinds at import)
    advantages,
    flow,
    ministries,
    payment,
    phases,
    purchases,
    scoring,
    war,
    war_spoils,
    war_tiles,
)
from . import board as B
from . import events as _events  # noqa: F401  (registers frames)
from . import frames as F
from . import round as _round  # noqa: F401  (registers frames)
from . import secrets as _secrets
from . import unavailable as _unavailable
from . import view as _view
from .state import SIDE_NAMES, ev, new_state, seat_of, side_of, turn_id
from .text import describe as _describe
from .text import outcome_reason, silent

_TILE_FRAMES = frozenset({"war_upgrade", "war_place", "war_deal"})
"""Decision frames whose choice labels name the deciding side's face-down War tiles."""

_OFF_ON = ("off", "on")


def _opt(key: str, label: str, values: tuple[Any, ...], help_: str, rule: str) -> RuleOption:
    return RuleOption(key, label, values[0], values, help_, rule)


BID_VALUES: tuple[str, ...] = (
    "off",
    "on",
    *[f"fixed:{s}+{n}" for s in ("france", "britain") for n in range(1, 6)],
)

OPTIONS: tuple[RuleOption, ...] = (
    _opt("spanish_empire", "Spanish Empire", _OFF_ON,
         "on: Spanish flags start on Havana, Santiago and Puerto Principe; taking an empty "
         "Spanish-coloured Territory in a War lets the opponent shift a Political space of Spain",
         "IS-V01"),
    _opt("military_planning_swap", "Swap war tiles", _OFF_ON,
         "on: a Military Upgrade swaps two of your Basic War tiles already placed instead of "
         "drawing a new one", "IS-V02"),
    _opt("military_planning_deal", "Deal war tiles", _OFF_ON,
         "on: when a War is laid out each side draws one Basic tile per theater, looks at them "
         "and assigns them", "IS-V03"),
    _opt("tougher_forts", "Tougher Forts", _OFF_ON,
         "on: taking a Fort in a War also needs a conquest line, and Halifax-Louisbourg counts",
         "IS-V04"),
    _opt("side_bid", "Bidding for sides", BID_VALUES,
         "off: seat 1 plays France; on: the players bid Treaty Points for the side they want; "
         "fixed: the named side starts with that many Treaty Points", "IS-V05"),
    _opt("midturn_draw_reshuffle", "Reshuffle for draws", _OFF_ON,
         "on: an empty draw pile is refilled from the discard pile whenever a card is drawn "
         "during the turn, not only when cards are dealt", "IS-V06"),
    _opt("set_to_one_flat", "Flat 1 for 'pay 1' Advantages", _OFF_ON,
         "on: Advantages that make a shift cost 1 ignore Protection and the extra Region cost",
         "IS-V07"),
    _opt("damaged_fort_anchor", "Damaged Forts link Markets", ("on", "off"),
         "on: a Damaged Fort still keeps connected Markets from being isolated; off: it does not",
         "IS-V08"),
    _opt("conflicted_market_adjacency", "Conflicted Markets next to Forts", _OFF_ON,
         "on: a Market with a Conflict marker still counts as next to a Fort for building or "
         "seizing it", "IS-V09"),
    _opt("war_unflag_conflicted", "War unflag on Conflict", _OFF_ON,
         "on: a war tile's unflag may hit a space with a Conflict marker", "IS-V10"),
    _opt("war_squadron_scope", "War tiles reach Squadrons", ("counting", "region"),
         "counting: a war tile may remove any Squadron that counts in the theater; region: only "
         "Squadrons in the theater's Regions", "IS-V11"),
    _opt("voltaire_timing", "Voltaire's Treaty Points", ("always", "if_awarded"),
         "always: Voltaire gives Treaty Points whenever Europe is scored; if_awarded: only when "
         "somebody wins the Europe Award", "IS-V12"),
    _opt("strict_action_sequence", "Finish one action first", ("on", "off"),
         "on: each action of a round is finished before the next starts; off: purchases of "
         "different actions may be mixed", "IS-V13"),
    _opt("autowin_includes_prestige", "Sweep needs Prestige", _OFF_ON,
         "on: an automatic win in a Peace Turn also needs the Prestige majority", "IS-V14"),
)  # fmt: skip


# ---------------------------------------------------------------------------- the rules
def _tag(st: State, events: list[Event], unassigned: bool = False) -> list[Event]:
    """Add the side->seat map to every event (``text.describe`` needs it) and leave out the
    primitive events another event of the step already tells (``text.SILENT``).
    ``unassigned``: no seat plays a side yet (the IS-V05 auction is to come), so the events
    belong to no seat and every seat reads the spectator's line (IS-16.2)."""
    if unassigned:
        return [
            Event(e.kind, None, {**e.args, "_ss": [None, None]}) for e in events if not silent(e)
        ]
    ss = list(st["side_seat"])
    return [Event(e.kind, e.seat, {**e.args, "_ss": ss}) for e in events if not silent(e)]


class ImperialStruggleRules:
    """Imperial Struggle (GMT, 2nd printing Living Rules) for 2 seats: see this package's
    README for the state, frames, choice ids and view."""

    id = "imperial_struggle"
    title = "Imperial Struggle"
    rules_version = 2  # 2: released in the app (no "known" field; IS-V05 set-up log)
    min_seats = 2
    max_seats = 2
    options = OPTIONS
    playable = True

    # ------------------------------------------------------------------ setup
    def setup(self, config: Config, rng: Rng) -> State:
        """IS-3.11 set-up, then play runs to the first decision (the Deal discards of T1, or
        the IS-V05 auction). The set-up log is kept in ``st["log0"]`` for ``setup_events``.
        Raises ValueError for a seat count other than 2, or for a bad or unknown option
        (``engine.gamekit.resolve_options``)."""
        if len(config.seats) != 2:
            raise ValueError(f"Imperial Struggle needs 2 players, not {len(config.seats)}")
        opts = resolve_options(OPTIONS, config.options, self.id)
        st = new_state(opts, [s.name for s in config.seats], rng.cell)
        out: list[Event] = []
        flow.setup(st, out)
        F.advance(st, out)
        # With the IS-V05 auction the set-up happens before seats have sides: its log lines
        # are written for no seat (France's seat learns its set-up tile when the auction ends).
        unassigned = st.get("auction") is not None
        st["log0"] = [[e.kind, e.seat, e.args] for e in _tag(st, out, unassigned)]
        return st

    def setup_events(self, state: State) -> list[Event]:
        """The set-up and first automatic phases' log (stored at set-up)."""
        return [Event(k, s, a) for k, s, a in state.get("log0", [])]

    # -------------------------------------------------------------- decisions
    def waiting(self, state: State) -> tuple[int, ...]:
        """Seats deciding now (two during the simultaneous Deal and Ministry choices)."""
        if state["over"]:
            return ()
        return tuple(sorted(self._seat(state, s) for s, _fr in F.deciders(state)))

    def _seat(self, st: State, side: int) -> int:
        if st.get("auction") is not None:
            return side
        return seat_of(st, side)

    def _side(self, st: State, seat: int) -> int:
        if st.get("auction") is not None:
            return seat
        return side_of(st, seat)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        """``seat``'s prompt (IS-17 choice ids); ``secret`` for the simultaneous decisions."""
        if state["over"] or not 0 <= seat < 2:
            return None
        side = self._side(state, seat)
        choices = F.choices_of(state, side)
        if not choices:
            return None
        text, summary = F.text_of(state, side)
        top = F.top(state)
        secret = top is not None and top["k"] == "par"
        return Prompt(seat, text, tuple(choices), summary, secret)

    def apply(self, state: State, seat: int, choice: str, rng: RandomSource) -> list[Event]:
        """Validate ``choice`` against the prompt (IllegalAction, state untouched), then act."""
        if state["over"] or not 0 <= seat < 2:
            raise IllegalAction("no decision now")
        side = self._side(state, seat)
        if not F.is_legal(state, side, choice):
            raise IllegalAction(f"{choice!r} is not a choice of seat {seat} now")
        out: list[Event] = []
        F.act(state, side, choice, out)
        return _tag(state, out)

    def choice_ids(self, state: State, seat: int) -> list[str]:
        """The ids of ``prompt(state, seat).choices`` in order ([] when none), without the
        prompt's text and summary (the engine's hook, :mod:`engine.match`)."""
        if state["over"] or not 0 <= seat < 2:
            return []
        return [c.id for c in F.choices_of(state, self._side(state, seat))]

    def apply_unchecked(
        self, state: State, seat: int, choice: str, rng: RandomSource
    ) -> list[Event]:
        """:meth:`apply` for a choice taken from ``prompt(state, seat).choices`` (not checked
        again): the engine's hook, :mod:`engine.match`."""
        out: list[Event] = []
        F.act(state, self._side(state, seat), choice, out)
        return _tag(state, out)

    # ------------------------------------------------------------------ rest
    def view(self, state: State, seat: int | None) -> View:
        """IS-16.1/16.2 (``view.py``)."""
        return seat_view(self, state, seat, _view.view)

    def describe(self, event: Event, viewer: int | None) -> str:
        """The log line (``text.py``), hiding what IS-16.5 hides from ``viewer``."""
        return _describe(event, viewer)

    def choice_text(
        self, state: State, seat: int, choice: str, viewer: int | None, reveal: bool
    ) -> str | None:
        """The replay's line for a choice that writes no log line, as ``viewer`` may read it
        (``engine.rules.Rules`` optional hook). The labels of a side's own War tile decisions
        (the Military Upgrade's keep/return steps, placing a drawn Bonus tile, the military
        planning deal, choosing one of its own Bonus tiles) name face-down tiles (IS-16.2), so
        anyone but that side reads only that it decided; so does a label naming a card the
        viewer cannot see yet (an Event about to be played, which ``back`` could still take
        back); None (the prompt's label) otherwise."""
        if reveal:
            return None
        side = side_of(state, seat)
        fr = F.frame_of(state, side)
        arg = choice.split(":", 1)[-1]
        hidden_tile = arg in B.BASIC_TILES or arg in B.BONUS_TILES
        if hidden_tile or (fr is not None and fr["k"] in _TILE_FRAMES):
            return f"{SIDE_NAMES[side]} makes a choice about its War tiles"
        prompt = self.prompt(state, seat)
        picked = prompt.get(choice) if prompt is not None else None
        if picked is not None and any(n in picked.label for n in self.hidden_names(state, viewer)):
            return f"{SIDE_NAMES[side]} makes a choice"  # names a card the viewer cannot see yet
        return None

    def outcome(self, state: State) -> Outcome | None:
        """None while running. Once over: the winning seat, a reason speaking of the one shared
        VP track ("France wins: VP reached 30 at the end of T3", IS-0.1, IS-2.4) and, since both
        seats share that track, ``shared=True`` with the same ``"VP n"`` for each seat."""
        if not state["over"]:
            return None
        w = state["winner"]
        winners = () if w is None else (seat_of(state, w),)
        reason = outcome_reason(w, state["reason"], state["vp"], turn_id(state))
        vp = f"VP {state['vp']}"
        return Outcome(winners, reason, (vp, vp), shared=True)

    def determinize(self, state: State, seat: int | None, rng: RandomSource) -> State:
        """IS-16.7 (``view.py``)."""
        return _view.determinize(state, seat, rng)

    # ------------------------------------------------------ conformance hooks
    def secrets(self, state: State, seat: int | None) -> dict[str, Any]:
        """Zones hidden from ``seat`` that could hold something else (``secrets.py``)."""
        return _secrets.secrets(state, seat)

    def hidden_names(self, state: State, seat: int | None) -> set[str]:
        """Names a log line for ``seat`` must not contain now (``secrets.py``)."""
        return _secrets.hidden_names(state, seat)

    def hidden_places(self, state: State, seat: int | None) -> dict[str, HiddenPlaces]:
        """The places whose values ``seat`` cannot see, by kind (``secrets.py``)."""
        return _secrets.hidden_places(state, seat)

    def unavailable(self, state: State, seat: int) -> list[tuple[str, str]]:
        """Choices ``seat`` would expect now and why they are missing (``unavailable.py``)."""
        return _unavailable.unavailable(state, seat)

    def clone(self, state: State) -> State:
        """A deep copy (msgpack round trip, ``engine.gamekit.msgpack_clone``)."""
        return msgpack_clone(state)


__all__ = ["OPTIONS", "ImperialStruggleRules", "ev", "scoring"]
