"""IMP-A44: a known Wonder in hand and a Wonder played face down — the opponent cannot tell
which Wonder went face down (IMP-11.2)."""

from __future__ import annotations

from engine.games.imperium import RULES
from engine.games.imperium.position import build
from engine.rng import Rng


def _position():
    """R (Roman, active) holds Colosseum and Temple of Janus, and G knows the Colosseum is
    there (a face-up Wonder returned to hand) and also knows a Legion; 20 energy."""
    return build(
        {
            "active": "R",
            "phase": "action",
            "energy": 20,
            "R": {
                "hand": ["colosseum", "temple_of_janus", "legion"],
                "known_hand": ["colosseum", "legion"],
            },
            "G": {"hand": ["hoplite"]},
        }
    )


def _greek_sees(st):
    return RULES.view(st, 1)["seats"][0]


def test_imp_a44_any_face_down_play_forgets_every_known_wonder():
    """IMP-A44: whichever Wonder R plays face down (the known Colosseum or the unknown Temple
    of Janus), G's view of R's hand and play area is the same afterwards: no known Wonder, the
    Legion still known, one face-down card of unknown identity."""
    seen = []
    for wonder in ("colosseum", "temple_of_janus"):
        st = _position()
        assert _greek_sees(st)["known_hand"] == ["colosseum", "legion"]
        RULES.apply(st, 0, f"play:{wonder}", Rng(st["rng"]))
        g = _greek_sees(st)
        assert g["known_hand"] == ["legion"]
        assert g["hand_count"] == 2
        assert [p["card"] for p in g["play"]] == [None] and g["play"][0]["face_down"]
        seen.append({k: g[k] for k in ("known_hand", "hand_count", "play", "hand")})
    assert seen[0] == seen[1]


def test_imp_a44_forgotten_wonder_is_resampled_for_the_opponent():
    """IMP-A44 / IMP-11.4: after the face-down play the Wonder left in R's hand is an unknown
    card to G, so G's determinizations put different cards there (and either Wonder face
    down)."""
    st = _position()
    RULES.apply(st, 0, "play:colosseum", Rng(st["rng"]))
    faces, hands = set(), set()
    for k in range(30):
        w = RULES.determinize(st, 1, Rng.seeded(k))
        faces.add(w["play"][0][0][0])
        hands.add(tuple(sorted(w["hand"][0])))
        assert RULES.view(w, 1) == RULES.view(st, 1)
    assert len(faces) >= 2 and len(hands) >= 2
