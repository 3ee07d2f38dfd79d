"""The match scene and its parts: controller, input, drop zones, seats,
menus, hints, curtain, card picker, leave question, save warning.

Imports: game.ui.table and below.
"""
