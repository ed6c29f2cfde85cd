"""Errors of the server's stores, importable without the server (the CLI catches them)."""

from __future__ import annotations


class StoreError(Exception):
    """A store that cannot be used (the database is unreachable or has another schema
    version); ``str(err)`` is one line for the operator."""
