"""Differential conformance checks of `python -m engine.replay` against docs/REPLAY.md.

`reference` is a second, deliberately plain reading of docs/REPLAY.md, RULES.md and
HOUSE-RULES.md, and `variants` of VARIANTS.md and REPLAY.md's "Variants" section; `scenarios`
and `variant_scenarios` draw random hands with legal and illegal actions; `compare` runs many of
them through the engine's command line and reports where the two readings disagree.
"""
