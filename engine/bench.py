"""``python -m engine.bench``: how fast the rules run (:mod:`engine.tools.bench`)."""

from .tools.bench import main

if __name__ == "__main__":
    main()
