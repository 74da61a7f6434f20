"""``pitch arena``."""

from __future__ import annotations
