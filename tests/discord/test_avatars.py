"""Avatars: Discord pictures fetched once and cached, initials and robots otherwise."""

from __future__ import annotations

import asyncio
import io
from typing import Any

from PIL import Image

from bot.tables.state import AI_NAMES
from cogs.avatars import AvatarCache
from render.avatar import avatar, color_of


def _png(color: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 64), color).save(out, "PNG")
    return out.getvalue()


class _Asset:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def with_size(self, size: int) -> _Asset:
        return self

    def with_static_format(self, fmt: str) -> _Asset:
        return self

    async def read(self) -> bytes:
        return self.data


class _User:
    def __init__(self, data: bytes | None) -> None:
        self.avatar = _Asset(data) if data else None


class _Client:
    """The two calls the cache makes: get_user (the cache) and fetch_user (HTTP)."""

    def __init__(self, avatars: dict[int, bytes | None], failing: set[int]) -> None:
        self.avatars, self.failing, self.fetches = avatars, failing, 0

    def get_user(self, user_id: int) -> Any:
        return None

    async def fetch_user(self, user_id: int) -> _User:
        self.fetches += 1
        await asyncio.sleep(0)
        if user_id in self.failing:
            raise OSError("network down")
        return _User(self.avatars.get(user_id))


async def test_avatars_are_fetched_once_and_failures_fall_back() -> None:
    red = _png((200, 0, 0))
    client = _Client({1: red, 2: None}, failing={3})
    cache = AvatarCache(lambda: client)  # type: ignore[arg-type, return-value]
    found = await cache.many([1, 2, 3, 1])
    assert found == {1: red}  # 2 has no picture, 3's fetch failed: both get an initial
    assert client.fetches == 3
    again = await asyncio.gather(cache.get(1), cache.get(3))
    assert again == [red, None] and client.fetches == 3  # cached, failures too
    cache.forget(3)
    await cache.get(3)
    assert client.fetches == 4


def test_a_picture_is_drawn_round_and_a_bad_one_gives_the_initial() -> None:
    image, mask = avatar("Ann", 72, _png((200, 0, 0)))
    assert image.getpixel((36, 36)) == (200, 0, 0) and mask.getpixel((0, 0)) == 0
    broken, _ = avatar("Ann", 72, b"not an image")
    assert broken.tobytes() == avatar("Ann", 72)[0].tobytes()  # the initial instead


def test_ai_seats_have_distinct_robots() -> None:
    assert len({color_of(name) for name in AI_NAMES}) == len(AI_NAMES)
    robots = {avatar(name, 72, robot=True)[0].tobytes() for name in AI_NAMES}
    assert len(robots) == len(AI_NAMES)
    assert avatar("Bo", 72, robot=True)[0].tobytes() != avatar("Bo", 72)[0].tobytes()
