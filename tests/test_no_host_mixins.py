"""No host-mixins: a class does not declare what another class is to provide.

A mixin that declares its host's methods as stand-ins (a body of ``...``, ``pass``,
``raise NotImplementedError`` or only a docstring, often under ``if TYPE_CHECKING:``) or
its host's attributes as bare class annotations hides a two-way dependency the type
checker cannot see through; an object given its collaborators (or a ``typing.Protocol``
for what it asks back) says the same in the open. Allowed: ``Protocol`` classes, methods
marked ``@abstractmethod`` or ``@overload``, dataclasses, ``NamedTuple`` and ``TypedDict``
fields, annotations a class assigns itself, and discord.py's ``DynamicItem`` templates.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "render")

# bare annotations known and kept, with why: each must still be there (a stale entry fails)
KNOWN = {
    # who sits where, shared by the live Table and its TableSnapshot (both dataclasses
    # with a ``seats`` field); bot/tables is outside the cogs' refactor of issue 56
    ("bot/tables/snapshot.py", "SeatLookup", "seats"),
}

FIELD_BASES = {"NamedTuple", "TypedDict"}
EXEMPT_DECORATORS = {"abstractmethod", "overload"}


def _name(node: ast.expr) -> str:
    """``Protocol`` for ``typing.Protocol``, ``Protocol[T]``, ``dataclass(frozen=True)``…"""
    if isinstance(node, ast.Subscript | ast.Call):
        return _name(node.value if isinstance(node, ast.Subscript) else node.func)
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def _is_protocol(cls: ast.ClassDef) -> bool:
    return any(_name(base) == "Protocol" for base in cls.bases)


def _has_fields(cls: ast.ClassDef) -> bool:
    """A dataclass, NamedTuple or TypedDict: its bare annotations are its fields."""
    return any(_name(d) == "dataclass" for d in cls.decorator_list) or \
        any(_name(base) in FIELD_BASES for base in cls.bases)


def _is_dynamic_item(cls: ast.ClassDef) -> bool:
    return any(_name(base) == "DynamicItem" for base in cls.bases)


def _members(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """A class's statements, those under ``if`` (``if TYPE_CHECKING:``) included."""
    for node in body:
        if isinstance(node, ast.If):
            yield from _members(node.body)
            yield from _members(node.orelse)
        else:
            yield node


def _is_stub(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Is the body only a docstring, ``...``, ``pass`` or ``raise NotImplementedError``?"""
    for statement in function.body:
        if isinstance(statement, ast.Pass):
            continue
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
                and (statement.value.value is Ellipsis or isinstance(statement.value.value, str)):
            continue
        if isinstance(statement, ast.Raise) and statement.exc is not None and \
                _name(statement.exc) == "NotImplementedError":
            continue
        return False
    return True


def _assigned_to_self(cls: ast.ClassDef) -> set[str]:
    """The attributes the class's own methods assign (``self.x = …``) or its body does."""
    names: set[str] = set()
    for node in ast.walk(cls):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and \
                (not isinstance(node, ast.AnnAssign) or node.value is not None):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and \
                        part.value.id == "self":
                    names.add(part.attr)
                elif isinstance(part, ast.Name):
                    names.add(part.id)
    return names


def host_mixin_faults(source: str, where: str = "<source>") -> list[tuple[str, str, str]]:
    """``(where, class, member)`` for every stand-in method and host attribute in
    ``source``."""
    faults: list[tuple[str, str, str]] = []
    classes = [c for c in ast.walk(ast.parse(source)) if isinstance(c, ast.ClassDef)]
    with_fields = {c.name for c in classes if _has_fields(c)}
    grown = True
    while grown:  # a subclass of a TypedDict (NamedTuple, dataclass) has fields too
        more = {c.name for c in classes if c.name not in with_fields
                and any(_name(base) in with_fields for base in c.bases)}
        with_fields |= more
        grown = bool(more)
    for cls in classes:
        if _is_protocol(cls) or _is_dynamic_item(cls):
            continue
        own = _assigned_to_self(cls)
        for node in _members(cls.body):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_stub(node) \
                    and not any(_name(d) in EXEMPT_DECORATORS for d in node.decorator_list):
                faults.append((where, cls.name, node.name))
            elif isinstance(node, ast.AnnAssign) and node.value is None and \
                    isinstance(node.target, ast.Name) and cls.name not in with_fields and \
                    node.target.id not in own:
                faults.append((where, cls.name, node.target.id))
    return faults


def _sources() -> Iterator[tuple[str, str]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def test_no_class_declares_what_its_host_provides() -> None:
    faults = [fault for where, source in _sources()
              for fault in host_mixin_faults(source, where)]
    unexpected = [f for f in faults if f not in KNOWN]
    assert not unexpected, "stand-ins for a host class (give the object its " \
        f"collaborators, or ask through a Protocol): {unexpected}"
    assert set(faults) >= KNOWN, f"stale entries in KNOWN: {KNOWN - set(faults)}"


# ------------------------------------------------------------------ the check itself
HOST_MIXIN = textwrap.dedent('''
    from typing import TYPE_CHECKING

    class HandDms:
        """A mixin: the presenter holds the state it works on."""

        store: PresenterStore
        tables: TableStates

        if TYPE_CHECKING:
            @property
            def client(self) -> discord.Client: ...

            def spawn(self, coro) -> None: ...

        def snapshot(self, channel_id):
            """The presenter's."""

        async def locale_for(self, user_id):
            raise NotImplementedError

        def hand(self, seat):
            pass

        async def send(self, channel_id):
            await self.spawn(self.tables.get(channel_id))
''')

ALLOWED = textwrap.dedent('''
    import abc
    import typing
    from dataclasses import dataclass
    from typing import NamedTuple, Protocol, TypedDict, overload

    import discord

    class Host(Protocol):
        name: str
        def spawn(self, coro) -> None: ...

    class Reader(typing.Protocol[T]):
        def read(self) -> T:
            """What is read."""

    @dataclass(frozen=True)
    class Seat:
        user_id: int
        name: str

    class Row(NamedTuple):
        rank: int

    class Frame(TypedDict):
        kind: str

    class PlayFrame(Frame, total=False):
        cards: str

    class Base(abc.ABC):
        @abc.abstractmethod
        def run(self) -> None: ...

        @overload
        def get(self, key: int) -> int: ...

    class Button(discord.ui.DynamicItem[discord.ui.Button], template=r"x:(?P<n>[0-9]+)"):
        async def callback(self, interaction) -> None:
            pass

    class Store:
        _db: Database

        def __init__(self, db) -> None:
            self._db = db

        async def refused(self) -> None:
            raise discord.InteractionResponded(self)

        def nothing(self) -> None:
            return None
''')


def test_the_check_finds_a_host_mixin() -> None:
    found = {member for _, _, member in host_mixin_faults(HOST_MIXIN)}
    assert found == {"store", "tables", "client", "spawn", "snapshot", "locale_for", "hand"}


def test_the_check_leaves_protocols_fields_abstract_methods_and_templates_alone() -> None:
    assert host_mixin_faults(ALLOWED) == []
