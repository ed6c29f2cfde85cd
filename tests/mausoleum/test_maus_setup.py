"""Setup by seat count (MAU-2), the rule options of MAU-12 at setup, and the card set (MAU-1).

Setups go through ``RULES.setup`` with a real :class:`engine.rng.Rng`, exactly as a match does.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from mausoleum_helpers import RULES, act, choice_ids, view

from engine.rng import Rng
from engine.rules import Config, SeatConfig, resolve_options

GRAVES = list(range(37, 46))
DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "mausoleum" / "cards.json"


def new_game(n: int, seed: int = 1, **options):
    """A fresh state from ``RULES.setup`` for ``n`` seats and the given option values."""
    seats = tuple(SeatConfig(f"P{i}") for i in range(n))
    return RULES.setup(Config(seats, resolve_options(RULES, options)), Rng.seeded(seed))


# MAU-2.4: cards each and the deck after dealing.
DEAL = {2: (5, 35), 3: (5, 30), 4: (4, 29), 5: (3, 30)}
DEAL.update({n: (5, 90 - 5 * n) for n in range(6, 11)})


@pytest.mark.parametrize("n", sorted(DEAL))
def test_maus_setup_deal_by_seat_count(n):
    """MAU-2.1, MAU-2.2, MAU-2.3, MAU-2.4, MAU-2.5, MAU-2.7, MAU-1.1, MAU-1.10: hands, deck, shop
    and empty zones for 2-10 players."""
    for seed in (1, 2):
        st = new_game(n, seed)
        each, deck = DEAL[n]
        assert [len(h) for h in st["hands"]] == [each] * n
        assert len(st["deck"]) == deck
        assert st["discard"] == []
        assert st["shop"] == GRAVES  # one set of graves by default, even with two decks
        assert all(z == [] for key in ("party", "morgue", "mausoleum") for z in st[key])
        cards = [c for h in st["hands"] for c in h] + st["deck"]
        non_graves = [c for c in range(1, 55) if c not in GRAVES]  # no credits card (MAU-1.1)
        expected = non_graves + ([c + 100 for c in non_graves] if n >= 6 else [])
        assert Counter(cards) == Counter(expected)
        assert 0 <= st["active"] == st["start"] < n
        assert st["phase"] == "turn"
        assert st["winners"] == [] and RULES.outcome(st) is None
        v = view(st, 0)
        assert v["deck_count"] == deck
        assert [s["hand_count"] for s in v["seats"]] == [each] * n
        assert v["threshold"] == 10


def test_maus_setup_shuffle_and_deal_follow_the_rng():
    """MAU-2.3: the deal comes from the engine's RNG: same seed, same deal; other seeds differ."""
    a, b = new_game(3, 7), new_game(3, 7)
    assert a["hands"] == b["hands"] and a["deck"] == b["deck"]
    assert len({tuple(new_game(3, s)["deck"]) for s in range(5)}) == 5


def test_maus_setup_start_player_random_by_default():
    """MAU-2.6, MAU-V4 random, MAU-A33: the start player is drawn at random; every seat starts in
    some game; the first turn is a draw turn."""
    starts = {new_game(4, s)["start"] for s in range(40)}
    assert starts == {0, 1, 2, 3}
    st = new_game(4, 3)
    assert RULES.waiting(st) == (st["start"],)
    # Discard pile empty at the start: the only choice is the deck (MAU-3.2).
    assert choice_ids(st, st["start"]) == ["draw:deck"]


def test_maus_setup_v4_host_chooses_the_start_player():
    """MAU-V4 host_choice: seat 0 picks the start player before the first turn."""
    st = new_game(3, 5, start_player="host_choice")
    assert st["phase"] == "choose_start"
    assert RULES.waiting(st) == (0,)
    assert set(choice_ids(st, 0)) == {"start:0", "start:1", "start:2"}
    act(st, 0, "start:2")
    assert (st["start"], st["active"], st["phase"]) == (2, 2, "turn")
    assert choice_ids(st, 2) == ["draw:deck"]


@pytest.mark.parametrize("n, graves", [(6, 18), (10, 18), (5, 9), (3, 9)])
def test_maus_setup_v3_eighteen_graves_only_with_two_decks(n, graves):
    """MAU-V3 = 18, MAU-2.7, MAU-A32: the second deck's graves 137-145 join the shop only in
    two-deck games."""
    st = new_game(n, 2, six_plus_graves=18)
    expected = GRAVES + ([g + 100 for g in GRAVES] if n >= 6 else [])
    assert sorted(st["shop"]) == expected
    assert len(st["shop"]) == graves


def test_maus_setup_v1_v2_v5_reach_the_state_and_view():
    """MAU-V1 12, MAU-V2 off and MAU-V5 turn cap: the options are stored and the view shows the
    threshold in force (MAU-11.2)."""
    st = new_game(3, 1, win_threshold=12, gardener_penalty="off", turn_cap=40)
    assert st["opts"]["win_threshold"] == 12
    assert st["opts"]["gardener_penalty"] == "off"
    assert st["opts"]["turn_cap"] == 40
    assert view(st, None)["threshold"] == 12


def test_maus_options_match_the_variants_table():
    """MAU-12: the option keys, defaults (first) and values, each naming its variant."""
    opts = {o.key: o for o in RULES.options}
    assert list(opts) == [
        "win_threshold",
        "gardener_penalty",
        "six_plus_graves",
        "start_player",
        "turn_cap",
    ]
    assert (opts["win_threshold"].default, tuple(opts["win_threshold"].values)) == (10, (10, 12))
    assert opts["gardener_penalty"].default == "on"
    assert tuple(opts["gardener_penalty"].values) == ("on", "off")
    assert (opts["six_plus_graves"].default, tuple(opts["six_plus_graves"].values)) == (9, (9, 18))
    assert opts["start_player"].default == "random"
    assert tuple(opts["start_player"].values) == ("random", "host_choice")
    assert (opts["turn_cap"].default, opts["turn_cap"].kind) == (500, "int")
    assert [o.rule for o in opts.values()] == ["MAU-V1", "MAU-V2", "MAU-V3", "MAU-V4", "MAU-V5"]
    with pytest.raises(ValueError):
        resolve_options(RULES, {"win_threshold": 11})
    with pytest.raises(ValueError):
        resolve_options(RULES, {"turn_cap": "many"})
    # Player-facing option text never shows rule IDs.
    assert all("MAU-" not in o.label + o.help for o in RULES.options)


def test_maus_seat_counts_two_to_five_with_one_deck():
    """MAU-2.1, MAU-A02: 2 seats minimum; fewer or more than 10 is refused at setup."""
    assert RULES.min_seats == 2
    for n in (1, 11):
        with pytest.raises(ValueError):
            new_game(n)


def test_maus_seat_counts_six_to_ten_are_offered():
    """MAU-2.1, MAU-2.7, 12 (last paragraph): choosing 6-10 seats brings in the second deck, so
    the game offers up to 10 seats."""
    assert RULES.max_seats == 10


# ---------------------------------------------------------------- card set (MAU-1)

HEIR_TABLE = {  # MAU-1.4: id -> (key, value, effect type)
    1: ("well_to_do_aunt", 4, None),
    10: ("well_to_do_aunt", 4, None),
    2: ("clever_nephew", 3, "protected_clever"),
    11: ("clever_niece", 3, "protected_clever"),
    3: ("black_sheep", 3, "black_sheep"),
    12: ("black_sheep", 3, "black_sheep"),
    4: ("beloved_husband", 2, "couple"),
    13: ("adoring_wife", 2, "couple"),
    5: ("long_lost_uncle", 5, None),
    14: ("long_lost_uncle", 5, None),
    6: ("petulant_brat", 1, None),
    15: ("petulant_brat", 1, None),
    7: ("meddling_cousin", 2, "meddling"),
    16: ("meddling_cousin", 2, "meddling"),
    8: ("bumbling_gardener", 0, "gardener"),
    17: ("bumbling_gardener", 0, "gardener"),
    9: ("loving_grandfather", 4, None),
    18: ("grumpy_dowager", 6, "dowager"),
}
GRAVE_TABLE = {  # MAU-1.6
    37: ("simple_headstone", 3),
    38: ("carved_headstone", 3),
    39: ("weeping_angel", 4),
    40: ("marble_cross", 4),
    41: ("stone_obelisk", 5),
    42: ("bronze_statue", 5),
    43: ("family_crypt", 6),
    44: ("marble_sarcophagus", 6),
    45: ("gothic_chapel", 7),
}
ACCIDENT_KEYS = [  # MAU-1.5, ids 19-26 and 28-35
    "croquet_accident",
    "auto_trouble",
    "lost_in_the_hedge_maze",
    "tumble_down_the_stairs",
    "poisoned_punch",
    "falling_chandelier",
    "hunting_mishap",
    "boating_accident",
]
EVENT_KEYS = ["on_holiday", "doozy", "misplaced"]  # MAU-1.7: 46/49/52, 47/50/53, 48/51/54


def test_maus_card_set_matches_the_rulings_tables():
    """MAU-1.2, MAU-1.4, MAU-1.5, MAU-1.6, MAU-1.7, MAU-1.8, MAU-1.10: kinds by number, keys, values
    and effect types of all 54 cards, and the second deck's copies at id + 100."""
    from engine.games.mausoleum.cards import CARDS

    for cid, (key, val, eff) in HEIR_TABLE.items():
        c = CARDS[cid]
        assert (c.kind, c.key, c.value, c.effect or None) == ("heir", key, val, eff), cid
    for cid, (key, val) in GRAVE_TABLE.items():
        assert (CARDS[cid].kind, CARDS[cid].key, CARDS[cid].value) == ("grave", key, val)
    for i, key in enumerate(ACCIDENT_KEYS):
        for cid in (19 + i, 28 + i):
            assert (CARDS[cid].kind, CARDS[cid].key, CARDS[cid].effect) == ("accident", key, "kill")
    assert (CARDS[27].key, CARDS[27].effect) == ("h_bomb", "kill_all")
    assert (CARDS[36].key, CARDS[36].effect) == ("botched_kidnapping", "kidnap")
    for i, key in enumerate(EVENT_KEYS):
        for cid in (46 + i, 49 + i, 52 + i):
            assert (CARDS[cid].kind, CARDS[cid].key) == ("event", key)
    assert Counter(CARDS[c].kind for c in range(1, 55)) == Counter(
        heir=18, accident=18, grave=9, event=9
    )
    assert sum(CARDS[c].value for c in range(1, 19)) == 50
    assert sum(CARDS[c].value for c in GRAVES) == 43
    for c in range(1, 55):
        copy = CARDS[c + 100]
        assert (copy.key, copy.kind, copy.value, copy.effect) == (
            CARDS[c].key,
            CARDS[c].kind,
            CARDS[c].value,
            CARDS[c].effect,
        )


def test_maus_card_data_agrees_with_the_shared_data_file():
    """MAU-1.3: the shared cards.json is authoritative; the engine's names, values and effect
    types agree with it for every card."""
    from engine.games.mausoleum.cards import CARDS

    if not DATA.exists():
        pytest.skip(f"shared data not checked out next to the repo: {DATA}")
    data = json.loads(DATA.read_text(encoding="utf-8"))
    cards = {c["id"]: c for c in data["cards"]}
    assert sorted(cards) == list(range(1, 55))
    for cid, raw in cards.items():
        c = CARDS[cid]
        assert c.name == raw["name"]
        assert c.kind == raw["kind"]
        assert c.value == (raw.get("value_m") or 0)
        assert (c.effect or None) == ((raw.get("effect") or {}).get("type") or None)
