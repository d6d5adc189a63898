"""A record as one self-contained HTML page that steps through every action of every deal.

The page holds the library's own SVG pictures (:mod:`gleek.svg`) and a little plain JavaScript:
nothing is fetched. Buttons and the arrow keys step (left/right: an action; up/down: a deal;
Home/End). Each step shows the payments it made and the balances; an invalid record opens at its
first error, with the message and ``file:line:column``.

>>> from gleek.viewer import replay_file, viewer_html
>>> deals = replay_file("examples/parlett-s0-auction.yaml")
>>> deal = deals[0]
>>> len(deal.steps) == 1 + len(deal.final.history), deal.steps[1].caption
(True, 'Ben bids 12')
>>> page = viewer_html("examples/parlett-s0-auction.yaml")
>>> page.startswith("<!DOCTYPE html>"), "<script src" in page, "<link" in page
(True, False, False)
"""

from __future__ import annotations

import contextlib
import html
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from gleek.cards import DECK, Card
from gleek.errors import ArgumentTypeError, GleekError, IllegalAction, RecordError
from gleek.profile import Profile, named_profile
from gleek.record import Problem, Report, load, loads, validate, validate_text
from gleek.stages.common import POT, Payment
from gleek.stages.deal import stack_deck
from gleek.state import Action, Outcome, State, apply, new_deal, outcome
from gleek.svg import card_defs, draw

__all__ = ["ReplayedDeal", "Step", "replay_file", "replay_text", "viewer_html", "write_viewer"]

_VERBS = {
    "pass": "passes",
    "wait": "waits",
    "vie": "vies",
    "see": "sees",
    "revie": "revies",
}


@attrs.frozen
class Step:
    """One picture of the page: the state after ``caption`` happened, and its new payments."""

    state: State
    caption: str
    payments: tuple[Payment, ...]


@attrs.frozen
class ReplayedDeal:
    """A deal of a record as far as it replays: its steps (the first is the deal itself),
    the player names, the balances before it, and the outcome if it was played out."""

    number: int
    names: tuple[str, str, str]
    steps: tuple[Step, ...]
    start_balances: tuple[int, int, int]
    start_pot: int
    outcome: Outcome | None

    @property
    def final(self) -> State:
        """The last state reached."""
        return self.steps[-1].state

    def _repr_svg_(self) -> str:
        return draw(self.final, names=self.names)


def _caption(names: Sequence[str], seat: int, action: Action) -> str:
    who = names[seat]
    if action.kind == "bid":
        return f"{who} bids {action.amount}"
    if action.kind in _VERBS:
        return f"{who} {_VERBS[action.kind]}"
    return f"{who} {action.kind}s {action.card}"


def _actions(deal: dict[str, Any], seats: dict[str, int]) -> Iterator[tuple[int, Action | str]]:
    """The recorded actions in order: (seat, action); the buyer's discards with seat -1 (the
    buyer is known only once the auction is over); ruff words as text (``pass`` may be ``wait``).
    A name or card that does not parse raises KeyError or CardError: the replay stops there."""
    for entry in deal.get("auction") or []:
        ((name, value),) = entry.items()
        yield seats[name], Action.word("pass") if value == "pass" else Action.bid(value)
    for text in deal.get("discard") or []:
        yield -1, Action.discard(Card.parse(text))
    for entry in deal.get("ruff") or []:
        ((name, word),) = entry.items()
        yield seats[name], str(word)
    for trick in deal.get("tricks") or []:
        for entry in trick:
            ((name, text),) = entry.items()
            yield seats[name], Action.play(Card.parse(text))


def _deck(deal: dict[str, Any], seats: dict[str, int], dealer: int, profile: Profile) -> list[Card]:
    if "deck" in deal:
        return [Card.parse(t) for t in deal["deck"]]
    hands = {seats[n]: [Card.parse(t) for t in cards] for n, cards in deal["hands"].items()}
    stock = [Card.parse(t) for t in deal["stock"]]
    return stack_deck(hands, Card.parse(deal["turn_up"]), stock, dealer, profile.deal.packet_size)


def _replay(data: dict[str, Any]) -> tuple[ReplayedDeal, ...]:
    """Every deal as far as the public engine takes it; stops at the first thing it refuses."""
    names: tuple[str, str, str] = tuple(data["players"])
    seats = {n: i for i, n in enumerate(names)}
    try:
        profile = named_profile(data["profile"], tuple(data.get("variants") or ()))
    except GleekError:
        return ()
    start = profile.session.starting_chips
    chips = data.get("chips") or {}
    balances = tuple(chips.get(n, start) for n in names)
    pot: int = data.get("pot", profile.session.starting_pot)
    stake: int = data.get("ruff_stake", profile.ruff.stake)
    dealer = -1
    out: list[ReplayedDeal] = []
    for number, deal in enumerate(data["deals"], 1):
        steps: list[Step] = []
        try:
            dealer = seats[deal["dealer"]] if "dealer" in deal else (dealer + 1) % 3
            state = new_deal(
                profile, dealer, deck=_deck(deal, seats, dealer, profile), ruff_stake=stake
            )
            steps.append(Step(state, f"{names[dealer]} deals; {state.turn_up} turned up", ()))
            for seat, act in _actions(deal, seats):
                if isinstance(act, str):
                    legal = {a.kind for a in state.legal_actions()}
                    act = Action.word("wait" if act == "pass" and "wait" in legal else act)
                who = state.to_act if seat == -1 else seat
                if who is None:  # a discard after the deal is over
                    break
                before = len(state.payments)
                try:
                    after = apply(state, act, who)
                except IllegalAction:
                    steps.append(Step(state, _caption(names, who, act) + ": against the rules", ()))
                    raise
                state = after
                new = state.payments[before:]
                steps.append(Step(state, _caption(names, who, act), new))
        except (GleekError, KeyError, ValueError, TypeError):
            pass  # the validator's report says what is wrong and where
        if not steps:
            break
        result = outcome(state) if state.is_over else None
        out.append(ReplayedDeal(number, names, tuple(steps), _tuple3(balances), pot, result))
        if result is None:
            break
        balances = tuple(b + c for b, c in zip(balances, result.chips, strict=True))
        pot += result.pot
        stake = result.ruff_stake
    return tuple(out)


def _tuple3(values: Sequence[int]) -> tuple[int, int, int]:
    return (values[0], values[1], values[2])


def replay_text(text: str | bytes, name: str = "<string>") -> tuple[ReplayedDeal, ...]:
    """The deals of a record given as text, each as far as it replays (see :func:`replay_file`).

    :class:`~gleek.errors.RecordError` if it is not a record at all (syntax, schema)."""
    return _replay(loads(text, name))


def replay_file(path: str | Path) -> tuple[ReplayedDeal, ...]:
    """The deals of a record file, each with a step per action, as far as each replays: an
    invalid record stops at its first error (:func:`gleek.record.validate` says which).
    In Jupyter a deal shows as the picture of its last state."""
    return _replay(load(path))


# ---------------------------------------------------------------------------- the page


def _party(p: object, names: Sequence[str]) -> str:
    return POT if p == POT else names[int(p)]  # type: ignore[call-overload]


def _pay_text(p: Payment, names: Sequence[str]) -> str:
    return f"{_party(p.payer, names)} pays {_party(p.payee, names)} {p.amount} ({p.reason})"


def _error_text(report: Report) -> str | None:
    if report.valid:
        return None
    e: Problem = report.errors[0]
    return e.human(report.file)


def _page_data(deals: Sequence[ReplayedDeal], report: Report, four_colour: bool) -> dict[str, Any]:
    steps: list[dict[str, Any]] = []
    for d in deals:
        for i, step in enumerate(d.steps):
            s = step.state
            over = s.is_over
            steps.append(
                {
                    "deal": d.number,
                    "step": i,
                    "of": len(d.steps),
                    "caption": step.caption,
                    "svg": draw(s, names=d.names, four_colour=four_colour, width=None, defs=False),
                    "paid": [_pay_text(p, d.names) for p in step.payments],
                    "deal_paid": [_pay_text(p, d.names) for p in s.payments],
                    "balances": [b + c for b, c in zip(d.start_balances, s.chips, strict=True)]
                    + [d.start_pot + s.pot],
                    "over": over,
                }
            )
    error = _error_text(report)
    if error is not None and steps:
        steps[-1]["error"] = True
    names = list(deals[0].names) if deals else []
    return {
        "file": report.file,
        "names": names,
        "steps": steps,
        "error": error,
        "start": len(steps) - 1 if error is not None else 0,
    }


def viewer_html(
    path: str | Path | None = None,
    *,
    text: str | bytes | None = None,
    name: str = "<string>",
    four_colour: bool = False,
) -> str:
    """The viewer page of a record file (``path``) or of a record given as ``text``."""
    if (path is None) == (text is None):
        raise ArgumentTypeError("viewer_html: give a path or text=, not both or neither")
    deals: tuple[ReplayedDeal, ...] = ()
    if path is not None:
        report = validate(path)
        name = str(path)
        with contextlib.suppress(RecordError):  # the report says why
            deals = replay_file(path)
    else:
        assert text is not None
        report = validate_text(text, name)
        with contextlib.suppress(RecordError):  # the report says why
            deals = replay_text(text, name)
    if not report.valid and report.errors[0].deal is not None:
        # The validator stops at the deal in error: so does the page, opening at its last step.
        deals = tuple(d for d in deals if d.number <= (report.errors[0].deal or 0))
    data = _page_data(deals, report, four_colour)
    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    title = html.escape(f"gleek: {name}")
    columns = [*data["names"], POT]
    return _PAGE.format(
        title=title,
        defs=card_defs(DECK, four_colour=four_colour),
        heads="".join(f"<th>{html.escape(n)}</th>" for n in columns),
        cells="".join(f'<td data-party="{html.escape(n)}"></td>' for n in columns),
        payload=payload,
        style=_STYLE,
        script=_SCRIPT,
    )


def write_viewer(
    out: str | Path,
    path: str | Path | None = None,
    *,
    text: str | bytes | None = None,
    name: str = "<string>",
    four_colour: bool = False,
) -> Path:
    """Write :func:`viewer_html` to ``out``; :class:`RecordError` if it cannot be written."""
    page = viewer_html(path, text=text, name=name, four_colour=four_colour)
    target = Path(out)
    try:
        target.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot write: {exc.strerror}", file=str(target)) from None
    return target


_STYLE = """
body{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;margin:0;background:#f7f5ef;color:#222}
main{max-width:980px;margin:0 auto;padding:12px}
h1{font-size:18px;margin:4px 0 8px}
#banner{background:#b3261e;color:#fff;padding:10px 12px;border-radius:6px;margin-bottom:10px;
font-family:monospace;font-size:14px;white-space:pre-wrap}
#banner[hidden]{display:none}
.row{display:flex;gap:14px;flex-wrap:wrap;align-items:flex-start}
#stage{flex:1 1 600px;min-width:320px;max-width:640px}
#stage svg{width:100%;height:auto;display:block}
aside{flex:1 1 280px;font-size:14px}
nav{display:flex;gap:6px;align-items:center;margin:8px 0;flex-wrap:wrap}
button{font-size:15px;padding:4px 10px;border:1px solid #888;border-radius:5px;background:#fff;
cursor:pointer}
button:disabled{opacity:.4;cursor:default}
#position{font-weight:bold;margin-left:8px}
#caption{font-size:17px;font-weight:bold;margin:6px 0}
#caption.error{color:#b3261e}
table{border-collapse:collapse;margin:4px 0 10px}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#ece7da}
ul{margin:4px 0 10px;padding-left:20px}
h2{font-size:15px;margin:10px 0 2px}
.hint{color:#666;font-size:12px}
"""

_SCRIPT = """
(function(){
const data=JSON.parse(document.getElementById('gleek-data').textContent);
const steps=data.steps;
let at=data.start;
const $=id=>document.getElementById(id);
function list(el,items,empty){el.innerHTML='';
 if(!items.length){const li=document.createElement('li');li.textContent=empty;el.appendChild(li);}
 for(const t of items){const li=document.createElement('li');li.textContent=t;el.appendChild(li);}}
function show(i){
 if(!steps.length)return;
 at=Math.max(0,Math.min(steps.length-1,i));
 const s=steps[at];
 $('stage').innerHTML=s.svg;
 $('position').textContent='deal '+s.deal+', step '+s.step+' of '+(s.of-1);
 const cap=$('caption');
 cap.textContent=s.caption;
 cap.className=s.error?'error':'';
 list($('paid'),s.paid,'none');
 list($('deal-paid'),s.deal_paid,'none yet');
 $('balances-title').textContent=s.over?'Balances after deal '+s.deal:'Balances so far';
 const cells=document.querySelectorAll('#balances td');
 s.balances.forEach((b,k)=>{cells[k].textContent=b;});
 $('first').disabled=$('prev').disabled=at===0;
 $('last').disabled=$('next').disabled=at===steps.length-1;
 document.body.dataset.step=at;
}
function dealStart(i){let k=i;while(k>0&&steps[k-1].deal===steps[i].deal)k--;return k;}
function nextDeal(){let k=at;while(k<steps.length-1&&steps[k].deal===steps[at].deal)k++;show(k);}
function prevDeal(){const k=dealStart(at);show(k===at&&k>0?dealStart(k-1):k);}
$('first').onclick=()=>show(0);
$('prev').onclick=()=>show(at-1);
$('next').onclick=()=>show(at+1);
$('last').onclick=()=>show(steps.length-1);
$('prev-deal').onclick=prevDeal;
$('next-deal').onclick=nextDeal;
document.addEventListener('keydown',e=>{
 const k={ArrowLeft:()=>show(at-1),ArrowRight:()=>show(at+1),ArrowUp:prevDeal,
  ArrowDown:nextDeal,Home:()=>show(0),End:()=>show(steps.length-1)}[e.key];
 if(k){k();e.preventDefault();}
});
if(data.error){$('banner').hidden=false;$('banner').textContent='Invalid record: '+data.error;}
if(!steps.length){$('stage').textContent='No deal could be replayed.';
 document.querySelectorAll('nav button').forEach(b=>{b.disabled=true;});}
show(at);
})();
"""

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><style>{style}</style></head>
<body data-step="0"><main>
<h1>{title}</h1>
<div id="banner" role="alert" hidden></div>
<svg width="0" height="0" style="position:absolute" aria-hidden="true">{defs}</svg>
<nav>
<button id="first" title="first step (Home)">« first</button>
<button id="prev-deal" title="previous deal (up arrow)">◀◀ deal</button>
<button id="prev" title="previous step (left arrow)">◀</button>
<button id="next" title="next step (right arrow)">▶</button>
<button id="next-deal" title="next deal (down arrow)">deal ▶▶</button>
<button id="last" title="last step (End)">last »</button>
<span id="position"></span>
</nav>
<div id="caption"></div>
<div class="row">
<div id="stage"></div>
<aside>
<h2>Paid at this step</h2><ul id="paid"></ul>
<h2>Paid this deal</h2><ul id="deal-paid"></ul>
<h2 id="balances-title">Balances</h2>
<table id="balances"><tr>{heads}</tr><tr>{cells}</tr></table>
<p class="hint">Keys: ← → a step, ↑ ↓ a deal, Home / End.</p>
</aside>
</div>
</main>
<script type="application/json" id="gleek-data">{payload}</script>
<script>{script}</script>
</body></html>
"""
