"""Every vector of the conformance folder (copied from ../shared/conformance)."""

from __future__ import annotations

import pytest

from bot.engine import beats, readings

from .helpers import load_vectors, rules_for

CLASSIFY = load_vectors("classify.jsonl")
COMPARE = load_vectors("compare.jsonl")


def _reading(entry: dict) -> tuple[str, str, int]:
    return (entry["kind"], entry["main_rank"], entry["length"])


@pytest.mark.parametrize("vector", CLASSIFY, ids=lambda v: f"{v['variant']}-{v['cards']}")
def test_classify(vector: dict) -> None:
    rules = rules_for(vector)
    got = [(p.kind, p.main_rank, len(p)) for p in readings(vector["cards"], rules)]
    if vector["expect"] == "invalid":
        assert got == []
        return
    assert got[0] == _reading(vector["expect"]), "canonical reading"
    expected = {_reading(vector["expect"])} | {_reading(a) for a in vector.get("alt", [])}
    assert set(got) == expected


@pytest.mark.parametrize("vector", COMPARE, ids=lambda v: f"{v['variant']}-{v['a']}-{v['b']}")
def test_compare(vector: dict) -> None:
    rules = rules_for(vector)
    a_all, b_all = readings(vector["a"], rules), readings(vector["b"], rules)
    assert a_all and b_all, "both sides of a comparison vector are valid plays"
    a_on_b = any(beats(a, b_all[0], rules) for a in a_all)
    b_on_a = any(beats(b, a_all[0], rules) for b in b_all)
    expect = vector["expect"]
    assert (a_on_b, b_on_a) == {"a>b": (True, False), "b>a": (False, True),
                                "incomparable": (False, False)}[expect]


def test_vector_counts() -> None:
    # the whole folder is used: a vector file that shrinks is noticed
    assert len(CLASSIFY) == 113
    assert len(COMPARE) == 89
