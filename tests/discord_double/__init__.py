"""pytest's side of the Discord stand-in (:mod:`tools.discord_double`): its fixtures, and the
sample bot its own tests run."""
