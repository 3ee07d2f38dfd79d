"""The table, shared by every scene that shows a game: the match (1v1 and 2v2) and the replay viewer.

- ``model``: what the table shows, as plain data, rebuilt from a view and stepped by events;
- ``layout``: where every card and counter sits (no pygame);
- ``stage``: the component: model, one sprite per card, tweens, events turned into motion;
- ``animator``: the motion of each kind of event;
- ``render``: drawing a stage, with a ``TableFrame`` of what the driving scene adds on top;
- ``hud``, ``sprites``: the seat panels, log and prompt, and the card sprites.
- ``miniature``: a position as a small picture, drawn by ``render`` and scaled (hands face down).

Nothing here reads input or changes a game: a scene feeds the stage events and draws it.
"""
