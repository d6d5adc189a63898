"""Legality: what the player to act may do (:func:`legal_actions`; the cards of it in one int,
:func:`legal_cards`), why an action is refused
(:func:`refusal`: the stage's check of the phase, with the facts it used), :func:`apply`, and the
message of a refusal (:func:`check_action`, worded by :mod:`gleek.messages`).

May import: the leaf modules (:mod:`gleek._args`, :mod:`gleek._core`, :mod:`gleek.actions`,
:mod:`gleek.cards`, :mod:`gleek.errors`, :mod:`gleek.limits`, :mod:`gleek.profile_model`), the
stages, :mod:`gleek.messages` and, of the engine, :mod:`gleek.engine.node` and
:mod:`gleek.engine.transitions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, overload

from gleek._args import check_names, check_seat
from gleek._core import (
    AUCTION,
    DISCARD_PHASE,
    OVER,
    PLAY_BY_SUIT,
    PLAY_PHASE,
    RUFF,
    bid_action,
    discard_actions,
    play_actions,
)
from gleek.actions import (
    PASS,
    PLAY,
    RUFF_WORDS,
    WORDS,
    Action,
    action_arg,
)
from gleek.engine.node import State, hand_mask, led_suit, state_arg
from gleek.engine.transitions import do_action, play_card
from gleek.errors import IllegalAction
from gleek.messages import message, seat_name
from gleek.stages.common import Refusal
from gleek.stages.ruff import (
    ruff_choices,
    verify_word,
)
from gleek.stages.rules import make_room
from gleek.stages.stock import (
    LAID_OUT,
    PASS_BID,
    auction_choices,
    exchange_facts,
    verify_bid,
    verify_discard,
)
from gleek.stages.tricks import (
    legal_mask,
    verify_play,
)

_M11: Final = 0x7FF


def legal_actions(state: object) -> tuple[Action, ...]:
    """Everything the player to act may do, in a stable order: what :func:`verify` allows."""
    n = state if isinstance(state, State) else state_arg(state)
    phase = n._phase
    deal = n._deal
    if phase == PLAY_PHASE:
        to_act = n._to_act  # (hand_mask and led_suit, inline: the play is most of a deal)
        hand = n._h0 if to_act == 0 else n._h1 if to_act == 1 else n._h2
        led = (n._trick & 63) // 11 if n._ntrick else -1
        mask = legal_mask(hand, led, deal.play_high)
        if led >= 0:
            shift = 11 * led
            held = (mask >> shift) & _M11
            if held << shift == mask:  # following suit (its cards alone): one table look-up
                return PLAY_BY_SUIT[led][held]
        return play_actions(mask)
    if phase == AUCTION:
        bids = auction_choices(deal.rules, n._bid, n._bidder)
        actions = _BID_ACTIONS.get(bids)
        if actions is None:
            make_room(_BID_ACTIONS)
            actions = _BID_ACTIONS[bids] = tuple(
                [PASS if x == PASS_BID else bid_action(x) for x in bids]
            )
        return actions
    if phase == DISCARD_PHASE:
        return discard_actions(hand_mask(n, n._bidder) & deal.keep)
    if phase == RUFF:
        r = n._ruff
        assert r is not None
        words = ruff_choices(deal.rules, r)
        said = _WORD_ACTIONS.get(words)
        if said is None:
            said = _WORD_ACTIONS[words] = tuple([WORDS[w] for w in words])
        return said
    return ()


def legal_cards(state: object) -> int:
    """The cards the player to act may play (in the play) or discard (in the discards), as a
    mask of card indices (bit ``i`` set: the card of index ``i``); 0 in the auction, the ruff
    and at the end. The cards of :func:`legal_actions`' plays or discards, in one int, without
    the actions (for a caller that numbers the cards itself, as :mod:`gleek.rl.openspiel`)."""
    n = state if isinstance(state, State) else state_arg(state)
    phase = n._phase
    if phase == PLAY_PHASE:  # (as legal_actions: the same stage function on the same facts)
        to_act = n._to_act
        hand = n._h0 if to_act == 0 else n._h1 if to_act == 1 else n._h2
        return legal_mask(hand, (n._trick & 63) // 11 if n._ntrick else -1, n._deal.play_high)
    if phase == DISCARD_PHASE:
        return hand_mask(n, n._bidder) & n._deal.keep
    return 0


#: The actions of the auction's choices (gleek.stages.stock.auction_choices: the bids, and
#: PASS_BID for a pass; kept within its budget by make_room, since bids rise without bound)
#: and of the ruff's (gleek.stages.ruff.ruff_choices: one of four tuples of words), by the
#: choices: the same tuple each time, not one built for every call.
_BID_ACTIONS: Final[dict[tuple[int, ...], tuple[Action, ...]]] = {}


_WORD_ACTIONS: Final[dict[tuple[str, ...], tuple[Action, ...]]] = {}


def verify(n: State, action: Action) -> str | None:
    """Why the player to act may not do ``action``: the record format's error code (that of
    :func:`refusal`); None if the action is legal."""
    why = refusal(n, action)
    return None if why is None else why.code


def refusal(n: State, action: Action) -> Refusal | None:
    """Why the player to act may not do ``action``: the stage's check of the current phase
    (or, for an action of another phase, the reason it is out of place), with the facts it
    used; None if the action is legal. The one place legality is decided."""
    phase = n._phase
    kind = action.kind
    if phase == PLAY_PHASE:
        card = action.card
        if kind != "play" or card is None:
            return Refusal("extra-action", "play-wrong-kind", {})
        return verify_play(hand_mask(n, n._to_act), led_suit(n), n._deal.play_high, card.index)
    if phase == AUCTION:
        if kind == "pass":
            return verify_bid(n._deal.rules, n._bid, n._bidder, PASS_BID)
        amount = action.amount
        if kind != "bid" or amount is None:
            code = "extra-action" if kind == "play" else "bad-bid"
            return Refusal(code, "auction-wrong-kind", {})
        return verify_bid(n._deal.rules, n._bid, n._bidder, amount)
    if phase == DISCARD_PHASE:
        card = action.card
        if kind != "discard" or card is None:
            return Refusal("bad-discard", "discard-first", {"left": LAID_OUT - len(n._discards)})
        why = verify_discard(hand_mask(n, n._to_act), n._deal.keep, n._discards, card.index)
        if why is not None and why.code == "bad-discard":
            why.facts.update(exchange_facts(n._deal.rules))
        return why
    if phase == RUFF:
        if kind in RUFF_WORDS or kind == "pass":
            r = n._ruff
            assert r is not None
            return verify_word(n._deal.rules, r, kind)
        code = "extra-action" if kind in ("bid", "discard") else "bad-ruff-call"
        return Refusal(code, "ruff-wrong-kind", {})
    return Refusal("extra-action", "over", {})


#: The interned play actions, by card index, and the class of an action (names of this module:
#: compiled, statics, where a name imported from a pure module is a look-up in a dict).
_PLAYS: Final[tuple[Action, ...]] = PLAY


_ACTION: Final[type[Action]] = Action


@overload
def apply(state: State, action: Action, seat: int | None = None) -> State: ...


@overload
def apply(state: State, action: str, seat: int | None = None) -> State: ...


def apply(state: object, action: object, seat: object = None) -> State:
    """The state after ``action`` (an :class:`Action` or its text, e.g. ``"play AS"``), by
    ``seat`` (default: the player to act; given, it must be the player to act).

    Every argument is checked (the compiled build takes them as objects for that), so a wrong
    one raises the library's own error.

    Raises :class:`~gleek.errors.IllegalAction` (with the record format's error code and a
    message saying why) if the rules do not allow it, and
    :class:`~gleek.errors.ArgumentTypeError` / :class:`~gleek.errors.ArgumentError` for
    arguments of the wrong type or out of range.
    """
    if (
        isinstance(state, State)
        and isinstance(action, _ACTION)
        and (seat is None or (type(seat) is int and seat == state._to_act))
    ):
        if state._phase == PLAY_PHASE:  # most of a deal: the play's own check, then the card
            card = action.card
            if card is not None:
                c = card.index
                # an interned play action (any other, a discard say, takes the checked path)
                if _PLAYS[c] is action:
                    to_act = state._to_act
                    hand = state._h0 if to_act == 0 else state._h1 if to_act == 1 else state._h2
                    led = (state._trick & 63) // 11 if state._ntrick else -1
                    if verify_play(hand, led, state._deal.play_high, c) is None:
                        return play_card(state, to_act, c, action)
        elif refusal(state, action) is None:
            return do_action(state, action)
    checked_state = state_arg(state)
    if seat is not None:
        check_seat("seat", seat)
    checked = action_arg(action)
    error = _check(checked_state, checked, seat, None)
    if error is not None:
        raise error
    return do_action(checked_state, checked)


def _seat_name(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names else seat_name(seat)


def _names_arg(names: object) -> Sequence[str] | None:
    return None if names is None else check_names("names", names)


def check_action(
    state: object, action: object, seat: object = None, names: object = None
) -> IllegalAction | None:
    """Why ``action`` (an :class:`Action` or its text) by ``seat`` (default the player to act)
    is illegal in ``state``, or None if it is legal.

    The reason is :func:`verify`'s, told in words; ``names`` (three player names by seat) are
    used in the message instead of ``seat N``.
    """
    return _check(state_arg(state), action_arg(action), seat, names)


def _check(
    state: State, action: Action, seat: object, player_names: object
) -> IllegalAction | None:
    if seat is not None:
        seat = check_seat("seat", seat)
    names = _names_arg(player_names)
    profile = state._deal.profile.name  # the id with its variants: cotton+discard-first
    if state._phase == OVER:
        why = Refusal("extra-action", "over" if seat is None else "over-seat", {})
        who = "" if seat is None else _seat_name(seat, names)
        return IllegalAction(why.code, message(why, who, action, profile), seat=seat)
    to_act = state._to_act
    if seat is not None and seat != to_act:
        why = Refusal("out-of-turn", "out-of-turn", {"turn": _seat_name(to_act, names)})
        return IllegalAction(
            why.code, message(why, _seat_name(seat, names), action, profile), seat=seat
        )
    found = refusal(state, action)
    if found is None:
        return None
    return IllegalAction(
        found.code, message(found, _seat_name(to_act, names), action, profile), seat=to_act
    )


def forget() -> None:
    """Drop the actions remembered for the auction's and the ruff's choices."""
    _BID_ACTIONS.clear()
    _WORD_ACTIONS.clear()
