"""The pieces of the permutation scene (scenes/permutation.py): its strings, the row of tokens drawn
as arrows, and the score-table inset."""
