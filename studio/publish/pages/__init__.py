"""Interactive lesson pages: one page per catalogue topic with the scenes, figures and widgets
whose numbers come from the engine, and a presenter mode for the scenes (render.py page)."""
from studio.publish.pages.builder import PAGE_QUALITY, build_pages, build_topic

__all__ = ["PAGE_QUALITY", "build_pages", "build_topic"]
