"""``python -m tools.bench_pictures``: how long a table picture takes to draw, and how big it is.

It draws spectator scenes of random games of every variant through the engine (3, 4, 6 and 8
seats, every phase) and the hands of random seats, each scene once and uncached (the tile
sprites cold at the start of each set), and prints per set the draw time p50/p95 and the PNG
size p50/max. The targets are p95 ≤ 50 ms and ≤ 60 KB.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from cogs.pictures import dominoes
from cogs.pictures.render import drawer
from cogs.pictures.samples import engine_hand_scenes, engine_scenes
from cogs.pictures.scene import HandScene, TableScene
from engine import VARIANTS

TARGET_MS = 50.0
TARGET_BYTES = 60_000


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(scenes: Sequence[TableScene | HandScene]) -> tuple[list[float], list[int]]:
    """Milliseconds and bytes per picture; the tile sprites start cold for every set."""
    dominoes.sprite.cache_clear()
    dominoes.back.cache_clear()
    times, sizes = [], []
    for scene in scenes:
        draw = drawer(scene)
        start = time.perf_counter()
        picture = draw(scene)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(picture))
    return times, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pictures", type=int, default=200, help="scenes per set")
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    sets: dict[str, Sequence[TableScene | HandScene]] = {}
    for name, variant in VARIANTS.items():
        seats = variant.seating.count
        sets[f"{name}: table, {seats} seats"] = engine_scenes(args.pictures, args.seed, variant)
    for name in ("42", "big", "72"):
        tiles = VARIANTS[name].hand_size
        sets[f"{name}: hand, {tiles} tiles"] = engine_hand_scenes(args.pictures, args.seed,
                                                                  VARIANTS[name])
    worst_ms, worst_bytes = 0.0, 0
    print(f"{'pictures of':<26} {'pictures':>8} {'p50 ms':>7} {'p95 ms':>7} {'p50 KB':>7} "
          f"{'max KB':>7}")
    for name, scenes in sets.items():
        times, sizes = measure(scenes)
        p95 = percentile(times, 0.95)
        worst_ms, worst_bytes = max(worst_ms, p95), max(worst_bytes, max(sizes))
        print(f"{name:<26} {len(scenes):>8} {statistics.median(times):>7.1f} {p95:>7.1f} "
              f"{statistics.median(sizes) / 1000:>7.1f} {max(sizes) / 1000:>7.1f}")
    verdict = "within" if worst_ms <= TARGET_MS and worst_bytes <= TARGET_BYTES else "OVER"
    print(f"worst p95 {worst_ms:.1f} ms, largest {worst_bytes / 1000:.1f} KB: {verdict} the "
          f"targets ({TARGET_MS:.0f} ms, {TARGET_BYTES / 1000:.0f} KB)")


if __name__ == "__main__":
    main()
