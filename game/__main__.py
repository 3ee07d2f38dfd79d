"""``python -m game`` starts the desktop game."""

import sys

from game.app import main

sys.exit(main())
