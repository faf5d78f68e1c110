"""The machinery around the engine: catalogue, look, numbers files and renderers."""

__version__ = "0.1.0"
