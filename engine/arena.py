"""``python -m engine.arena``: policies play whole games (:mod:`engine.tools.arena`)."""

import sys

from .tools.arena import main

if __name__ == "__main__":
    sys.exit(main())
