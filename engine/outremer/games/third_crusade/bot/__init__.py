"""Third Crusade's solo Bot: its measures of the map and its decisions (Solo rules, p.19-23;
rulings TC100-TC119). The solo flow (seats, the Bot's Order groups, the Bot Table, Planning,
Command, March composition) calls these wherever the game asks a Bot Army something; they import
nothing of the flow.

Every decision is pure: ``choose_<decision>(s, army, legal, rand, log, ...) -> Action`` picks one
of the ``legal`` actions the engine offers at that moment and appends a log line (a
``core.game.Event``) naming the priority followed and the page or ruling. ``rand(n)`` gives a
whole number from 0 to n - 1 (the flow passes ``lambda n: rng.randbelow(s, n)``).

- ``geometry``: ``strength``, ``strength_key``, ``by_strength`` (weakest first), ``strongest_first``,
  ``weakest``, ``strongest``, ``proximity_key``, ``by_proximity``, ``jerusalem_strength``,
  ``jerusalem_steps``, ``player_side``, ``regions_with``, ``controlled_by`` (TC100, TC101).
- ``battle``: ``bot_is_lowest``, ``draw_reaction`` (from the flow's Reaction group),
  ``reaction_region``, ``choose_reaction``, ``choose_loss``, ``choose_retreat`` (TC102-TC104).
- ``placement``: ``add_priority``, ``bare_room``, ``overflow_region``, ``remove_region``,
  ``remove_piece``, ``leader_to_remove``, ``sabotage_slot``, ``unsabotage_slot``,
  ``bandit_to_remove``, ``destroyed_port_region``, ``port_to_rebuild``, ``token_region``
  (TC105-TC107).
- ``diplomacy``: ``choose_reward``, ``choose_move``, ``choose_gain`` (TC108).
- ``events``: ``choose_card``, ``crown_useful``, ``choose_crown``, ``relaxed_regions``,
  ``perk_units``; ``steps.choose_step`` answers every question of the card being executed but a
  March's (None) (TC109).
- ``upkeep``: ``choose_landing``, ``select_advanced``, ``is_march``, ``is_reaction`` (TC110),
  ``choose_objective`` (p.19: the card worth the most Glory).
The solo flow (``solo_flow.decide``) routes each question the game asks a Bot to these.
- ``rulings``: the pages and rulings for the game's rule index.
"""
