"""The look and the widgets: theme, fonts, buttons, tweens, icons, the
backdrop, the menu overlay.

Imports: game.ui.core and below.
"""
