"""Reusable widgets of the match and replay screens."""
