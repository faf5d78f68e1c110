"""Narration: reading, measuring, placing and muxing voice recordings, and the offline draft voice."""
