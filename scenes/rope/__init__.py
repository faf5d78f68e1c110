"""The stages of the rope_rotation scene (scenes/rope_rotation.py), one module each."""
