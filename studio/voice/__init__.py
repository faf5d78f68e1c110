"""Narration: the lecturer's recordings (or an offline draft voice) timing a scene's cues, measured, normalised and mixed into its video."""
