"""Secrets: seat tokens, invites, the creator's token. Only their SHA-256 is stored, and they are
compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_secret() -> str:
    """An unguessable URL-safe secret (192 bits)."""
    return secrets.token_urlsafe(24)


def new_id() -> str:
    """A table id (96 bits, URL-safe)."""
    return secrets.token_urlsafe(12)


def digest(secret: str) -> str:
    """The stored form of a secret."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def matches(secret: str | None, stored: str | None) -> bool:
    """True when ``secret`` is the one stored as ``stored`` (constant time)."""
    if not secret or not stored:
        return False
    return hmac.compare_digest(digest(secret), stored)
