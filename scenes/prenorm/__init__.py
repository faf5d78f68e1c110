"""The pieces of the prenorm_block scene (scenes/prenorm_block.py): its strings and its steps."""
