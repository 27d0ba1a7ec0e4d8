"""Tournament settings: ranges checked, JSON round trip."""

from __future__ import annotations

import pytest

from bot.tournaments import TournamentError, TournamentSettings


def test_defaults_and_round_trip() -> None:
    s = TournamentSettings("Friday night", variant="four", rounds=9, deals_per_round=2,
                           buy_in=500, prize_split=(60, 40), duplicate=True)
    assert s.table_size == 4 and TournamentSettings("x").table_size == 3
    assert TournamentSettings.from_json(s.to_json()) == s


@pytest.mark.parametrize(("change", "code"), [
    ({"name": " "}, "bad_name"), ({"variant": "poker"}, "bad_variant"),
    ({"rounds": 0}, "bad_setting.rounds"), ({"rounds": 10}, "bad_setting.rounds"),
    ({"rounds": True}, "bad_setting.rounds"),
    ({"deals_per_round": 0}, "bad_setting.deals_per_round"),
    ({"buy_in": -1}, "bad_setting.buy_in"), ({"prize_split": (50, 40)}, "bad_prize_split"),
    ({"prize_split": (100, 0)}, "bad_prize_split"), ({"prize_split": ()}, "bad_prize_split"),
    ({"house_percent": 21}, "bad_setting.house_percent")])
def test_bad_settings_are_refused_with_a_code(change: dict[str, object], code: str) -> None:
    args: dict[str, object] = {"name": "Cup", **change}
    with pytest.raises(TournamentError) as caught:
        TournamentSettings(**args)  # type: ignore[arg-type]
    kind, _, setting = code.partition(".")  # a number out of range names its setting
    assert caught.value.code == kind
    assert not setting or caught.value.params["setting"] == setting
