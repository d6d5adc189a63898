"""gleek: the rules, a validator and a comparison of sources for Gleek, the three-player game.

The public API is re-exported here::

    >>> import gleek
    >>> profile = gleek.load_profile("parlett")
    >>> state = gleek.new_deal(profile, dealer=0, seed=2024)
    >>> while not state.is_over:
    ...     state = gleek.apply(state, gleek.legal_actions(state)[0])
    >>> sum(gleek.outcome(state).chips) + gleek.outcome(state).pot
    0
"""

from gleek.build import BuildInfo, build_info
from gleek.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from gleek.errors import (
    ArgumentError,
    ArgumentTypeError,
    CardError,
    GleekError,
    IllegalAction,
    ProfileError,
    RecordError,
    SourceError,
)
from gleek.profile import (
    Profile,
    RuleValue,
    Source,
    list_profiles,
    list_variants,
    load_profile,
)
from gleek.session import Bot
from gleek.stages.common import POT, Payment
from gleek.state import (
    Action,
    Observation,
    Outcome,
    Phase,
    RuffResult,
    State,
    apply,
    check_action,
    legal_actions,
    new_deal,
    observation,
    outcome,
    rollout,
)


def __getattr__(name: str) -> str:
    """``gleek.__version__``, read from the package's metadata when first asked for (reading it
    at import would cost ``import gleek`` some 30 ms)."""
    if name == "__version__":
        return build_info().version
    raise AttributeError(f"module 'gleek' has no attribute {name!r}")


__all__ = [
    "DECK",
    "POT",
    "Action",
    "ArgumentError",
    "ArgumentTypeError",
    "Bot",
    "BuildInfo",
    "Card",
    "CardError",
    "GleekError",
    "IllegalAction",
    "Observation",
    "Outcome",
    "Payment",
    "Phase",
    "Profile",
    "ProfileError",
    "Rank",
    "RecordError",
    "RuffResult",
    "RuleValue",
    "Source",
    "SourceError",
    "State",
    "Suit",
    "__version__",
    "apply",
    "build_info",
    "check_action",
    "format_cards",
    "legal_actions",
    "list_profiles",
    "list_variants",
    "load_profile",
    "new_deal",
    "observation",
    "outcome",
    "parse_cards",
    "rollout",
]
