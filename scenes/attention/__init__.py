"""The pieces of the attention_heatmap scene (scenes/attention_heatmap.py): its strings, its table, its context vector."""
