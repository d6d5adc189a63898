"""The engine, one module per job: the state's node (:mod:`~gleek.engine.node`), its history
(:mod:`~gleek.engine.history`) and ledger of payments (:mod:`~gleek.engine.ledger`), the phase
transitions (:mod:`~gleek.engine.transitions`), legality and apply
(:mod:`~gleek.engine.legality`), building a deal (:mod:`~gleek.engine.dealing`), the rollout
(:mod:`~gleek.engine.rollout`), what a seat sees (:mod:`~gleek.engine.observe`) and the outcome
(:mod:`~gleek.engine.outcome`), with the sealing of finished values
(:mod:`~gleek.engine.sealing`). It decides nothing: each phase is a stage of
:mod:`gleek.stages`. The public names are gathered in :mod:`gleek.state` (and :mod:`gleek`).

Each module's docstring says what it may import; the node imports no other module of the engine
but the sealing, and reaches the functions its conveniences call through
:class:`gleek.engine.node.Engine`.
"""
