"""The Python that the browser page runs (in Pyodide): a deal against two bots, a disputed rule
toggled on the same deal, a record opened. It calls gleek's public API only; the page's
JavaScript draws what these functions return (JSON text) and never decides a rule itself.

>>> import json
>>> table = Table("parlett", [], seed=7)
>>> view = json.loads(table.view())
>>> view["to_act"] == view["you"] or view["over"], len(view["legal"]) > 0
(True, True)
>>> while not json.loads(table.view())["over"]:
...     _ = table.play(0)
>>> final = json.loads(table.view())
>>> sum(final["outcome"]["chips"]) + final["outcome"]["pot"]
0
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from typing import Any, Final

import gleek
from gleek import Action, Outcome, Payment, Profile, RuleValue, State
from gleek.actions import Kind
from gleek.compare import compare_record_text, rule_matrix
from gleek.i18n import LANGUAGES, N_, card_text
from gleek.i18n import gettext as _
from gleek.i18n import set_language as _set_language
from gleek.profile import load_variant, with_rules
from gleek.record import dumps
from gleek.render import detail_text
from gleek.rulesdoc import CERTAINTY_WORDS, in_words, rules_text, with_words
from gleek.session import DealRecord, Session
from gleek.sim.search import SearchBot
from gleek.stages.common import POT, cited_rules
from gleek.svg import draw
from gleek.viewer import deal_steps, load_record, viewer_page

__all__ = [
    "BOT_PLAYOUTS",
    "Table",
    "disputed",
    "open_record",
    "options",
    "rules_that_matter",
    "set_language",
    "user_profile",
]

NAMES: Final = ("You", "Ann", "Ben")
#: An action as the page offers and tells it, by kind, marked for the catalogs (the record and
#: the page's ``actions`` keep the record format's words: ``bid 13``, ``play KH``).
ACTION_WORDS: Final = {
    Kind.BID: N_("bid {amount}"),
    Kind.PASS: N_("pass"),
    Kind.DISCARD: N_("discard {card}"),
    Kind.WAIT: N_("wait"),
    Kind.VIE: N_("vie"),
    Kind.SEE: N_("see"),
    Kind.REVIE: N_("revie"),
    Kind.DOUBLE: N_("double"),
    Kind.PLAY: N_("play {card}"),
}


def set_language(lang: str) -> str:
    """Speak ``lang`` (``en``, ``fr`` or ``es``, as the page's selector chose; anything else is
    English) from now on: the page's next calls answer in it. Returns the language set.

    >>> set_language("fr"), _("valid"), set_language("xx"), _("valid")
    ('fr', 'valide', 'en', 'valid')
    """
    chosen = lang if lang in LANGUAGES else "en"
    _set_language(chosen)
    return chosen


def names() -> tuple[str, str, str]:
    """The players of the page, you first, in the language gleek speaks."""
    return (_(NAMES[0]), NAMES[1], NAMES[2])


def action_text(action: Action) -> str:
    """``action`` in the language gleek speaks ("bid 13", in French "enchère de 13")."""
    card = None if action.card is None else card_text(action.card)
    return _(ACTION_WORDS[action.kind]).format(amount=action.amount, card=card)


#: Rollouts a decision of the bots (:class:`gleek.sim.search.SearchBot`): as many as keep its
#: slowest move in Pyodide near 0.3 s, well under a second (docs/web.rst gives the figures).
BOT_PLAYOUTS: Final = 100


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)


def _rule(r: RuleValue) -> dict[str, str]:
    """A rule as the page cites it: title, value, and the source's own words."""
    return {
        "path": r.path,
        "title": r.title,
        "value": r.display(),
        "description": r.description,
        "cite": r.source.cite(quotes=True),
    }


def _rules_for(profile: Profile, p: Payment, state: State) -> list[dict[str, str]]:
    return [_rule(profile.rule(path)) for path in cited_rules(p, state.turn_up.rank)]


def _payment(
    profile: Profile, p: Payment, state: State, players: tuple[str, str, str]
) -> dict[str, Any]:
    return {"text": _payment_text(p, players), "rules": _rules_for(profile, p, state)}


def _payment_text(p: Payment, players: tuple[str, str, str]) -> str:
    """A payment as the page tells it, in the language gleek speaks: "You pay", "Ann pays";
    the reason in words, its detail as the engine gives it ("turned tiddy", a set's cards)."""
    payer, payee = (_("the pot") if x == POT else players[x] for x in (p.payer, p.payee))
    reason = _(p.reason)
    if p.detail:
        reason = _("{reason}: {detail}").format(reason=reason, detail=detail_text(p.detail))
    if p.payee == POT:
        if p.payer == 0:
            text = _("{payer} pay the pot {amount} ({reason})")
        else:
            text = _("{payer} pays the pot {amount} ({reason})")
    elif p.payer == 0:
        text = _("{payer} pay {payee} {amount} ({reason})")
    else:
        text = _("{payer} pays {payee} {amount} ({reason})")
    return text.format(payer=payer, payee=payee, amount=p.amount, reason=reason)


def _outcome(o: Outcome) -> dict[str, Any]:
    return {"chips": list(o.chips), "pot": o.pot, "points": list(o.points)}


def options() -> str:
    """The profiles, the variants (each with its title and what it sets) and the disputed
    rules, for the page's menus."""
    return _dumps(
        {
            "profiles": list(gleek.list_profiles()),
            "variants": list(gleek.list_variants()),
            "variant_info": [_variant(v) for v in gleek.list_variants()],
            "disputed": disputed(),
        }
    )


def _variant(vid: str) -> dict[str, Any]:
    """A variant as the page shows it beside its box: its title, and its rule in words."""
    v = load_variant(vid)
    return {"id": v.id, "title": v.title, "summary": v.summary}


#: The rules a newcomer needs first, in the order of a deal (the summary before the first deal).
SUMMARY_RULES: Final = (
    "stock.opening_bid",
    "stock.increment",
    "stock.exchange",
    "ruff.model",
    "ruff.stake",
    "sets.gleek",
    "sets.mournival",
    "small_trumps.tiddy",
    "tricks.first_lead",
    "tricks.play_high",
    "tricks.honours",
    "tricks.honours_to",
    "scoring.par",
)


def summary(profile: str, variants: list[str]) -> str:
    """A short summary of a profile's rules for the page before the first deal (one screen):
    how a deal goes, the values that matter first (each in words where it needs them), and the
    whole rules as ``gleek rules`` prints them, for the page's link to them."""
    p = gleek.load_profile(profile, list(variants))
    steps = [
        _(
            "Three players, 44 cards (no 2s or 3s); 12 each, the next card turned up for "
            "trumps, 7 left as the stock."
        ),
        _(
            "Buying the stock: eldest opens the bidding; the buyer pays the price to the "
            "others and exchanges 7 cards with the stock."
        ),
        _("Vying the ruff: the best suit by card values wins the stake."),
        _(
            "Gleeks (three Aces, Kings, Queens or Jacks) and mournivals (all four) are paid "
            "by each opponent."
        ),
        _(
            "Twelve tricks: follow suit if you can; the highest trump wins, else the highest "
            "card of the suit led. Tricks and honours of trumps score points against a par."
        ),
    ]
    key = [
        {
            "title": r.title,
            "value": with_words(r, in_words(p, r.path)),
            "certainty": _(CERTAINTY_WORDS[r.certainty]),
        }
        for r in (p.rule(path) for path in SUMMARY_RULES)
    ]
    return _dumps(
        {
            "name": p.name,
            "title": p.title,
            "summary": p.summary,
            "steps": steps,
            "rules": key,
            "full": rules_text(p),
        }
    )


def disputed() -> list[dict[str, Any]]:
    """The rules ``gleek compare`` lists (those on which the shipped profiles differ), each with
    its distinct values and the profiles that hold them."""
    profiles = [gleek.load_profile(p) for p in gleek.list_profiles()]
    out = []
    for row in rule_matrix(profiles).rows:
        values: dict[str, dict[str, Any]] = {}
        for name, cell in zip((p.id for p in profiles), row.cells, strict=True):
            key = json.dumps(cell.value, sort_keys=True)
            values.setdefault(key, {"value": cell.display(), "profiles": []})["profiles"].append(
                name
            )
        out.append({"path": row.path, "title": row.title, "values": list(values.values())})
    return out


class Table:
    """A session in the page: you (seat 0) against two :class:`SearchBot` players. Each deal is
    shuffled from ``(seed, deal number)``; the dealer moves on, the scores run on."""

    def __init__(self, profile: str, variants: list[str], seed: int) -> None:
        self.profile = gleek.load_profile(profile, list(variants))
        self.seed = seed
        self.names = names()  # "You" in the language of the page when the game began
        self.session = Session.start(self.profile, deals=9999, players=self.names)
        self.previous = self.session
        self.rng = random.Random(seed)
        self.bot = SearchBot(BOT_PLAYOUTS)
        self.deal_seed = ""
        self.events: list[dict[str, Any]] = []
        self._matters: dict[int, dict[str, Any]] = {}  # rules_that_matter of the last deal
        self.state = self._deal()
        self._bots()

    def _deal(self) -> State:
        """The next deal; its first event is the deal itself, with what the turn-up pays (made
        as the cards are dealt, before anyone acts), as ``gleek show`` has it."""
        self.deal_seed = f"{self.seed}:{len(self.session.deals)}"
        state = self.session.new_deal(seed=self.deal_seed)
        self.events = [
            {
                "who": self.names[state.dealer],
                "action": _("deals; {card} turned up").format(card=card_text(state.turn_up)),
                "payments": [_payment(self.profile, p, state, self.names) for p in state.payments],
            }
        ]
        return state

    def _apply(self, action: Action) -> None:
        before = self.state
        seat = before.to_act
        assert seat is not None
        after = gleek.apply(before, action)
        self.state = after
        new = after.payments[len(before.payments) :]
        self.events.append(
            {
                "who": self.names[seat],
                "action": action_text(action),
                "payments": [_payment(self.profile, p, after, self.names) for p in new],
            }
        )
        if after.is_over:
            self.previous = self.session
            self.session = self.session.record(DealRecord(after))

    def _bots(self) -> None:
        while not self.state.is_over and self.state.to_act != 0:
            seat = self.state.to_act
            assert seat is not None
            obs = gleek.observation(self.state, seat)
            self._apply(self.bot.choose(obs, self.state.legal_actions(), self.rng))

    def play(self, index: int) -> str:
        """Play your legal action number ``index``, then let the bots play to your next turn."""
        legal = self.state.legal_actions()
        if self.state.is_over or self.state.to_act != 0 or not 0 <= index < len(legal):
            raise gleek.ArgumentError(
                _("no legal action number {index} for you now").format(index=index)
            )
        self.events = []
        self._apply(legal[index])
        self._bots()
        return self.view()

    def next_deal(self) -> str:
        """Deal the next hand (the session score runs on)."""
        self.state = self._deal()
        self._bots()
        return self.view()

    def view(self) -> str:
        """What the page shows: the table as you see it, your legal actions, what just
        happened with every payment explained, and the session score."""
        s = self.state
        mine = s.to_act == 0 and not s.is_over
        seen = s if s.is_over else gleek.observation(s, 0)
        data: dict[str, Any] = {
            "you": 0,
            "names": list(self.names),
            "profile": self.profile.name,
            "deal": len(self.session.deals) + (0 if s.is_over else 1),
            "seed": self.deal_seed,
            "svg": draw(seen, names=self.names, width=None),
            "to_act": s.to_act,
            "phase": s.phase.value,
            "legal": [
                {"label": action_text(a), "card": str(a.card) if a.card is not None else None}
                for a in (s.legal_actions() if mine else ())
            ],
            "events": self.events,
            "over": s.is_over,
            "outcome": _outcome(gleek.outcome(s)) if s.is_over else None,
            "score": list(self.session.balances),
            "pot": self.session.pot,
            "actions": [str(a) for _, a in s.history],
        }
        return _dumps(data)

    def _last_deal(self) -> DealRecord:
        if not self.session.deals:
            raise gleek.ArgumentError(_("finish a deal first: the toggle replays a finished deal"))
        return self.session.deals[-1]

    def toggle(self, path: str, holder: str) -> str:
        """The last finished deal again with the rule ``path`` as the profile ``holder`` has
        it: the same cards, your and the bots' same choices where still legal (where not, the
        bot decides for its seat, and for yours); and ``gleek compare --record``'s report of
        the deal under both rule sets."""
        deal = self._last_deal()
        changed = _changed(self.profile, path, holder)
        replay = _replay(changed, deal, self.bot, random.Random(self.seed))
        p = self.previous
        one = Session.start(
            self.profile,
            deals=1,
            players=self.names,
            chips=p.balances,
            pot=p.pot,
            dealer=p.dealer,
            ruff_stake=p.ruff_stake,
        ).record(deal)
        report = compare_record_text(dumps(one), _("the last deal"), [self.profile, changed])
        before, after = deal.outcome, gleek.outcome(replay.state)
        return _dumps(
            {
                "rule": _rule(self.profile.rule(path)),
                "new_rule": _rule(changed.rule(path)),
                "before": _outcome(before),
                "after": _outcome(after),
                "kept": replay.kept,
                "changed_choices": replay.changed,
                "svg_before": draw(deal.final, names=self.names, width=None),
                "svg_after": draw(replay.state, names=self.names, width=None),
                "report": report.text(),
                "causes": [
                    {"path": d.path, "title": d.title, "effect": d.effect}
                    for _, divs in report.causes
                    for d in divs
                ],
            }
        )

    def rules_that_matter(self) -> str:
        """Which disputed rules would change the last finished deal: each value of each rule
        of :func:`disputed` that this profile does not have is toggled in turn, the deal
        replayed as :meth:`toggle` replays it, and those whose outcome (points, chips, pot)
        differs are listed, with the outcome both ways; the others are counted, and a value that
        cannot stand alone in this profile is named with the reason."""
        deal = self._last_deal()
        found = self._matters.get(len(self.session.deals))
        if found is None:
            found = rules_that_matter(self.profile, deal, self.bot, self.seed)
            self._matters = {len(self.session.deals): found}
        return _dumps(found)


def _changed(profile: Profile, path: str, holder: str) -> Profile:
    """``profile`` with the rule ``path`` alone as the profile ``holder`` has it."""
    return with_rules(profile, {path: gleek.load_profile(holder).rule(path)}, path)


def rules_that_matter(
    profile: Profile, deal: DealRecord, bot: SearchBot, seed: int
) -> dict[str, Any]:
    """What :meth:`Table.rules_that_matter` says of ``deal``, played under ``profile``: the
    replays as :meth:`Table.toggle` makes them (the same ``bot``, its generator seeded by
    ``seed``)."""
    before = deal.outcome
    changes: list[dict[str, Any]] = []
    same: list[str] = []
    skipped: list[dict[str, str]] = []
    for rule in disputed():
        mine = profile.rule(rule["path"]).display()
        for v in rule["values"]:
            if v["value"] == mine:
                continue
            holder = v["profiles"][0]
            label = f"{rule['title']} ({rule['path']}): {mine} → {v['value']}"
            try:
                changed = _changed(profile, rule["path"], holder)
            except gleek.ProfileError as exc:
                skipped.append({"label": label, "reason": exc.message})
                continue
            after = gleek.outcome(_replay(changed, deal, bot, random.Random(seed)).state)
            moved = (after.points, after.chips, after.pot) != (
                before.points,
                before.chips,
                before.pot,
            )
            if not moved:
                same.append(label)
                continue
            changes.append(
                {
                    "path": rule["path"],
                    "holder": holder,
                    "label": label,
                    "before": _outcome(before),
                    "after": _outcome(after),
                }
            )
    return {"changes": changes, "same": same, "skipped": skipped}


class _Replay:
    def __init__(self, state: State, kept: int, changed: int) -> None:
        self.state, self.kept, self.changed = state, kept, changed


def _replay(profile: Profile, deal: DealRecord, bot: SearchBot, rng: random.Random) -> _Replay:
    """``deal``'s cards dealt again under ``profile``; each player makes the first of its
    recorded choices not yet made that is legal now, and where none is, the bot chooses."""
    first = deal.final.root()
    state = gleek.new_deal(profile, first.dealer, deck=first.deck, ruff_stake=first.ruff_stake)
    queues: list[list[Action]] = [[], [], []]
    for who, action in deal.actions:
        queues[who].append(action)
    kept = changed = 0
    while not state.is_over:
        legal = state.legal_actions()
        seat = state.to_act
        assert seat is not None
        mine = [a for a in queues[seat] if a in legal]
        if mine:
            action = mine[0]
            queues[seat].remove(action)
            kept += 1
        else:
            action = bot.choose(gleek.observation(state, seat), legal, rng)
            changed += 1
        state = gleek.apply(state, action)
    return _Replay(state, kept, changed)


def open_record(text: str, name: str) -> str:
    """A record's text: the viewer page of ``gleek show --html``, read, replayed and drawn by
    the same calls (one renderer for both), and its first error."""
    try:
        record, error = load_record(text=text, name=name)
        deals = deal_steps(record) if record is not None else ()
    except gleek.GleekError as exc:  # a record too large to show
        return _dumps({"page": None, "error": str(exc)})
    names = record.players if record is not None else ()
    return _dumps({"page": viewer_page(deals, names, name, error, False), "error": error})


def user_profile(text: str, name: str) -> str:
    """A profile file the user chose, checked as ``gleek`` checks any profile file; its id, or
    the error (a clear :class:`gleek.ProfileError` message)."""
    folder = tempfile.mkdtemp(prefix="gleek-profile-")
    path = os.path.join(folder, os.path.basename(name) or "profile.yaml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    try:
        profile = gleek.load_profile(path)
    except gleek.GleekError as exc:
        return _dumps({"error": str(exc)})
    return _dumps({"id": profile.id, "name": profile.name, "path": path})
