"""What Third Crusade's computer player knows of the Orders and cards before it looks at the map:
each Order's kind (``signature``: Orders alike in it are worth the same in a Region) and a card's
worth to its owner."""

from __future__ import annotations

from ..games.third_crusade.cards import orders
from ..games.third_crusade.events import value as points

_ORDERS_BY_KEY: dict[str, dict] = {}


def orders_by_key(army: str) -> dict:
    """The Orders of ``army`` by key, each with its ``signature``."""
    found = _ORDERS_BY_KEY.get(army)
    if found is None:
        found = _ORDERS_BY_KEY[army] = {o.key: (o, signature(o)) for o in orders(army)}
    return found


def signature(order) -> tuple:
    """All that an Order's worth in a Region depends on (``_order_worth``): Orders alike in these
    are worth the same there."""
    return (
        order.region,
        order.presence in ("own", "alliance"),
        order.blank,
        order.reaction,
        None if order.blank else order.effects[0].do,
    )


def value(card) -> float:
    """A card's worth to its owner: its main event, and half its crown event (crowns cost)."""
    main, crown = points(card)
    return main + 0.5 * crown
