"""Replay a format-1 record through the engine and report the first rule broken in each deal.

The file is checked in this order: syntax, schema, then each deal replayed under the rules
(record-format.md). Every problem points at the node of the file as written.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

import attrs

from gleek._core import AUCTION, PLAY_PHASE, RUFF, start, step
from gleek.actions import DISCARD as _DISCARDS
from gleek.actions import PLAY as _PLAY
from gleek.cards import CARDS, Card, mask_of
from gleek.errors import CardError, ProfileError
from gleek.profile import Profile, named_profile
from gleek.record.report import DealSummary, Problem, Report
from gleek.record.shape import conforms, limits
from gleek.schemacheck import load_schema, problems, short_repr
from gleek.sourcemap import Located, LocatedError, Path, format_path, load_located
from gleek.stages.common import POT, RANK_MASK, Payment
from gleek.stages.deal import stack_deck
from gleek.stages.sets import forfeit_payments, sets_held, small_trumps_held
from gleek.state import (
    Action,
    Outcome,
    State,
    check_action,
    net_chips,
    new_deal,
    outcome,
)

__all__ = ["replay_document", "validate_bytes"]

_WAIT = Action.word("wait")
_PASS = Action.word("pass")


_PARSED: dict[str, Card] = {}  # card texts already read: most records spell cards one way
_PLAYS: dict[str, Action] = {}  # the same for a card played: its action


class _Stop(Exception):
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def validate_bytes(
    data: bytes | str,
    file: str,
    profile_dirs: Iterable[str | os.PathLike[str]] = (),
    finals: list[State] | None = None,
) -> Report:
    """Validate a record given as text; ``file`` names it in the report. The final state of
    each deal replayed to its end is appended to ``finals`` if given."""
    try:
        doc = load_located(data, file, limits=limits)
    except LocatedError as exc:
        return _early(file, [Problem(exc.code, exc.message, None, None, exc.line, exc.column)])
    return replay_document(doc, file, profile_dirs, finals)


def _early(
    file: str, errors: Sequence[Problem], profile: str | None = None, variants: Sequence[str] = ()
) -> Report:
    return Report(file, profile, tuple(variants), tuple(errors), (), (), ())


def replay_document(
    doc: Located,
    file: str,
    profile_dirs: Iterable[str | os.PathLike[str]] = (),
    finals: list[State] | None = None,
    broken: list[tuple[State, tuple[int, Action] | None]] | None = None,
) -> Report:
    """Check the schema, load the profile (by name only), replay every deal (the final states
    go to ``finals`` if given).

    With ``finals`` given, the deal of the first error is replayed as far as its actions are
    legal (past an error not tied to an action: a false claim, a wrong dealer), and ``broken``
    (if given) gets the last state reached with the action the rules refused, if that was the
    error; nothing when the deal could not even be dealt."""
    data: Any = doc.data
    found = () if conforms(data) else problems(doc, load_schema("record"))
    pname = data.get("profile") if isinstance(data, dict) else None
    pname = pname if isinstance(pname, str) else None
    vnames = data.get("variants") if isinstance(data, dict) else None
    vlist = [v for v in vnames if isinstance(v, str)] if isinstance(vnames, list) else []
    if found:
        errors = [
            Problem("schema", p.message, _deal_of(p.path), p.dotted or None, p.line, p.column)
            for p in found
        ]
        return _early(file, errors, pname, vlist)
    assert pname is not None
    # The profile and the variants, by name: a record never names a file to open.
    dirs = tuple(profile_dirs)
    tries: list[tuple[Path, str, tuple[str, ...]]] = [(("profile",), "profile", ())]
    tries += [(("variants", i), "variant", (v,)) for i, v in enumerate(vlist)]
    if len(vlist) > 1:  # together: none named twice (in any case)
        tries.append((("variants",), "variant", tuple(vlist)))
    for path, kind, one in tries:
        try:
            named_profile(pname, one, profile_dirs=dirs)
        except ProfileError as exc:
            line, col = doc.position(path) or (None, None)
            if exc.file is None:  # not found: the message names it and the valid choices
                code, message = f"unknown-{kind}", exc.message
            else:  # a registered file that is broken: say where, never what it holds
                code = "schema"
                where = ":".join(str(x) for x in (exc.file, exc.line, exc.column) if x)
                message = f"the {kind} {short_repr(data_at(data, path))} cannot be loaded ({where})"
            return _early(
                file,
                [Problem(code, message, None, format_path(path), line, col)],
                pname if kind == "profile" else named_profile(pname, profile_dirs=dirs).id,
                vlist,
            )
    profile = named_profile(pname, tuple(vlist), profile_dirs=dirs)
    replayer = _Replayer(doc, file, profile, tuple(vlist))
    replayer.finals = finals  # None: a plain validation keeps no states (each holds its deal)
    replayer.broken = broken
    return replayer.run()


def data_at(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def _all_cards(stock: list[Card], hands: Iterable[list[Card]], turn_up: Card) -> list[Card]:
    """Every card of a deal given as hands, turn-up and stock."""
    return [turn_up, *stock, *(c for h in hands for c in h)]


def _deal_of(path: Path) -> int | None:
    if len(path) >= 2 and path[0] == "deals" and isinstance(path[1], int):
        return path[1] + 1
    return None


class _Replayer:
    def __init__(
        self,
        doc: Located,
        file: str,
        profile: Profile,
        variants: tuple[str, ...],
        *,
        check_results: bool = True,
    ):
        self.check_results = check_results
        self.doc = doc
        self.file = file
        self.profile = profile
        self.variants = variants
        self.data: dict[str, Any] = doc.data
        self.players: tuple[str, str, str] = tuple(self.data["players"])
        self.seats = {n: i for i, n in enumerate(self.players)}
        self.deal_no = 0
        self.finals: list[State] | None = None
        self.broken: list[tuple[State, tuple[int, Action] | None]] | None = None
        # The deal being replayed: its last state, the action refused, an error put off
        self.state: State | None = None
        self.refused: tuple[int, Action] | None = None
        self.deferred: _Stop | None = None

    # -- problems
    def problem(self, code: str, message: str, path: Path, *, key: bool = False) -> Problem:
        pos = self.doc.key_position(path) if key else self.doc.position(path)
        line, col = pos if pos else (None, None)
        return Problem(code, message, self.deal_no or None, format_path(path), line, col)

    def stop(self, code: str, message: str, path: Path, *, key: bool = False) -> _Stop:
        where = f"deal {self.deal_no}: " if self.deal_no else ""
        return _Stop(self.problem(code, where + message, path, key=key))

    def seat(self, name: str, path: Path) -> int:
        if name not in self.seats:
            raise self.stop(
                "unknown-player",
                f"{short_repr(name)} is not one of the players ({', '.join(self.players)})",
                path,
                key=True,
            )
        return self.seats[name]

    def card(self, text: Any, *path: str | int) -> Card:
        """The card ``text`` at ``path`` (the path's parts, joined only for an error)."""
        card = _PARSED.get(text) if isinstance(text, str) else None
        if card is not None:
            return card
        try:
            card = Card.parse(text)
        except CardError:
            raise self.stop(
                "bad-card", f"{short_repr(text)} is not one of the 44 cards", path
            ) from None
        if len(_PARSED) < 10_000:  # pragma: no branch - a bound, not a case
            _PARSED[text] = card
        return card

    # -- the whole record
    def run(self) -> Report:
        data = self.data
        errors: list[Problem] = []
        warnings: list[Problem] = []
        summaries: list[DealSummary] = []
        start = self.profile.session.starting_chips
        balances = [start, start, start]
        chips = data.get("chips") or {}
        try:
            for name, amount in chips.items():
                balances[self.seat(name, ("chips", name))] = amount
        except _Stop as stop:
            return self._report([stop.problem], [], [], balances, 0)
        pot = data.get("pot", self.profile.session.starting_pot)
        stake = data.get("ruff_stake", self.profile.ruff.stake)
        deals = data["deals"]
        if len(deals) >= 3 and len(deals) % self.profile.session.deals_multiple:
            warnings.append(
                self.problem(
                    "deal-count",
                    f"{len(deals)} deals is not a multiple of "
                    f"{self.profile.session.deals_multiple}, so the players do not deal equally "
                    "often",
                    ("deals",),
                )
            )
        dealer: int | None = None
        for i, deal in enumerate(deals):
            self.deal_no = i + 1
            path: Path = ("deals", i)
            self.state, self.refused, self.deferred = None, None, None
            try:
                dealer = self.dealer(deal, path, dealer)
                o, summary, deal_errors, deal_warnings = self.replay(deal, path, dealer, stake)
                if self.deferred is not None:
                    raise self.deferred
            except _Stop as stop:
                first = stop
                if self.deferred is not None:  # the first error, found before the stop
                    first, self.refused = self.deferred, None
                errors.append(first.problem)
                self.keep_broken()
                break
            summaries.append(summary)
            warnings += deal_warnings
            for s in range(3):
                balances[s] += o.chips[s]
            pot += o.pot
            stake = o.ruff_stake
            if deal_errors:
                errors += deal_errors
                self.keep_broken()
                break
        self.deal_no = 0
        return self._report(errors, warnings, summaries, balances, pot)

    def keep_broken(self) -> None:
        """Keep the last state of the deal in error, if it could be dealt."""
        if self.broken is not None and self.state is not None:
            self.broken.append((self.state, self.refused))

    def put_off(self, stop: _Stop) -> None:
        """Raise ``stop`` now, or, replaying for the states, once the deal's actions are
        replayed (an error not tied to an action, found before the deal's end)."""
        if self.finals is None:
            raise stop
        self.deferred = self.deferred or stop

    def _report(
        self,
        errors: list[Problem],
        warnings: list[Problem],
        summaries: list[DealSummary],
        balances: list[int],
        pot: int,
    ) -> Report:
        chips = (*((n, balances[i]) for i, n in enumerate(self.players)), (POT, pot))
        return Report(
            self.file,
            self.profile.id,
            self.variants,
            tuple(errors),
            tuple(warnings),
            tuple(summaries),
            chips,
        )

    def dealer(self, deal: dict[str, Any], path: Path, previous: int | None) -> int:
        expected = None if previous is None else (previous + 1) % 3
        if "dealer" not in deal:
            if expected is None:
                raise self.stop("schema", "the first deal must name its dealer", path)
            return expected
        seat = self.seat(deal["dealer"], (*path, "dealer"))
        if expected is not None and seat != expected:
            self.put_off(
                self.stop(
                    "wrong-dealer",
                    f"{deal['dealer']} is named dealer, but the deal passes left to "
                    f"{self.players[expected]}",
                    (*path, "dealer"),
                )
            )
        return seat

    # -- one deal
    def deck(self, deal: dict[str, Any], path: Path, dealer: int) -> list[Card]:
        if "deck" in deal:
            cards = self.cards(deal["deck"], *path, "deck")
            if len(cards) != 44 or len({c.index for c in cards}) != 44:  # (an int hashes fast)
                raise self.stop(
                    "bad-deal",
                    f"the deck has {len(cards)} cards, "
                    f"{len(set(cards))} distinct; it must be the 44 cards",
                    (*path, "deck"),
                )
            return cards
        hands: dict[int, list[Card]] = {}
        for name, texts in deal["hands"].items():
            seat = self.seats.get(name)
            if seat is None:
                seat = self.seat(name, (*path, "hands", name))
            hands[seat] = self.cards(texts, *path, "hands", name)
        turn_up = self.card(deal["turn_up"], *path, "turn_up")
        stock = self.cards(deal["stock"], *path, "stock")
        for seat in range(3):
            if seat not in hands:
                raise self.stop("bad-deal", f"no hand for {self.players[seat]}", (*path, "hands"))
            if len(hands[seat]) != 12:
                raise self.stop(
                    "bad-deal",
                    f"{self.players[seat]} has {len(hands[seat])} cards; each hand has 12",
                    (*path, "hands", self.players[seat]),
                )
        if len(stock) != 7:
            raise self.stop(
                "bad-deal", f"the stock has {len(stock)} cards; it has 7", (*path, "stock")
            )
        if len({c.index for c in _all_cards(stock, hands.values(), turn_up)}) != 44:
            self._dealt_twice(deal, path, hands, turn_up, stock)
        return stack_deck(hands, turn_up, stock, dealer, self.profile.deal.packet_size)

    def _dealt_twice(
        self,
        deal: dict[str, Any],
        path: Path,
        hands: dict[int, list[Card]],
        turn_up: Card,
        stock: list[Card],
    ) -> NoReturn:
        """Stop at the first card dealt a second time (there is one)."""
        seen: set[Card] = set()
        where: list[tuple[Card, Path]] = [
            *(
                (c, (*path, "hands", n, j))
                for n in deal["hands"]
                for j, c in enumerate(hands[self.seats[n]])
            ),
            (turn_up, (*path, "turn_up")),
            *((c, (*path, "stock", j)) for j, c in enumerate(stock)),
        ]
        for c, cpath in where:  # pragma: no branch - the loop ends at the card seen twice
            if c in seen:
                raise self.stop(
                    "bad-deal",
                    f"{c} is dealt twice; the deal must be the 44 "
                    "distinct cards split 12/12/12/1/7",
                    cpath,
                )
            seen.add(c)
        raise AssertionError("no card is dealt twice")  # pragma: no cover - callers check first

    def act(self, state: State, seat: int, action: Action, path: Path) -> State:
        """The state after ``seat`` does ``action``; a refusal stops the deal at ``path``."""
        if seat == state._to_act:
            nxt = step(state, action)  # the engine's fast path: a legal action, applied
            if nxt is not None:
                self.state = nxt
                return nxt
        return self.refuse(state, seat, action, path)

    def refuse(self, state: State, seat: int, action: Action, path: Path) -> NoReturn:
        """Stop at an action the fast path did not take, saying why the rules refuse it."""
        error = check_action(state, action, seat, self.players)
        if error is None:  # pragma: no cover - the core applies every legal action
            raise AssertionError(f"{action} is legal but was not applied")
        self.refused = (seat, action)
        raise self.stop(error.code, error.message, path)

    def cards(self, texts: Any, *path: str | int) -> list[Card]:
        """The cards of the list ``texts`` at ``path`` (the parts of the list's path)."""
        try:
            return [_PARSED[t] for t in texts]  # every text already read once: the common case
        except (KeyError, TypeError):
            return [self.card(t, *path, j) for j, t in enumerate(texts)]

    def replay(
        self, deal: dict[str, Any], path: Path, dealer: int, stake: int
    ) -> tuple[Outcome, DealSummary, list[Problem], list[Problem]]:
        deck = self.deck(deal, path, dealer)
        if type(stake) is int and stake >= 1:  # as new_deal would check: dealt straight away
            state = start(self.profile, dealer, [c.index for c in deck], stake)
        else:
            state = new_deal(self.profile, dealer, deck=deck, ruff_stake=stake)
        self.state = state
        seats = self.seats
        # Auction
        for j, entry in enumerate(deal.get("auction") or []):
            ((name, value),) = entry.items()
            seat = seats.get(name)
            if seat is None:
                seat = self.seat(name, (*path, "auction", j, name))
            if value == "pass":
                action = _PASS
            elif value < 0:
                raise self.stop(
                    "bad-bid",
                    f"{name} bid {value}: a bid cannot be negative",
                    (*path, "auction", j),
                )
            else:
                action = Action.bid(value)
            if state._phase != AUCTION:
                self.refused = (seat, action)
                raise self.stop(
                    "extra-action", f"{name} bid after the auction had ended", (*path, "auction", j)
                )
            nxt = step(state, action) if seat == state._to_act else None
            if nxt is None:
                self.refuse(state, seat, action, (*path, "auction", j))
            self.state = state = nxt
        if state._phase == AUCTION:
            raise self.stop("incomplete", "the auction for the stock is not finished", path)
        # Discards
        buyer = state.buyer
        assert buyer is not None
        discards = deal.get("discard")
        if discards is None:
            raise self.stop("incomplete", f"{self.players[buyer]}'s discards are missing", path)
        cards = self.cards(discards, *path, "discard")
        if len(cards) != 7 or len({c.index for c in cards}) != 7:
            raise self.stop(
                "bad-discard",
                f"{self.players[buyer]} discarded {len(cards)} cards "
                f"({len(set(cards))} distinct); the buyer discards exactly 7",
                (*path, "discard"),
            )
        for j, c in enumerate(cards):
            action = _DISCARDS[c.index]
            nxt = step(state, action) if buyer == state._to_act else None
            if nxt is None:
                self.refuse(state, buyer, action, (*path, "discard", j))
            self.state = state = nxt
        # Ruff
        for j, entry in enumerate(deal.get("ruff") or []):
            ((name, word),) = entry.items()
            seat = seats.get(name)
            if seat is None:
                seat = self.seat(name, (*path, "ruff", j, name))
            if state._phase != RUFF:
                self.refused = (seat, Action.word(word))
                raise self.stop(
                    "extra-action",
                    f"{name} said {word} after the ruff was settled",
                    (*path, "ruff", j),
                )
            if word == "pass" and _WAIT in state.legal_actions():
                word = "wait"  # before anyone vies, "pass" is read as "wait" (record-format.md)
            state = self.act(state, seat, Action.word(word), (*path, "ruff", j))
        if state._phase == RUFF:
            raise self.stop("incomplete", "the vying for the ruff is not finished", path)
        warnings, forfeits = self.claims(deal, path, state)
        # Tricks
        tricks = deal.get("tricks") or []
        for t, trick in enumerate(tricks):
            if state._phase != PLAY_PHASE:
                raise self.stop(
                    "extra-action",
                    f"trick {t + 1} is played after the twelfth",
                    (*path, "tricks", t),
                )
            for j, entry in enumerate(trick):
                ((name, text),) = entry.items()
                seat = seats.get(name)
                if seat is None:
                    seat = self.seat(name, (*path, "tricks", t, j, name))
                if j >= 3:
                    raise self.stop(
                        "extra-action",
                        f"trick {t + 1} has more than 3 cards",
                        (*path, "tricks", t, j),
                    )
                played = _PLAYS.get(text) if type(text) is str else None
                if played is None:
                    played = _PLAY[self.card(text, *path, "tricks", t, j, name).index]
                    if type(text) is str and len(_PLAYS) < 10_000:  # pragma: no branch - a bound
                        _PLAYS[text] = played
                action = played
                nxt = step(state, action) if seat == state._to_act else None
                if nxt is None:
                    self.refuse_play(state, seat, action, (*path, "tricks", t, j), t)
                self.state = state = nxt
            if len(trick) < 3 and t < len(tricks) - 1:
                raise self.stop(
                    "incomplete",
                    f"trick {t + 1} has {len(trick)} card(s); a trick has 3",
                    (*path, "tricks", t),
                )
        if not state.is_over:
            raise self.stop(
                "incomplete", f"the record stops after {len(state.tricks)} of 12 tricks", path
            )
        if self.finals is not None:
            self.finals.append(state)
        o = outcome(state)
        if forfeits:
            payments = o.payments + forfeits
            chips, pot = net_chips(payments)
            o = attrs.evolve(o, payments=payments, chips=chips, pot=pot)
        summary = self.summary(state, o)
        return o, summary, self.check_result(deal, path, o), warnings

    def refuse_play(self, state: State, seat: int, action: Action, path: Path, t: int) -> NoReturn:
        """:meth:`refuse` for a card played, the message naming the trick."""
        try:
            self.refuse(state, seat, action, path)
        except _Stop as stop:
            p = stop.problem
            raise _Stop(
                Problem(
                    p.code,
                    p.message.replace(
                        f"deal {self.deal_no}: ", f"deal {self.deal_no}, trick {t + 1}: ", 1
                    ),
                    p.deal,
                    p.path,
                    p.line,
                    p.column,
                )
            ) from None

    def claims(
        self, deal: dict[str, Any], path: Path, state: State
    ) -> tuple[list[Problem], tuple[Payment, ...]]:
        """false-claim errors stop the deal; ``unclaimed`` warnings are returned, with the
        forfeits of claims for sets the buyer laid out in the stock (``sets.forfeit``)."""
        if "claims" not in deal:
            return [], ()
        forfeits: list[Payment] = []
        claims: dict[str, list[str]] = deal["claims"] or {}
        held: dict[int, set[str]] = {}
        for seat in range(3):
            hand = mask_of(state.hand(seat))
            have = {f"{kind}-{letter}" for kind, letter, _ in sets_held(self.profile, hand)}
            trumps = state.trumps.index
            have |= {name for name, _ in small_trumps_held(self.profile, hand, trumps)}
            held[seat] = have
        said: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
        for name, items in claims.items():
            seat = self.seat(name, (*path, "claims", name))
            for j, claim in enumerate(items):
                forfeit = self._forfeit(seat, claim, state)
                if forfeit:
                    forfeits += forfeit
                    continue
                if claim not in held[seat]:
                    self.put_off(
                        self.stop(
                            "false-claim",
                            f"{name} claims {claim} but {self._why_not(seat, claim, state)}",
                            (*path, "claims", name, j),
                        )
                    )
                    continue
                said[seat].add(claim)
        out = []
        for seat in range(3):
            name = self.players[seat]
            where = (*path, "claims", name) if name in claims else (*path, "claims")
            for missing in sorted(held[seat] - said[seat]):
                out.append(
                    self.problem(
                        "unclaimed",
                        f"deal {self.deal_no}: {name} holds "
                        f"{missing} but the claims do not list it",
                        where,
                    )
                )
        return out, tuple(forfeits)

    def _forfeit(self, seat: int, claim: str, state: State) -> tuple[Payment, ...]:
        """The forfeit of ``claim`` by ``seat`` (:func:`~gleek.stages.sets.forfeit_payments`)."""
        if seat != state.buyer:
            return ()
        return forfeit_payments(
            self.profile, seat, mask_of(state.hand(seat)), mask_of(state.discards), (claim,)
        )

    def _why_not(self, seat: int, claim: str, state: State) -> str:
        hand = mask_of(state.hand(seat))
        if claim in ("tiddy", "towser", "tumbler"):
            rank = {"tiddy": 0, "towser": 1, "tumbler": 2}[claim]
            c = CARDS[11 * state.trumps.index + rank]
            if not hand >> c.index & 1:
                return f"does not hold {c}"
            return f"{claim} pays nothing under {self.profile.name}"
        letter = claim.split("-")[1]
        r = {"A": 10, "K": 9, "Q": 8, "J": 7}[letter]
        n = (hand & RANK_MASK[r]).bit_count()
        return f"holds {n} of that rank after the exchange"

    def summary(self, state: State, o: Outcome) -> DealSummary:
        names = self.players

        def party(p: object) -> str:
            return POT if p == POT else names[int(p)]  # type: ignore[call-overload]

        def pay(p: Payment) -> tuple[str, str, int, str]:
            return (party(p.payer), party(p.payee), p.amount, p.reason)

        ruff = (
            None
            if o.ruff.winner is None  # pool model, nobody vied: shown down at once, stake 0
            else (names[o.ruff.winner], o.ruff.stake, o.ruff.shown)
        )
        return DealSummary(
            dealer=names[o.dealer],
            trumps=o.trumps.value,
            buyer=names[o.buyer],
            price=o.price,
            ruff=ruff,
            points=tuple((names[s], o.points[s]) for s in range(3)),
            payments=tuple(pay(p) for p in o.payments),
            chips=(*((names[s], o.chips[s]) for s in range(3)), (POT, o.pot)),
        )

    def check_result(self, deal: dict[str, Any], path: Path, o: Outcome) -> list[Problem]:
        result = deal.get("result")
        if not result or not self.check_results:
            return []
        out = []
        figures: tuple[tuple[str, tuple[int, ...]], ...] = (
            ("points", o.points),
            ("chips", (*o.chips, o.pot)),
        )
        for kind, rules in figures:
            for name, value in (result.get(kind) or {}).items():
                rpath = (*path, "result", kind, name)
                if name == POT and kind == "chips":
                    should = rules[3]
                elif name in self.seats:
                    should = rules[self.seats[name]]
                else:
                    out.append(
                        self.problem(
                            "unknown-player",
                            f"deal {self.deal_no}: {short_repr(name)} is not one of the players",
                            rpath,
                            key=True,
                        )
                    )
                    continue
                if value != should:
                    unit = "points" if kind == "points" else "chips"
                    out.append(
                        self.problem(
                            "wrong-result",
                            f"deal {self.deal_no}: {name} is recorded with {value} "
                            f"{unit}, but the rules give {should}",
                            rpath,
                        )
                    )
        return out
