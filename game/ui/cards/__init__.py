"""Card faces: the renderer, the contact sheet, the asset bridge and
generator, and the creature art.

Imports: game.ui.kit and below.
"""
