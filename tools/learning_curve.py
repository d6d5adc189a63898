"""Draw the learning curve of examples/train_reinforce.py as docs/images/learning-curve.svg.

    python tools/learning_curve.py [--episodes 1000] [--block 50] [--out FILE]

Trains the example agent (seeded, so the picture is the same every run) and draws the mean
chips a deal of each block of episodes as a line with its axes: a few lines of SVG, no plotting
library needed for one polyline.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "examples"))

from train_reinforce import train  # noqa: E402


def svg(curve: list[float], block: int, title: str) -> str:
    """The curve as an SVG picture: x the episodes, y the mean chips a deal."""
    w, h, left, right, top, bottom = 640, 360, 60, 20, 40, 50
    lo = min(0.0, min(curve))
    hi = max(curve) * 1.1 if max(curve) > 0 else 1.0
    n = len(curve)

    def x(i: float) -> float:
        return left + (w - left - right) * (i / max(1, n - 1))

    def y(v: float) -> float:
        return top + (h - top - bottom) * (1 - (v - lo) / (hi - lo))

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(curve))
    ticks = []
    for k in range(5):
        v = lo + (hi - lo) * k / 4
        ticks.append(
            f'<line x1="{left - 4}" y1="{y(v):.1f}" x2="{w - right}" y2="{y(v):.1f}" '
            f'stroke="#ddd"/><text x="{left - 8}" y="{y(v) + 4:.1f}" text-anchor="end">'
            f"{v:+.0f}</text>"
        )
    for k in range(5):
        i = (n - 1) * k / 4
        ticks.append(
            f'<text x="{x(i):.1f}" y="{h - bottom + 18}" text-anchor="middle">'
            f"{round((i + 1) * block)}</text>"
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'font-family="sans-serif" font-size="12">\n'
        f'<rect width="{w}" height="{h}" fill="white"/>\n'
        f'<text x="{w / 2}" y="22" text-anchor="middle" font-size="14">{title}</text>\n'
        + "\n".join(ticks)
        + f'\n<line x1="{left}" y1="{y(0):.1f}" x2="{w - right}" y2="{y(0):.1f}" stroke="#888"/>\n'
        f'<polyline points="{points}" fill="none" stroke="#1f77b4" stroke-width="2"/>\n'
        f'<text x="{w / 2}" y="{h - 12}" text-anchor="middle">episodes (deals played)</text>\n'
        f'<text x="16" y="{h / 2}" text-anchor="middle" transform="rotate(-90 16 {h / 2})">'
        f"mean chips a deal, per {block} deals</text>\n</svg>\n"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=1000)
    ap.add_argument("--block", type=int, default=50)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "learning-curve.svg")
    args = ap.parse_args()
    curve = train(args.episodes, block=args.block)
    title = (
        f"REINFORCE (linear, numpy) in seat 0 against two random bots, parlett, "
        f"{args.episodes} deals"
    )
    args.out.write_text(svg(curve, args.block, title), encoding="utf-8")
    print(f"Wrote {args.out}: {' '.join(f'{v:+.1f}' for v in curve)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
