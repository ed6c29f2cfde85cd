"""``MausoleumRules``: the :class:`engine.rules.Rules` contract for Mausoleum
(``shared/rules/mausoleum.md``, MAU-…): options, setup, decisions, apply, end of turn, outcome.
"""

from __future__ import annotations

from typing import Any, cast

from engine.gamekit import copy_plain, resolve_options, seat_view
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

from . import play as pl
from . import secrets as _secrets
from . import unavailable as _unavailable
from .cards import FIRST_DECK, GRAVES, effect, hand_size, value
from .decisions import decider, decision
from .state import (
    counted_value,
    find_heir,
    morgue_value,
    new_state,
    next_seat,
    payment_ok,
    payment_value,
    remove_from_hand,
    seats_from,
)
from .state_types import MausoleumState
from .text import describe as _describe
from .text import outcome_reason

MAX_SEATS = 10
"""Seats offered (MAU-2.1): 2-5 with one deck, 6-10 with a second deck (MAU-2.7, A32)."""

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "win_threshold",
        "Winning value",
        10,
        (10, 12),
        "Mausoleum value needed to win at the end of a turn: $10m, or $12m for a longer game",
        "MAU-V1",
    ),
    RuleOption(
        "gardener_penalty",
        "Gardener penalty",
        "on",
        ("on", "off"),
        "on: each Bumbling Gardener at your party lowers your mausoleum value by $2m; off: no effect",
        "MAU-V2",
    ),
    RuleOption(
        "six_plus_graves",
        "Graves with 6+ players",
        9,
        (9, 18),
        "Only with 6 or more players (two decks): 9 graves in the shop, or both decks' 18",
        "MAU-V3",
    ),
    RuleOption(
        "start_player",
        "Start player",
        "random",
        ("random", "host_choice"),
        "random: drawn by lot; host_choice: the first seat picks who goes first",
        "MAU-V4",
    ),
    RuleOption(
        "turn_cap",
        "Turn limit",
        500,
        (),
        "Total turns after which the game ends and the best mausoleum wins",
        "MAU-V5",
        kind="int",
        minimum=1,
        maximum=100_000,
    ),
)


def _ev(st: MausoleumState, kind_: str, seat: int | None, **args: Any) -> Event:
    return Event(kind_, seat, {**args, "names": st.get("names")})


def _named(st: MausoleumState, events: list[Event]) -> list[Event]:
    names = st.get("names")
    return [Event(e.kind, e.seat, {**e.args, "names": names}) for e in events]


class MausoleumRules:
    """Mausoleum, revised rules (MAU-…), 2-10 seats (6+ with a second deck). See this package's README for the state,
    choice ids and view."""

    id = "mausoleum"
    title = "Mausoleum"
    rules_version = 1
    min_seats = 2
    max_seats = MAX_SEATS
    options = OPTIONS
    playable = True

    # ------------------------------------------------------------------ setup
    def setup(self, config: Config, rng: Rng) -> State:
        """MAU-2: shop of graves, shuffle, deal by seat count, start player (MAU-V4).

        Raises ValueError for a seat count outside 2-10."""
        n = len(config.seats)
        if not 2 <= n <= 10:
            raise ValueError(f"Mausoleum needs 2 to 10 players, not {n}")
        opts = resolve_options(OPTIONS, config.options, self.id)
        st = new_state(opts, n, rng.cell)
        st["names"] = [s.name for s in config.seats]
        two = n >= 6
        st["shop"] = list(GRAVES)
        if two and opts["six_plus_graves"] == 18:
            st["shop"] += [g + 100 for g in GRAVES]  # MAU-A32
        deck = [c for c in FIRST_DECK if c not in GRAVES]
        if two:
            deck += [c + 100 for c in deck]
        rng.shuffle(deck)  # MAU-2.3
        for _ in range(hand_size(n)):  # MAU-2.4: one at a time
            for s in range(n):
                st["hands"][s].append(deck.pop())
        st["deck"] = deck
        if opts["start_player"] == "host_choice":
            st["phase"] = "choose_start"
        else:
            st["start"] = st["active"] = rng.randbelow(n)  # MAU-2.6
        return st

    def setup_events(self, state: State) -> list[Event]:
        """The start player line (read from the state, so a replay logs the same)."""
        if state["phase"] == "choose_start":
            return []
        return [_ev(state, "start", state["start"])]

    # -------------------------------------------------------------- decisions
    def waiting(self, state: State) -> tuple[int, ...]:
        """The one deciding seat, or () once over."""
        s = decider(state)
        return () if s is None else (s,)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        """``seat``'s prompt now (README "Decisions and choice ids"), or None."""
        d = decision(state, seat)
        if d is None:
            return None
        text, choices, summary = d
        return Prompt(seat, text, tuple(choices), summary)

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, seat: int, choice: str, rng: RandomSource) -> list[Event]:
        """Apply ``seat``'s ``choice``; IllegalAction (state unchanged) if it is not offered."""
        d = decision(state, seat)
        if d is None or not any(c.id == choice for c in d[1]):
            raise IllegalAction(f"{choice!r} is not a choice of seat {seat} now")
        return self.apply_unchecked(state, seat, choice, rng)

    def apply_unchecked(
        self, state: State, seat: int, choice: str, rng: RandomSource
    ) -> list[Event]:
        """:meth:`apply` for a choice taken from ``prompt(state, seat).choices`` (not checked
        again): the engine's hook, :mod:`engine.match`."""
        st = cast(MausoleumState, state)
        verb, _, arg = choice.partition(":")
        phase = st["phase"]
        if phase == "choose_start":
            st["start"] = st["active"] = int(arg)
            st["phase"] = "turn"
            return [_ev(st, "start", int(arg))]
        if phase == "turn":
            return _named(st, self._turn(st, seat, verb, arg, rng))
        if phase == "play":
            return _named(st, self._play(st, seat, verb, int(arg), rng))
        if phase == "target":
            return _named(st, self._target(st, seat, verb, arg, rng))
        if phase == "pay":
            return _named(st, self._pay(st, seat, verb, arg, rng))
        if phase == "order":
            return _named(st, self._order(st, seat, verb, arg, rng))
        raise IllegalAction(f"no decision in phase {phase}")  # pragma: no cover

    def _turn(
        self, st: MausoleumState, seat: int, verb: str, arg: str, rng: RandomSource
    ) -> list[Event]:
        if verb == "draw":
            st["phase"] = "play"
            st["drew"] = arg
            if arg == "none":  # MAU-3.2, A11: nothing to draw
                return [Event("nodraw", seat)]
            card = st["deck"].pop() if arg == "deck" else st["discard"].pop()
            st["hands"][seat].append(card)
            st["drawn"] = card
            if arg == "discard":
                st["known"][seat].append(card)  # MAU-11.1
            return [Event("draw", seat, {"src": arg, "card": card})]
        if verb == "buy":
            st["phase"], st["sel"], st["picks"] = "pay", int(arg), []
            return []
        # pass (MAU-3.7)
        return [Event("pass", seat), *self._end_turn(st, rng)]

    def _play(
        self, st: MausoleumState, seat: int, verb: str, cid: int, rng: RandomSource
    ) -> list[Event]:
        if verb == "discard":  # MAU-3.3
            remove_from_hand(st, seat, cid)
            st["discard"].append(cid)
            return [Event("discard", seat, {"card": cid}), *self._end_turn(st, rng)]
        if effect(cid) == "kill_all":  # H-Bomb: no target step
            remove_from_hand(st, seat, cid)
            st["discard"].append(cid)
            events = pl.hbomb(st, seat, cid)
            if st["bomb"] is None:
                events += self._end_turn(st, rng)
            return events
        st["phase"], st["sel"] = "target", cid
        return []

    def _target(
        self, st: MausoleumState, seat: int, verb: str, arg: str, rng: RandomSource
    ) -> list[Event]:
        cid = st["sel"]
        if verb == "back":
            st["phase"], st["sel"] = "play", 0
            return []
        remove_from_hand(st, seat, cid)
        st["sel"] = 0
        if verb == "invite":
            events = pl.invite(st, seat, cid, int(arg))
        else:
            heir = int(arg)
            where = find_heir(st, heir)
            assert where is not None
            owner = where[1]
            if verb != "doozy":
                st["discard"].append(cid)  # MAU-3.9: the played card first
            fn = {
                "kill": pl.kill,
                "kidnap": pl.kill,
                "holiday": pl.holiday,
                "doozy": pl.doozy,
                "misplaced": pl.misplaced,
            }[verb]
            events = fn(st, seat, cid, owner, heir)
        return events + self._end_turn(st, rng)

    def _pay(
        self, st: MausoleumState, seat: int, verb: str, arg: str, rng: RandomSource
    ) -> list[Event]:
        if verb == "back":
            if st["picks"]:
                st["picks"].pop()
            else:
                st["phase"], st["sel"] = "turn", 0
            return []
        if verb == "pay":
            st["picks"].append(int(arg))
            return []
        # bury (MAU-8.7): discard in pick order, then take the grave
        grave, picks = st["sel"], list(st["picks"])
        assert payment_ok(picks, value(grave))
        for h in picks:
            st["morgue"][seat].remove(h)
            st["discard"].append(h)
        st["shop"].remove(grave)
        st["mausoleum"][seat].append(grave)
        st["sel"], st["picks"] = 0, []
        ev = Event("buy", seat, {"grave": grave, "paid": picks, "value": payment_value(picks)})
        return [ev, *self._end_turn(st, rng)]

    def _order(
        self, st: MausoleumState, seat: int, verb: str, arg: str, rng: RandomSource
    ) -> list[Event]:
        if verb == "back":
            st["picks"].pop()
            return []
        st["picks"].append(int(arg))
        victims = st["bomb"]["victims"]
        rest = [h for h in victims if h not in st["picks"]]
        if len(rest) > 1:
            return []
        order = [*st["picks"], *rest]
        st["picks"] = []
        st["bomb"]["seat"], st["bomb"]["victims"] = -1, []
        st["phase"] = "play"  # provisional, while the bomb resolves
        events = [Event("order", seat, {"order": order}), *pl.bury_victims(st, seat, order)]
        events += pl.continue_bomb(st)
        if st["bomb"] is None:
            events += self._end_turn(st, rng)
        return events

    # ------------------------------------------------------------ end of turn
    def _end_turn(self, st: MausoleumState, rng: RandomSource) -> list[Event]:
        """MAU-3.8: win check, shop exhaustion, turn cap, reshuffle, next seat."""
        events: list[Event] = []
        st["turns"] += 1
        st["drew"], st["drawn"], st["sel"], st["picks"] = "", 0, 0, []
        threshold = st["opts"]["win_threshold"]
        for s in seats_from(st, st["active"]):  # MAU-9.5, 9.6
            if counted_value(st, s) >= threshold:
                return [*events, *self._finish(st, "threshold", [s])]
        if not st["shop"]:  # MAU-10.4
            return self._finish(st, "shop", _ranked(st))
        if st["turns"] >= st["opts"]["turn_cap"]:  # MAU-10.6
            return self._finish(st, "cap", _ranked(st))
        if not st["deck"] and st["discard"]:  # MAU-10.1
            st["deck"], st["discard"] = st["discard"], []
            rng.shuffle(st["deck"])
            events.append(Event("reshuffle", None, {"count": len(st["deck"])}))
        st["active"] = next_seat(st, st["active"])
        st["phase"] = "turn"
        return events

    def _finish(self, st: MausoleumState, end: str, winners: list[int]) -> list[Event]:
        st["phase"], st["end"], st["winners"] = "over", end, list(winners)
        o = self.outcome(st)
        assert o is not None
        return [Event("end", None, {"winners": list(winners), "reason": o.reason})]

    # ------------------------------------------------------------------ rest
    def view(self, state: State, seat: int | None) -> View:
        """README "View"."""
        from .view import view

        return seat_view(self, state, seat, view)

    def describe(self, event: Event, viewer: int | None) -> str:
        """The log line (README "Events")."""
        return _describe(event, viewer)

    def outcome(self, state: State) -> Outcome | None:
        """None while running; winners, a plain reason and counted values ("$10m") once over."""
        if state["phase"] != "over":
            return None
        winners = state["winners"]
        scores = tuple(f"${counted_value(state, s)}m" for s in range(state["n"]))
        top = counted_value(state, winners[0]) if winners else 0
        reason = outcome_reason(state.get("names"), state["end"], winners, top)
        return Outcome(tuple(winners), reason, scores)

    def determinize(self, state: State, seat: int | None, rng: RandomSource) -> State:
        """README: every card ``seat`` cannot see resampled (other hands, deck order)."""
        from .view import determinize

        return determinize(state, seat, rng)

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
        return _unavailable.unavailable(cast(MausoleumState, state), seat)

    def clone(self, state: State) -> State:
        """A deep copy (plain data)."""
        return copy_plain(state)


def _ranked(st: MausoleumState) -> list[int]:
    """MAU-10.5: highest counted value, then higher morgue heir value; the rest share."""
    key = {s: (counted_value(st, s), morgue_value(st, s)) for s in range(st["n"])}
    best = max(key.values())
    return [s for s in range(st["n"]) if key[s] == best]
