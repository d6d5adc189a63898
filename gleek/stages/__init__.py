"""The stages of a deal, one module each, as pure functions of (profile, sub-state[, choice]).

The engine (:mod:`gleek.state`) composes them; they never import one another's internals, only
the shared tables and :class:`~gleek.stages.common.Payment` in :mod:`gleek.stages.common`.
"""
