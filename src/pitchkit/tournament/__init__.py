"""Tournaments: the seeds' Darrtown Go-Rounds (seed 000, ``pct-tournament``) and UNL Ten-Point partner
tournament (seed 003), and knockout and round-robin events for any preset, run from entry to
champion by the tournament desk (``desk``: an event in a folder, with every table's game record
verified) or played by bots end to end (``simulate``). See ``docs/tournament.md``.
"""
