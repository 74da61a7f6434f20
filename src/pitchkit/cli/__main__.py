"""``python -m pitchkit.cli``: the ``pitch`` command."""

from pitchkit.cli import main

main()
