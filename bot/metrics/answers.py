"""How fast every interaction gets its first answer: one seam, at the gateway's
``INTERACTION_CREATE``, for every command, button, select and autocomplete alike.

:func:`time_first_answers` takes discord.py's handler of ``INTERACTION_CREATE`` over (as
the Discord front-end's ``Forwarder`` does, which is installed after it and hands it the
interactions it keeps); the composition root gives it ``dispatch``, what discord.py does
with a new interaction (``cogs.transport.forwarding.relay.dispatch``), so metrics imports
nothing of the front-end: each interaction is made with a :class:`TimedResponse`, which
reports the seconds from its arrival to the moment its first answer (a reply, a
deferral, an edit, a modal, autocomplete choices) went out. discord.py records each answer
in the response's ``_response_type``; the timer is that attribute's setter.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import discord

AnswerTimer = Callable[[str, float], None]
"""``observe(interaction type, seconds)``."""

Dispatch = Callable[[Any, "discord.Interaction[discord.Client]"], None]
"""``dispatch(connection state, interaction)``: hands a new interaction to discord.py."""

INTERACTION_TYPES = {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}


class TimedResponse(discord.InteractionResponse[discord.Client]):
    """``interaction.response`` that reports when it first answers."""

    __slots__ = ("_answer", "_kind", "_observe", "_received")

    def __init__(self, parent: discord.Interaction[discord.Client], received: float,
                 observe: AnswerTimer) -> None:
        self._answer: discord.InteractionResponseType | None = None
        self._received = received
        self._observe = observe
        self._kind = INTERACTION_TYPES.get(parent.type.value, "other")
        super().__init__(parent)

    @property
    def _response_type(self) -> discord.InteractionResponseType | None:
        return self._answer

    @_response_type.setter
    def _response_type(self, value: discord.InteractionResponseType | None) -> None:
        if value is not None and self._answer is None:
            self._observe(self._kind, time.perf_counter() - self._received)
        self._answer = value


def time_first_answers(client: discord.Client, observe: AnswerTimer,
                       dispatch: Dispatch) -> None:
    """From now on, time the first answer of every interaction ``client`` receives, each
    handed on to ``dispatch``."""
    state: Any = client._connection

    def receive(data: dict[str, Any]) -> None:
        interaction: discord.Interaction[discord.Client] = discord.Interaction(
            data=data, state=state)  # type: ignore[arg-type]
        interaction._cs_response = TimedResponse(  # type: ignore[attr-defined]
            interaction, time.perf_counter(), observe)
        dispatch(state, interaction)

    state.parsers["INTERACTION_CREATE"] = receive


__all__ = ["INTERACTION_TYPES", "AnswerTimer", "Dispatch", "TimedResponse", "time_first_answers"]
