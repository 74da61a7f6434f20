"""The test suite of ``pitch serve``: real clients over real sockets, on SQLite and on PostgreSQL."""
