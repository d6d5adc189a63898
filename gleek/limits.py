"""Every size limit on untrusted input, in one place (documented in ``docs/security.rst``).

The limits on lists are per list, and per deal for a deal's own lists, so that a record read deal
by deal is held to the same numbers as one read whole. Each is well above what a real record
holds, and low enough that a file cannot make the reader do much more work than a real record of
the same size would.

>>> MAX_INT
999999999999999999999999999999
>>> within_int_bounds(10**30), within_int_bounds(-(10**30) + 1)
(False, True)
"""

from __future__ import annotations

from typing import Final

from gleek.i18n import gettext as _

__all__ = [
    "MAX_ALIAS_NODES",
    "MAX_AUCTION",
    "MAX_BYTES",
    "MAX_DEALS",
    "MAX_DEAL_BYTES",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_NUMBER_TEXT",
    "MAX_PLAYED_DEALS",
    "MAX_PLAYOUTS",
    "MAX_PROBLEMS",
    "MAX_PROFILE_DIRS",
    "MAX_PROFILE_ITEMS",
    "MAX_RUFF",
    "MAX_SHOWN_BYTES",
    "MAX_SHOWN_DEALS",
    "MAX_VARIANTS",
    "MAX_WARNINGS",
    "MAX_WORKERS_NOTE",
    "within_int_bounds",
]

#: The largest file read whole (a profile or a variant; a record read into objects, or given as
#: a text); a larger one is refused unread. A record file validated is read deal by deal
#: instead, with no limit on its size but :data:`MAX_DEAL_BYTES` on each deal.
MAX_BYTES: Final = 16 * 1024 * 1024
#: The most text one deal of a record validated deal by deal may take (in the YAML form, with
#: the comments and blank lines before it; in the JSON Lines form, its line), and so may the
#: record's head. A real deal takes some 1,200 bytes.
MAX_DEAL_BYTES: Final = 1024 * 1024
#: The most nodes YAML aliases may expand to in one file.
MAX_ALIAS_NODES: Final = 10_000
#: The deepest nesting of lists and mappings in one file.
MAX_DEPTH: Final = 200
#: At most this many problems are reported for one document.
MAX_PROBLEMS: Final = 50

#: A whole number has at most this many digits (its value, whatever its form: ``0x...``, octal
#: or ``1:20:30``, is bounded by ``MAX_INT``).
MAX_DIGITS: Final = 30
#: The largest whole number a record or a profile may hold (and its negative the smallest).
MAX_INT: Final = 10**MAX_DIGITS - 1
#: The longest text of a whole number read at all (digits, sign, ``_`` separators, ``0x``...).
MAX_NUMBER_TEXT: Final = 100

#: Deals in one record read whole: more than a 16 MiB text can hold of real deals (each is some
#: 500 bytes at the very least). A record file validated deal by deal may hold any number.
#: A session (:meth:`gleek.session.Session.start`, ``gleek play --deals``) plays at most as many,
#: so that its record can be read whole.
MAX_DEALS: Final = 50_000
#: Deals one simulation or match plays (``gleek compare --simulate``, ``gleek match``,
#: :func:`gleek.compare.simulate`, :func:`gleek.sim.match.play_match`): a result is kept for each
#: deal, so the memory asked for is bounded; at a few milliseconds a deal this is hours of play.
MAX_PLAYED_DEALS: Final = 1_000_000
#: Warnings a report keeps (a deal's claims may warn of each set they leave out): those past it
#: are counted, in one last warning, so that a report's memory does not grow with them.
MAX_WARNINGS: Final = 1_000
#: Deals in the record a viewer page shows (``gleek show --html``, the browser page's "Open a
#: record", :func:`gleek.viewer.viewer_html`): its data is some 8 times the record's text
#: (every picture is drawn in the page as it is shown), about 10 MB for 1,000 deals.
MAX_SHOWN_DEALS: Final = 1_000
#: Bytes of the record a viewer page shows, refused before it is read: ample for
#: :data:`MAX_SHOWN_DEALS` deals (some 1,200 bytes each in YAML or JSON).
MAX_SHOWN_BYTES: Final = 4 * 1024 * 1024
#: Playouts a decision of the search bot (``search:N``): already seconds a decision.
MAX_PLAYOUTS: Final = 100_000
#: Calls in one deal's auction: bids rise by at least 1, so this is a price some 150 chips above
#: the opening bid, far beyond any real game.
MAX_AUCTION: Final = 300
#: Words in one deal's ruff (vie, revie, see, pass...): the same bound as the auction.
MAX_RUFF: Final = 300
#: Variants a record or a profile may name (each at most once); the library ships 4.
MAX_VARIANTS: Final = 16
#: Folders of profiles registered at once (``profile_dirs``, ``--profile-dir``).
MAX_PROFILE_DIRS: Final = 64
#: Items in any one list or mapping of a profile or variant file (a profile has 9 groups of at
#: most 15 rules).
MAX_PROFILE_ITEMS: Final = 64

#: Items in one list given to a function of the library: cards or their texts (a deck has 44),
#: profiles (the library ships 4). An endless iterator is cut short here, never followed.
MAX_ITEMS: Final = 1_000

#: What a command says when it uses fewer worker processes than were asked for.
MAX_WORKERS_NOTE: Final = "only {cores} core(s) available here; using {used} worker(s), not {asked}"


def reason(limit: tuple[int, str]) -> str:
    """The reason of a size limit of a record (``gleek.record.shape``), in the language gleek
    speaks: its ``{n}``, where it has one, is half the limit (a record or a deal may have twice
    the keys the schema gives before the schema names the one too many).

    >>> reason((12, "a record has {n} keys"))
    'a record has 6 keys'
    """
    return _(limit[1]).format(n=limit[0] // 2)


def within_int_bounds(value: int) -> bool:
    """True if ``value`` has at most :data:`MAX_DIGITS` digits."""
    return -MAX_INT <= value <= MAX_INT
