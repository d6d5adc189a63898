"""The rules of a profile as a page for the table (gleek.rulesdoc.rules_rst): every rule once,
under the stage of the deal it belongs to, the stages in the order they are played."""

from __future__ import annotations

import attrs
import pytest

from gleek import list_profiles, list_variants, load_profile
from gleek.profile import Profile
from gleek.rulesdoc import TABLE_STAGES, rules_rst


def _sections(page: str) -> dict[str, str]:
    """The page's sections by heading (a line underlined with dashes)."""
    lines = page.splitlines()
    heads = [i - 1 for i, line in enumerate(lines) if line and set(line) == {"-"}]
    return {
        lines[h]: "\n".join(lines[h + 3 : [*heads, len(lines) + 1][k + 1] - 1])
        for k, h in enumerate(heads)
    }


@pytest.mark.parametrize("pid", list_profiles())
def test_every_rule_once_under_its_stage_in_order(pid: str) -> None:
    profile = load_profile(pid, list_variants()[:1])
    page = rules_rst(profile)
    sections = _sections(page)
    assert list(sections) == [s.heading for s in TABLE_STAGES]
    for stage in TABLE_STAGES:
        body = sections[stage.heading]
        assert body.startswith(stage.intro)
        rules = [r for r in profile.rules if r.path.split(".")[0] in stage.groups]
        for rule in rules:
            assert body.count(f"(``{rule.path}``)") == 1
            assert f"**{rule.title}: {rule.display()}**" in body.replace("\\", "")
        positions = [body.index(f"(``{r.path}``)") for r in rules]
        assert positions == sorted(positions)
    assert sum(page.count(f"(``{r.path}``)") for r in profile.rules) == len(profile.rules)
    assert ".. figure::" not in page


def test_pictures_go_with_their_stages() -> None:
    pictures = {s.picture: f"/pictures/{s.picture}.svg" for s in TABLE_STAGES if s.picture}
    sections = _sections(rules_rst(load_profile("parlett"), pictures))
    for stage in TABLE_STAGES:
        body = sections[stage.heading]
        if stage.picture is None:
            assert ".. figure::" not in body
        else:
            assert body.count(".. figure::") == 1
            assert f".. figure:: /pictures/{stage.picture}.svg" in body
            assert stage.caption in body


def test_inferred_values_link_to_their_explanation() -> None:
    profile = load_profile("cotton")
    page = rules_rst(profile)
    inferred = [r for r in profile.rules if r.inferred]
    assert inferred
    for rule in inferred:
        assert f":ref:`inferred <silent-{rule.source.silent}>`" in page
    assert page.count(":ref:`inferred") == len(inferred)


def test_a_group_no_stage_names_is_shown_after_the_stages() -> None:
    base = load_profile("parlett")
    extra = attrs.evolve(base.rules[0], path="newgroup.rule", group="A new group", title="New")
    profile: Profile = attrs.evolve(base, rules=(*base.rules, extra))
    sections = _sections(rules_rst(profile))
    assert list(sections)[-1] == "A new group"
    assert "(``newgroup.rule``)" in sections["A new group"]


def test_text_is_escaped_for_restructuredtext() -> None:
    base = load_profile("pi")
    odd = attrs.evolve(base.rules[0], description="a *star*, a `tick` and a | bar_")
    page = rules_rst(attrs.evolve(base, rules=(odd, *base.rules[1:]), aliases=("x",)))
    assert r"a \*star\*, a \`tick\` and a \| bar\_" in page
    assert "Aliases: ``x``" in page
