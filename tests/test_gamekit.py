"""engine.gamekit (option resolving, plain-data copies, seat views) and engine.choices."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.choices import split_choice
from engine.gamekit import copy_plain, msgpack_clone, resolve_options, seat_view
from engine.games.imperium.rules import OPTIONS as IMP_OPTIONS
from engine.games.mausoleum.rules import OPTIONS as MAU_OPTIONS
from engine.games.res_publica.rules import OPTIONS as RP_OPTIONS
from engine.rng import Rng
from engine.rules import Config, SeatConfig
from tests.tinygame import HighCard

# ------------------------------------------------------------------ resolve_options


def test_defaults_are_the_rulings_defaults() -> None:
    """MAU-V1 $10m, MAU-V2 on, MAU-V3 9 graves, MAU-V4 random, MAU-V5 500 turns."""
    assert resolve_options(MAU_OPTIONS) == {
        "win_threshold": 10,
        "gardener_penalty": "on",
        "six_plus_graves": 9,
        "start_player": "random",
        "turn_cap": 500,
    }


def test_values_parsed_from_strings_and_keys_in_spec_order() -> None:
    out = resolve_options(MAU_OPTIONS, {"turn_cap": "40", "win_threshold": "12"})
    assert out["win_threshold"] == 12  # MAU-V1's longer game, an int again
    assert out["turn_cap"] == 40
    assert list(out) == [o.key for o in MAU_OPTIONS]


def test_int_option_accepts_its_named_values() -> None:
    """IMP-V6: hand_limit is "none" or an integer 0..99."""
    assert resolve_options(IMP_OPTIONS, {"hand_limit": "none"})["hand_limit"] == "none"
    assert resolve_options(IMP_OPTIONS, {"hand_limit": "7"})["hand_limit"] == 7


def test_unknown_option_names_key_game_and_known_keys() -> None:
    with pytest.raises(ValueError, match=r"unknown option\(s\) colour for res_publica") as err:
        resolve_options(RP_OPTIONS, {"colour": "red"}, "res_publica")
    assert "known: tiebreak, draw_mode" in str(err.value)


def test_bad_values_raise_clear_errors() -> None:
    with pytest.raises(ValueError, match="option win_threshold: 11 is not one of 10, 12"):
        resolve_options(MAU_OPTIONS, {"win_threshold": 11})
    with pytest.raises(ValueError, match=r"option turn_cap: 0 is outside 1\.\.100000"):
        resolve_options(MAU_OPTIONS, {"turn_cap": 0})
    with pytest.raises(ValueError, match="option turn_cap: expected an integer"):
        resolve_options(RP_OPTIONS, {"turn_cap": "many"})


def test_raw_is_not_changed() -> None:
    raw = {"steal_mode": "deny"}
    assert resolve_options(IMP_OPTIONS, raw)["steal_mode"] == "deny"
    assert raw == {"steal_mode": "deny"}


# ------------------------------------------------------------------ copies


def test_copy_plain_copies_lists_and_dicts_deeply() -> None:
    state = {"hands": [[1, 2], [3]], "bomb": {"victims": [4]}, 7: "int key", "t": (1, 2)}
    new = copy_plain(state)
    assert new == state
    new["hands"][0].append(9)
    new["bomb"]["victims"].clear()
    assert state["hands"] == [[1, 2], [3]] and state["bomb"] == {"victims": [4]}
    assert 7 in new and new["t"] == (1, 2)  # int keys and tuples kept as they are


def test_msgpack_clone_round_trips_plain_data() -> None:
    state = {"a": [1, [2, 3]], "b": None, 3: True, "t": (1, 2)}
    new = msgpack_clone(state)
    assert new == {"a": [1, [2, 3]], "b": None, 3: True, "t": [1, 2]}  # a tuple comes back a list
    new["a"][1].append(4)
    assert state["a"] == [1, [2, 3]]
    with pytest.raises(TypeError):
        msgpack_clone({"x": Fraction(1, 2)})


# ------------------------------------------------------------------ seat_view


def _highcard():
    rules = HighCard()
    seats = (SeatConfig("A"), SeatConfig("B"))
    state = rules.setup(Config(seats, resolve_options(rules.options)), Rng.seeded(3))
    return rules, state


def test_seat_view_passes_prompt_waiting_and_outcome() -> None:
    rules, state = _highcard()
    got = {}

    def build(st, seat, prompt, waiting, outcome):
        got.update(st=st, seat=seat, prompt=prompt, waiting=waiting, outcome=outcome)
        return {"seat": seat}

    assert seat_view(rules, state, 1, build) == {"seat": 1}
    assert got["st"] is state and got["seat"] == 1
    assert got["prompt"] == rules.prompt(state, 1) and got["prompt"].seat == 1
    assert got["waiting"] == (0, 1)  # the simultaneous secret pick: both seats
    assert got["outcome"] is None
    seat_view(rules, state, None, build)
    assert got["prompt"] is None  # a spectator has no prompt


# ------------------------------------------------------------------ split_choice


def test_split_choice_returns_the_argument() -> None:
    assert split_choice("ret:3", "ret") == "3"
    assert split_choice("discard:legion", "discard") == "legion"
    assert split_choice("a:b:c", "a") == "b:c"
    assert split_choice("pick:", "pick") == ""


@pytest.mark.parametrize("bad", ["reroll:farm", "discard", "discardx:farm", "dis:farm", ""])
def test_split_choice_rejects_another_verb(bad: str) -> None:
    with pytest.raises(ValueError, match=f"choice id {bad!r} does not start with 'discard:'"):
        split_choice(bad, "discard")
