"""``BrazilImperialRules``: the :class:`engine.rules.Rules` contract for Brazil: Imperial
(``shared/rules/brazil_imperial.md``, BI-…): options (BI-30), setup, prompts, apply, view,
determinize, outcome."""

from __future__ import annotations

from typing import Any

from engine.rng import RandomSource, Rng
from engine.rules import Config, Event, HiddenPlaces, Outcome, Prompt, RuleOption, State, View

from . import actions as _actions  # noqa: F401  (registers frames)
from . import catalog as C
from . import frames as F
from . import gains as _gains  # noqa: F401
from . import moves as _moves  # noqa: F401
from . import secrets as _secrets
from . import setup as _setup
from . import turn as _turn
from . import unavailable as _unavailable
from . import view as _view
from .state import copy_state
from .text import describe as _describe


def _opt(key: str, label: str, values: tuple, help_: str, rule: str) -> RuleOption:
    return RuleOption(key, label, values[0], values, help_, rule)


OPTIONS: tuple[RuleOption, ...] = (
    _opt(
        "board_assignment",
        "Player boards",
        ("random", "pick"),
        "random: dealt by lot; pick: chosen in seat order",
        "BI-O01",
    ),
    _opt(
        "capital_first_picker",
        "First capital pick",
        ("random", "seat1"),
        "who starts the capital draft",
        "BI-O02",
    ),
    _opt(
        "university_output",
        "University output",
        ("science", "gold"),
        "2 science (default) or 2 gold",
        "BI-O03",
    ),
    _opt(
        "frame_upgrade",
        "Frame upgrade",
        ("discount", "extra_card"),
        "a discount, or a second cheap painting",
        "BI-O04",
    ),
    _opt(
        "winner_losses",
        "Winner's losses",
        ("narrow", "none"),
        "narrow: a winner by 0-1 with 2+ units loses one",
        "BI-O05",
    ),
    _opt(
        "cavalry_carry",
        "Cavalry carry",
        ("1", "unlimited"),
        "units a Heavy Cavalry may take along",
        "BI-O06",
    ),
    _opt(
        "mission_goods_scope",
        "Mission goods",
        ("supply_and_tiles", "supply_only"),
        "what 'held' counts for missions",
        "BI-O07",
    ),
    _opt(
        "isabel_scoring",
        "Princesa Isabel",
        ("once", "per_set"),
        "+2 once, or per set of three colours",
        "BI-O08",
    ),
    _opt(
        "city_stacks_visible",
        "City stacks",
        ("top_only", "all"),
        "whether cities under the tops are public",
        "BI-O09",
    ),
    _opt(
        "failed_flag",
        "Failed flag fight",
        ("bandeira", "discard"),
        "the tile stays as a Bandeira or leaves",
        "BI-O10",
    ),
    _opt(
        "era_token_stacking",
        "Era tokens",
        ("one_per_arch", "free"),
        "may two era tokens lie under one arch",
        "BI-O11",
    ),
    RuleOption(
        "round_cap",
        "Round cap",
        60,
        (),
        "the game ends after this round (0: no cap)",
        "BI-O12",
        kind="int",
        minimum=0,
        maximum=1000,
    ),
    _opt(
        "solo_units_goal",
        "Solo army goal",
        ("on_map", "deployed"),
        "all 5 units on the map at once, or each deployed once",
        "BI-O13",
    ),
)


def _colours(st: State) -> list[str]:
    out = []
    for i, b in enumerate(st["board"]):
        out.append(C.SEAT_COLOURS[b] if b else f"P{i + 1}")
    return out


def _named(st: State, events: list[Event]) -> list[Event]:
    cols = _colours(st)
    return [Event(e.kind, e.seat, {**e.args, "colours": cols}) for e in events]


class BrazilImperialRules:
    """Brazil: Imperial (BI-…), 1-4 seats; 1 seat = solo against the Dutch (BI-18). The state
    shape is documented in ``state.py``; choice ids in the package README."""

    id = "brazil_imperial"
    title = "Brazil: Imperial"
    rules_version = 2
    min_seats = 1
    max_seats = 4
    options = OPTIONS
    playable = True
    """The app draws it with tui/boards/brazil_imperial.py (issue 16)."""

    def setup(self, config: Config, rng: Rng) -> State:
        """BI-3: a new state whose first prompts are the set-up choices (BI-29.2).

        Raises ValueError for a seat count outside 1-4."""
        n = len(config.seats)
        if not 1 <= n <= 4:
            raise ValueError(f"Brazil: Imperial needs 1 to 4 players, not {n}")
        opts = {o.key: config.options.get(o.key, o.default) for o in OPTIONS}
        st = _setup.new_state(n, [s.name for s in config.seats], opts, rng)
        F.settle(st, rng, [])
        return st

    def waiting(self, state: State) -> tuple[int, ...]:
        """The one deciding seat, or () once over."""
        cur = F.current(state)
        return () if cur is None else (cur[0],)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        """``seat``'s decision now, with a running summary (BI-29), or None."""
        cur = F.current(state)
        if cur is None or cur[0] != seat:
            return None
        summary = _turn.summary(state, seat) if state["phase"] == "play" else "Set-up"
        return Prompt(seat, cur[1], tuple(cur[2]), summary)

    def apply(self, state: State, seat: int, choice: str, rng: RandomSource) -> list[Event]:
        """Apply ``seat``'s ``choice``; IllegalAction (state unchanged) if it is not offered."""
        return _named(state, F.apply_choice(state, seat, choice, rng))

    def apply_unchecked(
        self, state: State, seat: int, choice: str, rng: RandomSource
    ) -> list[Event]:
        """:meth:`apply` for a choice taken from ``prompt(state, seat).choices`` (not checked
        again): the engine's hook, :mod:`engine.match`."""
        return _named(state, F.apply_unchecked(state, seat, choice, rng))

    def view(self, state: State, seat: int | None) -> View:
        """Public state, hidden counts, the seat's own secrets and prompt (BI-28)."""
        return _view.view(self, state, seat)

    def describe(self, event: Event, viewer: int | None) -> str:
        """The log line (BI-28.8)."""
        return _describe(event, viewer)

    def unavailable(self, state: State, seat: int) -> list[tuple[str, str]]:
        """Choices ``seat`` would expect now and why they are missing (``unavailable.py``)."""
        return _unavailable.unavailable(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """None while running; winners, reason and VP totals once over (BI-17, BI-18.6)."""
        res = state.get("result")
        if state["phase"] != "over" or res is None:
            return None
        cols = _colours(state)
        why = res["why"]
        if why == "solo_win":
            reason = "All three goals achieved: the Dutch are beaten"
        elif why == "solo_loss":
            reason = "Twenty turns passed without all three goals: the Dutch hold on"
        else:
            names = " and ".join(cols[s] for s in res["winners"])
            best = max(res["scores"])
            tie = sum(1 for v in res["scores"] if v == best) > 1
            cap = " (round cap)" if why == "cap" else ""
            reason = f"{names} wins with {best} VP{cap}" + (
                " on the science tiebreak" if tie and len(res["winners"]) == 1 else ""
            )
            if len(res["winners"]) > 1:
                reason = f"Shared victory: {names} with {best} VP{cap}"
        return Outcome(tuple(res["winners"]), reason, tuple(res["scores"]))

    def determinize(self, state: State, seat: int | None, rng: RandomSource) -> State:
        """BI-28.7: every hidden zone resampled, counts kept; the RNG reseeded."""
        return _view.determinize(state, seat, rng)

    def secrets(self, state: State, seat: int | None) -> dict[str, Any]:
        """Hidden zones (``secrets.py``)."""
        return _secrets.secrets(state, seat)

    def hidden_names(self, state: State, seat: int | None) -> set[str]:
        """Names no log line for ``seat`` may contain (``secrets.py``)."""
        return _secrets.hidden_names(state, seat)

    def hidden_places(self, state: State, seat: int | None) -> dict[str, HiddenPlaces]:
        """The places whose values ``seat`` cannot see, by kind (``secrets.py``)."""
        return _secrets.hidden_places(state, seat)

    def clone(self, state: State) -> State:
        """A deep copy (plain data)."""
        return copy_state(state)
