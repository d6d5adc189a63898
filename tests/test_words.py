"""Words are types: the action kinds and the ruff's words are one enum each, and every place
that lists them (the record schema, its quick shape check, the viewer's captions) agrees."""

from __future__ import annotations

import gleek
from gleek.actions import RUFF_WORDS, Kind, RuffWord, describe
from gleek.record import shape, validate_text
from gleek.schemacheck import load_schema
from gleek.viewer import _caption

NAMES = ("Anna", "Ben", "Carla")


def test_the_schema_lists_exactly_the_ruffs_words() -> None:
    deal = load_schema("record")["$defs"]["deal"]["properties"]
    assert set(deal["ruff"]["items"]["additionalProperties"]["enum"]) == set(RuffWord)
    assert {w.value for w in RuffWord} - {"pass"} == RUFF_WORDS
    assert {k.value for k in Kind} >= {w.value for w in RuffWord}


def test_every_kind_is_described_and_captioned() -> None:
    for kind in Kind:
        assert describe(kind)
    assert _caption(NAMES, 2, gleek.Action.word("double")) == "Carla doubles"
    assert _caption(NAMES, 0, gleek.Action.bid(13)) == "Anna bids 13"
    assert _caption(NAMES, 1, gleek.Action.play("AS")) == "Ben plays AS"
    assert "None" not in " ".join(
        _caption(NAMES, 0, gleek.Action.word(w)) for w in ("wait", "vie", "see", "revie", "pass")
    )


def test_an_action_kind_is_its_enum_and_its_text() -> None:
    a = gleek.Action.parse("double")
    assert a.kind is Kind.DOUBLE and a.kind == "double" and str(a) == "double"


def _doubled_record() -> str:
    """A Cotton session in which the youngest doubles a ruff nobody vied."""
    from gleek.record import dumps
    from gleek.session import Session
    from gleek.sim.bots import RandomBot

    cotton = gleek.load_profile("cotton")
    for seed in range(200):
        s = Session.start(cotton, deals=3).play_out([RandomBot()] * 3, seed=seed)
        if any(a.kind == "double" for d in s.deals for _, a in d.final.history):
            return dumps(s)
    raise AssertionError("no double in 200 seeded sessions")  # pragma: no cover


def test_a_record_with_a_double_takes_the_quick_path_and_validates() -> None:
    """A valid Cotton record with the word ``double`` meets the quick shape check (it used to
    fall back to the slow schema check) and validates."""
    import yaml

    text = _doubled_record()
    assert "double" in text
    assert shape.conforms(yaml.safe_load(text))
    assert validate_text(text, "doubled.yaml").valid
