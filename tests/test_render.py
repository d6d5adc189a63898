"""gleek.render: the accounts of a deal that ``gleek show`` prints, and its argument checks."""

from __future__ import annotations

import pytest

import gleek
from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.render import describe_deal, describe_payments, payment_text, says
from tests.helpers import play_first_legal

NAMES = ("Ann", "Ben", "Cat")


def _finished(seed: int) -> gleek.State:
    return play_first_legal(gleek.new_deal(gleek.load_profile("parlett"), seed % 3, seed=seed))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_account_holds_every_trick_and_every_payment_of_the_deal(seed: int) -> None:
    s = _finished(seed)
    o = gleek.outcome(s)
    lines = describe_deal(s, o, NAMES, number=4).splitlines()
    assert lines[0].startswith(f"Deal 4: {NAMES[s.dealer]} deals; turn-up {s.turn_up}")
    tricks = lines[lines.index("Tricks:") + 1 : lines.index("Tricks:") + 13]
    for i, (trick, winner) in enumerate(zip(s.tricks, s.trick_winners, strict=True)):
        played = ", ".join(f"{NAMES[seat]} {card}" for seat, card in trick)
        assert tricks[i] == f"  {i + 1:>2}. {played}  -> {NAMES[winner]}"
    paid = lines[lines.index("Payments:") + 1 : lines.index("Payments:") + 1 + len(o.payments)]
    assert paid == describe_payments(o.payments, NAMES)
    assert lines[-1].startswith(f"Chips this deal: Ann {o.chips[0]:+d}, Ben {o.chips[1]:+d}")


def test_a_payment_reads_as_a_sentence_whose_verb_agrees() -> None:
    p = gleek.Payment(2, gleek.POT, 5, "settlement")
    assert payment_text(p, NAMES) == "Cat pays pot 5 (settlement)"
    you = ("Ann", "Ben", "You")
    assert payment_text(p, you, pot="the pool") == "You pay the pool 5 (settlement)"
    assert says("you", "wins") == "you win"


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda s, o: describe_deal(s, o, ("Ann", "Ben")), ArgumentTypeError, "three player"),
        (lambda s, o: describe_deal(s, o, "AnnBenCat"), ArgumentTypeError, "three player"),
        (lambda s, o: describe_deal(s, o, ("Ann", "Ben", 3)), ArgumentTypeError, "names"),
        (lambda s, o: describe_deal(s, "o", NAMES), ArgumentTypeError, "o must be"),
        (lambda s, o: describe_deal("s", o, NAMES), ArgumentTypeError, "final must be"),
        (lambda s, o: describe_deal(s, o, NAMES, 0), ArgumentError, "number"),
        (lambda s, o: describe_deal(s, o, NAMES, True), ArgumentTypeError, "number"),
        (lambda s, o: describe_payments(o.payments[0], NAMES), ArgumentTypeError, "payments"),
        (lambda s, o: describe_payments(["x"], NAMES), ArgumentTypeError, r"payments\[0\]"),
        (lambda s, o: payment_text("6 chips", NAMES), ArgumentTypeError, "p must be"),
        (lambda s, o: payment_text(o.payments[0], NAMES, pot=None), ArgumentTypeError, "pot"),
        (lambda s, o: says("Ann", 3), ArgumentTypeError, "verb"),
    ],
)
def test_a_wrong_argument_is_named_in_the_librarys_own_error(
    call: object, error: type[Exception], words: str
) -> None:
    s = _finished(1)
    o = gleek.outcome(s)
    with pytest.raises(error, match=words):
        call(s, o)  # type: ignore[operator]


def test_an_account_of_an_unfinished_deal_is_refused() -> None:
    s = gleek.new_deal(gleek.load_profile("parlett"), seed=1)
    o = gleek.outcome(_finished(1))
    with pytest.raises(ArgumentError, match=r"finished deal.*auction"):
        describe_deal(s, o, NAMES)
