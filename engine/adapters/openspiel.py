"""Every Imperia game as an OpenSpiel game (issue 22; DESIGN.md "Bots").

Importing this module registers each game of :mod:`engine.registry` with
``pyspiel.register_game`` as ``python_imperia_<game id>`` (``python_imperia_imperium``, ...), so
``pyspiel.load_game("python_imperia_mausoleum", {"players": 4})`` works and OpenSpiel's checks
(``pyspiel.random_sim_test``) and bots (``ISMCTSBot``, ``MCTSBot``) run on our rules. Nothing else
in the engine imports this module; it needs the optional extra ``pip install '.[openspiel]'``.

How the contract maps (engine/rules.py):

* **Game type.** Sequential turns; imperfect information; explicit chance: one chance node
  opens every match and draws its seed (one of :data:`SEEDS` outcomes, uniform); every shuffle
  and die after it comes from the engine RNG that seed starts, inside ``apply``, and stays hidden
  from the players (``determinize`` reseeds it). OpenSpiel's ``SAMPLED_STOCHASTIC`` mode would
  say the same more directly, but a Python game cannot give OpenSpiel the game-level RNG state
  that mode needs to serialize (``Game::GetRNGState`` is not overridable from Python in
  open-spiel 2.0.2). Two-seat-only games (iMperium, Imperial Struggle) are zero-sum with returns
  +1 / -1 (0 each for a draw); games with a seat range (Mausoleum 2-10, Res Publica 3-5) are
  constant-sum 1: the winners share 1, a draw splits it among every seat. Parameters:
  ``players`` (the seat count), ``seed`` (mixed with the chance outcome into the engine seed:
  SplitMix64 of ``seed * 1_000_003 + outcome``) and every rule option under its key (strings, or
  ints where the option's values are ints).
* **Simultaneous decisions** (several seats waiting): the lowest waiting seat moves first; the
  engine hides a committed secret choice from the later seats (IMP-2.5, IS-16.4), so this is
  sequential play with the earlier choice hidden. Several seats answering one trade (Res Publica)
  already answer in seat order.
* **Actions.** A stable integer per choice id: ids seen in many recorded games are listed in
  :mod:`engine.adapters.openspiel_vocab` (append-only, so numbers never change) and numbered by
  position; any other id maps to ``len(vocabulary) + crc32(id) % OVERFLOW``. The same choice id has
  the same action number in every state; two legal choices of one prompt that would share a
  number raise ``RuntimeError`` (never seen). ``action_to_string`` gives the choice's label
  (with its id appended when two choices of a prompt share a label).
* **Observations.** ``observation_string(p)`` is the canonical JSON of ``view(state, p)`` (keys
  sorted, as strings); ``information_state_string(p)`` adds ``p``'s own past choice ids, which
  ``p`` always knows. Both come from the view only, so they cannot show a hidden card.
* **Resampling.** ``resample_from_infostate(p, sampler)`` returns a state built by
  ``determinize(state, p)`` — the same resampling the engine's own bots get.
* **Serialization.** A state pickles as a journal (engine/journal.py format: header + one act
  record per choice), and unpickles by replaying it, so ``serialize``/``deserialize`` go through
  the save format. A resampled state, which has no true history, pickles as its packed state.
"""

from __future__ import annotations

import json
import zlib
from fractions import Fraction
from typing import Any

import msgpack
import pyspiel

from engine import journal as jr
from engine import registry
from engine.adapters.openspiel_vocab import VOCABULARY
from engine.ai import decide
from engine.journal_format import to_bytes
from engine.match import pack_state, state_hash, unpack_state
from engine.rng import Rng, new_cell
from engine.rules import Config, Prompt, Rules, SeatConfig, State, resolve_options

PREFIX = "python_imperia_"
"""OpenSpiel short names are ``PREFIX + game id``."""

SEEDS = 4096
"""Chance outcomes of the opening seed draw."""

OVERFLOW = 1 << 16
"""Size of the hashed action range for choice ids missing from the vocabulary."""

MAX_GAME_LENGTH = 100_000
"""Upper bound on decisions in one match (every game has a turn cap well below it)."""

_MASK64 = (1 << 64) - 1


def _splitmix(x: int) -> int:
    """One SplitMix64 output for ``x`` (used to derive successive initial-state seeds)."""
    z = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) >> 1  # 63 bits, a valid journal seed


class ActionMap:
    """Choice id <-> OpenSpiel action number for one game (see the module docstring).

    ``ids`` is the game's vocabulary; ``size`` is ``num_distinct_actions``.
    """

    def __init__(self, ids: tuple[str, ...]):
        self.ids = ids
        self.index = {c: i for i, c in enumerate(ids)}
        self.size = len(ids) + OVERFLOW

    def action(self, choice_id: str) -> int:
        """The action number of ``choice_id`` (the same in every state)."""
        i = self.index.get(choice_id)
        if i is None:
            i = len(self.ids) + zlib.crc32(choice_id.encode()) % OVERFLOW
        return i

    def name(self, action: int) -> str:
        """The choice id of a vocabulary action, or ``"overflow:<n>"`` for a hashed one."""
        if 0 <= action < len(self.ids):
            return self.ids[action]
        return f"overflow:{action - len(self.ids)}"


def _plain(value: Any) -> Any:
    """``value`` made JSON-canonical: dict keys as strings, tuples as lists, Fractions as
    ``"n/d"`` strings."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, bytes):
        return value.hex()
    return value


def canonical(view: dict[str, Any]) -> str:
    """A view as one deterministic string: JSON with sorted keys and no spaces."""
    return json.dumps(_plain(view), sort_keys=True, separators=(",", ":"), default=str)


class Core:
    """The engine side of one OpenSpiel state: the rules, the match's config and seed, the
    line of ``(seat, choice)`` and the live engine state.

    ``line`` is None for a resampled state (its history is not a real one). Deep copies use
    ``rules.clone`` (cheap); pickling writes a journal (:meth:`journal_bytes`).
    """

    __slots__ = ("rules", "config", "seed", "line", "state", "own")

    def __init__(
        self,
        rules: Rules,
        config: Config,
        seed: int,
        line: list[tuple[int, str]] | None,
        state: State,
        own: list[list[str]],
    ):
        self.rules = rules
        self.config = config
        self.seed = seed
        self.line = line
        self.state = state
        self.own = own

    @classmethod
    def new(cls, rules: Rules, config: Config, seed: int) -> Core:
        """The start of a match (the same set-up as :class:`engine.match.Match`)."""
        state = rules.setup(config, Rng(new_cell(seed)))
        return cls(rules, config, seed, [], state, [[] for _ in config.seats])

    def header(self) -> jr.Header:
        """The journal header of this match (strict undo policy: nothing is taken back)."""
        return jr.Header(
            game=self.rules.id,
            rules_version=self.rules.rules_version,
            options=dict(self.config.options),
            seats=[{"name": s.name, "kind": s.kind} for s in self.config.seats],
            seed=self.seed,
            undo_policy="strict",
            created="",  # no clock: the same state always serializes to the same bytes
        )

    def journal_bytes(self) -> bytes:
        """The match as a save file's bytes (header, then one act record per choice).

        Raises ValueError for a resampled state, which has no true history.
        """
        if self.line is None:
            raise ValueError("a resampled state has no journal")
        return to_bytes(self.header(), [(jr.ACT, s, c) for s, c in self.line])

    def apply(self, seat: int, choice: str) -> None:
        """Apply ``seat``'s ``choice`` (raises IllegalAction, state untouched, if illegal)."""
        self.rules.apply(self.state, seat, choice, Rng(self.state["rng"]))
        if self.line is not None:
            self.line.append((seat, choice))
        self.own[seat].append(choice)

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        return Core(
            self.rules,
            self.config,
            self.seed,
            None if self.line is None else list(self.line),
            self.rules.clone(self.state),
            [list(o) for o in self.own],
        )

    def __reduce__(self) -> tuple[Any, ...]:
        if self.line is not None:
            return (_core_from_journal, (self.journal_bytes(),))
        extra = msgpack.packb(
            [self.rules.id, self.config.options, [s.name for s in self.config.seats], self.own]
        )
        return (_core_from_packed, (self.seed, pack_state(self.state), extra))


def _core_from_journal(data: bytes) -> Core:
    """A :class:`Core` rebuilt by replaying journal bytes (the inverse of ``journal_bytes``)."""
    loaded = jr.parse(data, "serialized state")
    rules = registry.get(loaded.header.game)
    config = Config(
        tuple(SeatConfig(s["name"], s["kind"]) for s in loaded.header.seats),
        resolve_options(rules, loaded.header.options),
    )
    core = Core.new(rules, config, loaded.header.seed)
    for rec in loaded.records:
        if rec[0] == jr.ACT:
            core.apply(rec[1], rec[2])
    return core


def _core_from_packed(seed: int, packed: bytes, extra: bytes) -> Core:
    game, options, names, own = msgpack.unpackb(extra, strict_map_key=False)
    rules = registry.get(game)
    config = Config(tuple(SeatConfig(n, "bot") for n in names), options)
    return Core(rules, config, seed, None, unpack_state(packed), own)


class _Memo:
    """Per-state cache of the current prompt (not copied by ``clone``, not pickled)."""

    __slots__ = ("key", "prompt", "by_action")

    def __init__(self) -> None:
        self.key: Any = None
        self.prompt: Prompt | None = None
        self.by_action: dict[int, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Memo:
        return _Memo()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Memo, ())


class ImperiaState(pyspiel.State):
    """An OpenSpiel state over one Imperia match (see the module docstring).

    The engine state is built on first use, so ``clone`` (which makes a new initial state and
    then copies attributes) never runs a set-up it would throw away.
    """

    def __init__(self, game: ImperiaGame):
        super().__init__(game)
        self._seed: int | None = None  # None until the opening chance node has drawn it
        self._core_obj: Core | None = None
        self._memo = _Memo()

    # ------------------------------------------------------------- engine side
    @property
    def core(self) -> Core:
        """The engine side of this state (:class:`Core`). Raises RuntimeError at the opening
        chance node, before the seed is drawn."""
        if self._core_obj is None:
            if self._seed is None:
                raise RuntimeError("the match has not started: its seed is not drawn yet")
            g: ImperiaGame = self.get_game()
            self._core_obj = Core.new(g.rules, g.config, self._seed)
        return self._core_obj

    def _prompt(self) -> tuple[Prompt | None, dict[int, str]]:
        core = self.core
        key = (id(core.state), len(core.own[0]), sum(len(o) for o in core.own))
        memo = self._memo
        if memo.key != key:
            seat = self._mover()
            prompt = None if seat < 0 else core.rules.prompt(core.state, seat)
            amap: ActionMap = self.get_game().action_map
            by_action: dict[int, str] = {}
            if prompt is not None:
                for c in prompt.choices:
                    a = amap.action(c.id)
                    if a in by_action:
                        raise RuntimeError(
                            f"choices {by_action[a]!r} and {c.id!r} share action {a}; "
                            "extend the vocabulary (scripts/openspiel_vocab.py)"
                        )
                    by_action[a] = c.id
            memo.key, memo.prompt, memo.by_action = key, prompt, by_action
        return memo.prompt, memo.by_action

    def _mover(self) -> int:
        if self._seed is None and self._core_obj is None:
            return int(pyspiel.PlayerId.CHANCE)
        core = self.core
        if core.rules.outcome(core.state) is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        waiting = core.rules.waiting(core.state)
        if not waiting:
            raise RuntimeError("dead end: the match is not over and nobody is waiting")
        return min(waiting)

    # ------------------------------------------------------------ OpenSpiel API
    def current_player(self) -> int:
        """``PlayerId.CHANCE`` before the seed is drawn, then the lowest waiting seat, and
        ``PlayerId.TERMINAL`` once the match is over."""
        return self._mover()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The opening seed draw: :data:`SEEDS` outcomes, uniform."""
        return [(i, 1.0 / SEEDS) for i in range(SEEDS)]

    def _legal_actions(self, player: int) -> list[int]:
        if player != self._mover():
            return []
        return sorted(self._prompt()[1])

    def _apply_action(self, action: int) -> None:
        seat = self._mover()
        if seat == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < SEEDS:
                raise ValueError(f"seed outcome {action} is outside 0..{SEEDS - 1}")
            self._seed = self.get_game().engine_seed(action)
            return
        choice = self._prompt()[1].get(action)
        if choice is None:
            raise ValueError(f"action {action} is not legal now")
        self.core.apply(seat, choice)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal with seed {action}"
        if player == self._mover():
            prompt, by_action = self._prompt()
            choice = by_action.get(action)
            if prompt is not None and choice is not None:
                c = prompt.get(choice)
                same = sum(1 for o in prompt.choices if o.label == c.label)
                return c.label if same == 1 else f"{c.label} ({c.id})"
        return self.get_game().action_map.name(action)

    def is_terminal(self) -> bool:
        """True once the engine reports an outcome."""
        if self._core_obj is None and self._seed is None:
            return False
        core = self.core
        return core.rules.outcome(core.state) is not None

    def returns(self) -> list[float]:
        """Per seat: zero-sum games +1 / -1 (0 for a draw); constant-sum games the winners
        share 1 (a draw splits it among all seats). All zeros before the end."""
        n = len(self.get_game().config.seats)
        if self._core_obj is None and self._seed is None:
            return [0.0] * n
        core = self.core
        out = core.rules.outcome(core.state)
        if out is None:
            return [0.0] * n
        winners = set(out.winners)
        if self.get_game().zero_sum:
            if not winners or len(winners) == n:
                return [0.0] * n
            return [1.0 if s in winners else -1.0 for s in range(n)]
        if not winners:
            return [1.0 / n] * n
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]

    def resample_from_infostate(self, player: int, sampler: Any) -> ImperiaState:
        """A state consistent with everything ``player`` knows: ``determinize`` from that seat
        (``sampler()`` gives a float in [0, 1) that seeds the resampling)."""
        core = self.core
        seed = int(sampler() * (1 << 62)) if callable(sampler) else int(sampler)
        state = core.rules.determinize(core.state, player, Rng(new_cell(seed)))
        other = ImperiaState(self.get_game())
        other._seed = self._seed
        other._core_obj = Core(
            core.rules, core.config, core.seed, None, state, [list(o) for o in core.own]
        )
        return other

    def view_string(self, player: int, recall: bool) -> str:
        """``canonical(view(state, player))``; with ``recall``, followed by the player's own
        past choice ids. Empty before the seed is drawn."""
        if self._core_obj is None and self._seed is None:
            return ""
        core = self.core
        text = canonical(core.rules.view(core.state, player))
        if recall:
            text += "|mine:" + ",".join(core.own[player])
        return text

    def __str__(self) -> str:
        if self._core_obj is None and self._seed is None:
            return f"{self.get_game().rules.id} before the deal"
        core = self.core
        plies = sum(len(o) for o in core.own)
        return f"{core.rules.id} after {plies} choices, state {state_hash(core.state).hex()}"


class _Observer:
    """OpenSpiel's PyObserver protocol: strings only (no tensors)."""

    def __init__(self, recall: bool):
        self.recall = recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: ImperiaState, player: int) -> None:
        """No tensors to fill."""

    def string_from(self, state: ImperiaState, player: int) -> str:
        return state.view_string(player, self.recall)


class ImperiaGame(pyspiel.Game):
    """Base of the per-game OpenSpiel game classes made by :func:`register_all`.

    Subclasses set ``RULES`` and ``GAME_TYPE``. Raises ValueError for a bad seat count or
    option (the engine's own message).
    """

    RULES: Rules
    GAME_TYPE: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None):
        rules = self.RULES
        full = {**self.GAME_TYPE.parameter_specification, **(params or {})}
        players = int(full["players"])
        if not rules.min_seats <= players <= rules.max_seats:
            raise ValueError(
                f"{rules.title} takes {rules.min_seats}-{rules.max_seats} players, got {players}"
            )
        options = resolve_options(
            rules, {o.key: full[o.key] for o in rules.options if o.key in full}
        )
        self.rules = rules
        self.zero_sum = rules.min_seats == rules.max_seats == 2
        self.config = Config(
            tuple(SeatConfig(f"Seat {i + 1}", "bot") for i in range(players)), options
        )
        self.action_map = ActionMap(VOCABULARY.get(rules.id, ()))
        self._base_seed = int(full["seed"])
        info = pyspiel.GameInfo(
            num_distinct_actions=self.action_map.size,
            max_chance_outcomes=SEEDS,
            num_players=players,
            min_utility=-1.0 if self.zero_sum else 0.0,
            max_utility=1.0,
            utility_sum=0.0 if self.zero_sum else 1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.GAME_TYPE, info, full)

    def engine_seed(self, outcome: int) -> int:
        """The engine seed of chance outcome ``outcome``: SplitMix64 of the base seed and it."""
        return _splitmix(self._base_seed * 1_000_003 + outcome)

    def new_initial_state(self) -> ImperiaState:
        """A new match at its opening chance node (the seed draw)."""
        return ImperiaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The view-string observer; perfect recall adds the player's own past choices."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(recall)


def _param_value(opt: Any) -> Any:
    """The OpenSpiel parameter default of a rule option: an int where every value is an int,
    otherwise the value's string form."""
    ints = opt.values and all(isinstance(v, int) for v in opt.values)
    if opt.kind == "int" and not opt.values:
        return int(opt.default)
    if opt.kind == "choice" and ints:
        return int(opt.default)
    return str(opt.default)


def game_type(rules: Rules) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of ``rules`` (see the module docstring)."""
    zero_sum = rules.min_seats == rules.max_seats == 2
    params: dict[str, Any] = {"players": rules.min_seats if zero_sum else rules.min_seats}
    params["seed"] = 0
    for opt in rules.options:
        params[opt.key] = _param_value(opt)
    return pyspiel.GameType(
        short_name=PREFIX + rules.id,
        long_name=f"Imperia {rules.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.CONSTANT_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_seats,
        min_num_players=rules.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=params,
    )


GAME_CLASSES: dict[str, type[ImperiaGame]] = {}
"""OpenSpiel game class per Imperia game id, filled by :func:`register_all`."""


def register_all() -> list[str]:
    """Register every game of the registry with OpenSpiel (once). Returns the short names."""
    registered = set(pyspiel.registered_names())
    for rules in registry.games():
        name = PREFIX + rules.id
        if rules.id not in GAME_CLASSES:
            cls = type(
                f"Imperia{rules.id.title().replace('_', '')}Game",
                (ImperiaGame,),
                {"RULES": rules, "GAME_TYPE": game_type(rules)},
            )
            GAME_CLASSES[rules.id] = cls
        if name not in registered:
            pyspiel.register_game(GAME_CLASSES[rules.id].GAME_TYPE, GAME_CLASSES[rules.id])
    return [PREFIX + g for g in GAME_CLASSES]


class ImperiaBot(pyspiel.Bot):
    """One of the engine's own bots (``"bot"``, ``"random"``, ...) as an OpenSpiel bot.

    It decides through :func:`engine.ai.decide`, so it sees a determinized copy of the state
    from its own seat only, exactly as in the app. ``seed`` seeds its RNG.
    """

    def __init__(self, game: ImperiaGame, player: int, kind: str = "bot", seed: int = 0):
        pyspiel.Bot.__init__(self)
        self._bot = registry.make_bot(game.rules.id, kind)
        self._player = player
        self._rng = Rng(new_cell(_splitmix(seed * 7919 + player)))

    def step(self, state: ImperiaState) -> int:
        """The action this bot takes in ``state`` (its seat must be the one to move)."""
        core = state.core
        choice = decide(self._bot, core.rules, core.state, self._player, self._rng)
        return state.get_game().action_map.action(choice)

    def restart_at(self, state: ImperiaState) -> None:
        """Nothing to forget: the bot keeps no memory between decisions."""

    def inform_action(self, state: ImperiaState, player_id: int, action: int) -> None:
        """Nothing to track."""


def play(state: ImperiaState, bots: list[Any]) -> list[float]:
    """Play ``state`` to the end with one bot per seat (anything with ``step(state)``).
    Returns the returns per seat."""
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(bots[p].step(state))
    return state.returns()


register_all()
