"""``python -m engine.play``: a game at the terminal (:mod:`engine.tools.play`)."""

import sys

from .tools.play import main

if __name__ == "__main__":
    sys.exit(main())
