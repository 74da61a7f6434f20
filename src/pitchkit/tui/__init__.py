"""The terminal table: play against bots, watch bots play, replay saved games.

The Textual apps are :mod:`pitchkit.tui.app` (``PlayApp``) and :mod:`pitchkit.tui.replay`
(``ReplayApp``); the game they drive (:mod:`pitchkit.tui.session`), the plain-text log
(:mod:`pitchkit.tui.textlog`) and the saved-games folder (:mod:`pitchkit.tui.saves`) need no terminal.
"""
