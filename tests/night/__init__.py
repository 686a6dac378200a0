"""The night as a whole (issue 22): a floor that drives the service, the invariants every
step of a night must keep, the state machine that plays random nights on every profile, and
the short nights it found, kept as regression tests."""
