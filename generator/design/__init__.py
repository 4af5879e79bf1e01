"""Designers: small seeded searches that write a game's data files (e.g. the squib deck)."""
