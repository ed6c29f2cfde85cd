"""Res Publica rules object: the :class:`engine.rules.Rules` contract (README, rulings RP-...).

``setup`` shuffles and deals (RP-2); ``apply`` validates a choice against the seat's prompt
(or a whole-spec shortcut, README "Choice ids"), mutates the state through :mod:`.flow`, which
runs the automatic steps until some seat must decide or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

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

from . import flow
from . import secrets as _secrets
from . import trade as tr
from . import unavailable as _unavailable
from . import view as _view
from .cards import CIV_TYPES, CODES, COPIES, HAND_DEAL, NT, PEOPLE_TYPES
from .compose import (
    compose_do,
    context,
    spec_ok,
)
from .decisions import decision, legal
from .state import ev, hand_size, new_state, sets_in_hand
from .state_types import ResPublicaState
from .text import choice_text as _choice_text
from .text import describe as _describe

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "tiebreak",
        "Ties",
        "shared",
        ("shared", "highest_city"),
        "shared: tied players share the victory; highest_city: the tied player with the best city wins",
        "RP-V1",
    ),
    RuleOption(
        "draw_mode",
        "Drawing",
        "choose_civ",
        ("choose_civ", "max", "free"),
        "choose_civ: choose how many civilization cards, the people card is taken; "
        "max: always draw as many as allowed; free: the people card is optional too",
        "RP-V2",
    ),
    RuleOption(
        "final_round_draws",
        "Final-round draws",
        "off",
        ("off", "on"),
        "on: final-round turns still draw one people card while the people deck lasts",
        "RP-V3",
    ),
    RuleOption(
        "exchange_visibility",
        "Traded cards",
        "hidden",
        ("hidden", "open"),
        "hidden: only the two partners see which cards changed hands; open: everyone does",
        "RP-V4",
    ),
    RuleOption(
        "leak_penalty",
        "Leak penalty",
        "off",
        ("off", "forfeit_trade"),
        "forfeit_trade: for tables with free chat, players may flag a leak during a trade",
        "RP-V5",
    ),
    RuleOption(
        "turn_cap",
        "Turn limit",
        500,
        (),
        "after this many turns the game goes straight to the final display and scoring",
        "RP-V6",
        kind="int",
        minimum=1,
        maximum=10_000,
    ),
    RuleOption(
        "start_player",
        "Start player",
        "random",
        ("random", "host_choice"),
        "random: drawn by lot; host_choice: the first listed seat starts",
        "RP-V7",
    ),
)


Out = list[Event]
Act = Callable[[ResPublicaState, int, str, str, str, Out], None]
"""A phase's step: ``(state, seat, choice, verb, argument, events out)``; the choice is legal."""


def _act_trade(st: ResPublicaState, seat: int, choice: str, head: str, arg: str, out: Out) -> None:
    """RP-4.1: start a request or offer, skip the trade, or display a set (closing the
    trade, RP-3.2)."""
    if choice in ("request", "offer"):
        st["draft"] = [choice]
    elif choice == "notrade":
        out.append(ev(st, "notrade", seat))
        flow.enter_display(st, out)
    else:
        st["closed"] = True
        flow.display(st, seat, CODES.index(arg), out)
        flow.enter_display(st, out)


def _act_respond(
    st: ResPublicaState, seat: int, choice: str, head: str, arg: str, out: Out
) -> None:
    """RP-4.5: start an answer, flag a leak (RP-V5), or pass."""
    if choice == "respond":
        st["draft"] = ["respond"]
    elif choice == "flag":
        out.append(ev(st, "flag", seat, leaker=st["active"]))
        flow.enter_display(st, out)
    else:
        flow.respond(st, seat, None, out)


def _act_accept(st: ResPublicaState, seat: int, choice: str, head: str, arg: str, out: Out) -> None:
    """RP-4.8: flag a leak by one answer (RP-V5: it is removed), or accept one / reject all."""
    if head == "flag":
        s = int(arg)
        st["trade"]["responses"] = [
            [r, None if r == s else spec] for r, spec in st["trade"]["responses"]
        ]
        out.append(ev(st, "flag", seat, leaker=s))
        if not any(spec for _, spec in st["trade"]["responses"]):
            out.append(ev(st, "no_trade", seat))
            flow.enter_display(st, out)
    else:
        st["backs"] = [0] * st["n"]
        flow.accept(st, int(arg) if head == "accept" else None, out)


def _act_fulfil(st: ResPublicaState, seat: int, choice: str, head: str, arg: str, out: Out) -> None:
    """RP-4.10: pick a card to give, take one back, or commit."""
    if head == "pick":
        st["picks"][seat].append(CODES.index(arg))
    elif choice == "back":
        st["picks"][seat].pop()
        st["backs"][seat] += 1
    else:
        flow.commit(st, seat, out)


def _act_display(
    st: ResPublicaState, seat: int, choice: str, head: str, arg: str, out: Out
) -> None:
    """RP-6.2, RP-6.3: display a set (the step ends once none is left) or be done."""
    if choice == "done":
        flow.end_display(st, out)
    else:
        flow.display(st, seat, CODES.index(arg), out)
        if not sets_in_hand(st, seat):
            flow.end_display(st, out)


def _act_final_display(
    st: ResPublicaState, seat: int, choice: str, head: str, arg: str, out: Out
) -> None:
    """RP-8.4: the final display, seat by seat."""
    if choice != "done":
        flow.display(st, seat, CODES.index(arg), out)
    if choice == "done" or not sets_in_hand(st, seat):
        st["fd"].pop(0)
        flow.next_final_display(st, out)


def _act_draw(st: ResPublicaState, seat: int, choice: str, head: str, arg: str, out: Out) -> None:
    """RP-7.1..7.4, RP-V2: draw ``arg`` civilization cards (with the people card unless
    ``civx``)."""
    c = int(arg)
    flow.draw(st, c, head == "civ" and c <= 2 and bool(st["people_deck"]), out)


_ACT: dict[str, Act] = {
    "trade": _act_trade,
    "respond": _act_respond,
    "accept": _act_accept,
    "fulfil": _act_fulfil,
    "display": _act_display,
    "final_display": _act_final_display,
    "draw": _act_draw,
}


class ResPublicaRules:
    """Res Publica (Reiner Knizia), 3-5 seats, per ``shared/rules/res_publica.md``."""

    id = "res_publica"
    title = "Res Publica"
    rules_version = 1
    min_seats = 3
    max_seats = 5
    options = OPTIONS
    playable = True

    # ------------------------------------------------------------------ setup
    def setup(self, config: Config, rng: Rng) -> State:
        """Shuffle both decks, deal 4 people cards each, pick the start player (RP-2)."""
        opts = resolve_options(OPTIONS, config.options, self.id)
        names = [s.name for s in config.seats]
        st = new_state(opts, names, rng.cell)
        people = [t for t in PEOPLE_TYPES for _ in range(COPIES)]
        civ = [t for t in CIV_TYPES for _ in range(COPIES)]
        rng.shuffle(people)
        rng.shuffle(civ)
        for s in range(st["n"]):
            for _ in range(HAND_DEAL):
                st["hands"][s][people.pop()] += 1
        st["people_deck"], st["civ_deck"] = people, civ
        start = rng.randbelow(st["n"]) if opts["start_player"] == "random" else 0
        st["start"] = start
        flow.start_turn(st, start, [])
        return st

    def setup_events(self, state: State) -> list[Event]:
        """The start player, for the match log (RP-2.5)."""
        return [ev(state, "start", state["start"])]

    # ------------------------------------------------------------------ deciding
    def waiting(self, state: State) -> tuple[int, ...]:
        """The seat to decide now; both traders (not yet committed) during fulfilment."""
        ph = state["phase"]
        if ph == "over":
            return ()
        if ph == "respond":
            return (state["trade"]["next"],)
        if ph == "fulfil":
            a, p = state["active"], state["trade"]["partner"]
            return tuple(s for s in (a, p) if not state["committed"][s])
        return (state["active"],)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        """The README prompt of ``seat`` (None when it is not deciding)."""
        if seat not in self.waiting(state):
            return None
        choices, text, summary, secret = decision(state, seat)
        return Prompt(seat, text, tuple(choices), summary, secret)

    # ------------------------------------------------------------------ acting
    def apply(self, state: State, seat: int, choice: str, rng: RandomSource) -> list[Event]:
        """Apply ``seat``'s ``choice`` (README "Choice ids"). Raises IllegalAction, state
        unchanged, for anything not legal now."""
        if not isinstance(choice, str) or seat not in self.waiting(state):
            raise IllegalAction(f"seat {seat} is not deciding now")
        st = cast(ResPublicaState, state)
        out: list[Event] = []
        head, _, arg = choice.partition(":")
        if head in ("req", "off", "resp", "give") and arg:
            self._shortcut(st, seat, head, arg, out)
            return out
        if not legal(st, seat, choice):
            raise IllegalAction(f"{choice!r} is not possible now")
        return self._act(st, seat, choice, out)

    def apply_unchecked(
        self, state: State, seat: int, choice: str, rng: RandomSource
    ) -> list[Event]:
        """:meth:`apply` for a choice taken from ``prompt(state, seat).choices`` (not checked
        again): the engine's hook, :mod:`engine.match`. A one-step shortcut id (``req:``,
        ``off:``, ``resp:``, ``give:``) is never in a prompt and goes through :meth:`apply`."""
        st = cast(ResPublicaState, state)
        head, _, arg = choice.partition(":")
        if head in ("req", "off", "resp", "give") and arg:
            return self.apply(state, seat, choice, rng)
        return self._act(st, seat, choice, [])

    def _act(self, st: ResPublicaState, seat: int, choice: str, out: list[Event]) -> list[Event]:
        """Perform a legal prompt choice (a composing step or the phase's decision)."""
        ph = st["phase"]
        head, _, arg = choice.partition(":")
        if ph in ("trade", "respond") and st["draft"]:
            spec = compose_do(st, seat, choice)
            if spec is not None:
                self._spoken(st, seat, spec, out)
            return out
        act = _ACT.get(ph)
        if act is not None:
            act(st, seat, choice, head, arg, out)
        return out

    def _spoken(self, st: ResPublicaState, seat: int, spec: tr.Spec, out: list[Event]) -> None:
        first = st["draft"][0]
        st["backs"][seat] = 0
        if first == "respond":
            flow.respond(st, seat, spec, out)
        else:
            flow.state_statement(st, first, spec, out)

    def _shortcut(
        self, st: ResPublicaState, seat: int, head: str, arg: str, out: list[Event]
    ) -> None:
        ph = st["phase"]
        if head == "give":
            if ph != "fulfil":
                raise IllegalAction("nothing to give now")
            try:
                cards = tr.parse_multiset(arg)
            except ValueError as err:
                raise IllegalAction(str(err)) from None
            if any(c > h for c, h in zip(cards, st["hands"][seat], strict=True)):
                raise IllegalAction("you do not hold those cards")
            if not tr.satisfies(cards, flow.giving_spec(st, seat)):
                raise IllegalAction("those cards do not match what you promised")
            st["picks"][seat] = [t for t in range(NT) for _ in range(cards[t])]
            flow.commit(st, seat, out)
            return
        try:
            spec = tr.parse_short(arg)
        except tr.SpecError as err:
            raise IllegalAction(str(err)) from None
        if head in ("req", "off"):
            if ph != "trade" or st["closed"]:
                raise IllegalAction("no trade is possible now")
            mode = "request" if head == "req" else "offer"
            if not spec_ok(context(st, seat, mode), spec):
                raise IllegalAction("you cannot give those cards")
            st["backs"][seat] = 0
            flow.state_statement(st, mode, spec, out)
            return
        if ph != "respond":
            raise IllegalAction("there is nothing to answer now")
        if not flow.can_respond(st, seat):
            raise IllegalAction("you cannot answer this trade")
        if not spec_ok(context(st, seat, "respond"), spec):
            raise IllegalAction("you cannot give those cards")
        st["backs"][seat] = 0
        flow.respond(st, seat, spec, out)

    def advance(self, state: State, rng: RandomSource | None = None) -> list[Event]:
        """Run the automatic steps of a freshly built position (README "Positions")."""
        out: list[Event] = []
        st = state
        if st["phase"] == "trade" and not hand_size(st, st["active"]):
            flow.enter_display(st, out)
        elif st["phase"] == "display" and not sets_in_hand(st, st["active"]):
            flow.end_display(st, out)
        elif st["phase"] == "final_display":
            flow.next_final_display(st, out)
        return out

    # ------------------------------------------------------------------ reading
    def view(self, state: State, seat: int | None) -> View:
        """README view of ``state`` for ``seat`` (None = spectator)."""
        return seat_view(self, state, seat, _view.view)

    def describe(self, event: Event, viewer: int | None) -> str:
        """The log line of ``event`` for ``viewer``."""
        return _describe(event, viewer)

    def choice_text(
        self, state: State, seat: int, choice: str, viewer: int | None, reveal: bool = False
    ) -> str | None:
        """A log-style line for ``seat``'s ``choice`` on ``state`` (before it) that makes no
        event, for replays (composing steps); None when its prompt label reads well."""
        return _choice_text(state, seat, choice, viewer, reveal)

    def outcome(self, state: State) -> Outcome | None:
        """Winners, reason and totals once the game is over (RP-9)."""
        if not state["over"]:
            return None
        from .state import total

        totals = tuple(total(state, s) for s in range(state["n"]))
        return Outcome(tuple(state["winners"]), state["reason"], totals)

    def determinize(self, state: State, seat: int | None, rng: RandomSource) -> State:
        """A world consistent with what ``seat`` knows (README "Implementation readings")."""
        return _view.determinize(state, seat, rng, self.clone(state))

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
        return _unavailable.unavailable(cast(ResPublicaState, state), seat)

    def clone(self, state: State) -> State:
        """Deep copy (plain data)."""
        return msgpack_clone(state)


__all__ = ["OPTIONS", "ResPublicaRules"]
