"""Sealing a finished value (a :class:`~gleek.state.State`, an :class:`~gleek.state.Outcome`) in
the pure-Python build: a class that refuses assignment and deletion of its attributes.

May import: nothing of gleek.
"""

from __future__ import annotations

from typing import TypeVar

_T = TypeVar("_T")


def sealed_class(cls: type[_T], what: str, hint: str = "") -> type[_T] | None:
    """Pure Python only: the class a finished value of ``cls`` (a :class:`State`, an
    :class:`Outcome`) takes, refusing assignment and deletion of its attributes (``what`` names
    it in the message, ``hint`` ends it). (Compiled, the attributes are read-only already, and a
    compiled class cannot be subclassed.) A value is built as a plain ``cls``, its fields stored
    at full speed, then sealed by changing its class: one store, not a check on every store.
    Calling the sealed class (``type(value)(...)``) builds a plain one and seals it."""
    if not __file__.endswith(".py"):  # compiled by mypyc
        return None

    def refuse_set(self: object, name: str, value: object) -> None:
        raise AttributeError(f"{what} cannot be changed (setting {name!r}){hint}")

    def refuse_del(self: object, name: str) -> None:
        raise AttributeError(f"{what} cannot be changed (deleting {name!r})")

    def rebuilt(klass: type, *args: object, **kwargs: object) -> object:
        made = cls(*args, **kwargs)
        if type(made) is not sealed:
            made.__class__ = sealed
        return made

    def built(self: object, *args: object, **kwargs: object) -> None:
        """(Built and sealed by ``__new__``.)"""

    sealed: type[_T] = type(
        cls.__name__,
        (cls,),
        {
            "__slots__": (),
            "__setattr__": refuse_set,
            "__delattr__": refuse_del,
            "__new__": rebuilt,
            "__init__": built,
            "__module__": __name__,
            "__qualname__": cls.__name__,
            "__doc__": vars(cls).get("__doc__"),
        },
    )
    return sealed
