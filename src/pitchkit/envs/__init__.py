"""Research environments: Pitch for PettingZoo, OpenSpiel and Gymnasium (``pitchkit[envs]``).

The observation and action encoding all of them share is :mod:`pitchkit.envs.encoding`,
specified in docs/observations.md; each adapter is imported on its own
(``pitchkit.envs.pettingzoo``, ``pitchkit.envs.openspiel``, ``pitchkit.envs.gym``) and needs
only its own framework.
"""
