"""``python -m engine.latency``: a policy's time per decision in every variant
(:mod:`engine.tools.latency`)."""

import sys

from .tools.latency import main

if __name__ == "__main__":
    sys.exit(main())
