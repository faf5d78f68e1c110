"""Lecture decks: one offline HTML file per topic or lesson file that runs a class from the keyboard or
a clicker: the scenes' sections as slides, the figures, the topic's widgets, an overview, a blackout
and a speaker view (render.py deck)."""
from studio.publish.deck.builder import build_deck

__all__ = ["build_deck"]
