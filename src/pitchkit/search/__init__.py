"""Search bots: an exact solver for positions with every card visible, deals sampled from what a
seat knows, and the ``pimc`` and ``ismcts`` bots built on them."""
