"""Tests of the rules engine, one or more per rule id of RULES.md, plus property checks."""
