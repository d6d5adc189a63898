"""Bots for everything that needs players: uniformly random, a simple one, and a rule-aware one.

Each sees only an :class:`~gleek.state.Observation` and chooses among the legal actions; each
satisfies the :class:`gleek.Bot` protocol. :class:`RuleAwareBot` (``rules``, the default of
simulations) weighs every choice by the profile it plays under; :class:`BasicBot` (``basic``)
plays the same habits under every profile.

>>> import random, gleek
>>> s = gleek.new_deal(gleek.load_profile("pi"), seed=3)
>>> obs = gleek.observation(s, s.to_act)
>>> str(BasicBot().choose(obs, gleek.legal_actions(s), random.Random(0)))
'bid 10'
>>> str(RuleAwareBot().choose(obs, gleek.legal_actions(s), random.Random(0)))
'bid 10'
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

import attrs

from gleek.cards import DECK, Card, Rank, Suit, mask_of
from gleek.profile_model import Profile
from gleek.session import Bot
from gleek.stages.common import small_trump
from gleek.stages.ruff import FOUR_ACES, best_suit_value, ruff_value
from gleek.stages.ruff import revie_stake as stage_revie_stake
from gleek.stages.rules import make_room, rules_of
from gleek.stages.stock import discard_keep, price_shares
from gleek.stages.tricks import card_power
from gleek.state import Action, Observation, Phase

_RngState = tuple[int, bytes, float | None]

__all__ = [
    "BOTS",
    "DEFAULT_BOT",
    "BasicBot",
    "HandModel",
    "RandomBot",
    "RuleAwareBot",
    "beaten_by",
    "best_suit",
    "hand_strength",
    "revie_stake",
    "ruff_words",
]


@attrs.frozen
class RandomBot:
    """Picks uniformly among the legal actions."""

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def hand_strength(cards: tuple[Card, ...], trumps: Suit) -> int:
    """A rough count: trumps and trump honours, Aces and Kings elsewhere."""
    score = 0
    for c in cards:
        if c.suit is trumps:
            score += 2 + {Rank.ACE: 4, Rank.KING: 2, Rank.QUEEN: 2, Rank.JACK: 3}.get(c.rank, 0)
        elif c.rank is Rank.ACE:
            score += 2
        elif c.rank is Rank.KING:
            score += 1
    return score


def _power(c: Card, led: Suit, trumps: Suit) -> int:
    """How high ``c`` stands in a trick led in ``led`` (the tricks stage's
    :func:`~gleek.stages.tricks.card_power`: a trump above any other card, a card of the suit
    led by its rank, any other card nowhere)."""
    return card_power(trumps.index, led.index, c.index)


@attrs.frozen
class BasicBot:
    """Plays the obvious habits: buys a weak hand's way out when cheap, vies on a strong suit,
    follows with the lowest card that is enough, throws its lowest card when it cannot win."""

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if obs.phase is Phase.AUCTION:
            return self._bid(obs, legal)
        if obs.phase is Phase.DISCARD:
            return self._discard(obs, legal)
        if obs.phase is Phase.RUFF:
            return self._ruff(obs, legal)
        return self._play(obs, legal)

    def _bid(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        raise_to = next(a for a in legal if a.kind == "bid")
        weak = hand_strength(obs.hand, obs.trumps) < 14
        limit = obs.profile.stock.opening_bid + 3 * obs.profile.stock.increment
        if weak and raise_to.amount is not None and raise_to.amount <= limit:
            return raise_to
        return next(a for a in legal if a.kind == "pass")

    def _discard(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        def keep(a: Action) -> tuple[int, int]:
            c = a.card
            assert c is not None
            return (1 if c.suit is obs.trumps else 0, int(c.rank))

        return min(legal, key=keep)

    def _ruff(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        best = best_suit(obs.profile, obs.hand)
        aces = sum(1 for c in obs.hand if c.rank is Rank.ACE) == 4
        words: dict[str, Action] = {a.kind: a for a in legal}
        if "vie" in words:
            return words["vie"] if best >= 40 or aces else words["wait"]
        if (best >= 48 or aces) and obs.ruff_stake < 8:
            return words["revie"]
        return words["see"] if best >= 36 or aces else words["pass"]

    def _play(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        trumps = obs.trumps

        cards = [a.card for a in legal if a.card is not None]
        if not obs.trick:
            # Lead the highest card of the longest side suit, or a trump if holding many.
            return max(legal, key=lambda a: _power(a.card, a.card.suit, trumps) if a.card else 0)
        led = obs.trick[0][1].suit
        best = max(_power(c, led, trumps) for _, c in obs.trick)
        winners = [c for c in cards if _power(c, led, trumps) > best]
        if winners:
            pick = min(winners, key=lambda c: _power(c, led, trumps))
        else:
            pick = min(cards, key=lambda c: (c.suit is trumps, int(c.rank)))
        return next(a for a in legal if a.card == pick)


# ---------------------------------------------------------------------------- the rule-aware bot

_COURTS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
_MAX_REVIES: Final = 2
_RANKS_DOWN: Final = tuple(sorted(Rank, reverse=True))


def best_suit(profile: Profile, cards: Iterable[Card]) -> int:
    """The value of the best suit in ``cards`` for the ruff (the stage's rule,
    :func:`gleek.stages.ruff.best_suit_value`)."""
    return best_suit_value(rules_of(profile), mask_of(cards))


_RUFF_TABLES: dict[Mapping[Rank, int], tuple[float, ...]] = {}


def _ruff_table(profile: Profile) -> tuple[float, ...]:
    """``table[v]``: the share of random twelve-card hands whose best suit (the stage's rule,
    :func:`best_suit`) is worth less than ``v`` under the profile's card values (drawn once for
    each set of card values, from a fixed seed)."""
    key = profile.ruff.card_values
    got = _RUFF_TABLES.get(key)
    if got is not None:
        return got
    rules = rules_of(profile)
    rng = random.Random(20240611)
    deck = list(DECK)
    counts = [0] * 200
    n = 3000
    for _ in range(n):
        counts[best_suit_value(rules, mask_of(rng.sample(deck, 12)))] += 1
    table = [0.0] * 201
    below = 0
    for v in range(200):
        table[v] = below / n
        below += counts[v]
    table[200] = 1.0
    got = _RUFF_TABLES[key] = tuple(table)
    return got


def beaten_by(profile: Profile, value: int) -> float:
    """The chance that one random hand's best suit is worth less than ``value``."""
    return _ruff_table(profile)[max(0, min(value, 200))]


def _win_chance(above: int, length: int, trump: bool) -> float:
    """A rough chance that a card takes a trick: ``above`` higher cards of its suit are still
    out, ``length`` cards of the suit are in the hand."""
    if trump:
        # long trumps come good: every extra trump stands in for one higher card out
        short = above - max(0, length - 3)
        return max(0.05, min(0.95, 0.95 - 0.3 * short))
    if above == 0:
        chance = 0.75
    elif above == 1:
        chance = 0.4 if length >= 2 else 0.15
    elif above == 2:
        chance = 0.12 if length >= 3 else 0.03
    else:
        chance = 0.02
    return chance * max(0.4, 1 - 0.1 * max(0, length - 4))


class HandModel:
    """What a holding is worth in chips under one profile, for a seat that knows ``gone``
    (cards it has seen played or turned up, which cannot take tricks or be held by others).

    Trick points (``tricks.trick_points`` by a rough chance of each card taking a trick), trump
    honours (``tricks.honours``: the player's own where ``honours_to`` is ``player``, else by
    the chance of winning the trick they fall in, plus a share of the others' honours), sets
    (``sets.gleek`` and ``sets.mournival``, paid by both opponents) and small trumps
    (``small_trumps``, paid by both opponents). Points count one for one in chips (settlement
    against par is linear, so par itself changes no choice)."""

    def __init__(self, profile: Profile, trumps: Suit, gone: Iterable[Card] = ()) -> None:
        self.profile = profile
        self.trumps = trumps
        tr = profile.tricks
        self.trick_points = float(tr.trick_points)
        self.to_player = tr.honours_to == "player"
        if not self.to_player:
            # a trick won under "honours to the winner" also brings the honours in it
            self.trick_points += sum(tr.honours.values()) / 12
        self._trump = trumps.index
        self._honour = tuple(tr.honours.get(Rank(b + 4), 0) for b in range(11))
        small = profile.small_trumps
        self._small = tuple(
            2 * getattr(small, name) if (name := small_trump(Rank(b + 4))) else 0 for b in range(11)
        )
        sets = profile.sets
        self._sets = {
            rank: (0, 0, 0, 2 * sets.gleek.get(rank, 0), 2 * sets.mournival.get(rank, 0))
            for rank in _COURTS
        }
        self._gone = [0, 0, 0, 0]
        for c in gone:
            self._gone[c.suit.index] |= 1 << (int(c.rank) - 4)
        #: everything a value depends on: two models with the same key value every holding alike
        self.key: Final = (
            self.trick_points,
            self.to_player,
            self._trump,
            self._honour,
            self._small,
            tuple(self._sets.items()),
            tuple(self._gone),
        )
        # the suits' values, shared by every model with this key (each decision makes a model)
        cache = _SUIT_VALUES.get(self.key)
        if cache is None:
            make_room(_SUIT_VALUES, SUIT_VALUES_BUDGET)
            cache = _SUIT_VALUES[self.key] = {}
        self._cache: dict[tuple[int, int], float] = cache

    def _suit(self, suit: int, bits: int) -> float:
        """The points expected from the ranks ``bits`` (bit ``r - 4`` for rank ``r``) of a suit."""
        key = (suit, bits)
        got = self._cache.get(key)
        if got is not None:
            return got
        trump = suit == self._trump
        gone = self._gone[suit]
        length = bits.bit_count()
        total = 0.0
        above = 0
        for b in range(10, -1, -1):
            if bits >> b & 1:
                p = _win_chance(above, length, trump)
                total += p * self.trick_points
                if trump:
                    honour = self._honour[b]
                    total += honour if self.to_player else honour * p
                    total += self._small[b]
            elif not gone >> b & 1:
                above += 1
        self._cache[key] = total
        return total

    def _parts(self, cards: Iterable[Card]) -> tuple[list[int], dict[Rank, int]]:
        bits = [0, 0, 0, 0]
        counts = dict.fromkeys(_COURTS, 0)
        for c in cards:
            suit, b = divmod(c.index, 11)  # (the card's index: suit * 11 + rank - 4)
            bits[suit] |= 1 << b
            if c.rank in counts:
                counts[c.rank] += 1
        return bits, counts

    def value(self, cards: Iterable[Card]) -> float:
        """The chips the holding is worth (see the class documentation)."""
        bits, counts = self._parts(cards)
        total = sum(self._suit(i, bits[i]) for i in range(4))
        return total + sum(self._sets[r][n] for r, n in counts.items())

    def keep(self, cards: Sequence[Card], forbidden: Iterable[Card] = ()) -> list[Card]:
        """The twelve of ``cards`` worth most together: the others are dropped one at a time,
        each time the one whose loss costs least (never a ``forbidden`` one)."""
        held = list(cards)
        banned = {c.index for c in forbidden}
        while len(held) > 12:
            del held[self._cheapest_at(held, banned)]
        return held

    def cheapest(self, held: Sequence[Card], banned: Iterable[Card] = ()) -> Card:
        """The card of ``held`` (not ``banned``) whose loss lowers its value least; an honour
        thrown away scores for nobody."""
        return held[self._cheapest_at(held, {c.index for c in banned})]

    def _cheapest_at(self, held: Sequence[Card], banned: set[int]) -> int:
        """Where :meth:`cheapest` is in ``held`` (the first of equal losses); ``banned`` by the
        cards' indices."""
        bits, counts = self._parts(held)
        suit_value = self._suit
        cache = self._cache
        here = [suit_value(i, bits[i]) for i in range(4)]
        best = -1
        best_loss = 0.0
        for at, c in enumerate(held):
            index = c.index
            if banned and index in banned:
                continue
            i, b = divmod(index, 11)
            less = bits[i] & ~(1 << b)
            value = cache.get((i, less))
            loss = here[i] - (value if value is not None else suit_value(i, less))
            n = counts.get(c.rank)
            if n is not None:
                table = self._sets[c.rank]
                loss += table[n] - table[n - 1]
            if best < 0 or loss < best_loss:
                best, best_loss = at, loss
        assert best >= 0
        return best


def ruff_words(obs: Observation) -> list[str]:
    """Each seat's last word in the ruff so far (``""`` for none): the auction ends at its
    second pass, so a pass after that is a ruff pass."""
    last = ["", "", ""]
    passes = 0
    for seat, a in obs.history:
        kind = a.kind
        if passes < 2:
            passes += kind == "pass"
        elif kind != "discard" and kind != "play":
            last[seat] = kind
    return last


def revie_stake(profile: Profile, stake: int) -> int:
    """The stake after a revie (the stage's rule, :func:`gleek.stages.ruff.revie_stake`)."""
    return stage_revie_stake(rules_of(profile), stake)


@attrs.frozen
class RuleAwareBot:
    """A heuristic player that reads the profile it plays.

    * The stock: what the exchange is worth to its hand (a :class:`HandModel` of the hand
      before, against the best twelve of the hand and seven cards drawn from those it has not
      seen, ``samples`` draws), against the price: it raises only if the gain beats the bid
      plus what it would be paid by the buyer if it passed instead (half the bid, and the odd
      chip where the profile gives it to eldest and it is eldest).
    * The discards: each time the card whose loss costs its hand least, never a forbidden one.
    * The ruff: the chance that its best suit (under the profile's card values; four Aces
      where they win) beats the others still in, from the spread of best suits in random
      hands, narrowed for a player that vied or saw; against what a word costs under this
      profile: the stake and the raise (or late raise), what a loser pays (the stake, how far
      it went, or nothing to say) and the model (direct or pool); a stake large beside the
      purse a player starts with (``session.starting_chips``) is charged its square over the
      purse, so high stakes are vied with stronger hands only. Two revies at most a ruff.
    * The tricks: leads a card nobody can beat, else trumps when long in them, else low; wins
      a trick as cheaply as it can when the trick is worth it; where honours go to the trick's
      winner it captures honours and does not throw its own to an opponent; otherwise throws
      the card that costs least.
    """

    samples: int = 12

    def choose(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if obs.phase is Phase.AUCTION:
            return self._bid(obs, legal, rng)
        if obs.phase is Phase.DISCARD:
            model = HandModel(obs.profile, obs.trumps, (obs.turn_up,))
            allowed = {a.card for a in legal if a.card is not None}
            banned = [c for c in obs.hand if c not in allowed]
            return Action.discard(model.cheapest(obs.hand, banned))
        if obs.phase is Phase.RUFF:
            return self._ruff(obs, legal)
        return self._play(obs, legal)

    # -- the stock
    def exchange_gain(self, obs: Observation, rng: random.Random) -> float:
        """What buying the stock is worth to this hand, in chips (before the price).

        The same hand valued alike (the same :attr:`HandModel.key` and forbidden discards), with
        the random generator in the same state, is worked out once: the generator is then set
        to the state the work leaves it in, so every choice is the same as without the table
        (``gleek effects`` plays each deal under many rule sets, most of which value a hand as
        the base does)."""
        prof = obs.profile
        model = HandModel(prof, obs.trumps, (obs.turn_up,))
        forbidden_ranks = prof.stock.forbidden_discards
        key = (model.key, forbidden_ranks, self.samples, obs.hand, _state_of(rng))
        known = _GAINS.get(key)
        if known is not None:
            _set_state(rng, known[1])
            return known[0]
        gain = self._exchange_gain(obs, rng, model)
        make_room(_GAINS, GAINS_BUDGET)
        _GAINS[key] = (gain, _state_of(rng))
        return gain

    def _exchange_gain(self, obs: Observation, rng: random.Random, model: HandModel) -> float:
        prof = obs.profile
        seen = {*obs.hand, obs.turn_up}
        unseen = [c for c in DECK if c not in seen]
        keep = discard_keep(rules_of(prof), obs.trumps.index)  # the stage's rule
        forbidden = [c for c in obs.hand if not keep >> c.index & 1]
        before = model.value(obs.hand)
        total = 0.0
        for _ in range(self.samples):
            stock = rng.sample(unseen, 7)
            drawn = [c for c in stock if keep >> c.index & 1]
            kept = model.keep([*obs.hand, *stock], forbidden + [c for c in stock if c not in drawn])
            total += model.value(kept)
        return total / self.samples - before

    def _bid(self, obs: Observation, legal: tuple[Action, ...], rng: random.Random) -> Action:
        bid = next(a for a in legal if a.kind == "bid")
        stand = obs.bid or 0
        # what this seat receives of the price if the standing bid buys (the stage's split)
        bidder = next((s for s, a in reversed(obs.history) if a.kind == "bid"), None)
        paid = 0
        if bidder is not None and stand:
            rules = rules_of(obs.profile)
            paid = price_shares(rules, bidder, stand, obs.dealer)[obs.seat]
        assert bid.amount is not None
        if self.exchange_gain(obs, rng) > bid.amount + paid:
            return bid
        return next(a for a in legal if a.kind == "pass")

    # -- the ruff
    def ruff_chance(self, obs: Observation) -> float:
        """The chance that this hand's best suit wins the ruff against the others still in."""
        prof = obs.profile
        if ruff_value(rules_of(prof), mask_of(obs.hand)) == FOUR_ACES:  # the ruff's own rule
            return 1.0
        mine = best_suit(prof, obs.hand)
        last = ruff_words(obs)
        chance = 1.0
        for seat in range(3):
            if seat == obs.seat or last[seat] == "pass":
                continue
            below = beaten_by(prof, mine)
            if last[seat] in ("vie", "see", "revie"):
                floor = 0.6 if last[seat] == "see" else 0.7
                below = max(0.0, below - floor) / (1 - floor)
            if seat == obs.buyer:
                below = below**2  # the buyer chose its best twelve of nineteen
            chance *= below
        return chance

    def _ruff(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        words: dict[str, Action] = {a.kind: a for a in legal}
        prof = obs.profile
        r = prof.ruff
        p = self.ruff_chance(obs)
        stake = obs.ruff_stake
        last = ruff_words(obs)
        purse = max(1, prof.session.starting_chips)

        def risk(at_stake: float) -> float:
            """What a stake costs beyond its mean: its square against the purse a player
            starts with (a stake that is small beside the purse costs nothing more)."""
            return at_stake * at_stake / purse

        # two revies at most in a ruff: two strong hands would otherwise raise for ever
        may_revie = sum(1 for _, a in obs.history if a.kind == "revie") < _MAX_REVIES
        if r.model == "pool":
            # Everyone has put the stake in; a vie or revie puts ``raise`` more, a see matches.
            pool = 3 * stake
            if "vie" in words:
                return (
                    words["vie"]
                    if p * (pool + 2 * r.raise_) - r.raise_ > p * pool
                    else words["wait"]
                )
            to_call = r.raise_
            if p > 0.75 and may_revie and "revie" in words:
                return words["revie"]
            return words["see"] if p * (pool + 2 * to_call) > to_call else words["pass"]
        # Direct model: a loser pays the stake as it stands (or, how-far, as far as it went).
        how_far = r.losers_pay == "how-far"
        nothing = r.nothing_to_say or 0
        if "vie" in words:
            # After a vie, the others pass (paying the stake, or under how-far only what they
            # had to say) or see; whoever has the best suit among those in wins.
            folded = nothing if how_far else stake
            win = 2 * (p * stake + (1 - p) * folded)
            ev_vie = p * win - (1 - p) * stake - risk(stake)
            ev_wait = -(nothing if how_far else stake) * (1 - beaten_by(prof, 40) ** 2) * (1 - p)
            if ev_vie > ev_wait:
                return words["vie"]
            if "double" in words and p < 0.2:
                return words["double"]  # a weak hand would rather play next deal for more
            return words["wait"]
        my_put = stake if last[obs.seat] in ("vie", "see", "revie") else 0
        pass_cost = (my_put or nothing) if how_far else stake
        higher = revie_stake(prof, stake)
        ev = {
            "pass": -float(pass_cost),
            "see": p * 2 * stake - (1 - p) * stake - risk(stake),
            "revie": (
                p * 2 * higher - (1 - p) * higher - risk(higher) if p > 0.7 and may_revie else -1e9
            ),
        }
        best = max((w for w in ("pass", "see", "revie") if w in words), key=lambda w: ev[w])
        return words[best]

    # -- the tricks
    def _play(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        prof = obs.profile
        trumps = obs.trumps
        seen = mask_of((obs.turn_up, *obs.hand, *(c for _, c in obs.trick)))
        for t in obs.tricks:
            seen |= mask_of(c for _, c in t)
        out = [c for c in DECK if not seen >> c.index & 1]  # held by the others
        cards = [a.card for a in legal if a.card is not None]
        honours = prof.tricks.honours
        to_winner = prof.tricks.honours_to == "winner"

        def honour(c: Card) -> int:
            return honours.get(c.rank, 0) if c.suit is trumps else 0

        def master(c: Card) -> bool:
            """Nobody left can beat ``c`` if it is led."""
            if c.suit is trumps:
                return not any(x.suit is trumps and x.rank > c.rank for x in out)
            higher = any(x.suit is c.suit and x.rank > c.rank for x in out)
            suit_left = sum(1 for x in out if x.suit is c.suit)
            trumps_left = any(x.suit is trumps for x in out)
            return not higher and (suit_left >= 2 or not trumps_left)

        def throw_cost(c: Card) -> float:
            """What a card costs to throw away: trumps and high cards most; where honours go
            to the trick's winner, an honour thrown to an opponent costs its points."""
            base = float(int(c.rank)) + (20 if c.suit is trumps else 0)
            return base + (honour(c) * 3 if to_winner else 0)

        if not obs.trick:
            masters = [c for c in cards if master(c)]
            if masters:
                pick = max(masters, key=lambda c: (c.suit is not trumps, honour(c), int(c.rank)))
                return Action.play(pick)
            my_trumps = sum(1 for c in cards if c.suit is trumps)
            their_trumps = sum(1 for c in out if c.suit is trumps)
            if my_trumps and my_trumps >= their_trumps and not (to_winner and my_trumps == 1):
                return Action.play(
                    max((c for c in cards if c.suit is trumps), key=lambda c: int(c.rank))
                )
            side = [c for c in cards if c.suit is not trumps] or cards
            return Action.play(min(side, key=throw_cost))
        led = obs.trick[0][1].suit
        best = max(_power(c, led, trumps) for _, c in obs.trick)
        last_to_play = len(obs.trick) == 2
        winners = [c for c in cards if _power(c, led, trumps) > best]
        if winners:
            if last_to_play:
                return Action.play(min(winners, key=lambda c: (_power(c, led, trumps), -honour(c))))
            # second to play: win if the card will hold against the third player
            sure = [c for c in winners if master(c)]
            if sure:
                return Action.play(min(sure, key=lambda c: _power(c, led, trumps)))
            if to_winner:
                # do not put an honour where it can be taken; a cheap try otherwise
                cheap = [c for c in winners if not honour(c)]
                if cheap and any(honour(c) for _, c in obs.trick):
                    return Action.play(max(cheap, key=lambda c: _power(c, led, trumps)))
        return Action.play(min(cards, key=throw_cost))


BOTS: Final[dict[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "rules": RuleAwareBot,
}
"""The shipped bots by name; each value makes a bot."""

DEFAULT_BOT: Final = "rules"
"""The bot simulations use unless told otherwise."""

#: The values of a suit's holdings (:meth:`HandModel._suit`) by the key of the hand models that
#: share them (a few sessions of deals under many rule sets; each table at most 4 x 2,048 entries)
_SUIT_VALUES: dict[tuple[Any, ...], dict[tuple[int, int], float]] = {}
SUIT_VALUES_BUDGET: Final = 64

#: :meth:`RuleAwareBot.exchange_gain`'s results, by what they depend on (the hand's model, the
#: forbidden discards, the samples, the hand, the random generator's state), with the state
#: the generator is left in; a few sessions' worth under many rule sets (10 KB an entry).
_GAINS: dict[tuple[Any, ...], tuple[float, _RngState]] = {}
GAINS_BUDGET: Final = 1024


def _state_of(rng: random.Random) -> _RngState:
    """``rng``'s state, its 625 words packed (a fifth of the memory of the tuple of ints)."""
    version, words, gauss = rng.getstate()
    return version, array("Q", words).tobytes(), gauss


def _set_state(rng: random.Random, state: _RngState) -> None:
    version, words, gauss = state
    rng.setstate((version, tuple(array("Q", words)), gauss))


# mypy checks that the shipped bots satisfy the gleek.Bot protocol.
_SHIPPED: Final[tuple[Bot, ...]] = (RandomBot(), BasicBot(), RuleAwareBot())
