"""The settings screen, in pages (tabs): "Game" (pace, the computer, hints, take backs, the
language), "Sound", "Display", "Voice" (speech and how much it says), "Keys" and "Speech keys"
(the play keys). Each page is a module holding its rows as data
(``rows.Row``, ``rows.Page``); ``pages.PAGES`` lists them in tab order; ``scene`` shows them."""

from game.ui.screens.settings.scene import SettingsScene

__all__ = ["SettingsScene"]
