"""High Card: a tiny test-only game that exercises every part of the rules contract.

2-3 seats. A shuffled deck of cards 1..9 (two of each); each seat draws 3. Each round every seat
secretly picks a card (a simultaneous secret prompt); the picks are revealed together and the
highest scores a point; a tie is broken by a die roll (RNG). The round winner then chooses to
``draw`` (a private reveal to itself) or ``pass``. After ``rounds`` rounds, or when a seat's hand
is empty, the highest score wins.
"""

from __future__ import annotations

from typing import Any

from engine.rng import RandomSource, Rng
from engine.rules import (
    Choice,
    Config,
    Event,
    IllegalAction,
    Outcome,
    Prompt,
    RuleOption,
    State,
)


class HighCard:
    id = "highcard"
    title = "High Card (test)"
    rules_version = 1
    min_seats = 2
    max_seats = 3
    playable = False
    options = (RuleOption("rounds", "Rounds", 6, kind="int", minimum=1, maximum=20),)

    def setup(self, config: Config, rng: Rng) -> State:
        n = len(config.seats)
        deck = [v for v in range(1, 10) for _ in range(2)]
        rng.shuffle(deck)
        hands = [sorted(deck.pop() for _ in range(3)) for _ in range(n)]
        return {
            "rng": rng.cell,
            "n": n,
            "rounds": config.options["rounds"],
            "round": 1,
            "deck": deck,
            "hands": hands,
            "picks": [None] * n,
            "scores": [0] * n,
            "discard": [],
            "phase": "pick",
            "leader": -1,
            "over": False,
        }

    def clone(self, state: State) -> State:
        s = dict(state)
        for k in ("rng", "deck", "picks", "scores", "discard"):
            s[k] = list(state[k])
        s["hands"] = [list(h) for h in state["hands"]]
        return s

    def waiting(self, state: State) -> tuple[int, ...]:
        if state["over"]:
            return ()
        if state["phase"] == "pick":
            return tuple(i for i in range(state["n"]) if state["picks"][i] is None)
        return (state["leader"],)

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.waiting(state):
            return None
        if state["phase"] == "pick":
            values = sorted(set(state["hands"][seat]))
            choices = tuple(Choice(f"pick:{v}", f"Play {v}", f"h:{v}", "pick") for v in values)
            return Prompt(seat, "Pick a card (secret)", choices, secret=True)
        return Prompt(
            seat,
            "You won the round: draw a card?",
            (Choice("draw", "Draw"), Choice("pass", "Pass")),
        )

    def apply(self, state: State, seat: int, choice: str, rng: RandomSource) -> list[Event]:
        p = self.prompt(state, seat)
        if p is None or p.get(choice) is None:
            raise IllegalAction(f"{choice!r} is not legal for seat {seat} now")
        events: list[Event] = []
        if state["phase"] == "pick":
            state["picks"][seat] = int(choice.split(":")[1])
            events.append(Event("picked", seat))
            if all(v is not None for v in state["picks"]):
                events += self._reveal(state, rng)
        elif choice == "draw":
            if state["deck"]:
                card = state["deck"].pop()
                state["hands"][seat].append(card)
                state["hands"][seat].sort()
                events.append(Event("draw", seat, {"card": card}))
            self._next_round(state)
        else:
            events.append(Event("pass", seat))
            self._next_round(state)
        return events

    def _reveal(self, state: State, rng: RandomSource) -> list[Event]:
        picks = state["picks"]
        events = [Event("reveal", None, {"picks": list(picks)})]
        for i, v in enumerate(picks):
            state["hands"][i].remove(v)
            state["discard"].append(v)
        top = max(picks)
        best = [i for i, v in enumerate(picks) if v == top]
        while len(best) > 1:
            rolls = [rng.die() for _ in best]
            events.append(Event("tie", None, {"rolls": rolls}))
            high = max(rolls)
            best = [s for s, r in zip(best, rolls, strict=True) if r == high]
        state["leader"] = best[0]
        state["scores"][best[0]] += 1
        state["picks"] = [None] * state["n"]
        state["phase"] = "draw"
        return events

    def _next_round(self, state: State) -> None:
        state["round"] += 1
        state["phase"] = "pick"
        if state["round"] > state["rounds"] or not all(state["hands"]):
            state["over"] = True

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        omniscient = seat is None and state["over"]
        return {
            "round": state["round"],
            "phase": state["phase"],
            "scores": list(state["scores"]),
            "discard": list(state["discard"]),
            "deck": len(state["deck"]),
            "leader": state["leader"],
            "hands": [
                list(h) if (i == seat or omniscient) else len(h)
                for i, h in enumerate(state["hands"])
            ],
            "picks": [
                v if (i == seat or omniscient) else (v is not None)
                for i, v in enumerate(state["picks"])
            ],
            "prompt": None if seat is None else _prompt_dict(self.prompt(state, seat)),
        }

    def describe(self, event: Event, viewer: int | None) -> str:
        if event.kind == "draw":
            if viewer == event.seat:
                return f"You draw {event.args['card']}"
            return f"Seat {event.seat} draws a card"
        if event.kind == "reveal":
            return "Picks: " + ", ".join(map(str, event.args["picks"]))
        return f"{event.kind} {event.seat if event.seat is not None else ''}".strip()

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        top = max(state["scores"])
        winners = tuple(i for i, v in enumerate(state["scores"]) if v == top)
        return Outcome(winners, "highest score", tuple(state["scores"]))

    def determinize(self, state: State, seat: int | None, rng: RandomSource) -> State:
        s = self.clone(state)
        others = [i for i in range(s["n"]) if i != seat]
        pool = list(s["deck"])
        for i in others:
            pool += s["hands"][i]
        rng.shuffle(pool)
        for i in others:
            k = len(s["hands"][i])
            s["hands"][i] = sorted(pool[:k])
            del pool[:k]
            if s["picks"][i] is not None:
                s["picks"][i] = s["hands"][i][rng.randbelow(k)]
        s["deck"] = pool
        s["rng"] = [rng.randbelow(1 << 62)]
        return s


def _prompt_dict(p: Prompt | None) -> dict[str, Any] | None:
    if p is None:
        return None
    return {"text": p.text, "choices": [c.id for c in p.choices], "secret": p.secret}


RULES = HighCard()
