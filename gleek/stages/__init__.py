"""The rules of a deal, one module per stage, each rule written once: pure functions over the
compact forms (a hand is a mask of card indices, a seat an int) and the profile's flattened
rules (:class:`~gleek.stages.rules.Rules`).

The engine (:mod:`gleek.state`) runs them and decides nothing itself. A stage imports only the
shared tables and :class:`~gleek.stages.common.Payment` (:mod:`gleek.stages.common`) and the
flattened rules (:mod:`gleek.stages.rules`), never another stage.
"""
