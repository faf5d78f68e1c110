"""The pieces of the layernorm_steps scene (scenes/layernorm_steps.py): its strings and captions, its moving
columns of bars."""
