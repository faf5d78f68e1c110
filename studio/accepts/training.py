"""What the training and block entries accept (studio.params)."""
from __future__ import annotations

from studio.params import Accepts, Param  # noqa: F401

ACCEPTS: dict = {}
