"""The match scene and its parts: controller, input, drop zones, the decision
panel, seats, menus, hints, curtain, discard viewer, card picker, leave
question, save warning.

Imports: game.ui.table and below.
"""
