"""Adapters that present Imperia's games to other frameworks (DESIGN.md "Bots").

Nothing else in ``engine/`` imports from here: an adapter depends on the engine, never the other
way round, and each adapter's third-party library is an optional extra (``.[openspiel]``).

* :mod:`engine.adapters.openspiel` — every registered game as an OpenSpiel game.
"""
