"""Differential conformance checks of `python -m engine.replay` against REPLAY.md.

`reference` is a second, deliberately plain reading of docs/REPLAY.md, RULES.md and
HOUSE-RULES.md; `scenarios` draws random hands with legal and illegal actions; `compare` runs
many of them through the engine's command line and reports where the two readings disagree.
"""
