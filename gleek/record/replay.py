"""Replay a format-1 record through the engine and report the first rule broken in each deal.

The file is checked in stages (record-format.md): syntax, then its shape (the schema, the
profile and variants it names, player names distinct once normalised), then the deals replayed
under the rules. Every problem points at the node of the file as written.

One replay finds the errors of a deal for every entry point (:func:`validate_bytes`,
:func:`gleek.record.read`, the viewer, ``gleek compare --record``): the deal is translated into
items (an action by a seat at a place in the file, or a check at the end of a stage), every
mistake found without replaying (an unknown name, a card that is not a card, a list of the wrong
length) noted where it is; the items are replayed in one loop, which stops at the first it
cannot apply; then the claims and the recorded result are checked. Of the errors found, the
first is the one earliest in the file, line then column, whatever its kind.
"""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs

from gleek._args import player_name
from gleek.actions import DISCARD as _DISCARDS
from gleek.actions import PLAY as _PLAY
from gleek.cards import Card, mask_of, n_cards
from gleek.carry import Carried, carry_over
from gleek.errors import CardError, ProfileError
from gleek.i18n import N_, card_text, ngettext
from gleek.i18n import gettext as _
from gleek.limits import MAX_WARNINGS
from gleek.profile import Profile, named_profile
from gleek.record.report import DealSummary, Problem, Report
from gleek.record.shape import conforms, limits
from gleek.schemacheck import load_schema, problems, short_repr
from gleek.sourcemap import LocatedError, Path, Places, format_path, load_located
from gleek.stages.common import POT, RANK_MASK, Payment, small_trump_rank
from gleek.stages.deal import next_dealer, stack_deck
from gleek.stages.sets import sets_held, small_trumps_held
from gleek.state import (
    Action,
    Outcome,
    Phase,
    State,
    check_action,
    claim_forfeits,
    new_deal,
    outcome,
)

__all__ = [
    "deal_of_path",
    "early_report",
    "first_error",
    "lookup_profile",
    "player_name",
    "replay_document",
    "validate_bytes",
]

_WAIT = Action.word("wait")
_PASS = Action.word("pass")


_PARSED: dict[str, Card] = {}  # card texts already read: most records spell cards one way
_PLAYS: dict[str, Action] = {}  # the same for a card played: its action

# What an item of a deal is: an action by a seat, or a check at the end of a stage.
_BID: Final = 0  # an entry of the auction
_DISCARD: Final = 1  # a card the buyer discards (the seat is the buyer's, known when replayed)
_RUFF: Final = 2  # an entry of the ruff
_PLAY_CARD: Final = 3  # a card played (the items up to this one are actions)
_TRICK: Final = 4  # a trick begins (the seat field holds its number): the twelfth is not over
_BAD: Final = 5  # an entry already in error: the replay cannot go past it
_BAD_DISCARD: Final = 6  # the discards are not 7 distinct cards (worded once the buyer is known)
_AUCTION_END: Final = 7
_NO_DISCARD: Final = 8
_RUFF_END: Final = 9  # the vying is over: the claims are checked
_TRICK_END: Final = 10  # the seat field holds how many cards the trick lists
_DEAL_END: Final = 11

_Item = tuple[int, int, Action | None, Path]


def _where(p: Problem) -> tuple[int, int]:
    """The order of problems in the file: line, then column (one without a place last)."""
    return (
        sys.maxsize if p.line is None else p.line,
        sys.maxsize if p.column is None else p.column,
    )


def first_error(errors: Iterable[Problem]) -> Problem:
    """The error earliest in the file (line, then column), whatever its kind."""
    return min(errors, key=_where)


def validate_bytes(
    data: bytes | str,
    file: str,
    profile_dirs: Iterable[str | os.PathLike[str]] = (),
    finals: list[State] | None = None,
) -> Report:
    """Validate a record given as text; ``file`` names it in the report. The final state of
    each deal replayed without error is appended to ``finals`` if given."""
    try:
        doc = load_located(data, file, limits=limits)
    except LocatedError as exc:
        return early_report(
            file, [Problem(exc.code, exc.message, None, None, exc.line, exc.column)]
        )
    return replay_document(doc, file, profile_dirs, finals)


def early_report(
    file: str, errors: Sequence[Problem], profile: str | None = None, variants: Sequence[str] = ()
) -> Report:
    return Report(file, profile, tuple(variants), tuple(errors), (), (), ())


def replay_document(
    doc: Places,
    file: str,
    profile_dirs: Iterable[str | os.PathLike[str]] = (),
    finals: list[State] | None = None,
    broken: list[tuple[State, tuple[int, Action] | None]] | None = None,
) -> Report:
    """Check the schema, load the profile (by name only), replay every deal (the final states
    of the deals without error go to ``finals`` if given).

    The deal of the first error is replayed as far as its actions are legal, and ``broken``
    (if given) gets the last state reached with the action the rules refused, if that is the
    error; nothing when the deal could not even be dealt."""
    data: Any = doc.data
    found = () if conforms(data) else problems(doc, load_schema("record"))
    pname = data.get("profile") if isinstance(data, dict) else None
    pname = pname if isinstance(pname, str) else None
    vnames = data.get("variants") if isinstance(data, dict) else None
    vlist = [v for v in vnames if isinstance(v, str)] if isinstance(vnames, list) else []
    if found:
        errors = [
            Problem("schema", p.message, deal_of_path(p.path), p.dotted or None, p.line, p.column)
            for p in found
        ]
        return early_report(file, errors, pname, vlist)
    assert pname is not None
    found_profile = lookup_profile(doc, data, file, profile_dirs)
    if isinstance(found_profile, Report):
        return found_profile
    profile, variants = found_profile
    replayer = Replayer(doc, file, profile, variants)
    replayer.finals = finals
    replayer.broken = broken
    return replayer.run()


def lookup_profile(
    doc: Places, data: dict[str, Any], file: str, profile_dirs: Iterable[str | os.PathLike[str]]
) -> tuple[Profile, tuple[str, ...]] | Report:
    """The profile and variants a schema-valid record names (by name only: a record never
    names a file to open), or the report of the error in naming them."""
    pname: str = data["profile"]
    vlist: list[str] = list(data.get("variants") or [])
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
            return early_report(
                file,
                [Problem(code, message, None, format_path(path), line, col)],
                pname if kind == "profile" else named_profile(pname, profile_dirs=dirs).id,
                vlist,
            )
    return named_profile(pname, tuple(vlist), profile_dirs=dirs), tuple(vlist)


def data_at(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def deal_of_path(path: Path) -> int | None:
    if len(path) >= 2 and path[0] == "deals" and isinstance(path[1], int):
        return path[1] + 1
    return None


#: The most warnings a report keeps (:data:`gleek.limits.MAX_WARNINGS`; the rest are counted),
#: in a table rather than read as the constant, so that a test can lower it in the compiled
#: build too (mypyc writes a ``Final`` constant into the code).
KEPT: Final[dict[str, int]] = {"warnings": MAX_WARNINGS}


class Replayer:
    """Replays one record document under a profile and reports on it (the one replay behind
    :func:`validate_bytes`, :func:`~gleek.record.read` and ``gleek compare --record``)."""

    def __init__(
        self,
        doc: Places,
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
        raw: list[str] = self.data["players"]
        self.players: tuple[str, str, str] = (
            player_name(raw[0]),
            player_name(raw[1]),
            player_name(raw[2]),
        )
        self.seats = {n: i for i, n in enumerate(self.players)}
        self.deal_no = 0
        self.finals: list[State] | None = None
        self.broken: list[tuple[State, tuple[int, Action] | None]] | None = None
        # The deal being replayed: where the replay stopped and why, its claims, its results
        self.state: State | None = None
        self.stopped: Problem | None = None
        self.refused: tuple[int, Action] | None = None
        self.claimed: list[tuple[int, str, Path, list[str]]] = []
        self.warnings: list[Problem] = []
        self.claim_words: tuple[tuple[str, ...], ...] = ((), (), ())
        self.result_errors: list[Problem] = []
        self.ended: tuple[Outcome, DealSummary] | None = None
        #: where the replay stopped in the deal of its first error ("deal 1 stops after trick 7")
        self.stop_note: str | None = None
        self.shared: dict[Any, Any] = {}

    # -- problems
    def problem(self, code: str, message: str, path: Path, *, key: bool = False) -> Problem:
        pos = self.doc.key_position(path) if key else self.doc.position(path)
        line, col = pos if pos else (None, None)
        where = _("deal {deal}: ").format(deal=self.deal_no) if self.deal_no else ""
        return Problem(code, where + message, self.deal_no or None, format_path(path), line, col)

    def seat_of(self, name: Any, path: Path, errors: list[Problem]) -> int | None:
        """The seat of the player ``name`` (as written at ``path``, a mapping key), or None
        with an ``unknown-player`` error noted."""
        seat = self.seats.get(name)
        if seat is None:
            seat = self.seats.get(player_name(name))
        if seat is None:
            errors.append(self.unknown_player(name, path))
        return seat

    def unknown_player(self, name: str, path: Path) -> Problem:
        close = difflib.get_close_matches(player_name(name), self.players, n=1)
        hint = _("; did you mean {name}?").format(name=repr(close[0])) if close else ""
        return self.problem(
            "unknown-player",
            _("{name} is not one of the players ({players})").format(
                name=short_repr(name), players=", ".join(self.players)
            )
            + hint,
            path,
            key=True,
        )

    def card(self, text: Any, path: Path, errors: list[Problem]) -> Card | None:
        """The card ``text`` at ``path``, or None with a ``bad-card`` error noted."""
        card = _PARSED.get(text) if isinstance(text, str) else None
        if card is not None:
            return card
        try:
            card = Card.parse(text)
        except CardError:
            errors.append(
                self.problem(
                    "bad-card",
                    _("{text} is not one of the 44 cards").format(text=short_repr(text)),
                    path,
                )
            )
            return None
        if len(_PARSED) < 10_000:  # pragma: no branch - a bound, not a case
            _PARSED[text] = card
        return card

    def cards(self, texts: Any, path: Path, errors: list[Problem]) -> list[Card | None]:
        """The cards of the list ``texts`` at ``path`` (None where a text is not a card)."""
        try:
            return [_PARSED[t] for t in texts]  # every text already read once: the common case
        except (KeyError, TypeError):
            return [self.card(t, (*path, j), errors) for j, t in enumerate(texts)]

    # -- the whole record
    def run(self) -> Report:
        """Replay every deal of the document (the whole record at once)."""
        if not self.begin():
            return self.finish(0)
        deals = self.data["deals"]
        for i, deal in enumerate(deals):
            if not self.feed(i, deal):
                break
        return self.finish(len(deals))

    def begin(self) -> bool:
        """Check the record's head (the players, the chips); False if no deal can be replayed.
        Then :meth:`feed` takes the deals one at a time, and :meth:`finish` gives the report:
        only what the next deal needs is kept (balances, pot, stake, dealer) besides it."""
        data = self.data
        self.errors: list[Problem] = []
        self.all_warnings: list[Problem] = []
        self.left_out = 0  # the warnings past MAX_WARNINGS: counted, not kept
        self.summaries: list[DealSummary] = []
        start = self.profile.session.starting_chips
        self.balances = [start, start, start]
        self.head: list[Problem] = []  # the record's own mistakes: names compared, chips
        self.previous: int | None = None
        self.going = False
        self.names_clash = False
        raw_players: list[str] = data["players"]
        for i in range(1, 3):
            if self.players[i] in self.players[:i]:
                self.head.append(
                    self.problem(
                        "schema",
                        _(
                            "{name} is the name of another player "
                            "(names are compared in Unicode NFC form)"
                        ).format(name=short_repr(raw_players[i])),
                        ("players", i),
                    )
                )
        self.pot = 0
        if self.head:  # the players are not three: nothing can be replayed
            self.errors = self.head[:1]
            self.head = []
            self.names_clash = True
            return False
        self.pot = data.get("pot", self.profile.session.starting_pot)
        for name, amount in (data.get("chips") or {}).items():
            seat = self.seat_of(name, ("chips", name), self.head)
            if seat is not None:
                self.balances[seat] = amount
        self.stake = data.get("ruff_stake", self.profile.ruff.stake)
        self.going = True
        return True

    def feed(self, i: int, deal: dict[str, Any]) -> bool:
        """Replay the deal ``deals[i]``; False once the replay has stopped (at an error)."""
        if not self.going:
            return False
        self.deal_no = i + 1
        found, self.previous = self.replay(deal, ("deals", i), self.previous, self.stake)
        if found:
            self.errors = found
            self.going = False
            if self.ended is None:  # an error in the replay: the deal gives nothing
                if self.state is not None and self.errors[0] is self.stopped:
                    self.stop_note = _("deal {deal} stops {where}").format(
                        deal=self.deal_no, where=progress(self.state)
                    )
                self.deal_no = 0
                return False
        self.deal_no = 0
        assert self.ended is not None
        o, summary = self.ended
        self.summaries.append(summary)
        room = max(KEPT["warnings"] - len(self.all_warnings), 0)
        self.all_warnings += self.warnings[:room]
        self.left_out += max(len(self.warnings) - room, 0)
        b = self.balances
        now = Carried((b[0], b[1], b[2]), self.pot, o.dealer, self.stake)
        after = carry_over(self.profile, now, o.chips, o.pot, o.ruff_stake)
        self.balances = list(after.chips)
        self.pot, self.stake = after.pot, after.stake
        self.ended = None
        return self.going  # recorded results that differ: the deal counts, later ones do not

    def finish(self, count: int) -> Report:
        """The report, once ``count`` deals have been read (and those replayed fed)."""
        errors, head = self.errors, self.head
        if self.names_clash:  # the players are not three: no deal replayed, no warning
            return self._report(errors, [], [], self.balances, self.pot)
        warnings = self.all_warnings
        if self.left_out:  # (only a deal's claims warn: each warning left out is "unclaimed")
            more = self.problem(
                "unclaimed",
                f"{self.left_out:,} more unclaimed warnings in later deals are not listed: at "
                f"most {KEPT['warnings']:,} warnings are kept",
                ("deals",),
            )
            warnings = [*warnings, more]
        if count >= 3 and count % self.profile.session.deals_multiple:
            warnings = [
                self.problem(
                    "deal-count",
                    _(
                        "{count} deals is not a multiple of {multiple}, so the players do not "
                        "deal equally often"
                    ).format(count=count, multiple=self.profile.session.deals_multiple),
                    ("deals",),
                ),
                *warnings,
            ]
        if head and (not errors or _where(first_error(head)) < _where(errors[0])):
            errors = [first_error(head)]
        return self._report(errors, warnings, self.summaries, self.balances, self.pot)

    def _report(
        self,
        errors: list[Problem],
        warnings: list[Problem],
        summaries: list[DealSummary],
        balances: list[int],
        pot: int,
    ) -> Report:
        chips = (*((n, balances[i]) for i, n in enumerate(self.players)), (POT, pot))
        stopped = self.stop_note if errors and errors[0] is self.stopped else None
        return Report(
            self.file,
            self.profile.id,
            self.variants,
            tuple(errors),
            tuple(warnings),
            tuple(summaries),
            chips,
            stopped,
        )

    # -- one deal
    def replay(
        self, deal: dict[str, Any], path: Path, previous: int | None, stake: int
    ) -> tuple[list[Problem], int | None]:
        """The errors of one deal (none: it is sound; several: each a recorded result that
        differs; else its first) and its dealer. ``self.ended`` holds the outcome and summary
        when the deal replays to its end with nothing wrong but its recorded result."""
        self.begin_deal()
        errors: list[Problem] = []
        dealer = self.dealer(deal, path, previous, errors)
        cards = self.deck(deal, path, 0 if dealer is None else dealer, errors)
        items = self.translate(deal, path, errors)
        if dealer is not None and cards is not None:
            state = new_deal(self.profile, dealer, deck=cards, ruff_stake=stake)
            self.state = state
            self.play(state, items, deal, path, errors)
        if not errors:
            if self.result_errors:
                self.keep_broken(None)
                return sorted(self.result_errors, key=_where), dealer
            if self.finals is not None and self.state is not None:
                self.finals.append(self.state)
            return [], dealer
        first = first_error([*errors, *self.result_errors])
        self.ended = None
        self.keep_broken(self.refused if first is self.stopped else None)
        return [first], dealer

    def begin_deal(self) -> None:
        """Forget the last deal's replay. (A method of its own: in the compiled build, a field
        set to None in ``replay`` would be taken there to be None ever after, as the type checker
        narrows it, and reading the value a call set raises ``TypeError``.)"""
        self.state = self.stopped = self.refused = self.ended = None
        self.claimed, self.warnings, self.result_errors = [], [], []
        self.claim_words = ((), (), ())

    def keep_broken(self, refused: tuple[int, Action] | None) -> None:
        """Keep the last state of the deal in error, if it could be dealt."""
        if self.broken is not None and self.state is not None:
            self.broken.append((self.state, refused))

    def dealer(
        self, deal: dict[str, Any], path: Path, previous: int | None, errors: list[Problem]
    ) -> int | None:
        """The dealer named (the rotation's if none is), None if the deal cannot be dealt."""
        expected = None if previous is None else next_dealer(previous)
        if "dealer" not in deal:
            if expected is None:
                errors.append(
                    self.problem("schema", _("the first deal must name its dealer"), path)
                )
            return expected
        dpath = (*path, "dealer")
        seat = self.seat_of(deal["dealer"], dpath, errors)
        if seat is not None and expected is not None and seat != expected:
            errors.append(
                self.problem(
                    "wrong-dealer",
                    _("{name} is named dealer, but the deal passes left to {expected}").format(
                        name=deal["dealer"], expected=self.players[expected]
                    ),
                    dpath,
                )
            )
        return seat

    def deck(
        self, deal: dict[str, Any], path: Path, dealer: int, errors: list[Problem]
    ) -> list[Card] | None:
        """The deck of the deal, top first, or None with every mistake in its shape noted (a
        card that is not a card, a list of the wrong length, a card dealt twice)."""
        before = len(errors)
        if "deck" in deal:
            dpath = (*path, "deck")
            got = self.cards(deal["deck"], dpath, errors)
            cards = [c for c in got if c is not None]
            distinct = len({c.index for c in cards})  # (an int hashes fast)
            if len(got) != 44 or (len(errors) == before and distinct != 44):
                errors.append(
                    self.problem(
                        "bad-deal",
                        _(
                            "the deck has {cards}, {distinct} distinct; it must be the 44 cards"
                        ).format(cards=n_cards(len(got)), distinct=distinct),
                        dpath,
                    )
                )
            return None if len(errors) > before else cards
        raw_hands: dict[str, list[str]] = deal["hands"]
        hands: dict[int, list[Card]] = {}
        for name, texts in raw_hands.items():
            hpath = (*path, "hands", name)
            seat = self.seat_of(name, hpath, errors)
            got = self.cards(texts, hpath, errors)
            if seat is not None and seat in hands:
                errors.append(
                    self.problem(
                        "bad-deal",
                        _("a second hand for {name}").format(name=self.players[seat]),
                        hpath,
                        key=True,
                    )
                )
            elif seat is not None:
                hands[seat] = [c for c in got if c is not None]
                if len(got) != 12:
                    errors.append(
                        self.problem(
                            "bad-deal",
                            _("{name} has {cards}; each hand has 12").format(
                                name=self.players[seat], cards=n_cards(len(got))
                            ),
                            hpath,
                        )
                    )
        for seat in range(3):
            if seat not in hands:
                errors.append(
                    self.problem(
                        "bad-deal",
                        _("no hand for {name}").format(name=self.players[seat]),
                        (*path, "hands"),
                    )
                )
        turn_up = self.card(deal["turn_up"], (*path, "turn_up"), errors)
        stock_texts: list[str] = deal["stock"]
        stock = self.cards(stock_texts, (*path, "stock"), errors)
        if len(stock) != 7:
            errors.append(
                self.problem(
                    "bad-deal",
                    _("the stock has {cards}; it has 7").format(cards=n_cards(len(stock))),
                    (*path, "stock"),
                )
            )
        if len(errors) > before:
            return None
        assert turn_up is not None
        kept = [c for c in stock if c is not None]
        indices = {turn_up.index, *(c.index for c in kept)}
        for h in hands.values():
            indices.update(c.index for c in h)
        if len(indices) != 44:
            errors.append(self.dealt_twice(deal, path))
            return None
        return stack_deck(hands, turn_up, kept, dealer, self.profile.deal.packet_size)

    def dealt_twice(self, deal: dict[str, Any], path: Path) -> Problem:
        """The first card, in the file's order, dealt a second time (there is one): located at
        its second place, the one written later, the message naming the first as written
        (``TH`` is the 10 of hearts: either may be the slip)."""
        where: list[tuple[Path, str]] = [
            *(
                ((*path, "hands", n, j), t)
                for n, h in deal["hands"].items()
                for j, t in enumerate(h)
            ),
            ((*path, "turn_up"), deal["turn_up"]),
            *(((*path, "stock", j), t) for j, t in enumerate(deal["stock"])),
        ]
        placed = sorted(where, key=lambda pt: self.doc.position(pt[0]) or (sys.maxsize, 0))
        seen: dict[Card, tuple[Path, str]] = {}
        for cpath, text in placed:  # pragma: no branch - the loop ends at the card seen twice
            c = Card.parse(text)
            if c in seen:
                first_path, first_text = seen[c]
                pos = self.doc.position(first_path)
                at = (
                    _(" at line {line}, column {column}").format(line=pos[0], column=pos[1])
                    if pos
                    else ""
                )
                return self.problem(
                    "bad-deal",
                    _(
                        "{card} is dealt twice: here as {text} and{at} as {first} ({path}); "
                        "the deal must be the 44 distinct cards split 12/12/12/1/7"
                    ).format(
                        card=card_text(c),
                        text=short_repr(text),
                        at=at,
                        first=short_repr(first_text),
                        path=format_path(first_path),
                    ),
                    cpath,
                )
            seen[c] = (cpath, text)
        raise AssertionError("no card is dealt twice")  # pragma: no cover - callers check first

    def translate(self, deal: dict[str, Any], path: Path, errors: list[Problem]) -> list[_Item]:
        """The deal's items in the order of the game, every mistake found without replaying
        noted in ``errors`` (its item made a :data:`_BAD` one, where the replay stops)."""
        items: list[_Item] = []
        add = items.append
        seats = self.seats
        for j, entry in enumerate(deal.get("auction") or []):
            ((name, value),) = entry.items()
            epath = (*path, "auction", j)
            seat = seats.get(name)
            if seat is None:
                seat = self.seat_of(name, (*epath, name), errors)
            bad = seat is None
            if value != "pass" and value < 0:
                errors.append(
                    self.problem(
                        "bad-bid",
                        _("{name} bid {value}: a bid cannot be negative").format(
                            name=name, value=value
                        ),
                        epath,
                    )
                )
                bad = True
            if bad or seat is None:
                add((_BAD, 0, None, epath))
            else:
                add((_BID, seat, _PASS if value == "pass" else Action.bid(value), epath))
        add((_AUCTION_END, 0, None, path))
        discards = deal.get("discard")
        if discards is None:
            add((_NO_DISCARD, 0, None, path))
        else:
            dpath = (*path, "discard")
            before = len(errors)
            got = self.cards(discards, dpath, errors)
            cards = [c for c in got if c is not None]
            distinct = len({c.index for c in cards})
            if len(got) != 7 or (len(errors) == before and distinct != 7):
                add((_BAD_DISCARD, len(errors), None, dpath))
                errors.append(
                    self.problem(
                        "bad-discard",
                        _(
                            "the buyer discarded {cards} ({distinct} distinct); "
                            "the buyer discards exactly 7"
                        ).format(cards=n_cards(len(got)), distinct=distinct),
                        dpath,
                    )
                )
            elif len(errors) > before:
                add((_BAD, 0, None, dpath))
            else:
                for j, c in enumerate(cards):
                    add((_DISCARD, 0, _DISCARDS[c.index], (*dpath, j)))
        for j, entry in enumerate(deal.get("ruff") or []):
            ((name, word),) = entry.items()
            epath = (*path, "ruff", j)
            seat = seats.get(name)
            if seat is None:
                seat = self.seat_of(name, (*epath, name), errors)
            if seat is None:
                add((_BAD, 0, None, epath))
            else:
                add((_RUFF, seat, Action.word(word), epath))
        add((_RUFF_END, 0, None, path))
        if "claims" in deal:
            for name, claims in (deal["claims"] or {}).items():
                cpath = (*path, "claims", name)
                seat = self.seat_of(name, cpath, errors)
                if seat is not None:
                    self.claimed.append((seat, name, cpath, claims))
        for t, trick in enumerate(deal.get("tricks") or []):
            tpath = (*path, "tricks", t)
            add((_TRICK, t, None, tpath))
            for j, entry in enumerate(trick):
                ((name, text),) = entry.items()
                epath = (*tpath, j)
                before = len(errors)
                seat = seats.get(name)
                if seat is None:
                    seat = self.seat_of(name, (*epath, name), errors)
                if j >= 3:
                    errors.append(
                        self.problem(
                            "extra-action",
                            _("trick {trick} has more than 3 cards").format(trick=t + 1),
                            epath,
                        )
                    )
                played = _PLAYS.get(text) if type(text) is str else None
                if played is None:
                    card = self.card(text, (*epath, name), errors)
                    if card is not None:
                        played = _PLAY[card.index]
                        if type(text) is str and len(_PLAYS) < 10_000:  # pragma: no branch
                            _PLAYS[text] = played
                if len(errors) > before or seat is None or played is None:
                    add((_BAD, 0, None, epath))
                else:
                    add((_PLAY_CARD, seat, played, epath))
            add((_TRICK_END, len(trick), None, tpath))
        add((_DEAL_END, 0, None, path))
        result = deal.get("result")
        if result and self.check_results:
            for kind in ("points", "chips"):
                for name in result.get(kind) or {}:
                    if not (name == POT and kind == "chips"):
                        self.seat_of(name, (*path, "result", kind, name), self.result_errors)
        return items

    def play(
        self,
        state: State,
        items: list[_Item],
        deal: dict[str, Any],
        path: Path,
        errors: list[Problem],
    ) -> None:
        """Replay ``items`` from ``state`` in one loop, up to the first that cannot be applied
        (its error, if it has not one already, goes to ``errors``); ``self.state`` is the last
        state reached."""
        players = self.players
        for op, seat, action, ipath in items:
            if op <= _PLAY_CARD:  # an action
                assert action is not None
                if op == _BID and state.phase is not Phase.AUCTION:
                    self.refused = (seat, action)
                    return self.stop(
                        errors,
                        "extra-action",
                        _("{name} bid after the auction had ended").format(name=players[seat]),
                        ipath,
                    )
                if op == _DISCARD:
                    buyer_seat = state.buyer  # known: the auction's end was checked (_AUCTION_END)
                    if buyer_seat is not None:
                        seat = buyer_seat
                if op == _RUFF:
                    if state.phase is not Phase.RUFF:
                        self.refused = (seat, action)
                        return self.stop(
                            errors,
                            "extra-action",
                            _("{name} said {action} after the ruff was settled").format(
                                name=players[seat], action=action
                            ),
                            ipath,
                        )
                    if action is _PASS and _WAIT in state.legal_actions():
                        action = _WAIT  # before anyone vies, "pass" is read as "wait"
                nxt = state.try_apply(action, seat)  # the public engine decides
                if not isinstance(nxt, State):
                    return self.refuse(errors, state, seat, action, ipath, op == _PLAY_CARD)
                self.state = state = nxt
            elif op == _BAD:
                return None
            elif op == _BAD_DISCARD:  # the buyer is known now: name it
                buyer = players[state.buyer]  # type: ignore[index]
                p = errors[seat]
                errors[seat] = attrs.evolve(p, message=p.message.replace("the buyer", buyer, 1))
                return None
            elif op == _AUCTION_END:
                if state.phase is Phase.AUCTION:
                    return self.stop(
                        errors, "incomplete", "the auction for the stock is not finished", ipath
                    )
            elif op == _NO_DISCARD:
                buyer = players[state.buyer]  # type: ignore[index]
                return self.stop(
                    errors,
                    "incomplete",
                    _("{name}'s discards are missing").format(name=buyer),
                    ipath,
                )
            elif op == _RUFF_END:
                if state.phase is Phase.RUFF:
                    return self.stop(
                        errors, "incomplete", "the vying for the ruff is not finished", ipath
                    )
                self.claims(deal, path, state, errors)
            elif op == _TRICK:
                if state.phase is not Phase.PLAY:
                    return self.stop(
                        errors,
                        "extra-action",
                        _("trick {trick} is played after the twelfth").format(trick=seat + 1),
                        ipath,
                    )
            elif op == _TRICK_END:
                if seat < 3:
                    t = int(ipath[-1]) + 1
                    return self.stop(
                        errors,
                        "incomplete",
                        _("trick {trick} has {cards}; a trick has 3").format(
                            trick=t, cards=n_cards(seat)
                        ),
                        ipath,
                    )
            elif not state.is_over:  # _DEAL_END
                return self.stop(
                    errors,
                    "incomplete",
                    _("the record stops after {done} of 12 tricks").format(done=len(state.tricks)),
                    ipath,
                )
            else:
                self.end(deal, path, state)
        return None

    def stop(self, errors: list[Problem], code: str, message: str, path: Path) -> None:
        """The replay stops here: ``code`` at ``path`` is an error."""
        self.stopped = self.problem(code, message, path)
        errors.append(self.stopped)

    def refuse(
        self,
        errors: list[Problem],
        state: State,
        seat: int,
        action: Action,
        path: Path,
        play: bool,
    ) -> None:
        """Stop at an action the fast path did not take, saying why the rules refuse it (a
        card played names its trick)."""
        error = check_action(state, action, seat, self.players)  # the refusal, with names
        assert error is not None
        self.refused = (seat, action)
        self.stop(errors, error.code, error.message, path)
        if play:
            p = errors[-1]
            self.stopped = errors[-1] = attrs.evolve(
                p,
                message=p.message.replace(
                    _("deal {deal}: ").format(deal=self.deal_no),
                    _("deal {deal}, trick {trick}: ").format(
                        deal=self.deal_no, trick=int(path[-2]) + 1
                    ),
                    1,
                ),
            )

    def claims(self, deal: dict[str, Any], path: Path, state: State, errors: list[Problem]) -> None:
        """Check the claims on the hands after the exchange: a ``false-claim`` error for each
        claim not held (a set claimed and forfeited, under a profile with a forfeit, is none);
        ``unclaimed`` warnings; the claims by seat kept for the outcome at the deal's end."""
        if "claims" not in deal:
            return
        held: dict[int, set[str]] = {}
        for seat in range(3):
            hand = mask_of(state.hand(seat))
            have = {f"{kind}-{letter}" for kind, letter, _n in sets_held(self.profile, hand)}
            trumps = state.trumps.index
            have |= {name for name, _amount in small_trumps_held(self.profile, hand, trumps)}
            held[seat] = have
        said: dict[int, set[str]] = {0: set(), 1: set(), 2: set()}
        named: dict[int, str] = {}
        for seat, name, cpath, items in self.claimed:
            named.setdefault(seat, name)
            for j, claim in enumerate(items):
                if claim in held[seat]:
                    said[seat].add(claim)
                elif not self._forfeit(seat, claim, state):  # a forfeit: the outcome charges it
                    errors.append(
                        self.problem(
                            "false-claim",
                            self._why_not(self.players[seat], seat, claim, state),
                            (*cpath, j),
                        )
                    )
        for seat in range(3):
            name = self.players[seat]
            where = (*path, "claims", named[seat]) if seat in named else (*path, "claims")
            for missing in sorted(held[seat] - said[seat]):
                self.warnings.append(
                    self.problem(
                        "unclaimed",
                        _("{name} holds {claim} but the claims do not list it").format(
                            name=name, claim=missing
                        ),
                        where,
                    )
                )
        words: list[list[str]] = [[], [], []]
        for seat, _at, _what, items in self.claimed:
            words[seat] += items
        self.claim_words = (tuple(words[0]), tuple(words[1]), tuple(words[2]))

    def _forfeit(self, seat: int, claim: str, state: State) -> bool:
        """Whether ``seat`` forfeits for ``claim`` (:func:`~gleek.state.claim_forfeits`, the
        rule :func:`~gleek.state.outcome` charges)."""
        return bool(claim_forfeits(state, seat, (claim,)))

    def _why_not(self, name: str, seat: int, claim: str, state: State) -> str:
        hand = mask_of(state.hand(seat))
        small = small_trump_rank(claim)
        if small is not None:
            c = Card(small, state.trumps)
            if not hand >> c.index & 1:
                return _("{name} claims {claim} but does not hold {card}").format(
                    name=name, claim=claim, card=card_text(c)
                )
            return _("{name} claims {claim} but {claim} pays nothing under {profile}").format(
                name=name, claim=claim, profile=self.profile.name
            )
        letter = claim.split("-")[1]
        r = {"A": 10, "K": 9, "Q": 8, "J": 7}[letter]
        n = (hand & RANK_MASK[r]).bit_count()
        said = ngettext(
            "{name} claims {claim} but holds {n} of that rank after the exchange",
            "{name} claims {claim} but holds {n} of that rank after the exchange",
            n,
        )
        return said.format(name=name, claim=claim, n=n)

    def end(self, deal: dict[str, Any], path: Path, state: State) -> None:
        """The deal is over: its outcome (with any forfeits), summary and recorded result."""
        # the engine charges the forfeits of the claims, as gleek.outcome does for a caller
        o = outcome(state, self.claim_words)
        self.ended = (o, self.summary(o))
        self.check_result(deal, path, o)

    def summary(self, o: Outcome) -> DealSummary:
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
        share = self.share
        return DealSummary(
            dealer=names[o.dealer],
            trumps=o.trumps.value,
            buyer=names[o.buyer],
            price=o.price,
            ruff=share(ruff),
            points=share(tuple(share((names[s], o.points[s])) for s in range(3))),
            payments=share(tuple(share(pay(p)) for p in o.payments)),
            chips=share((*(share((names[s], o.chips[s])) for s in range(3)), share((POT, o.pot)))),
        )

    def share(self, value: Any) -> Any:
        """``value``, or an equal one already made: the summaries of many deals share their
        parts (a payment of 2 chips to the pot for the stock...), so a report of 100,000 deals
        holds some 300 bytes a deal. (Typed ``Any``, not as what it is given: the compiled
        build holds a tuple of a fixed length as its items, and makes a new tuple of them
        where one is returned, so a share typed so would return a copy, shared with nothing.)"""
        shared = self.shared
        if len(shared) < 100_000:
            return shared.setdefault(value, value)
        return shared.get(value, value)

    def check_result(self, deal: dict[str, Any], path: Path, o: Outcome) -> None:
        """A ``wrong-result`` error for each recorded figure the rules do not give (names
        that are not players were noted when the deal was translated)."""
        result = deal.get("result")
        if not result or not self.check_results:
            return
        figures: tuple[tuple[str, tuple[int, ...]], ...] = (
            ("points", o.points),
            ("chips", (*o.chips, o.pot)),
        )
        for kind, rules in figures:
            for name, value in (result.get(kind) or {}).items():
                if name == POT and kind == "chips":
                    should = rules[3]
                else:
                    seat = self.seats.get(player_name(name))
                    if seat is None:
                        continue
                    should = rules[seat]
                if value != should:
                    self.result_errors.append(
                        self.problem(
                            "wrong-result",
                            (
                                _(
                                    "{name} is recorded with {value} points, but the rules give "
                                    "{should}"
                                )
                                if kind == "points"
                                else _(
                                    "{name} is recorded with {value} chips, but the rules give "
                                    "{should}"
                                )
                            ).format(name=name, value=value, should=should),
                            (*path, "result", kind, name),
                        )
                    )


def progress(state: State) -> str:
    """How far a deal got, for the report's summary of a deal the replay stopped in.

    >>> from gleek import load_profile, new_deal
    >>> progress(new_deal(load_profile("parlett"), 0, seed=1))
    'in the auction'
    """
    phase = state.phase
    if phase is Phase.PLAY:
        done = len(state.tricks)  # the tricks finished (the one on the table is not one)
        if state.trick:
            return _("in trick {trick}").format(trick=done + 1)
        if done:
            return _("after trick {trick}").format(trick=done)
        return _("before the first trick")
    return _(
        {
            Phase.AUCTION: N_("in the auction"),
            Phase.DISCARD: N_("in the discards"),
            Phase.RUFF: N_("in the ruff"),
        }.get(phase, N_("at its end"))
    )
