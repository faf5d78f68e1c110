"""Narration: the lecturer's recordings (or a draft voice) timing a scene's cues, mixed into its video."""
