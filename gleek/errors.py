"""The exception tree: one root, :class:`GleekError`, and a narrow class per kind of failure."""

from __future__ import annotations

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "CardError",
    "GleekError",
    "IllegalAction",
    "ProfileError",
    "RecordError",
    "SourceError",
]


class GleekError(Exception):
    """Root of every error this library raises on purpose."""


class ArgumentError(GleekError, ValueError):
    """An API argument with a value the library does not accept; the message names the
    argument and what is allowed."""


class ArgumentTypeError(GleekError, TypeError):
    """An API argument of the wrong type; the message names the argument and the type wanted."""


class CardError(GleekError, ValueError):
    """A text that is not one of the 44 cards (or not a suit, or not a rank)."""

    def __init__(self, text: object, reason: str = "") -> None:
        self.text = text
        why = f": {reason}" if reason else ""
        super().__init__(
            f"not a card: {text!r}{why} (a card is a rank A K Q J 10 9 8 7 6 5 4 "
            "or T, then a suit S H D C or ♠ ♥ ♦ ♣, e.g. AH, 10h, T♥)"
        )


class SourceError(GleekError):
    """A problem in a file, located by path, line and column (both counted from 1)."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        path: str | None = None,
        code: str = "schema",
    ) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.code = code
        super().__init__(self.located())

    def located(self) -> str:
        """``file:line:column: message``, leaving out what is unknown."""
        where = ":".join(
            str(part) for part in (self.file, self.line, self.column) if part is not None
        )
        return f"{where}: {self.message}" if where else self.message


class ProfileError(SourceError, ValueError):
    """A rule profile or overlay that cannot be loaded: bad YAML, unknown key, wrong type, or
    an unknown id (a :class:`ValueError`, like every bad value the API is given)."""


class RecordError(SourceError, ValueError):
    """A recorded deal that cannot be read at all (syntax or size), as opposed to a rule error."""


class IllegalAction(GleekError, ValueError):
    """An action the rules do not allow in this state.

    ``code`` is the matching error code of the record format (``bad-bid``, ``revoke``,
    ``not-highest``, ``bad-ruff-call``...); the message says who did what and why not.
    """

    def __init__(self, code: str, message: str, *, seat: int | None = None) -> None:
        self.code = code
        self.seat = seat
        self.message = message
        super().__init__(message)
