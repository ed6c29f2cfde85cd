"""Imperial Struggle Ministry cards (IS-3.5, IS-4.1.7, IS-4.1.11, IS-7.3a/b, section 15).

The 26 cards ``M-1``…``M-26`` (data: ``board.MINISTRIES``). This module is the ministries'
public face: it only re-exports. The card-wide machinery is in ``ministries_cards.py``, the
round-side abilities in ``ministries_round.py`` (start-of-round and menu abilities, their
frames, the Cardinal offer, Advantage triggers), the purchase-side hooks in ``ministries_pay.py``
(Jacobite purchases, cost modifiers, attached points, Debt hooks, Minor exceptions) and the log
lines in ``ministries_text.py``. Callers above the ministries layer use ``ministries.<name>``.

Hook list (who calls what):

* flow — Ministry Phase: :func:`selectable` (the flow's phases.py empties the slots and places
  the Jacobite third slot itself; :func:`begin_phase` / :func:`jacobite_slot` do the same and may
  replace that); Reset Phase: :func:`reset` (equivalent to the flow's own clearing); Remaining
  Powers: :func:`end_of_turn`.
* war — Jacobite Defeat: :func:`remove_m4`; the Jacobite right is ``st["jacobite"]["right"]``.
* :func:`reveal` (round, events, the abilities) — :func:`on_reveal` (M-20 Jacobite Defeat, M-24 b
  Huguenots refresh).
* round — ``round_start_choices``, ``s1_choices``, ``menu_choices``, ``apply_ability``, ``after_tile``,
  ``purchase_options``, ``purchase_cost``, ``purchase_label``, ``perform_purchase``, ``cost_mods``,
  ``cost_options``, ``apply_cost_option``, ``squadron_base``, ``after_purchase``,
  ``purchase_blocked``, ``debt_ap``, ``free_debt_left``, ``use_free_debt``,
  ``minor_exceptions``, ``use_minor_exception``, :func:`round_reset`.
  Restriction predicates used for attached points (purchases.restriction_ok):
  ``non_prestige_political`` (Pitt A), ``bonus_or_deploy`` (Choiseul A), ``scotland_ireland``
  (Papacy-Hanover), ``region:europe`` (Burke a).
* advantages — ``on_advantage_used`` (M-13, M-19 b).
* events — :func:`usable` / :func:`use` for M-8 B and M-25; ``lavoisier`` is events.py's.
* scoring reads ``state.face_up`` for M-3, M-7, M-12, M-14, M-18; ``state.forced_debt`` does M-19 a.

Exhaustion (IS-3.5b): ``st["min_exhausted"]`` keys are the card id for one-ability cards
(``"M-5"``) and card + letter for two-ability cards (``"M-8A"``); ``"M-17"`` holds a count (free
Debt used this turn, at most 2). Per-round marks ("first time each Action Round", Turgot's first
Debt, Jacobite A/B round marks, Hanbury Williams, Burke, the 2-MP Squadron) live in
``st["round"]["mods"]`` under keys starting with ``min`` or ``m4`` and vanish with the round record.

Log event kinds: ``ministry_use`` {card, ability}, ``jacobite_slot`` {}, ``jacobite_defeat`` {},
``ministry_removed`` {card}, ``debt_limit_up`` {n, total}, ``huguenots`` {space, state},
``townshend`` {commodity}, ``jacobite_shift`` {space, mode}, ``discard`` {cards},
``huguenots_refresh`` {n}.
"""

from __future__ import annotations

from . import ministries_text  # noqa: F401  (registers the log lines)
from .ministries_cards import (
    FIRST_TURNS,
    IRELAND,
    SCOT_IRISH,
    SCOTLAND,
    SIDE_KEY,
    TWO_ABILITY,
    begin_phase,
    card_of,
    end_of_turn,
    ensure_up,
    exhaust,
    has_jacobite_right,
    in_slot,
    is_exhausted,
    jacobite_slot,
    mods,
    name,
    on_reveal,
    remove_m4,
    reset,
    reveal,
    round_reset,
    selectable,
    usable,
    use,
    valid_cards,
)
from .ministries_pay import (
    after_purchase,
    apply_cost_option,
    cost_mods,
    cost_options,
    debt_ap,
    free_debt_left,
    jacobite_vp_value,
    minor_exceptions,
    perform_purchase,
    purchase_blocked,
    purchase_cost,
    purchase_label,
    purchase_options,
    squadron_base,
    use_free_debt,
    use_minor_exception,
)
from .ministries_round import (
    after_tile,
    apply_ability,
    menu_choices,
    on_advantage_used,
    round_start_choices,
    s1_choices,
)

__all__ = [
    "FIRST_TURNS",
    "IRELAND",
    "SCOTLAND",
    "SCOT_IRISH",
    "SIDE_KEY",
    "TWO_ABILITY",
    "after_purchase",
    "after_tile",
    "apply_ability",
    "apply_cost_option",
    "begin_phase",
    "card_of",
    "cost_mods",
    "cost_options",
    "debt_ap",
    "end_of_turn",
    "ensure_up",
    "exhaust",
    "free_debt_left",
    "has_jacobite_right",
    "in_slot",
    "is_exhausted",
    "jacobite_slot",
    "jacobite_vp_value",
    "menu_choices",
    "minor_exceptions",
    "mods",
    "name",
    "on_advantage_used",
    "on_reveal",
    "perform_purchase",
    "purchase_blocked",
    "purchase_cost",
    "purchase_label",
    "purchase_options",
    "remove_m4",
    "reset",
    "reveal",
    "round_reset",
    "round_start_choices",
    "s1_choices",
    "selectable",
    "squadron_base",
    "usable",
    "use",
    "use_free_debt",
    "use_minor_exception",
    "valid_cards",
]
