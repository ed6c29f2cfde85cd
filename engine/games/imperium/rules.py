"""iMperium rules object: the :class:`engine.rules.Rules` contract (README, rulings IMP-...).

Flow: ``setup`` deals and stops at the secret opening discard (IMP-2.5); ``apply`` validates a
choice against the seat's prompt (its option list: the one legality path), mutates the state and
calls ``advance``, which runs automatic steps (:func:`.effects.run`) until some seat must decide
or the game is over. ``apply_unchecked`` is ``apply`` minus the check, for a choice taken from the
prompt (``engine.match.Match`` validates against the prompt it handed out).
"""

from __future__ import annotations

from typing import Any

from engine.gamekit import resolve_options, seat_view
from engine.rng import RandomSource, Rng
from engine.rules import (
    Choice,
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

from . import secrets as _secrets
from . import unavailable as _unavailable
from . import view as _view
from .actions import (
    action_apply,
    action_options,
    extra_apply,
    extra_options,
    opening_apply,
    opening_options,
)
from .cards import DECK_NAMES, GREEK_DECK, ROMAN_DECK, expanded
from .decisions import DECISIONS, run, waiting_frame
from .effects import Opt, begin_turn, outcome_reason
from .state import ev, points_units
from .state_types import ImperiumState
from .text import describe as _describe

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "decks",
        "Decks",
        "random",
        ("random", "roman_greek", "greek_roman", "roman_roman", "greek_greek"),
        "Which deck each seat plays (seat 1 first); both seats on the same deck needs"
        " Deck assignment set to mirror_allowed",
        "IMP-2.1",
    ),
    RuleOption(
        "steal_mode",
        "Stolen dice",
        "transfer",
        ("transfer", "deny"),
        "transfer: the Army Dominance holder rolls the stolen dice; deny: they are only removed",
        "IMP-V1",
    ),
    RuleOption(
        "army_win_timing",
        "Army victory timing",
        "immediate",
        ("immediate", "start_of_turn"),
        "immediate: 5 army counters win at once; start_of_turn: only at your turn's start",
        "IMP-V2",
    ),
    RuleOption(
        "homeros_mode",
        "Homeros",
        "charges_this_turn",
        ("charges_this_turn", "three_turns"),
        "charges_this_turn: 3 zero-cost payments this turn; three_turns: 3 turns of free costs",
        "IMP-V3",
    ),
    RuleOption(
        "extra_draw_timing",
        "Extra draw",
        "before_actions",
        ("before_actions", "any_time"),
        "before_actions: only right after the energy roll; any_time: at any point of your actions",
        "IMP-V4",
    ),
    RuleOption(
        "empty_deck",
        "Empty deck",
        "skip",
        ("skip", "reshuffle", "lose"),
        "skip: drawing from an empty deck does nothing; reshuffle the discard; or lose",
        "IMP-V5",
    ),
    RuleOption(
        "hand_limit",
        "Hand limit",
        "none",
        ("none",),
        "none, or discard down to this many cards at the end of your turn",
        "IMP-V6",
        kind="int",
        minimum=0,
        maximum=99,
    ),
    RuleOption(
        "open_hands",
        "Open hands",
        "off",
        ("off", "on"),
        "on: both hands are public, a way to learn the game",
        "IMP-V7",
    ),
    RuleOption(
        "deck_assignment",
        "Deck assignment",
        "distinct",
        ("distinct", "mirror_allowed"),
        "mirror_allowed: both seats may play the same deck (two copies)",
        "IMP-V8",
    ),
    RuleOption(
        "turn_cap",
        "Turn cap",
        200,
        (),
        "total turns after which the game is a draw",
        "IMP-V9",
        kind="int",
        minimum=1,
        maximum=10_000,
    ),
    RuleOption(
        "enter_tap",
        "Tap on entering",
        "allowed",
        ("allowed", "summoning_sickness"),
        "summoning_sickness: a card cannot use its tap ability the turn it entered play",
        "IMP-V10",
    ),
)

_DECK_CHOICE = {
    "roman_greek": [ROMAN_DECK, GREEK_DECK],
    "greek_roman": [GREEK_DECK, ROMAN_DECK],
    "roman_roman": [ROMAN_DECK, ROMAN_DECK],
    "greek_greek": [GREEK_DECK, GREEK_DECK],
}


def _choices(opts: list[Opt | Choice]) -> tuple[Choice, ...]:
    """Choice objects for option tuples (``Choice(*tuple)``); Choice objects pass through."""
    if opts and opts[0].__class__ is Choice:  # action options are built as Choices
        return tuple(opts)  # type: ignore[arg-type]
    return tuple(o if o.__class__ is Choice else Choice(*o) for o in opts)  # type: ignore[misc]


def clone(st: ImperiumState) -> ImperiumState:
    """A deep copy of a state, written out by hand for speed (plain data only)."""
    c = dict(st)
    c["rng"] = list(st["rng"])
    c["opts"] = dict(st["opts"])
    c["decks"] = list(st["decks"])
    c["deck"] = [list(x) for x in st["deck"]]
    c["hand"] = [list(x) for x in st["hand"]]
    c["discard"] = [list(x) for x in st["discard"]]
    c["known"] = [list(x) for x in st["known"]]
    c["play"] = [[[e[0], e[1]] for e in p] for p in st["play"]]
    c["known_top"] = list(st["known_top"])
    c["army"] = list(st["army"])
    c["navy"] = list(st["navy"])
    c["dice"] = list(st["dice"])
    c["homeros_turns"] = list(st["homeros_turns"])
    c["pending"] = [list(f) for f in st["pending"]]
    c["opening"] = [None if x is None else list(x) for x in st["opening"]]
    c["picks"] = [list(x) for x in st["picks"]]
    return c


def new_state(opts: dict[str, Any], decks: list[str], rng_cell: list[int]) -> ImperiumState:
    """An empty state skeleton with every README key (zones empty, no phase started)."""
    return {
        "rng": rng_cell,
        "opts": opts,
        "decks": list(decks),
        "deck": [[], []],
        "hand": [[], []],
        "discard": [[], []],
        "play": [[], []],
        "known": [[], []],
        "known_top": [0, 0],
        "army": [0, 0],
        "navy": [0, 0],
        "army_dom": -1,
        "navy_dom": -1,
        "first": 0,
        "active": 0,
        "turn": 0,
        "phase": "opening",
        "pool": 0,
        "dice": [],
        "energy": 0,
        "sold": False,
        "acted": False,
        "homeros": 0,
        "homeros_free": False,
        "homeros_turns": [0, 0],
        "pending": [],
        "opening": [None, None],
        "picks": [[], []],
        "winner": -1,
        "reason": "",
    }


def deck_pair(opts: dict[str, Any], rng: RandomSource | None) -> list[str]:
    """The decks of seat 0 and seat 1 (IMP-2.1, IMP-A36, IMP-V8). Raises ValueError for a
    mirror choice without ``deck_assignment=mirror_allowed``."""
    choice = opts["decks"]
    if choice == "random":
        first = rng.randbelow(2) if rng is not None else 0
        return [DECK_NAMES[first], DECK_NAMES[1 - first]]
    pair = _DECK_CHOICE[choice]
    if pair[0] == pair[1] and opts["deck_assignment"] != "mirror_allowed":
        raise ValueError(f"decks={choice} needs deck_assignment=mirror_allowed (IMP-A36, IMP-V8)")
    return list(pair)


class ImperiumRules:
    """iMperium (two players, Rome vs Greece): the full rulings ``shared/rules/imperium.md``."""

    id = "imperium"
    title = "iMperium"
    rules_version = 1
    min_seats = 2
    max_seats = 2
    options = OPTIONS
    playable = True

    # ------------------------------------------------------------ setup (section 2)

    def setup(self, config: Config, rng: Rng) -> State:
        """Deck choice, shuffles, coin toss, 6/7 cards dealt (IMP-2.1..2.4); the state stops at
        the simultaneous secret opening discard (IMP-2.5): both seats wait."""
        if len(config.seats) != 2:
            raise ValueError("iMperium needs exactly two seats (IMP-1.1)")
        opts = resolve_options(OPTIONS, config.options, self.id)
        decks = deck_pair(opts, rng)
        cell = getattr(rng, "cell", None)
        st = new_state(opts, decks, cell if cell is not None else [0])
        for s in (0, 1):
            deck = [100 * s + i for i in range(len(expanded(decks[s])))]
            rng.shuffle(deck)  # IMP-2.2
            st["deck"][s] = deck
        first = rng.randbelow(2)  # IMP-2.3 coin toss
        st["first"] = st["active"] = first
        for s, n in ((first, 6), (1 - first, 7)):  # IMP-2.4
            for _ in range(n):
                st["hand"][s].append(st["deck"][s].pop())
        return st

    def setup_events(self, state: State) -> list[Event]:
        """The log of the setup: the coin toss and the hands dealt (IMP-2.3, IMP-2.4).

        Read from the state ``setup`` returned (nothing random happens here), so a replay
        logs the same line."""
        first = state["first"]
        return [ev(state, "coin_toss", first, first_hand=6, second_hand=7)]

    # ------------------------------------------------------------ decisions

    def _decision(self, st: ImperiumState, seat: int) -> tuple[str, list, bool] | None:
        """(text, options, secret) of ``seat``'s current decision, or None."""
        if st["winner"] != -1 or seat not in (0, 1):
            return None
        phase = st["phase"]
        if phase == "opening":
            if st["opening"][seat] is not None:
                return None
            n = len(st["picks"][seat])
            return (
                f"Opening: choose 2 cards to discard ({n}/2 chosen)",
                opening_options(st, seat),
                True,
            )
        f = waiting_frame(st)
        if f is not None:
            if f[1] != seat:
                return None
            d = DECISIONS[f[0]]
            return d.text(st, f), d.options(st, f), False
        if st["pending"] or seat != st["active"]:
            return None
        if phase == "action":
            return "Choose an action", action_options(st, seat), False
        if phase == "extra":
            return "Extra draw (ends your turn) or continue?", extra_options(st, seat), False
        return None

    def waiting(self, state: State) -> tuple[int, ...]:
        """Seats that must decide now: both during the opening discard (IMP-2.5), the decision
        frame's seat (may be the non-active seat, IMP-5.10), else the active seat."""
        if state["winner"] != -1:
            return ()
        if state["phase"] == "opening":
            return tuple(s for s in (0, 1) if state["opening"][s] is None)
        f = waiting_frame(state)
        if f is not None:
            return (f[1],)
        if state["pending"]:
            return ()
        if state["phase"] in ("action", "extra"):
            return (state["active"],)
        return ()

    def prompt(self, state: State, seat: int) -> Prompt | None:
        """``seat``'s decision as a :class:`Prompt`, or None; built only from what ``seat``
        may see (IMP-11)."""
        d = self._decision(state, seat)
        if d is None:
            return None
        return Prompt(seat, d[0], _choices(d[1]), self._summary(state, seat), d[2])

    def _summary(self, st: ImperiumState, seat: int) -> str:
        """The prompt's running summary ("Energy 7 · sold: no")."""
        if st["phase"] == "opening" or seat != st["active"]:
            return f"Hand {len(st['hand'][seat])}"
        parts = [f"Energy {st['energy']}", f"sold: {'yes' if st['sold'] else 'no'}"]
        if st["homeros"]:
            parts.append(f"Homeros charges {st['homeros']}")
        if st["homeros_free"]:
            parts.append("Homeros: Army/Navy cost 0")
        return " · ".join(parts)

    def apply(self, state: State, seat: int, choice: str, rng: RandomSource) -> list[Event]:
        """Apply ``seat``'s ``choice``. Raises IllegalAction, with the state untouched, unless
        the choice is in ``prompt(state, seat).choices`` (checked against the same option list
        the prompt is built from)."""
        d = self._decision(state, seat) if isinstance(choice, str) else None
        if d is None or not any(
            (o[0] if o.__class__ is tuple else o.id) == choice  # type: ignore[union-attr]
            for o in d[1]
        ):
            raise IllegalAction(f"{choice!r} is not a legal choice for seat {seat} now")
        return apply_unchecked(state, seat, choice, rng)

    def choice_ids(self, state: State, seat: int) -> list[str]:
        """The ids of ``prompt(state, seat).choices`` in order ([] when none), without the
        prompt's summary and Choice objects (the engine's hook, :mod:`engine.match`)."""
        d = self._decision(state, seat)
        if d is None:
            return []
        return [o[0] if o.__class__ is tuple else o.id for o in d[1]]  # type: ignore[union-attr]

    def apply_unchecked(
        self, state: State, seat: int, choice: str, rng: RandomSource
    ) -> list[Event]:
        """:meth:`apply` for a choice taken from ``prompt(state, seat).choices`` (not checked
        again): the engine's hook, :mod:`engine.match`."""
        return apply_unchecked(state, seat, choice, rng)

    def advance(self, state: State, rng: RandomSource) -> list[Event]:
        """Run automatic steps until a prompt exists or the game ended (IMP-8.2).

        A state built at ``phase`` "start" (or "energy") with nothing pending starts that
        phase: upkeep, turn draw, navy redraw, energy roll (IMP-3.2, IMP-3.3)."""
        out: list[Event] = []
        if state["winner"] != -1:
            return out
        if not state["pending"]:
            if state["phase"] == "start":
                begin_turn(state, out)
            elif state["phase"] == "energy":
                state["pending"].append(["roll", state["active"]])
        run(state, rng, out)
        return out

    # ------------------------------------------------------------ information

    def view(self, state: State, seat: int | None) -> View:
        """What ``seat`` may see (README "View", IMP-11)."""
        return seat_view(self, state, seat, _view.view)

    def describe(self, event: Event, viewer: int | None) -> str:
        """Plain-English log line, hiding draws and face-down Wonders from others (IMP-11)."""
        return _describe(event, viewer)

    def outcome(self, state: State) -> Outcome | None:
        """None while running; once over the winner, a reason naming the winner and how ("Rome
        wins: Army victory — 5 army counters"), and each seat's points in its deck's units
        ("2/6 points", "1/4 points") (IMP-8, IMP-7.13)."""
        w = state["winner"]
        if w == -1:
            return None
        return Outcome(
            winners=(w,) if w >= 0 else (),
            reason=outcome_reason(state),
            scores=(points_units(state, 0), points_units(state, 1)),
        )

    def determinize(self, state: State, seat: int | None, rng: RandomSource) -> State:
        """A new state where everything ``seat`` cannot see is resampled (IMP-11.4)."""
        return _view.determinize(state, seat, rng, clone(state))

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
        """A deep copy (hand-written, no deepcopy)."""
        return clone(state)


def apply_unchecked(state: State, seat: int, choice: str, rng: RandomSource) -> list[Event]:
    """Apply ``seat``'s ``choice`` to ``state`` in place without checking it is legal (the
    caller has: :meth:`ImperiumRules.apply`, or the search's playout step taking it from the
    prompt's own ids). Returns the events. The opening draft, a waiting decision frame, the
    extra draw or the action phase resolves it, then the pending frames run."""
    out: list[Event] = []
    if state["phase"] == "opening":
        opening_apply(state, seat, choice, out)
    else:
        f = waiting_frame(state)
        if f is not None:
            DECISIONS[f[0]].resolve(state, f, choice, rng, out)
        elif state["phase"] == "extra":
            extra_apply(state, seat, choice, rng, out)
        else:
            action_apply(state, seat, choice, rng, out)
    run(state, rng, out)
    return out
