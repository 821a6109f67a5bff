"""One module per game: ``context(snapshot, catalog_game) -> dict`` for its table template.

The module's name is the game id with ``-`` turned into ``_`` (``levantine``,
``crusader_kingdoms``); see the convention at the top of ``render.py``.
"""
