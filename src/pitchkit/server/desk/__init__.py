"""The tournament desk online: events hosted by ``pitch serve``, run through
:class:`pitchkit.tournament.director.Desk`.

- :mod:`~pitchkit.server.desk.hosting`: the desk's service (create, seat, results, rulings, the
  match clock, the watcher that enters each online table's finished game);
- :mod:`~pitchkit.server.desk.rows`: its rows in the database (Alembic migration 0003);
- :mod:`~pitchkit.server.desk.sheets`: rounds at physical tables, score-sheet hands entered and
  confirmed by judges, the printed sheets;
- :mod:`~pitchkit.server.desk.routes`: its HTTP routes and the pages of ``web/desk/``.
"""
