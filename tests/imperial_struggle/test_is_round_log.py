"""Log lines of the round's event kinds: game terms with costs, no rule IDs (IS-16.5, project
style)."""

from __future__ import annotations

import re

from is_round_kit import BR, FR, F, act, mk, pick

from engine.games.imperial_struggle import text as T


def test_round_log_lines_read_in_game_terms():
    st = mk(
        "T2",
        BR,
        flags={"puerto_rico": "britain"},
        squadrons={"antilles_channel": FR},
        conflict={"martinique": 1},
    )
    out = act(st, BR, "tile:0", "actions", "act:major")
    pick(st, BR, "shift:martinique")
    out += act(st, BR, "adv:rum", "confirm")
    pick(st, BR, "shift:cumberland")
    out += act(st, BR, "confirm", "done", "end_round")
    lines = [T.describe(e, None) for e in out]
    assert "Britain takes Investment tile 0 (Economic 4 / Diplomatic 2)" in lines
    assert "Britain uses Rum" in lines
    assert "Britain unflags Martinique (1 EP: base 1, Rum −1, Protected +1)" in lines
    assert "Britain flags Cumberland (3 EP: base 2, new Region +1)" in lines
    assert "Britain's Action Round ends" in lines
    assert not any(re.search(r"IS-[A-Z0-9]", ln) for ln in lines)


def test_pass_and_purchase_lines():
    st = mk("T2", FR, debt=(3, 0))
    out = act(st, FR, "tile:0", "pass")
    lines = [T.describe(e, None) for e in out]
    assert "France reduces Debt by 2 for passing (Debt now 1)" in lines
    assert "France passes" in lines
    st = mk("T2", FR, squadrons={})
    out = act(st, FR, "tile:16", "actions", "act:major", "build_squadron", "confirm")
    assert "France builds a Squadron (4 MP)" in [T.describe(e, None) for e in out]


def test_no_debt_pass_reads_plainly():
    """IS-5.1b: with Debt 0 the choice and the line say just "Pass" / "France passes"."""
    st = mk("T2", FR, debt=(0, 0))
    act(st, FR, "tile:0")
    labels = {c.id: c.label for c in F.choices_of(st, FR)}
    assert labels["pass"] == "Pass"
    out = act(st, FR, "pass")
    assert "France passes" in [T.describe(e, None) for e in out]


def test_own_lines_agree_with_you():
    """Plain words: the acting side reads "You take Investment tile 16", "You start …", "You build a
    Squadron (2 MP: base 4, cheap Squadron −2)" (Halley A, IS-MIN10); the opponent reads
    "Britain takes …"."""
    st = mk("T2", BR, squadrons={}, ministries={BR: [("M-10", True)]})
    out = act(st, BR, "tile:16", "actions", "act:major", "build_squadron", "ability:M-10A")
    out += act(st, BR, "confirm")
    mine = [T.describe(e, BR) for e in out]
    theirs = [T.describe(e, FR) for e in out]
    assert any(ln.startswith("You take Investment tile 16") for ln in mine)
    assert any(ln.startswith("You start the Military major action") for ln in mine)
    assert "You build a Squadron (2 MP: base 4, cheap Squadron −2)" in mine
    assert "Britain builds a Squadron (2 MP: base 4, cheap Squadron −2)" in theirs
    bad = re.compile(r"\bYou [a-z]+s\b")
    assert not [ln for ln in mine if bad.search(ln) and "You pass" not in ln]


def test_jacobite_purchase_reads_in_game_terms_is_min04():
    """IS-MIN04 B: the paying prompt and the log name Jacobite Uprisings, never the raw kind:
    "Jacobite Uprisings: score 2 VP: pay 3 MP", "France pays for Jacobite Uprisings (3 MP)"."""
    st = mk(
        "T4",
        FR,
        flags={"scotland_alliance_2": "france"},
        ministries={FR: [("M-4", True)]},
        jacobite={"victories": 1, "right": True, "defeat": False},
    )
    act(st, FR, "tile:16", "actions", "act:major", "jacobite_vp")
    title = F.text_of(st, FR)[0]
    assert title.startswith("Jacobite Uprisings: score ") and title.endswith(": pay 3 MP")
    out = act(st, FR, "confirm")
    lines = [T.describe(e, None) for e in out]
    assert "France pays for Jacobite Uprisings (3 MP)" in lines
    assert not [ln for ln in lines if "jacobite" in ln]
