"""The Res Publica heuristic bot (engine/games/res_publica/bot.py, registered as ``"bot"``).

The bot is asked through ``engine.ai.decide`` (a determinized copy, as in a match), one prompt
at a time; specs and card selections must come out of the step-by-step composer choices.
Positions use ``position.build`` (P1 = seat 0). Rule IDs: shared/rules/res_publica.md.
"""

from __future__ import annotations

from engine.ai import decide
from engine.games.res_publica import BOTS, RULES
from engine.games.res_publica.bot_plan import next_step, spell
from engine.games.res_publica.position import build, summarize
from engine.games.res_publica.trade import parse_short
from engine.registry import make_bot
from engine.rng import Rng
from engine.rules import SeatConfig
from engine.session import BotSeats, new_match

DECKS = {"people_deck": 30, "civ_deck": 50}
"""Mid-game deck sizes for the positions (``position.build`` leaves decks empty otherwise)."""


def bot_steps(state: dict, seat: int, until, seed: int = 0) -> list[str]:
    """Let the bot answer ``seat``'s prompts while it is waiting and ``until(state)`` is false;
    returns its choices, each checked against the prompt it answered."""
    bot = BOTS["bot"]()
    rng = Rng.seeded(seed)
    out = []
    while seat in RULES.waiting(state) and not until(state):
        prompt = RULES.prompt(state, seat)
        choice = decide(bot, RULES, state, seat, rng)
        assert choice in [c.id for c in prompt.choices], (choice, prompt.choices)
        out.append(choice)
        RULES.apply(state, seat, choice, Rng.seeded(seed + 1))
        assert len(out) < 40, out
    return out


def trade_made(state: dict) -> bool:
    """The active seat's statement is out (RP-4.2)."""
    return state["trade"] is not None or state["phase"] != "trade"


def test_rp_bot_registered():
    """The registry makes the bot for the kind ``"bot"``."""
    bot = make_bot("res_publica", "bot")
    assert bot.name == "Bot"
    assert isinstance(bot, BOTS["bot"])


def _play(seats: list[str], seed: int) -> tuple[dict, list[tuple[int, str]]]:
    """A headless match; every bot answer is checked to be one of its prompt's choices."""
    cfg = [SeatConfig(f"P{i + 1}", k) for i, k in enumerate(seats)]
    match = new_match("res_publica", cfg, {}, seed=seed)
    bots = BotSeats(match)
    log = []
    while not match.over:
        seat = bots.next_seat()
        assert seat is not None
        choice = bots.choose(seat)
        if seats[seat] == "bot":
            prompt = match.rules.prompt(match.state, seat)
            assert choice in [c.id for c in prompt.choices]
        log.append((seat, choice))
        match.act(seat, choice)
        assert len(log) < 50_000
    return match.state, log


def test_rp_bot_only_legal_choices_3_to_5_seats():
    """Every answer is a listed choice (RP-11.2), with 3 (two bots), 4 and 5 seats (RP-1.1);
    the matches end and are scored (RP-8, RP-9)."""
    for seats, seed in (
        (["bot", "random", "bot"], 3),
        (["random", "bot", "random", "random"], 4),
        (["random", "random", "random", "random", "bot"], 5),
    ):
        state, log = _play(seats, seed)
        assert state["phase"] == "over" and state["winners"]
        assert any(c.startswith("n:") for s, c in log if seats[s] == "bot")  # it did trade


def test_rp_bot_deterministic():
    """Same seed, same match: the bot's work is bounded by counts, not by the clock."""
    a = _play(["bot", "random", "random", "random"], 11)[1]
    b = _play(["bot", "random", "random", "random"], 11)[1]
    assert a == b


# ----------------------------------------------------------------------------- trading
def test_rp_bot_requests_the_card_that_completes_a_set():
    """RP-4.2, RP-6.1: holding four Architecture and knowing that P2 holds one (its ``known``
    cards, e.g. from an earlier trade), the bot asks for the fifth, spelled step by step; P2
    gives it against a card the bot misses least (RP-4.10), and the bot displays the set for
    the 9 city (RP-6.4)."""
    st = build({**DECKS, "hands": {"P1": "AR×4, GO, SH", "P2": "AR, HU, LO", "P3": "VI×2"}})
    st["known"][0][1][5] = 1  # P1 knows P2 holds an Architecture
    steps = bot_steps(st, 0, trade_made)
    assert steps == ["request", "n:1", "k:AR", "send"]
    RULES.apply(st, 1, "resp:1GO", Rng.seeded(1))  # P2 answers: give me a Goth
    RULES.apply(st, 2, "pass", Rng.seeded(1))  # P3 has no Architecture (RP-4.6)
    assert st["phase"] == "accept"
    steps = bot_steps(st, 0, lambda s: s["phase"] == "draw")
    assert steps == ["accept:1", "display:AR"]
    s = summarize(st)
    assert s["tableau"]["P1"] == [["AR", 9]]
    assert s["hands"]["P1"] == "SH"


def test_rp_bot_rejects_an_answer_that_takes_its_set():
    """RP-4.8, RP-4.9: the bot may reject all answers; it does not pay four of its Architecture
    (a set in the making) for the one it asked for, nor take an answer it cannot pay."""
    st = build({**DECKS, "hands": {"P1": "AR×4, GO, SH", "P2": "AR, HU", "P3": "AR, VI"}})
    st["known"][0][1][5] = st["known"][0][2][5] = 1
    assert bot_steps(st, 0, trade_made) == ["request", "n:1", "k:AR", "send"]
    RULES.apply(st, 1, "resp:4AR", Rng.seeded(1))
    RULES.apply(st, 2, "resp:3CH", Rng.seeded(1))  # unpayable: not offered (RP-4.9)
    assert [c.id for c in RULES.prompt(st, 0).choices] == ["accept:1", "reject"]
    assert bot_steps(st, 0, lambda s: s["phase"] != "accept") == ["reject"]
    assert summarize(st)["counts"]["P1"]["AR"] == 4


def test_rp_bot_passes_a_request_for_its_set_cards():
    """RP-4.5, RP-4.6: asked for four Vikings by a seat holding one card, the bot (four Vikings)
    could answer but passes: one card is not worth a set in the making."""
    st = build({**DECKS, "hands": {"P1": "SH", "P2": "VI×4, CH"}})
    RULES.apply(st, 0, "req:4VI", Rng.seeded(1))
    assert st["phase"] == "respond" and st["trade"]["next"] == 1
    assert bot_steps(st, 1, lambda s: s["phase"] != "respond") == ["pass"]


def test_rp_bot_answers_a_cheap_request_with_a_fair_counter_request():
    """RP-4.5, RP-9.2: asked for one Commerce it does not need, the bot answers with a fair
    counter-request: one card, one of the two types that pair its lone Architecture and
    Shipbuilding (the asker picks which, RP-5.7), not a pile of any cards. (P1 holds no
    civilization card, which the bot cannot know, so P1 could not take it, RP-4.9.)"""
    st = build({**DECKS, "hands": {"P1": "AS×3, GO×3, HU×3, LO×3, VI×3", "P2": "CO, AR, SH"}})
    RULES.apply(st, 0, "req:1CO", Rng.seeded(1))
    steps = bot_steps(st, 1, lambda s: s["trade"]["next"] != 1)
    assert steps == ["respond", "n:1", "k:AR", "or", "n:1", "k:SH", "send"]
    assert dict(st["trade"]["responses"])[1] == "1AR/1SH"
    assert st["phase"] == "accept"  # P3 and P4 hold nothing: they pass by themselves
    assert [c.id for c in RULES.prompt(st, 0).choices] == ["reject"]


def test_rp_bot_spells_counts_above_twelve_through_more():
    """README composer rules: a count of 15 is reached through the 'more' page; the bot's
    spelling of a planned spec is accepted step by step by the composer (RP-11.4)."""
    st = build({**DECKS, "hands": {"P1": "AS×3, GO×3, HU×3, LO×3, VI×3", "P2": "CO, AR, SH"}})
    RULES.apply(st, 0, "req:1CO", Rng.seeded(1))
    RULES.apply(st, 1, "respond", Rng.seeded(1))
    plan = spell("respond", parse_short("15ANY/2CO"))
    assert plan == ["respond", "more", "n:15", "k:ANY", "or", "n:2", "k:CO", "send"]
    while st["trade"]["next"] == 1:
        offered = {c.id for c in RULES.prompt(st, 1).choices}
        RULES.apply(st, 1, next_step(st["draft"], plan, offered), Rng.seeded(1))
    assert dict(st["trade"]["responses"])[1] == "15ANY/2CO"


def test_rp_bot_counter_offers_its_least_useful_card():
    """RP-4.5 (Offer): offered two Goths while holding three, the bot counter-offers the one
    card it misses least (a lone Shipbuilding), never a Goth."""
    st = build({**DECKS, "hands": {"P1": "GO×2, HU", "P2": "GO×3, CH×2, SH"}})
    RULES.apply(st, 0, "off:2GO", Rng.seeded(1))
    steps = bot_steps(st, 1, lambda s: s["trade"]["next"] != 1)
    assert steps == ["respond", "n:1", "k:SH", "send"]


def test_rp_bot_gives_cheapest_cards_for_a_generic_term():
    """RP-5.7, RP-11.6: the giver picks the cards; for '2 any cards' the bot keeps its four
    Goths and its Chemistry pair and gives the two loose cards, one pick at a time."""
    st = build({**DECKS, "hands": {"P1": "VI", "P2": "GO×4, CH×2, AR, SH"}})
    RULES.apply(st, 0, "req:2ANY", Rng.seeded(1))
    RULES.apply(st, 1, "resp:1VI", Rng.seeded(1))
    for s in (2, 3):
        if st["phase"] == "respond":
            RULES.apply(st, s, "pass", Rng.seeded(1))
    RULES.apply(st, 0, "accept:1", Rng.seeded(1))
    steps = bot_steps(st, 1, lambda s: s["phase"] != "fulfil")
    assert steps == ["pick:AR", "pick:SH", "confirm"]
    assert summarize(st)["hands"]["P2"] == "GO×4, VI, CH×2"


# ----------------------------------------------------------------------------- display, draw
def test_rp_bot_displays_every_set_when_nobody_can_trade():
    """RP-6.3, RP-6.4: with nobody to trade with, the bot displays both sets (a settlement and
    the 9 city) and ends its display step."""
    st = build({**DECKS, "hands": {"P1": "GO×5, AR×5, HU"}})
    steps = bot_steps(st, 0, lambda s: s["phase"] == "draw")
    assert sorted(steps) == ["display:AR", "display:GO"]
    assert summarize(st)["tableau"]["P1"] == [["GO", 3], ["AR", 9]]


def test_rp_bot_draws_the_most_cards():
    """RP-7.2, RP-7.3: with three settlements the bot takes three civilization cards; with one it
    takes one civilization card and the people card."""
    st = build({**DECKS, "phase": "draw", "settled": {"P1": 3}, "hands": {"P1": "AR"}})
    assert bot_steps(st, 0, lambda s: s["active"] != 0) == ["civ:3"]
    st = build({**DECKS, "phase": "draw", "settled": {"P1": 1}, "hands": {"P1": "AR"}})
    assert bot_steps(st, 0, lambda s: s["active"] != 0) == ["civ:1"]


def test_rp_bot_final_display_shows_its_set():
    """RP-8.4: in the final display the bot shows its set (pairs would score only 2)."""
    st = build(
        {
            "phase": "final_display",
            "final": "P4",
            "fd": ["P1", "P2", "P3", "P4"],
            "hands": {"P1": "CO×5, GO"},
        }
    )
    RULES.advance(st)
    assert bot_steps(st, 0, lambda s: s["phase"] == "over" or s["active"] != 0) == ["display:CO"]


# ----------------------------------------------------------------------------- strength
def test_rp_bot_win_rate_smoke():
    """A small seeded smoke of the issue's target (the 200-match measure is
    scripts/rp_bot_eval.py): 4 seats, three random seats, the bot's seat rotating; it wins at
    least 5 of 8 (RP-9.3, shared wins counted)."""
    wins = 0
    for i in range(8):
        seats = ["random"] * 4
        seats[i % 4] = "bot"
        state, _ = _play(seats, 100 + i)
        wins += (i % 4) in state["winners"]
    assert wins >= 5


def test_rp_bot_prices_a_rivals_fifth_card_higher():
    """RP-6.1, RP-4.11: the bot knows P1 holds four Goths (cards it handed over earlier);
    when P1 asks for one Goth, the bot holding a lone Goth prices it as P1's set: it asks for
    two Architecture (one card more, what pairs and grows its own lone one), while in the same
    position knowing nothing of P1's hand it asks one card for one."""
    for known, answer in ((4, "2AR"), (0, "1AR/1SH")):
        st = build({**DECKS, "hands": {"P1": "GO×4, AS", "P2": "GO, AR, SH"}})
        st["known"][1][0][1] = known  # what P2 knows of P1's Goths
        RULES.apply(st, 0, "req:1GO", Rng.seeded(1))
        bot_steps(st, 1, lambda s: s["phase"] != "respond" or s["trade"]["next"] != 1)
        assert dict(st["trade"]["responses"])[1] == answer
