"""Pickling: profiles, states, observations, outcomes, actions and cards cross process
boundaries (worker processes, subprocess vector environments) and come back equal.

The suite runs in both builds (``make test``), so these hold for the compiled core too.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path

import attrs
import pytest

import gleek
from gleek.cards import CARDS
from gleek.cli import main
from gleek.errors import ArgumentError
from gleek.profile import FrozenMap, profiles_dir, with_rules
from gleek.sim.match import play_match
from gleek.state import restore

PROFILES = gleek.list_profiles()


def _round(x: object, protocol: int = pickle.HIGHEST_PROTOCOL) -> object:
    return pickle.loads(pickle.dumps(x, protocol))


@pytest.mark.parametrize("name", PROFILES)
def test_profiles_round_trip_equal(name: str) -> None:
    profile = gleek.load_profile(name)
    for protocol in (2, pickle.HIGHEST_PROTOCOL):
        back = _round(profile, protocol)
        assert back == profile
        # a profile alive here already comes back as that very object
        assert back is profile
    # every part of it, each on its own
    for part in (profile.ruff, profile.sets, profile.tricks, profile.titles, *profile.rules):
        assert _round(part) == part
    assert _round(profile.rules[0].source) == profile.rules[0].source


def test_a_profile_not_alive_here_comes_back_whole() -> None:
    profile = gleek.load_profile("parlett", "play-high")
    blob = pickle.dumps(profile)
    # the receiving process has never seen it: forget the interned copy
    from gleek import profile_model

    alive = dict(profile_model._KNOWN)
    profile_model._KNOWN.clear()
    try:
        back = pickle.loads(blob)
    finally:
        profile_model._KNOWN.update(alive)
    assert isinstance(back, gleek.Profile) and back is not profile
    assert back == profile and back.name == "parlett+play-high"
    assert [(r.path, r.value, r.source, r.origin) for r in back.rules] == [
        (r.path, r.value, r.source, r.origin) for r in profile.rules
    ]
    assert back.ruff.suit_table == profile.ruff.suit_table
    assert back.tricks.by_rank == profile.tricks.by_rank
    assert dict(back.tricks.honours) == dict(profile.tricks.honours)
    assert (
        back.rule("stock.increment").source.cite() == profile.rule("stock.increment").source.cite()
    )
    # and plays the same deal
    s = gleek.rollout(gleek.new_deal(back, 1, seed=4), "greedy", random.Random(0))
    t = gleek.rollout(gleek.new_deal(profile, 1, seed=4), "greedy", random.Random(0))
    assert s.outcome() == t.outcome()


def test_a_changed_profile_keeps_its_change() -> None:
    base = gleek.load_profile("parlett")
    other = gleek.load_profile("pi")
    changed = with_rules(base, {"stock.increment": other.rule("stock.increment")}, "pi-increment")
    back = _round(changed)
    assert isinstance(back, gleek.Profile)
    assert back == changed and back != base
    assert back.stock.increment == other.stock.increment != base.stock.increment


def test_frozen_map_is_read_only_and_hashable() -> None:
    m = gleek.load_profile("parlett").tricks.honours
    assert isinstance(m, FrozenMap) and m == dict(m) and len(m) == len(dict(m))
    assert hash(m) == hash(_round(m))
    with pytest.raises(TypeError):
        m[gleek.Rank.ACE] = 1  # type: ignore[index]
    with pytest.raises(AttributeError):
        m._items = {}  # type: ignore[misc]
    assert repr(FrozenMap({"a": 1})) == "FrozenMap({'a': 1})"
    assert (FrozenMap({"a": 1}) == 3) is False


def test_cards_and_actions_stay_interned() -> None:
    for card in CARDS:
        assert _round(card) is card and copy.deepcopy(card) is card
        assert gleek.Card.parse(str(card)) is card
        for make in (gleek.Action.play, gleek.Action.discard):
            action = make(card)
            assert _round(action) is action and _round(action, 2) is action
    for text in ("pass", "wait", "vie", "see", "revie", "double", "bid 12", "bid 40"):
        action = gleek.Action.parse(text)
        assert _round(action) is action
    big = gleek.Action.bid(1000)  # beyond the interned bids: equal, if not the same object
    assert _round(big) == big


@pytest.mark.parametrize("name", PROFILES)
def test_states_round_trip_and_play_on_the_same(name: str) -> None:
    profile = gleek.load_profile(name)
    rng = random.Random(name)
    for seed in range(3):
        s = gleek.new_deal(profile, seed % 3, seed=seed)
        while True:
            back = _round(s)
            assert isinstance(back, gleek.State)
            assert back == s and hash(back) == hash(s)
            assert back.history == s.history and back.hands == s.hands
            assert back.payments == s.payments and back.phase is s.phase
            assert back.legal_actions() == s.legal_actions()
            assert back.profile is profile
            for seat in range(3):
                obs = s.observation(seat)
                assert _round(obs) == obs == back.observation(seat)
            if s.is_over:
                assert _round(s.outcome()) == s.outcome() == back.outcome()
                break
            # the copy goes on exactly as the original: same legal actions, same results
            action = rng.choice(s.legal_actions())
            s = s.apply(action)
            assert back.apply(action) == s


def test_a_rollouts_end_and_a_carried_stake_round_trip() -> None:
    profile = gleek.load_profile("parlett")
    start = gleek.new_deal(profile, 2, seed=11, ruff_stake=8)
    end = gleek.rollout(start, "random", random.Random(5))
    back = _round(end)
    assert back == end and back.ruff_stake == end.ruff_stake
    assert back.outcome() == end.outcome()
    assert _round(start).ruff_stake == 8
    assert copy.deepcopy(start) == start and copy.copy(start) == start


def test_a_forged_pickle_is_refused() -> None:
    profile = gleek.load_profile("parlett")
    deck = tuple(range(44))
    with pytest.raises(ArgumentError, match=r"actions\[0\]"):
        restore(profile, 0, deck, 2, (gleek.Action.play("AS"),))


def _house_file(tmp_path: Path) -> Path:
    """Parlett's profile with par raised: every deal settles differently."""
    text = (profiles_dir() / "parlett.yaml").read_text(encoding="utf-8")
    par = "    par:\n      value: 22\n"
    assert par in text
    path = tmp_path / "house.yaml"
    path.write_text(text.replace(par, par.replace("22", "25")), encoding="utf-8")
    return path


def _match(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["match", "basic", "random", "random", "--deals", "6", "--seed", "1",
                 "--no-progress", "--format", "json", *args]) == 0  # fmt: skip
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_match_workers_play_the_profile_file_itself(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = _house_file(tmp_path)
    assert gleek.load_profile(house).scoring.par == 25
    shipped = _match([], capsys)
    one = _match(["--profile", str(house)], capsys)
    two = _match(["--profile", str(house), "--workers", "2"], capsys)
    assert one == two
    assert one["bots"] != shipped["bots"]  # the file's par, not the shipped profile's


def test_match_workers_play_a_profile_dir_profile(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    text = _house_file(tmp_path).read_text(encoding="utf-8")
    (folder / "house.yaml").write_text(text.replace("id: parlett", "id: house", 1), "utf-8")
    profile = gleek.load_profile("house", profile_dirs=[folder])
    one = play_match(["basic", "random", "random"], profile, deals=6, seed=2)
    two = play_match(["basic", "random", "random"], profile, deals=6, seed=2, workers=2)
    assert one == two and one.profile == "house"


def test_an_equal_profile_from_another_file_stays_itself(tmp_path: Path) -> None:
    shipped = gleek.load_profile("parlett")
    path = tmp_path / "copy.yaml"
    path.write_text((profiles_dir() / "parlett.yaml").read_text(encoding="utf-8"), "utf-8")
    copied = gleek.load_profile(path)
    # equal rules, but its rules come from another file: not merged with the shipped profile
    assert copied == shipped and copied is not shipped
    assert copied.rules[0].origin == str(path) != shipped.rules[0].origin
    assert _round(copied) is copied and _round(shipped) is shipped


def test_rule_groups_evolve_and_pickle() -> None:
    tricks = gleek.load_profile("parlett").tricks
    high = attrs.evolve(tricks, play_high=True)
    assert high.honours == tricks.honours and high.by_rank == tricks.by_rank
    assert _round(high) == high and hash(_round(high)) == hash(high)


def test_a_profile_differing_only_in_words_is_not_merged() -> None:
    shipped = gleek.load_profile("parlett")
    retitled = attrs.evolve(shipped, title="House rules")
    back = _round(retitled)
    assert isinstance(back, gleek.Profile)
    assert back.title == "House rules" and back is not shipped
    assert _round(shipped) is shipped
