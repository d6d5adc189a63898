"""Regenerate the picture of docs/analysis.rst: the viewer's picture at the costliest card of
the worked example (``gleek analyze examples/parlett-s0-auction.yaml``), with the note the
viewer's page shows under it (``gleek analyze ... --html``).

Run from the repository root: ``.venv/bin/python tools/analysis_picture.py``.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gleek.analyze import analyze_record, step_notes  # noqa: E402
from gleek.svg import draw  # noqa: E402
from gleek.viewer import deal_steps, load_record  # noqa: E402

RECORD = ROOT / "examples" / "parlett-s0-auction.yaml"
OUT = ROOT / "docs" / "images" / "analysis.svg"


def main() -> None:
    record, error = load_record(RECORD)
    assert record is not None and error is None
    verdicts = analyze_record(record, from_trick=7)
    notes = step_notes(verdicts)
    costliest = max(verdicts[0].costly, key=lambda c: c.cost)
    step = costliest.step + 1
    deal = deal_steps(record)[0]
    caption = deal.steps[step].caption
    picture = draw(deal.steps[step].state, names=deal.names)
    note = notes[(1, step)]
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 560" width="600" height="560" '
        'font-family="DejaVu Sans, Verdana, Arial, sans-serif">'
        '<rect width="600" height="560" fill="#f7f5ef"/>'
        f'<text x="12" y="22" font-size="16" font-weight="bold">{html.escape(caption)}</text>'
        '<rect x="8" y="32" width="584" height="24" fill="#fbe3c7"/>'
        '<rect x="8" y="32" width="4" height="24" fill="#c8551b"/>'
        f'<text x="18" y="49" font-size="14">\u26a0 {html.escape(note)}</text>'
        f'<svg x="0" y="60" width="600" height="500">{picture}</svg></svg>\n'
    )
    OUT.write_text(svg, encoding="utf-8")
    print(f"Wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
