"""``pitch serve``: online tables that friends, bots and spectators share.

The server is an adapter around the engine: a table is its action log in the database, and its
state is rebuilt by replaying that log through :class:`~pitchkit.engine.game.Game`. Every message to a
seat is built from that seat's :class:`~pitchkit.engine.view.View`; spectators see only what is public.
See ``docs/serve.md`` and ``docs/protocol.md``.
"""
