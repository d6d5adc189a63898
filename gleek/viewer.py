"""A record as one self-contained HTML page that steps through every action of every deal.

The page holds the data of each step's picture (:func:`gleek.svg.picture_data`, only what changed
from the step before) and a little plain JavaScript that draws the picture when it is shown, the
very SVG of :func:`gleek.svg.draw` (``gleek.svg.DRAW_JS``): nothing is fetched, and the page
is in proportion to the record (a record of at most :data:`~gleek.limits.MAX_SHOWN_DEALS` deals
and :data:`~gleek.limits.MAX_SHOWN_BYTES` bytes is shown; a larger one is a
:class:`~gleek.errors.RecordError`). Buttons and the arrow keys step (left/right: an action;
up/down: a deal; Home/End). Each step shows the payments it made and the balances; an invalid
record opens at its first error, with the message and ``file:line:column``.

The deals come from :func:`gleek.record.read`: the deals replayed without error, then the deal
of the first error as far as it goes (:attr:`gleek.record.Record.broken`), ending with the
action the rules refuse.

>>> from gleek.viewer import replay_file, viewer_html
>>> deals = replay_file("examples/parlett-s0-auction.yaml")
>>> deal = deals[0]
>>> len(deal.steps) == 1 + len(deal.final.history), deal.steps[1].caption
(True, 'Ben bids 12')
>>> bad = replay_file("tests/records/revoke.yaml")
>>> len(bad), bad[0].outcome, bad[0].steps[-1].caption
(1, None, 'North plays 6H: against the rules')
>>> page = viewer_html("examples/parlett-s0-auction.yaml")
>>> page.startswith("<!DOCTYPE html>"), "<script src" in page, "<link" in page
(True, False, False)
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from gleek._args import check_bool, check_type
from gleek._files import same_file, write_atomic
from gleek.actions import Kind
from gleek.cards import DECK
from gleek.carry import Carried, carry_over
from gleek.errors import ArgumentError, ArgumentTypeError, RecordError
from gleek.i18n import N_, card_text, get_language
from gleek.i18n import gettext as _
from gleek.limits import MAX_SHOWN_BYTES, MAX_SHOWN_DEALS
from gleek.record import Problem, Record, read, read_text
from gleek.record.jsonlines import json_lines_document
from gleek.record.read import read_record_file
from gleek.schemacheck import short_repr
from gleek.stages.common import POT, Payment
from gleek.state import Action, Outcome, Phase, State
from gleek.svg import DRAW_JS, card_defs, draw, picture_data, svg_words

__all__ = [
    "ReplayedDeal",
    "Step",
    "deal_steps",
    "load_record",
    "replay_file",
    "replay_text",
    "viewer_html",
    "write_viewer",
]

Dirs = Iterable[str | os.PathLike[str]]


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


#: A step's caption by the kind of its action, marked for the catalogs (the cards and the
#: amounts stay as the record writes them).
_CAPTIONS: Final = {
    Kind.BID: N_("{who} bids {amount}"),
    Kind.PASS: N_("{who} passes"),
    Kind.DISCARD: N_("{who} discards {card}"),
    Kind.WAIT: N_("{who} waits"),
    Kind.VIE: N_("{who} vies"),
    Kind.SEE: N_("{who} sees"),
    Kind.REVIE: N_("{who} revies"),
    Kind.DOUBLE: N_("{who} doubles"),
    Kind.PLAY: N_("{who} plays {card}"),
}


def _caption(names: Sequence[str], seat: int, action: Action) -> str:
    """What a step's action is, in the language gleek speaks ("Ben bids 12")."""
    card = None if action.card is None else card_text(action.card)
    return _(_CAPTIONS[action.kind]).format(who=names[seat], amount=action.amount, card=card)


def _steps(
    names: Sequence[str], states: Iterator[State], actions: Sequence[tuple[int, Action]]
) -> list[Step]:
    """A step for the deal as dealt (with the turn-up's payments, made as it is dealt), then one
    per action, with the payments it made."""
    before = next(states)
    dealt = _("{dealer} deals; {card} turned up").format(
        dealer=names[before.dealer], card=card_text(before.turn_up)
    )
    steps = [Step(before, dealt, before.payments)]
    for (seat, action), state in zip(actions, states, strict=True):
        new = state.payments[len(before.payments) :]
        caption = _caption(names, seat, action) + _exchange(names, before, state)
        steps.append(Step(state, caption, new))
        before = state
    return steps


def _exchange(names: Sequence[str], before: State, after: State) -> str:
    """What the step does to the stock, in the profile's order of the exchange: under
    take-first the buyer takes the stock as it buys, and lays out 7 of its 19 cards; under
    discard-first it lays out 7 of its 12, and takes the stock with the last of them."""
    buyer = after.buyer
    if buyer is None:
        return ""
    who = names[buyer]
    take_first = after.profile.stock.exchange == "take-first"
    if before.phase is Phase.AUCTION and after.phase is not Phase.AUCTION:
        if take_first:
            text = _("; {who} buys the stock for {price}, takes its 7 cards and lays out 7")
        else:
            text = _("; {who} buys the stock for {price} and lays out 7 cards before taking it")
        return text.format(who=who, price=after.price)
    if before.phase is Phase.DISCARD and after.phase is not Phase.DISCARD and not take_first:
        return _("; {who} takes the 7 cards of the stock").format(who=who)
    return ""


def deal_steps(record: Record) -> tuple[ReplayedDeal, ...]:
    """The deals of a record read by :func:`gleek.record.read`, each with a step per action:
    the deals replayed without error, then the deal of the first error as far as it goes (its
    last step is the action the rules refuse, when the error is one)."""
    check_type("record", record, Record, "a gleek.record.Record (from gleek.record.read)")
    shown = len(record.deals) + (record.broken is not None)
    if shown > MAX_SHOWN_DEALS:
        raise RecordError(too_many_to_show(f"{shown:,} deals"), file=record.file)
    names = record.players
    balances, pot = record.chips, record.pot
    out: list[ReplayedDeal] = []
    for number, deal in enumerate(record.deals, 1):
        steps = _steps(names, deal.states(), deal.actions)
        last = steps[-1]
        forfeits = deal.outcome.payments[len(last.state.payments) :]  # sets claimed, not held
        steps[-1] = attrs.evolve(last, payments=last.payments + forfeits)
        out.append(ReplayedDeal(number, names, tuple(steps), balances, pot, deal.outcome))
        o = deal.outcome
        now = Carried(balances, pot, o.dealer, o.ruff_stake)
        after = carry_over(record.profile, now, o.chips, o.pot, o.ruff_stake)
        balances, pot = after.chips, after.pot
    broken = record.broken
    if broken is not None:
        steps = _steps(names, broken.states(), broken.actions)
        if broken.refused is not None:
            seat, action = broken.refused
            caption = _("{caption}: against the rules").format(
                caption=_caption(names, seat, action)
            )
            steps.append(Step(broken.last, caption, ()))
        out.append(ReplayedDeal(broken.number, names, tuple(steps), balances, pot, None))
    return tuple(out)


def load_record(
    path: str | os.PathLike[str] | None = None,
    *,
    text: str | bytes | None = None,
    name: str = "<string>",
    profile_dirs: Dirs = (),
) -> tuple[Record | None, str | None]:
    """A record file (``path``) or a record's ``text`` read by :func:`gleek.record.read`, and
    its first error as one line (``file:line:column: code: message``), None if it is valid.
    The record is None when it cannot be read as a record at all (syntax, schema, an unknown
    profile); :class:`RecordError` if the file cannot be read."""
    if (path is None) == (text is None):
        raise ArgumentTypeError("give a path or text=, not both or neither")
    try:
        if path is not None:
            data: str | bytes = read_record_file(path)
            name = str(path)
        else:
            data = _text(text)
            if name.lower().endswith(".jsonl"):  # a text named as a JSON Lines file is one
                data = json_lines_document(data, name)
        if len(data) > MAX_SHOWN_BYTES:
            raise RecordError(too_many_to_show(f"{len(data):,} bytes"), file=name)
        record = read_text(data, profile_dirs=profile_dirs, name=name)
    except RecordError as exc:
        if exc.line is None and exc.path is None:  # not a place in it: it cannot be read
            raise
        # read, and wrong at a place (a syntax error of a JSON Lines file too): the page says so
        problem = Problem(exc.code, exc.message, None, exc.path, exc.line, exc.column)
        return None, problem.human(exc.file or name)
    return record, None if record.error is None else record.error.human(record.file)


def too_many_to_show(what: str) -> str:
    """Why a record of ``what`` (its deals or bytes) makes no page."""
    return (
        f"{what}: a page shows a record of at most {MAX_SHOWN_DEALS:,} deals and "
        f"{MAX_SHOWN_BYTES / (1024 * 1024):g} MiB; show a part of it (its deals in a smaller "
        "record), or validate it whole with gleek validate"
    )


def _text(text: object) -> bytes:
    """A record's text as bytes, which :func:`gleek.record.read` never takes for a path."""
    check_type("text", text, (str, bytes), "the record's text (str or bytes)")
    return text.encode("utf-8") if isinstance(text, str) else text  # type: ignore[return-value]


def replay_file(
    path: str | os.PathLike[str], *, profile_dirs: Dirs = ()
) -> tuple[ReplayedDeal, ...]:
    """The deals of a record file, each with a step per action, as far as each replays: an
    invalid record stops at its first error (:func:`deal_steps`). :class:`RecordError` if it is
    not a record at all. In Jupyter a deal shows as the picture of its last state."""
    return deal_steps(read(path, profile_dirs=profile_dirs))


def replay_text(
    text: str | bytes, name: str = "<string>", *, profile_dirs: Dirs = ()
) -> tuple[ReplayedDeal, ...]:
    """The deals of a record given as text, each as far as it replays (see :func:`replay_file`)."""
    return deal_steps(read_text(_text(text), name=name, profile_dirs=profile_dirs))


# ---------------------------------------------------------------------------- the page


def _party(p: object, names: Sequence[str]) -> str:
    return _("pot") if p == POT else names[int(p)]  # type: ignore[call-overload]


def _pay_text(p: Payment, names: Sequence[str]) -> str:
    if p.payee == POT:  # the record's word for it: "pays pot"
        text = _("{payer} pays pot {amount} ({reason})")
    else:
        text = _("{payer} pays {payee} {amount} ({reason})")
    return text.format(
        payer=_party(p.payer, names),
        payee=_party(p.payee, names),
        amount=p.amount,
        reason=_(p.reason),
    )


#: The words the page's script writes, marked for the catalogs (the page carries them
#: translated, in its data).
_SCRIPT_WORDS: Final = {
    "position": N_("deal {deal}, step {step} of {steps}"),
    "none": N_("none"),
    "none_yet": N_("none yet"),
    "balances_after": N_("Balances after deal {deal}"),
    "balances_so_far": N_("Balances so far"),
    "invalid": N_("Invalid record: {error}"),
    "no_deal": N_("No deal could be replayed."),
}


def _words() -> dict[str, Any]:
    """The page script's words and the picture's (``svg``), in the language gleek speaks."""
    words: dict[str, Any] = {k: _(v) for k, v in _SCRIPT_WORDS.items()}
    words["svg"] = svg_words()
    return words


def _page_data(
    deals: Sequence[ReplayedDeal],
    names: Sequence[str],
    file: str,
    error: str | None,
    four: bool,
    notes: Mapping[tuple[int, int], str] | None = None,
) -> dict[str, Any]:
    """The page's data: a step is its deal (``d``), caption (``c``), the payments it made
    (``p``, left out if none), the balances after it (``b``), whether the deal is over (``o``)
    or the step is the error (``e``), a note on it (``n``: what ``gleek analyze`` says of a
    costly card, left out if none), and its picture (``t``: :func:`gleek.svg.picture_data`,
    whole at a deal's first step, then only what changed). The page draws a picture when it is
    shown, and adds up a deal's payments so far: its size is in proportion to the record's."""
    steps: list[dict[str, Any]] = []
    for d in deals:
        before: dict[str, Any] = {}
        for i, step in enumerate(d.steps):
            s = step.state
            # A finished deal's last step: its outcome (with the forfeits of claimed sets)
            end = d.outcome if i == len(d.steps) - 1 else None
            chips, pot = (s.chips, s.pot) if end is None else (end.chips, end.pot)
            table = picture_data(s)
            entry: dict[str, Any] = {
                "d": d.number,
                "c": step.caption,
                "t": {k: v for k, v in table.items() if k not in before or before[k] != v},
                "b": [b + c for b, c in zip(d.start_balances, chips, strict=True)]
                + [d.start_pot + pot],
            }
            before = table
            if step.payments:
                entry["p"] = [_pay_text(p, d.names) for p in step.payments]
            note = notes.get((d.number, i)) if notes else None
            if note:
                entry["n"] = note
            if s.is_over:
                entry["o"] = 1
            steps.append(entry)
    if error is not None and steps:
        steps[-1]["e"] = 1
    return {
        "file": file,
        "names": list(names),
        "four": four,
        "steps": steps,
        "error": error,
        "start": len(steps) - 1 if error is not None else 0,
        "words": _words(),
    }


def viewer_html(
    path: str | os.PathLike[str] | None = None,
    *,
    text: str | bytes | None = None,
    name: str = "<string>",
    four_colour: bool = False,
    profile_dirs: Dirs = (),
) -> str:
    """The viewer page of a record file (``path``) or of a record given as ``text``; the
    record's profile may be one registered in ``profile_dirs``. :class:`RecordError` if the
    file cannot be read; a record that is not valid makes a page that opens at its error."""
    if (path is None) == (text is None):
        raise ArgumentTypeError("viewer_html: give a path or text=, not both or neither")
    check_bool("four_colour", four_colour)
    record, error = load_record(path, text=text, name=name, profile_dirs=profile_dirs)
    name = str(path) if path is not None else name
    deals = deal_steps(record) if record is not None else ()
    return viewer_page(
        deals, record.players if record is not None else (), name, error, four_colour
    )


def viewer_page(
    deals: Sequence[ReplayedDeal],
    names: Sequence[str],
    name: str,
    error: str | None,
    four: bool,
    notes: Mapping[tuple[int, int], str] | None = None,
) -> str:
    """The page for deals already replayed (``gleek show`` draws its picture from the same);
    ``notes`` by (deal number, step) are shown under a step's caption, marked (``gleek analyze
    --html`` marks the costly cards so)."""
    data = _page_data(deals, names, name, error, four, notes)
    payload = _script_json(data)
    title = html.escape(_("gleek: {file}").format(file=name))
    columns = [*names, POT]
    return _PAGE.format(
        lang=get_language(),
        **{k: html.escape(_(v)) for k, v in _PAGE_WORDS.items()},
        title=title,
        defs=card_defs(DECK, four_colour=four),
        heads="".join(f"<th>{html.escape(n)}</th>" for n in [*names, _("pot")]),
        cells="".join(f'<td data-party="{html.escape(n)}"></td>' for n in columns),
        payload=payload,
        style=_STYLE,
        script=_PAGE_SCRIPT,
        policy=_POLICY,
    )


def _script_json(data: Any) -> str:
    """JSON safe inside ``<script>``: ``<``, ``>`` and ``&`` written as ``\\u003c``... so that no
    name, card or file name (``<!--<script>``, ``</script>``) can end or hide the script.

    >>> _script_json({"name": "<!--<script>&"})
    '{"name": "\\\\u003c!--\\\\u003cscript\\\\u003e\\\\u0026"}'
    """
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def write_viewer(
    out: str | os.PathLike[str],
    path: str | os.PathLike[str] | None = None,
    *,
    text: str | bytes | None = None,
    name: str = "<string>",
    four_colour: bool = False,
    profile_dirs: Dirs = (),
) -> Path:
    """Write :func:`viewer_html` to ``out`` (a str or a :class:`~pathlib.Path`, not the record
    file ``path`` itself: :class:`~gleek.errors.ArgumentError`); :class:`RecordError` if it
    cannot be written."""
    check_type("out", out, (str, os.PathLike), "a path (str or pathlib.Path)")
    if path is not None:
        check_type("path", path, (str, os.PathLike), "a path (str or pathlib.Path)")
        if same_file(out, path):
            raise ArgumentError(
                f"out: {short_repr(str(out), 80)} is the record file itself; write the "
                "page to another file"
            )
    page = viewer_html(
        path, text=text, name=name, four_colour=four_colour, profile_dirs=profile_dirs
    )
    return write_page(out, page)


def write_page(out: str | os.PathLike[str], page: str) -> Path:
    """Write the page atomically (:func:`gleek._files.write_atomic`)."""
    target = Path(out)
    try:
        write_atomic(target, page)
    except OSError as exc:
        raise RecordError(f"cannot write: {exc.strerror or exc}", file=str(target)) from None
    except ValueError as exc:
        raise RecordError(f"cannot write: {exc}", file=str(target)) from None
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
#note{background:#fbe3c7;border-left:4px solid #c8551b;padding:4px 8px;margin:4px 0;font-size:15px}
#note[hidden]{display:none}
table{border-collapse:collapse;margin:4px 0 10px}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#ece7da}
ul{margin:4px 0 10px;padding-left:20px}
h2{font-size:15px;margin:10px 0 2px}
.hint{color:#666;font-size:12px}
svg.defs{position:absolute}
"""

_SCRIPT = """
(function(){
const data=JSON.parse(document.getElementById('gleek-data').textContent);
const steps=data.steps;
const first=[],size=[];
steps.forEach((s,i)=>{first.push(i>0&&steps[i-1].d===s.d?first[i-1]:i);size[first[i]]=i-first[i]+1;});
let at=data.start;
const $=id=>document.getElementById(id);
function table(i){const t={};for(let k=first[i];k<=i;k++)Object.assign(t,steps[k].t);return t;}
function dealPaid(i){const out=[];for(let k=first[i];k<=i;k++)out.push(...(steps[k].p||[]));
 return out;}
window.gleekPicture=i=>gleekDraw(table(i),data.names,data.four,data.words.svg);
function say(key,o){return data.words[key].replace(/[{]([A-Za-z_]+)[}]/g,(m,k)=>String(o[k]));}
function list(el,items,empty){el.innerHTML='';
 if(!items.length){const li=document.createElement('li');li.textContent=empty;el.appendChild(li);}
 for(const t of items){const li=document.createElement('li');li.textContent=t;el.appendChild(li);}}
function show(i){
 if(!steps.length)return;
 at=Math.max(0,Math.min(steps.length-1,i));
 const s=steps[at];
 $('stage').innerHTML=window.gleekPicture(at);
 $('position').textContent=say('position',{deal:s.d,step:at-first[at],steps:size[first[at]]-1});
 const cap=$('caption');
 cap.textContent=s.c;
 cap.className=s.e?'error':'';
 const note=$('note');note.textContent=s.n?'\u26a0 '+s.n:'';note.hidden=!s.n;
 list($('paid'),s.p||[],data.words.none);
 list($('deal-paid'),dealPaid(at),data.words.none_yet);
 $('balances-title').textContent=s.o?say('balances_after',{deal:s.d}):data.words.balances_so_far;
 const cells=document.querySelectorAll('#balances td');
 s.b.forEach((b,k)=>{cells[k].textContent=b;});
 $('first').disabled=$('prev').disabled=at===0;
 $('last').disabled=$('next').disabled=at===steps.length-1;
 document.body.dataset.step=at;
 fit();
}
/* framed (the browser page's Open a record), tell the page how tall this is, so that nothing
 of it (the hand to act, at the bottom) is cut off by the frame */
function fit(){if(window.parent!==window)window.parent.postMessage(
 {gleekViewerHeight:document.documentElement.scrollHeight},'*');}
window.addEventListener('resize',fit);
function nextDeal(){show(first[at]+size[first[at]]);}
function prevDeal(){const k=first[at];show(k===at&&k>0?first[k-1]:k);}
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
if(data.error){$('banner').hidden=false;$('banner').textContent=say('invalid',{error:data.error});}
if(!steps.length){$('stage').textContent=data.words.no_deal;
 document.querySelectorAll('nav button').forEach(b=>{b.disabled=true;});}
show(at);
})();
"""

#: The words of the page's markup, marked for the catalogs (escaped as they are written in).
_PAGE_WORDS: Final = {
    "first": N_("« first"),
    "first_title": N_("first step (Home)"),
    "prev_deal": N_("◀◀ deal"),
    "prev_deal_title": N_("previous deal (up arrow)"),
    "prev_title": N_("previous step (left arrow)"),
    "next_title": N_("next step (right arrow)"),
    "next_deal": N_("deal ▶▶"),
    "next_deal_title": N_("next deal (down arrow)"),
    "last": N_("last »"),
    "last_title": N_("last step (End)"),
    "paid_step": N_("Paid at this step"),
    "paid_deal": N_("Paid this deal"),
    "balances": N_("Balances"),
    "keys": N_("Keys: ← → a step, ↑ ↓ a deal, Home / End."),
}

_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<title>{title}</title><style>{style}</style></head>
<body data-step="0"><main>
<h1>{title}</h1>
<div id="banner" role="alert" hidden></div>
<svg width="0" height="0" class="defs" aria-hidden="true">{defs}</svg>
<nav>
<button id="first" title="{first_title}">{first}</button>
<button id="prev-deal" title="{prev_deal_title}">{prev_deal}</button>
<button id="prev" title="{prev_title}">◀</button>
<button id="next" title="{next_title}">▶</button>
<button id="next-deal" title="{next_deal_title}">{next_deal}</button>
<button id="last" title="{last_title}">{last}</button>
<span id="position"></span>
</nav>
<div id="caption"></div>
<div id="note" role="note" hidden></div>
<div class="row">
<div id="stage"></div>
<aside>
<h2>{paid_step}</h2><ul id="paid"></ul>
<h2>{paid_deal}</h2><ul id="deal-paid"></ul>
<h2 id="balances-title">{balances}</h2>
<table id="balances"><tr>{heads}</tr><tr>{cells}</tr></table>
<p class="hint">{keys}</p>
</aside>
</div>
</main>
<script type="application/json" id="gleek-data">{payload}</script>
<script>{script}</script>
</body></html>
"""


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


_PAGE_SCRIPT = DRAW_JS + _SCRIPT
#: The page's Content-Security-Policy: nothing fetched, nothing run but its own script and
#: style (by their hashes), no form, no frame (a safeguard: names and the file name are
#: escaped already).
_POLICY = (
    f"default-src 'none'; script-src {_sha256(_PAGE_SCRIPT)}; style-src {_sha256(_STYLE)}; "
    "img-src data:; base-uri 'none'; form-action 'none'"
)
