"""The match scene and its parts: controller, input, drop zones, the decision
panel, seats, menus (pause, game over), hints, takeback (Undo), curtain, discard viewer, card
picker, leave question, save warning, the match's autosave (``saving``).

Imports: game.ui.table and below.
"""
