"""Speed measurement of the engine and the fast path, and batch self-play statistics.

``pitch bench`` and ``benchmarks/engine_speed.py`` run :func:`pitchkit.bench.suite.run_suite`;
``pitch simulate`` runs :func:`pitchkit.bench.simulate.simulate`.
"""
