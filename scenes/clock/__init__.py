"""The pieces of the pe_clock scene (scenes/pe_clock.py): its strings, its dials and fingerprint table."""
