"""Regenerate the picture the README shows: an example deal in play, drawn by gleek.svg.

Run from the repository root: ``.venv/bin/python tools/readme_picture.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gleek.state import Phase  # noqa: E402
from gleek.svg import draw  # noqa: E402
from gleek.viewer import replay_file  # noqa: E402

RECORD = ROOT / "examples" / "parlett-s0-auction.yaml"
OUT = ROOT / "docs" / "images" / "deal.svg"


def main() -> None:
    deal = replay_file(RECORD)[0]
    states = [step.state for step in deal.steps]
    start = next(i for i, s in enumerate(states) if s.phase is Phase.PLAY)
    state = states[start + 17]  # five tricks played, two cards of the sixth on the table
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(draw(state, names=deal.names) + "\n", encoding="utf-8")
    print(f"Wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
