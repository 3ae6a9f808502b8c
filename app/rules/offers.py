"""What a game can offer beyond its refresher; the UI registry maps each to its pages.

Part of the game contract (:mod:`app.rules.contract` re-exports these). They live in a
module of their own because the window's first frame asks which sections a game has, and
importing the whole contract (its dataclasses and protocols) for four names costs the
start a few milliseconds (issue #27).
"""

BOARD = "board"  # a playable board (the section „Spielbrett“)
CALCULATORS = "calculators"  # the section „Rechner“
PRACTICE = "practice"  # engine-made practice situations in the quiz
DRAWN_EXAMPLES = "drawn_examples"  # worked examples shown as pictures
