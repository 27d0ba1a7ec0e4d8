"""A quick smoke run of bench/hostile.py: a hostile page at a 癞子 table, every burst."""

from __future__ import annotations

from bench import hostile


async def test_hostile_benchmark_smoke() -> None:
    lines: list[str] = []
    found = await hostile.run(variants=("laizi",), turns=0, workers=1, tries=40,
                              out=lines.append)
    assert [f.sequence for f in found] == ["hint", "state", "readings", "whole hand",
                                         "trustee", "junk"]
    hint = found[0]
    assert hint.answered + hint.refused == hostile.BURST and hint.refused == 0
    assert all(f.answered + f.refused > 0 and f.stall_ms >= f.p99_ms >= 0 for f in found)
    assert lines[0].startswith("Hostile pages") and len(lines) == 3 + len(found)
    assert "max stall" in lines[-2] and lines[-1].startswith("  outside the bursts")


def test_the_worst_deal_is_a_lead_of_the_hostile_seat() -> None:
    seed = hostile.worst_seed("laizi", 20)
    leads = hostile.lead_of("laizi", seed)
    assert leads is not None and leads > 100
