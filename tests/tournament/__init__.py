"""Tests of the tournament formats (docs/TOURNAMENTS.md): worked examples and properties."""
