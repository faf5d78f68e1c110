"""The pieces of the signal_decay scene (scenes/signal_decay.py): its strings and captions, its apparatus."""
