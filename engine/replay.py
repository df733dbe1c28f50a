"""``python -m engine.replay``: the replay command of :mod:`engine.tools.replay` (REPLAY.md)."""

import sys

from .tools.replay import Malformed, main, parse_scenario, replay, run_lines, run_one

__all__ = ["Malformed", "main", "parse_scenario", "replay", "run_lines", "run_one"]

if __name__ == "__main__":
    sys.exit(main())
