"""Argument checks shared by the public entry points: each raises the library's own
:class:`~gleek.errors.ArgumentTypeError` or :class:`~gleek.errors.ArgumentError`, naming the
argument and what is allowed."""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

from gleek.errors import ArgumentError, ArgumentTypeError
from gleek.limits import MAX_DIGITS, MAX_INT, MAX_ITEMS

_T = TypeVar("_T")

__all__ = [
    "check_bool",
    "check_callback",
    "check_int",
    "check_names",
    "check_seat",
    "check_text",
    "check_type",
    "int_text",
    "is_player_name",
    "items_arg",
    "items_of",
    "player_name",
    "type_name",
]

#: What a player's name may not hold: control characters, zero-width and bidirectional marks,
#: line and paragraph separators, the byte order mark (what could play tricks on a terminal).
_NOT_IN_A_NAME: Final = re.compile(
    "[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ud800-\udfff]"
)


def is_player_name(value: object) -> bool:
    """Whether ``value`` is a player's name as the record format allows it: a str of 1 to 64
    characters, none of them a control character or a mark that could play tricks on a terminal,
    and not ``pot`` (the pot's name in a record's chips).

    >>> is_player_name("Zoë"), is_player_name("pot"), is_player_name("a\u202eb")
    (True, False, False)
    """
    return (
        type(value) is str
        and 0 < len(value) <= 64
        and value != "pot"
        and _NOT_IN_A_NAME.search(value) is None
    )


def player_name(name: str) -> str:
    """A player's name as compared: Unicode NFC, so that an accent typed as a combining mark
    names the same player as the precomposed letter."""
    return unicodedata.normalize("NFC", name)


def type_name(value: object) -> str:
    """``an int``, ``a str``, ``None``... for messages."""
    if value is None:
        return "None"
    name = type(value).__name__
    return f"{'an' if name[:1] in 'aeiouAEIOU' else 'a'} {name}"


def check_type(name: str, value: Any, kind: type | tuple[type, ...], wanted: str) -> None:
    """``value`` must be an instance of ``kind`` (described as ``wanted``)."""
    if not isinstance(value, kind):
        raise ArgumentTypeError(f"{name} must be {wanted}, not {type_name(value)} ({value!r:.60})")


def check_int(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` must be an int (not a bool) within ``low..high``; returns it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(
            f"{name} must be a whole number (int), not {type_name(value)} ({value!r:.60})"
        )
    if (low is not None and value < low) or (high is not None and value > high):
        if high == MAX_INT:  # a record's bound: said by its digits
            digits = f"of at most {MAX_DIGITS} digits"
            allowed = digits if low in (None, -MAX_INT) else f"at least {low} and {digits}"
        elif high is None:
            allowed = f"at least {low}"
        elif low is None:
            allowed = f"at most {high}"
        else:
            allowed = f"from {low} to {high}"
        raise ArgumentError(f"{name} must be {allowed}, not {int_text(value)}")
    return value


def check_seat(name: str, value: object) -> int:
    """A seat: 0, 1 or 2 (an int, not a bool); returns it."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(
            f"{name} must be a seat 0, 1 or 2 (int), not {type_name(value)} ({value!r:.60})"
        )
    if value not in (0, 1, 2):
        raise ArgumentError(f"{name} must be a seat 0, 1 or 2, not {value}")
    return value


def check_names(name: str, value: object) -> Sequence[str]:
    """Three player names (str), seat 0 first; returns them."""
    if (
        isinstance(value, str)
        or not isinstance(value, Sequence)
        or len(value) != 3
        or not all(isinstance(n, str) for n in value)
    ):
        raise ArgumentTypeError(
            f"{name} must be three player names (str) by seat, not {value!r:.60}"
        )
    return value


def items_arg(
    name: str, value: object, wanted: str, refused: tuple[type, ...] = ()
) -> tuple[object, ...]:
    """``value``, a list (any iterable but a text, or one of ``refused``) of at most
    :data:`~gleek.limits.MAX_ITEMS` items, as a tuple; ``wanted`` says what it must be. An
    endless iterator is cut short, never followed. The items themselves are the caller's to
    check."""
    if isinstance(value, (str, bytes, bytearray, *refused)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{name} must be {wanted}, not {type_name(value)} ({value!r:.60})")
    out = tuple(itertools.islice(value, MAX_ITEMS + 1))
    if len(out) > MAX_ITEMS:
        raise ArgumentError(f"{name}: at most {MAX_ITEMS:,} items, not more")
    return out


def items_of(
    name: str,
    value: object,
    wanted: str,
    each: type[_T],
    each_wanted: str,
    refused: tuple[type, ...] = (),
) -> tuple[_T, ...]:
    """:func:`items_arg`, each item an instance of ``each`` (``each_wanted`` says what it must
    be): :class:`~gleek.errors.ArgumentTypeError` names the first that is not one."""
    out = items_arg(name, value, wanted, refused)
    for i, item in enumerate(out):
        check_type(f"{name}[{i}]", item, each, each_wanted)
    return out  # type: ignore[return-value]  # (each checked above)


def check_bool(name: str, value: object) -> bool:
    """``value`` must be True or False (not 1, ``"no"`` or None); returns it."""
    if not isinstance(value, bool):
        raise ArgumentTypeError(
            f"{name} must be True or False, not {type_name(value)} ({value!r:.60})"
        )
    return value


def check_callback(name: str, value: object) -> Callable[..., Any] | None:
    """``value`` must be None or a function (anything callable); returns it."""
    if value is not None and not callable(value):
        raise ArgumentTypeError(
            f"{name} must be None or a function, not {type_name(value)} ({value!r:.60})"
        )
    return value


def check_text(name: str, value: object, wanted: str) -> str | bytes:
    """``value`` must be a str or bytes (described as ``wanted``); returns it, a subclass of
    str as a plain str (which the YAML parser requires)."""
    check_type(name, value, (str, bytes), wanted)
    return str.__str__(value) if isinstance(value, str) else value  # type: ignore[return-value]


def int_text(value: int) -> str:
    """A whole number for a message: itself, or only its size when it is too long to print
    (Python refuses to write an int of more than 4,300 digits as text).

    >>> int_text(-12), int_text(10**400)
    ('-12', 'a number of about 401 digits')
    """
    if value.bit_length() <= 200:
        return str(value)
    return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
