"""Bots and batch simulation."""
