"""Learning to play in the window: the tutorial's lessons and the puzzles, and what the
player has done of them (``progress``)."""
