"""The pieces of the backprop_small scene (scenes/backprop_small.py): its strings and its network."""
