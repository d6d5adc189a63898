"""Put every shipped profile, variant and the bibliography through every check of its kind, and
write their digests (with each profile's id and aliases) to ``gleek/schemas/pre-checked.json``,
so that gleek loads them without importing the schema checker or checking them again. Run it
after changing a shipped profile, variant or schema (a test says when)::

    python tools/pre_check.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from gleek.profile import pre_check_shipped

OUT = Path(__file__).resolve().parent.parent / "gleek" / "schemas" / "pre-checked.json"
NOTE = (
    "Written by tools/pre_check.py: the SHA-256 (gleek.schemacheck.digest) of each shipped "
    "profile, variant and bibliography file, each put through every check of its kind first, "
    "and each profile's id and aliases (for the index of profiles)."
)


def text() -> str:
    """What the file must hold."""
    return json.dumps({"note": NOTE, "files": pre_check_shipped()}, indent=2) + "\n"


def main() -> int:
    OUT.write_text(text(), encoding="utf-8")
    print(f"wrote {OUT.relative_to(Path.cwd()) if OUT.is_relative_to(Path.cwd()) else OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
