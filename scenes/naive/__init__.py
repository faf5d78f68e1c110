"""The pieces of the naive_position scene (scenes/naive_position.py): its strings and its bar machine."""
