"""The 23 levels 级别 (docs/rules.md §7): by cumulative points, thresholds inclusive."""

from __future__ import annotations

from dataclasses import dataclass

# (name, English name, threshold): level 1 covers every score below 100, negatives included
LEVELS: tuple[tuple[str, str, int], ...] = (
    ("包身工", "Indentured Labourer", -(10**18)),
    ("短工", "Day Labourer", 100),
    ("长工", "Farmhand", 200),
    ("佃户", "Tenant Farmer", 400),
    ("贫农", "Poor Peasant", 600),
    ("渔夫", "Fisherman", 800),
    ("猎人", "Hunter", 1000),
    ("中农", "Middle Peasant", 2000),
    ("富农", "Rich Peasant", 4000),
    ("掌柜", "Shopkeeper", 6000),
    ("商人", "Merchant", 10000),
    ("衙役", "Constable", 20000),
    ("小财主", "Man of Means", 50000),
    ("大财主", "Tycoon", 100000),
    ("小地主", "Squire", 200000),
    ("大地主", "Great Landlord", 500000),
    ("知县", "County Magistrate", 1000000),
    ("通判", "Assistant Prefect", 2000000),
    ("知府", "Prefect", 5000000),
    ("总督", "Governor-General", 10000000),
    ("巡抚", "Provincial Governor", 20000000),
    ("丞相", "Chancellor", 50000000),
    ("帝王", "Emperor", 100000000),
)


@dataclass(frozen=True)
class Level:
    """A player's level: number 1..23, names, and the way to the next one."""

    number: int
    name: str
    name_en: str
    points: int
    floor: int  # the threshold of this level (level 1: None shown as 0)
    next_threshold: int | None  # None at 帝王

    @property
    def progress(self) -> float:
        """Share of the way from this level's threshold to the next (1.0 at the top)."""
        if self.next_threshold is None:
            return 1.0
        lo = max(self.floor, 0) if self.number == 1 else self.floor
        span = self.next_threshold - lo
        return min(1.0, max(0.0, (self.points - lo) / span))

    @property
    def to_next(self) -> int:
        """Points still needed for the next level (0 at the top)."""
        return 0 if self.next_threshold is None else max(0, self.next_threshold - self.points)


def level_for(points: int) -> Level:
    """The level of a player with ``points`` cumulative points."""
    number = 1
    for i, (_, _, threshold) in enumerate(LEVELS):
        if points >= threshold:
            number = i + 1
    name, name_en, threshold = LEVELS[number - 1]
    nxt = LEVELS[number][2] if number < len(LEVELS) else None
    floor = 0 if number == 1 else threshold
    return Level(number, name, name_en, points, floor, nxt)
