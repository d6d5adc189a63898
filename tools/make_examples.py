"""Regenerate the example records in ``examples/`` (golden files; run by hand, not by tests).

    python tools/make_examples.py

Each example is found by a seeded search: cards are placed so that the sources' worked
examples can happen (the right honours in the right hands), the auction is scripted as the
source tells it, and random legal play is tried until the deal ends with the source's figures.
The tests then replay the written files with the validator and check those figures, so nothing
here is trusted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

import gleek
from gleek.cards import Card
from gleek.record import dumps
from gleek.session import DealRecord, Session
from gleek.sim.bots import BasicBot
from gleek.stages.deal import stack_deck
from gleek.state import Action, Phase, State, apply, legal_actions

OUT = Path(__file__).resolve().parent.parent / "examples"
C = Card.parse


def deck_with(
    placed: dict[int, Sequence[str]],
    turn_up: str,
    dealer: int,
    rng: random.Random,
    stock_avoid: Sequence[str] = (),
) -> list[Card]:
    """A deck (top first) dealing ``placed`` cards to those seats and ``turn_up`` as card 37."""
    fixed = {C(t): seat for seat, ts in placed.items() for t in ts}
    rest = [c for c in gleek.DECK if c not in fixed and c != C(turn_up)]
    rng.shuffle(rest)
    avoid = {C(t) for t in stock_avoid}
    hands: dict[int, list[Card]] = {s: [c for c, x in fixed.items() if x == s] for s in range(3)}
    pool = [c for c in rest if c not in avoid] + [c for c in rest if c in avoid]
    for s in range(3):
        while len(hands[s]) < 12:
            # take avoided cards first into hands so the stock stays clear of them
            pick = next((c for c in pool if c in avoid), pool[0])
            pool.remove(pick)
            hands[s].append(pick)
    for s in range(3):
        rng.shuffle(hands[s])
    return stack_deck(hands, C(turn_up), pool, dealer, packet=4)


def play(
    profile: gleek.Profile,
    deck: list[Card],
    dealer: int,
    script: Sequence[str],
    rng: random.Random,
    keep: Sequence[str] = (),
) -> tuple[State, list[tuple[int, Action]]]:
    """Scripted actions first, then random legal ones (the buyer never discards ``keep``)."""
    state = gleek.new_deal(profile, dealer, deck=deck)
    actions = []
    for text in script:
        a = Action.parse(text)
        actions.append((state.to_act, a))
        state = apply(state, a)
    kept = {C(t) for t in keep}
    while not state.is_over:
        legal = legal_actions(state)
        if state.phase is Phase.DISCARD:
            legal = tuple(a for a in legal if a.card not in kept) or legal
        if state.phase is Phase.RUFF:
            legal = tuple(a for a in legal if a.kind != "revie") or legal
        a = legal[rng.randrange(len(legal))]
        actions.append((state.to_act, a))
        state = apply(state, a)
    return state, actions


def search(
    name: str,
    profile: gleek.Profile,
    players: tuple[str, str, str],
    dealer: int,
    make: Callable[[random.Random], tuple[list[Card], Sequence[str], Sequence[str]]],
    ok: Callable[[State], bool],
    tries: int = 200_000,
) -> None:
    rng = random.Random(name)
    for _ in range(tries):
        deck, script, keep = make(rng)
        state, _ = play(profile, deck, dealer, script, rng, keep)
        if ok(state):
            session = Session.start(profile, deals=1, players=players, dealer=dealer)
            session = session.record(DealRecord(state))
            (OUT / f"{name}.yaml").write_text(_header(name) + dumps(session), encoding="utf-8")
            print(f"wrote examples/{name}.yaml")
            return
    raise SystemExit(f"{name}: no deal found")


HEADERS = {
    "parlett-s0-auction": "The Full rules' worked examples (Stage 1; Settling up). The auction:"
    " Ben 12,\n"
    "# Carla 13, Anna pass, Ben 14, Carla pass; Ben pays 7 to each. The settlement, hearts\n"
    "# trumps: Ben plays AH and JH and wins 5 tricks (39); Carla plays KH and wins 4 (15);\n"
    "# Anna, the dealer, plays QH and wins 3 (12); so Ben takes 17, Carla pays 7, Anna 10.",
    "pedagogical-s2": "The worked example of the Règles pédagogiques (section 08): hearts trumps;\n"
    "# A wins 5 tricks and plays AH, KH, QH (36); B wins 4 and plays JH (21); C wins 3 (9):\n"
    "# A takes 14, B pays 1, C pays 13.",
    "publications-international-session": "A three-deal Publications International session "
    "played by the basic bots (random seed 3).",
}


def _header(name: str) -> str:
    return f"# {HEADERS[name]}\n# Regenerate with: python tools/make_examples.py\n"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    parlett = gleek.load_profile("parlett")

    def s0(rng: random.Random) -> tuple[list[Card], Sequence[str], Sequence[str]]:
        # Anna (seat 0) deals; Ben (1) is eldest, Carla (2) middle.
        deck = deck_with({1: ["AH", "JH"], 2: ["KH"], 0: ["QH"]}, "7H", 0, rng, stock_avoid=["4H"])
        return deck, ["bid 12", "bid 13", "pass", "bid 14", "pass"], ["AH", "JH"]

    def s0_ok(state: State) -> bool:
        return (
            state.points == (12, 39, 15)
            and state.tricks_won == (3, 5, 4)
            and all(
                (s, C(c)) in [(x, y) for t in state.tricks for x, y in t]
                for s, c in ((1, "AH"), (1, "JH"), (2, "KH"), (0, "QH"))
            )
        )

    search("parlett-s0-auction", parlett, ("Anna", "Ben", "Carla"), 0, s0, s0_ok)

    ped = gleek.load_profile("pedagogical")

    def s2(rng: random.Random) -> tuple[list[Card], Sequence[str], Sequence[str]]:
        deck = deck_with({0: ["AH", "KH", "QH"], 1: ["JH"]}, "8H", 2, rng, stock_avoid=["4H"])
        return deck, ["bid 12", "pass", "pass"], []

    def s2_ok(state: State) -> bool:
        return state.points == (36, 21, 9) and state.tricks_won == (5, 4, 3)

    search("pedagogical-s2", ped, ("A", "B", "C"), 2, s2, s2_ok)

    pi = gleek.load_profile("pi")
    session = Session.start(pi, deals=3, players=("Dora", "Ezra", "Fay")).play_out(
        [BasicBot()] * 3, seed=3
    )
    name = "publications-international-session"
    (OUT / f"{name}.yaml").write_text(_header(name) + dumps(session), encoding="utf-8")
    print(f"wrote examples/{name}.yaml")


if __name__ == "__main__":
    main()
