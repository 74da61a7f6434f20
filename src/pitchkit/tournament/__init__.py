"""Tournaments from the seeds: the Darrtown Go-Rounds (seed 000, ``pct-tournament``) and the UNL
Ten-Point partner tournament (seed 003), run from entry to champion. This package holds the formats:
seating, pairing, the match clock, advancement and standings, playing each table's game through the
engine; ``pitch tournament simulate`` runs a whole event with bots. See ``docs/tournament.md``.
"""
