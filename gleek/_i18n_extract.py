"""Babel extractors for the words gleek prints that are not in its Python code (``babel.cfg``):
the rules' titles and descriptions in the profile schema, and the project's own words in a
shipped profile (its summary, and the reasons of an inference, a doubt or a house rule). A
source's quote is never extracted: a citation quotes the source's language.

>>> import io
>>> found = list(extract_profile(io.BytesIO(b"summary: Two rules.\\n"), (), (), {}))
>>> found
[(1, None, 'Two rules.', [])]

May import: nothing of gleek (``pybabel extract`` runs it).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

import yaml

__all__ = ["extract_profile", "extract_schema"]

Found = tuple[int, None, str, list[str]]

#: The project's own words in a profile: translated; quotes and places are the source's.
PROFILE_WORDS = ("summary", "inferred", "doubt", "house")


def _line(text: str, words: str) -> int:
    """The line of ``text`` where ``words`` first appear (1 where they do not, as when folded)."""
    at = text.find(words)
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def extract_schema(
    fileobj: IO[bytes], keywords: Collection[str], tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Found]:
    """Each rule group's title, and each rule's title and description, of the profile schema;
    and every description of a schema (the record's, the profile's), which a message of the
    schema checker may say."""
    text = fileobj.read().decode("utf-8")
    schema = json.loads(text)
    groups = schema.get("properties", {}).get("rules", {}).get("properties", {})
    for group in groups.values():
        yield (_line(text, group["title"]), None, group["title"], [])
        for rule in group["properties"].values():
            for key in ("title", "description"):
                yield (_line(text, rule[key]), None, rule[key], [])

    def walk(node: Any) -> Iterator[Found]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "description" and isinstance(value, str):
                    yield (_line(text, value), None, value, [])
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    yield from walk(schema)


def extract_profile(
    fileobj: IO[bytes], keywords: Collection[str], tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[Found]:
    """The profile's (or variant's) own words: :data:`PROFILE_WORDS` wherever they are."""
    text = fileobj.read().decode("utf-8")

    def walk(node: Any) -> Iterator[Found]:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in PROFILE_WORDS and isinstance(value, str):
                    yield (_line(text, value[:40]), None, value, [])
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for value in node:
                yield from walk(value)

    yield from walk(yaml.safe_load(text))
