"""Mausoleum card data — GENERATED, do not edit by hand.

Generated once from shared/data/mausoleum/cards.json (copied unchanged to
engine/games/mausoleum/cards.json) by reading the JSON and writing, per card, its id, kind,
name, value (``value_m``), effect type and text, tags, and the name/value provenance as
"STATUS: source or reasoning" strings (python3, json.load + pprint). Regenerate the same way
if cards.json changes. File I/O is not allowed under engine/ outside the journal, so the data
lives here as a Python literal.
"""

from __future__ import annotations

from typing import Any

SOURCE = "shared/data/mausoleum/cards.json"

META: dict[str, Any] = {
    "game": "Mausoleum",
    "publisher": "Savant Garde Entertainment",
    "designer": "R. Hunter Gough",
    "year": 2000,
    "rules_version": "revised 'New Rules' (post-publication fix making Graves weaker)",
    "players": "2-5 (see ambiguity A2)",
    "money_unit": "values are in $ millions ('$4m' -> 4)",
    "status_legend": {
        "FOUND": "taken from the seed or a cited public page",
        "RECONSTRUCTED": "not public; chosen by us, with reasoning",
    },
    "sources": [
        "seed: shared/seeds/mausoleum.txt (Japanese translation of the revised rules, The "
        "Game Gallery, 2001)",
        "studiohunty.com/sg/mausoleum/rules.html (publisher's English 'New Rules for "
        "Mausoleum', opening section)",
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ)",
        "funagain.com product page 011248 (publisher blurb naming heirs and accidents)",
    ],
}

HAND_SIZE: dict[int, int] = {2: 5, 3: 5, 4: 4, 5: 3}
"""Cards dealt per player by seat count (MAU-2.4; cards.json rules.setup, FOUND)."""

CARDS: list[dict[str, Any]] = [
    {
        "id": 1,
        "kind": "heir",
        "name": "Well-to-Do Aunt",
        "value": 4,
        "effect": "",
        "text": "",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Named (plural) in funagain.com product page 011248 "
        "(publisher blurb naming heirs and accidents); number assigned by the "
        "9-apart pattern. The deck numbers heirs 1-9 and 10-18 in parallel: known "
        "duplicates sit exactly 9 apart (Black Sheep 3/12, Meddling Cousin 7/16, "
        "Bumbling Gardener 8/17) and so do the known couples (Clever Nephew 2 / "
        "Clever Niece 11, Beloved Husband 4 / Adoring Wife 13). The remaining "
        "slots 1/10, 5/14, 6/15 are therefore taken as the three heirs the "
        "publisher blurb names in the plural, and 9 as the counterpart of the "
        "Dowager at 18.",
        "value_provenance": "RECONSTRUCTED: A wealthy aunt is worth an upper-middle sum: one Aunt "
        "alone buys a $4m grave and pairs with any $3m heir for the $7m grave.",
    },
    {
        "id": 2,
        "kind": "heir",
        "name": "Clever Nephew",
        "value": 3,
        "effect": "protected_clever",
        "text": "Cannot be killed while his party holds any heir that is not a Clever Nephew or "
        "Clever Niece.",
        "tags": ["clever"],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#2) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ) (English name)",
        "value_provenance": "RECONSTRUCTED: Hard to kill, so safer to keep at a party; given a "
        "middle value rather than a high one so the protection is not also the "
        "best payout.",
    },
    {
        "id": 3,
        "kind": "heir",
        "name": "Black Sheep",
        "value": 3,
        "effect": "black_sheep",
        "text": "When buying a grave, Black Sheep may only be combined with other Black Sheep (never "
        "with other heirs). Other heirs in the same morgue are unaffected.",
        "tags": ["black_sheep"],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#3,#12) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ)",
        "value_provenance": "FOUND: studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ): one "
        "Black Sheep buys only a $3m grave; two buy up to $6m",
    },
    {
        "id": 4,
        "kind": "heir",
        "name": "Beloved Husband",
        "value": 2,
        "effect": "couple",
        "text": "Worth $2m. Buried together with the Adoring Wife, each gains +$2m, so the pair is "
        "worth $8m (enough for any grave).",
        "tags": ["couple"],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#4) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ)",
        "value_provenance": "FOUND: studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ): worth "
        "$2m alone",
    },
    {
        "id": 5,
        "kind": "heir",
        "name": "Long-Lost Uncle",
        "value": 5,
        "effect": "",
        "text": "",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Named (plural) in funagain.com product page 011248 "
        "(publisher blurb naming heirs and accidents); number by the 9-apart "
        "pattern.",
        "value_provenance": "RECONSTRUCTED: The surprise fortune of the family: the top plain value "
        "after the Dowager. One Uncle buys a $5m grave; Uncle + Cousin buys the "
        "$7m grave.",
    },
    {
        "id": 6,
        "kind": "heir",
        "name": "Petulant Brat",
        "value": 1,
        "effect": "",
        "text": "",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Named (plural) in funagain.com product page 011248 "
        "(publisher blurb naming heirs and accidents); number by the 9-apart "
        "pattern.",
        "value_provenance": "RECONSTRUCTED: Children hold little money; a $1m top-up card that makes "
        "odd sums reach a grave.",
    },
    {
        "id": 7,
        "kind": "heir",
        "name": "Meddling Cousin",
        "value": 2,
        "effect": "meddling",
        "text": "While a Meddling Cousin is at a party, no heir at that party other than a Meddling "
        "Cousin can be killed (applies to everyone's accidents).",
        "tags": ["meddling"],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#7,#16) + funagain.com product "
        "page 011248 (publisher blurb naming heirs and accidents) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ)",
        "value_provenance": "RECONSTRUCTED: Her ability shields the whole party, so her own "
        "inheritance is small.",
    },
    {
        "id": 8,
        "kind": "heir",
        "name": "Bumbling Gardener",
        "value": 0,
        "effect": "gardener",
        "text": "Worth $0. Each Bumbling Gardener sitting at YOUR party lowers your mausoleum's "
        "counted value by $2m (see ambiguity A3). Can be buried with other heirs.",
        "tags": ["gardener"],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#8,#17) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ)",
        "value_provenance": "FOUND: studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ): "
        "gardeners 'aren't worth anything' but may be buried alongside heirs "
        "that pay for a grave",
    },
    {
        "id": 9,
        "kind": "heir",
        "name": "Loving Grandfather",
        "value": 4,
        "effect": "",
        "text": "",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: English name found in "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ) (number not "
        "given); placed at #9 as the elderly counterpart of the Dowager at #18.",
        "value_provenance": "RECONSTRUCTED: A comfortable elder: same tier as the Aunts.",
    },
    {
        "id": 10,
        "kind": "heir",
        "name": "Well-to-Do Aunt",
        "value": 4,
        "effect": "",
        "text": "",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Named (plural) in funagain.com product page 011248 "
        "(publisher blurb naming heirs and accidents); number assigned by the "
        "9-apart pattern. The deck numbers heirs 1-9 and 10-18 in parallel: known "
        "duplicates sit exactly 9 apart (Black Sheep 3/12, Meddling Cousin 7/16, "
        "Bumbling Gardener 8/17) and so do the known couples (Clever Nephew 2 / "
        "Clever Niece 11, Beloved Husband 4 / Adoring Wife 13). The remaining "
        "slots 1/10, 5/14, 6/15 are therefore taken as the three heirs the "
        "publisher blurb names in the plural, and 9 as the counterpart of the "
        "Dowager at 18.",
        "value_provenance": "RECONSTRUCTED: A wealthy aunt is worth an upper-middle sum: one Aunt "
        "alone buys a $4m grave and pairs with any $3m heir for the $7m grave.",
    },
    {
        "id": 11,
        "kind": "heir",
        "name": "Clever Niece",
        "value": 3,
        "effect": "protected_clever",
        "text": "Cannot be killed while her party holds any heir that is not a Clever Nephew or "
        "Clever Niece.",
        "tags": ["clever"],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#11) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ)",
        "value_provenance": "RECONSTRUCTED: Mirror of the Clever Nephew.",
    },
    {
        "id": 12,
        "kind": "heir",
        "name": "Black Sheep",
        "value": 3,
        "effect": "black_sheep",
        "text": "When buying a grave, Black Sheep may only be combined with other Black Sheep (never "
        "with other heirs). Other heirs in the same morgue are unaffected.",
        "tags": ["black_sheep"],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#3,#12) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ)",
        "value_provenance": "FOUND: studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ): one "
        "Black Sheep buys only a $3m grave; two buy up to $6m",
    },
    {
        "id": 13,
        "kind": "heir",
        "name": "Adoring Wife",
        "value": 2,
        "effect": "couple",
        "text": "Worth $2m. Buried together with the Beloved Husband, each gains +$2m, so the pair "
        "is worth $8m.",
        "tags": ["couple"],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#13) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ)",
        "value_provenance": "FOUND: studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ): worth "
        "$2m alone",
    },
    {
        "id": 14,
        "kind": "heir",
        "name": "Long-Lost Uncle",
        "value": 5,
        "effect": "",
        "text": "",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Named (plural) in funagain.com product page 011248 "
        "(publisher blurb naming heirs and accidents); number by the 9-apart "
        "pattern.",
        "value_provenance": "RECONSTRUCTED: The surprise fortune of the family: the top plain value "
        "after the Dowager. One Uncle buys a $5m grave; Uncle + Cousin buys the "
        "$7m grave.",
    },
    {
        "id": 15,
        "kind": "heir",
        "name": "Petulant Brat",
        "value": 1,
        "effect": "",
        "text": "",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Named (plural) in funagain.com product page 011248 "
        "(publisher blurb naming heirs and accidents); number by the 9-apart "
        "pattern.",
        "value_provenance": "RECONSTRUCTED: Children hold little money; a $1m top-up card that makes "
        "odd sums reach a grave.",
    },
    {
        "id": 16,
        "kind": "heir",
        "name": "Meddling Cousin",
        "value": 2,
        "effect": "meddling",
        "text": "While a Meddling Cousin is at a party, no heir at that party other than a Meddling "
        "Cousin can be killed (applies to everyone's accidents).",
        "tags": ["meddling"],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#7,#16) + funagain.com product "
        "page 011248 (publisher blurb naming heirs and accidents) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ)",
        "value_provenance": "RECONSTRUCTED: Her ability shields the whole party, so her own "
        "inheritance is small.",
    },
    {
        "id": 17,
        "kind": "heir",
        "name": "Bumbling Gardener",
        "value": 0,
        "effect": "gardener",
        "text": "Worth $0. Each Bumbling Gardener sitting at YOUR party lowers your mausoleum's "
        "counted value by $2m (see ambiguity A3). Can be buried with other heirs.",
        "tags": ["gardener"],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#8,#17) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ)",
        "value_provenance": "FOUND: studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ): "
        "gardeners 'aren't worth anything' but may be buried alongside heirs "
        "that pay for a grave",
    },
    {
        "id": 18,
        "kind": "heir",
        "name": "Grumpy Dowager",
        "value": 6,
        "effect": "dowager",
        "text": "While a Grumpy Dowager is at a party, no heir other than a Grumpy Dowager may be "
        "invited to that party (by anyone).",
        "tags": ["dowager"],
        "name_provenance": "RECONSTRUCTED: Card #18 and its rule text are in the seed (Japanese "
        "不機嫌な未亡貴婦人, 'grumpy widowed noblewoman'); the English card title was not "
        "found, 'Grumpy Dowager' is a translation.",
        "value_provenance": "RECONSTRUCTED: Highest heir value, balanced by her lock: while she sits "
        "at a party nobody can invite anyone else there, so her own host cannot "
        "grow that party until she is killed. Also usable as a weapon: invite "
        "her to an opponent's party to freeze it.",
    },
    {
        "id": 19,
        "kind": "accident",
        "name": "Croquet Accident",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "FOUND: funagain.com product page 011248 (publisher blurb naming heirs "
        "and accidents) names this accident; which card numbers carry it is "
        "reconstructed (copies 9 apart, like the heirs)",
        "value_provenance": "",
    },
    {
        "id": 20,
        "kind": "accident",
        "name": "Auto Trouble",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "FOUND: funagain.com product page 011248 (publisher blurb naming heirs "
        "and accidents) names this accident; which card numbers carry it is "
        "reconstructed (copies 9 apart, like the heirs)",
        "value_provenance": "",
    },
    {
        "id": 21,
        "kind": "accident",
        "name": "Lost in the Hedge Maze",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "FOUND: funagain.com product page 011248 (publisher blurb naming heirs "
        "and accidents) names this accident; which card numbers carry it is "
        "reconstructed (copies 9 apart, like the heirs)",
        "value_provenance": "",
    },
    {
        "id": 22,
        "kind": "accident",
        "name": "Tumble Down the Stairs",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Only three accident titles are public; the other five "
        "generic titles are invented flavour. All generic accidents share the "
        "same rule, so titles do not affect play.",
        "value_provenance": "",
    },
    {
        "id": 23,
        "kind": "accident",
        "name": "Poisoned Punch",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Only three accident titles are public; the other five "
        "generic titles are invented flavour. All generic accidents share the "
        "same rule, so titles do not affect play.",
        "value_provenance": "",
    },
    {
        "id": 24,
        "kind": "accident",
        "name": "Falling Chandelier",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Only three accident titles are public; the other five "
        "generic titles are invented flavour. All generic accidents share the "
        "same rule, so titles do not affect play.",
        "value_provenance": "",
    },
    {
        "id": 25,
        "kind": "accident",
        "name": "Hunting Mishap",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Only three accident titles are public; the other five "
        "generic titles are invented flavour. All generic accidents share the "
        "same rule, so titles do not affect play.",
        "value_provenance": "",
    },
    {
        "id": 26,
        "kind": "accident",
        "name": "Boating Accident",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Only three accident titles are public; the other five "
        "generic titles are invented flavour. All generic accidents share the "
        "same rule, so titles do not affect play.",
        "value_provenance": "",
    },
    {
        "id": 27,
        "kind": "accident",
        "name": "H-Bomb",
        "value": 0,
        "effect": "kill_all",
        "text": "Every heir at every party is killed at once, except heirs saved by a Doozy or by a "
        "protection (Clever, Meddling). Each victim goes to its own party owner's morgue. "
        "Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Card #27 and its rule are in the seed (水爆禍, "
        "'hydrogen-bomb disaster'); English title not found, translated.",
        "value_provenance": "",
    },
    {
        "id": 28,
        "kind": "accident",
        "name": "Croquet Accident",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "FOUND: funagain.com product page 011248 (publisher blurb naming heirs "
        "and accidents) names this accident; which card numbers carry it is "
        "reconstructed (copies 9 apart, like the heirs)",
        "value_provenance": "",
    },
    {
        "id": 29,
        "kind": "accident",
        "name": "Auto Trouble",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "FOUND: funagain.com product page 011248 (publisher blurb naming heirs "
        "and accidents) names this accident; which card numbers carry it is "
        "reconstructed (copies 9 apart, like the heirs)",
        "value_provenance": "",
    },
    {
        "id": 30,
        "kind": "accident",
        "name": "Lost in the Hedge Maze",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "FOUND: funagain.com product page 011248 (publisher blurb naming heirs "
        "and accidents) names this accident; which card numbers carry it is "
        "reconstructed (copies 9 apart, like the heirs)",
        "value_provenance": "",
    },
    {
        "id": 31,
        "kind": "accident",
        "name": "Tumble Down the Stairs",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Only three accident titles are public; the other five "
        "generic titles are invented flavour. All generic accidents share the "
        "same rule, so titles do not affect play.",
        "value_provenance": "",
    },
    {
        "id": 32,
        "kind": "accident",
        "name": "Poisoned Punch",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Only three accident titles are public; the other five "
        "generic titles are invented flavour. All generic accidents share the "
        "same rule, so titles do not affect play.",
        "value_provenance": "",
    },
    {
        "id": 33,
        "kind": "accident",
        "name": "Falling Chandelier",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Only three accident titles are public; the other five "
        "generic titles are invented flavour. All generic accidents share the "
        "same rule, so titles do not affect play.",
        "value_provenance": "",
    },
    {
        "id": 34,
        "kind": "accident",
        "name": "Hunting Mishap",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Only three accident titles are public; the other five "
        "generic titles are invented flavour. All generic accidents share the "
        "same rule, so titles do not affect play.",
        "value_provenance": "",
    },
    {
        "id": 35,
        "kind": "accident",
        "name": "Boating Accident",
        "value": 0,
        "effect": "kill",
        "text": "Kill one heir at any party (yours or another player's): the heir moves, turned "
        "sideways, to the morgue of that party's owner. Protections (Clever, Meddling, "
        "Doozy) apply. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Only three accident titles are public; the other five "
        "generic titles are invented flavour. All generic accidents share the "
        "same rule, so titles do not affect play.",
        "value_provenance": "",
    },
    {
        "id": 36,
        "kind": "accident",
        "name": "Botched Kidnapping",
        "value": 0,
        "effect": "kidnap",
        "text": "Kill one heir at any party; the victim goes to YOUR morgue, whoever's party it came "
        "from. Protections apply (FAQ). Discard this card.",
        "tags": [],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (#36) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ) (English name)",
        "value_provenance": "",
    },
    {
        "id": 37,
        "kind": "grave",
        "name": "Simple Headstone",
        "value": 3,
        "effect": "grave",
        "text": "Bought from the shop with heirs from your morgue totalling at least this value; "
        "goes to your mausoleum.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Grave titles are not public; invented flavour.",
        "value_provenance": "RECONSTRUCTED: FAQ says a lone Black Sheep ($3m) can buy 'only a Grave "
        "worth $3m' (no 'up to'), implying $3m is the cheapest grave; two copies "
        "chosen so both Black Sheep can each find a grave.",
    },
    {
        "id": 38,
        "kind": "grave",
        "name": "Carved Headstone",
        "value": 3,
        "effect": "grave",
        "text": "Bought from the shop with heirs from your morgue totalling at least this value; "
        "goes to your mausoleum.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Grave titles are not public; invented flavour.",
        "value_provenance": "RECONSTRUCTED: FAQ says a lone Black Sheep ($3m) can buy 'only a Grave "
        "worth $3m' (no 'up to'), implying $3m is the cheapest grave; two copies "
        "chosen so both Black Sheep can each find a grave.",
    },
    {
        "id": 39,
        "kind": "grave",
        "name": "Weeping Angel",
        "value": 4,
        "effect": "grave",
        "text": "Bought from the shop with heirs from your morgue totalling at least this value; "
        "goes to your mausoleum.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Grave titles are not public; invented flavour.",
        "value_provenance": "RECONSTRUCTED: Filled in pairwise between the known bounds $3m and $7m "
        "(3,3,4,4,5,5,6,6,7 = $43m). Checked by simulation (see README).",
    },
    {
        "id": 40,
        "kind": "grave",
        "name": "Marble Cross",
        "value": 4,
        "effect": "grave",
        "text": "Bought from the shop with heirs from your morgue totalling at least this value; "
        "goes to your mausoleum.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Grave titles are not public; invented flavour.",
        "value_provenance": "RECONSTRUCTED: Filled in pairwise between the known bounds $3m and $7m "
        "(3,3,4,4,5,5,6,6,7 = $43m). Checked by simulation (see README).",
    },
    {
        "id": 41,
        "kind": "grave",
        "name": "Stone Obelisk",
        "value": 5,
        "effect": "grave",
        "text": "Bought from the shop with heirs from your morgue totalling at least this value; "
        "goes to your mausoleum.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Grave titles are not public; invented flavour.",
        "value_provenance": "RECONSTRUCTED: Filled in pairwise between the known bounds $3m and $7m "
        "(3,3,4,4,5,5,6,6,7 = $43m). Checked by simulation (see README).",
    },
    {
        "id": 42,
        "kind": "grave",
        "name": "Bronze Statue",
        "value": 5,
        "effect": "grave",
        "text": "Bought from the shop with heirs from your morgue totalling at least this value; "
        "goes to your mausoleum.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Grave titles are not public; invented flavour.",
        "value_provenance": "RECONSTRUCTED: Filled in pairwise between the known bounds $3m and $7m "
        "(3,3,4,4,5,5,6,6,7 = $43m). Checked by simulation (see README).",
    },
    {
        "id": 43,
        "kind": "grave",
        "name": "Family Crypt",
        "value": 6,
        "effect": "grave",
        "text": "Bought from the shop with heirs from your morgue totalling at least this value; "
        "goes to your mausoleum.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Grave titles are not public; invented flavour.",
        "value_provenance": "RECONSTRUCTED: Filled in pairwise between the known bounds $3m and $7m "
        "(3,3,4,4,5,5,6,6,7 = $43m). Checked by simulation (see README).",
    },
    {
        "id": 44,
        "kind": "grave",
        "name": "Marble Sarcophagus",
        "value": 6,
        "effect": "grave",
        "text": "Bought from the shop with heirs from your morgue totalling at least this value; "
        "goes to your mausoleum.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Grave titles are not public; invented flavour.",
        "value_provenance": "RECONSTRUCTED: Filled in pairwise between the known bounds $3m and $7m "
        "(3,3,4,4,5,5,6,6,7 = $43m). Checked by simulation (see README).",
    },
    {
        "id": 45,
        "kind": "grave",
        "name": "Gothic Chapel",
        "value": 7,
        "effect": "grave",
        "text": "Bought from the shop with heirs from your morgue totalling at least this value; "
        "goes to your mausoleum.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Grave titles are not public; invented flavour.",
        "value_provenance": "FOUND: studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ): 'the "
        "highest valued Grave is $7m' (only one grave at that value is implied)",
    },
    {
        "id": 46,
        "kind": "event",
        "name": "On Holiday",
        "value": 0,
        "effect": "holiday",
        "text": "Discard one heir from any party (a Doozy on it is discarded too and does not "
        "protect). Discard this card.",
        "tags": [],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ) (English name)",
        "value_provenance": "",
    },
    {
        "id": 47,
        "kind": "event",
        "name": "Doozy",
        "value": 0,
        "effect": "doozy",
        "text": "Attach to one heir at any party and leave it there. The next time that heir would "
        "be killed, discard the Doozy instead and the heir stays. Does not stop On Holiday.",
        "tags": [],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (イケてる奴) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ) (English name)",
        "value_provenance": "",
    },
    {
        "id": 48,
        "kind": "event",
        "name": "Misplaced",
        "value": 0,
        "effect": "misplaced",
        "text": "Discard one heir from any morgue. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Cards and rule are in the seed (置き間違い, 'misplacing'); "
        "English title not found, translated.",
        "value_provenance": "",
    },
    {
        "id": 49,
        "kind": "event",
        "name": "On Holiday",
        "value": 0,
        "effect": "holiday",
        "text": "Discard one heir from any party (a Doozy on it is discarded too and does not "
        "protect). Discard this card.",
        "tags": [],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ) (English name)",
        "value_provenance": "",
    },
    {
        "id": 50,
        "kind": "event",
        "name": "Doozy",
        "value": 0,
        "effect": "doozy",
        "text": "Attach to one heir at any party and leave it there. The next time that heir would "
        "be killed, discard the Doozy instead and the heir stays. Does not stop On Holiday.",
        "tags": [],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (イケてる奴) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ) (English name)",
        "value_provenance": "",
    },
    {
        "id": 51,
        "kind": "event",
        "name": "Misplaced",
        "value": 0,
        "effect": "misplaced",
        "text": "Discard one heir from any morgue. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Cards and rule are in the seed (置き間違い, 'misplacing'); "
        "English title not found, translated.",
        "value_provenance": "",
    },
    {
        "id": 52,
        "kind": "event",
        "name": "On Holiday",
        "value": 0,
        "effect": "holiday",
        "text": "Discard one heir from any party (a Doozy on it is discarded too and does not "
        "protect). Discard this card.",
        "tags": [],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ) (English name)",
        "value_provenance": "",
    },
    {
        "id": 53,
        "kind": "event",
        "name": "Doozy",
        "value": 0,
        "effect": "doozy",
        "text": "Attach to one heir at any party and leave it there. The next time that heir would "
        "be killed, discard the Doozy instead and the heir stays. Does not stop On Holiday.",
        "tags": [],
        "name_provenance": "FOUND: seed: shared/seeds/mausoleum.txt (Japanese translation of the "
        "revised rules, The Game Gallery, 2001) (イケてる奴) + "
        "studiohunty.com/sg/mausoleum/faq.html (publisher's FAQ) (English name)",
        "value_provenance": "",
    },
    {
        "id": 54,
        "kind": "event",
        "name": "Misplaced",
        "value": 0,
        "effect": "misplaced",
        "text": "Discard one heir from any morgue. Discard this card.",
        "tags": [],
        "name_provenance": "RECONSTRUCTED: Cards and rule are in the seed (置き間違い, 'misplacing'); "
        "English title not found, translated.",
        "value_provenance": "",
    },
]
"""One dict per printed card 1-54 (MAU-1.4 to 1.7)."""
