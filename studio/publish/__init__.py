"""Publish: the offline gallery and the lesson pages, on one Jinja2 template stack (html)."""
