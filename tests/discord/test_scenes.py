"""From games to the table picture's scene: pattern order, stand-in ranks, the play to
beat, the phase line and the words of the current phase only."""

from __future__ import annotations

from bot.engine import Game, Rules, readings
from bot.engine.actions import Action, Call, Double, Grab, Pass, PlayCards, Show
from bot.engine.scoring import Result
from bot.tables import DealEnded, TableSnapshot
from bot.tables.state import Seat, Table
from bot.words.pictures import picture_words
from cogs.scenes import auction_words, pattern_order, result_scene, short_name, table_scene


def _reading(text: str, rules: Rules, kind: str | None = None, main: str | None = None):
    return next(p for p in readings(text, rules)
                if (kind is None or p.kind == kind) and (main is None or p.main_rank == main))


def test_plays_are_drawn_in_pattern_order() -> None:
    classic = Rules.preset("classic")
    # a plane 555666 with its wings 33 44 beside it, not 3344555666
    assert pattern_order(_reading("5556663344", classic)) == ("5556663344", "5556663344")
    assert pattern_order(_reading("88883355", classic))[0] == "88883355"
    assert pattern_order(_reading("4333", classic))[0] == "3334"
    assert pattern_order(_reading("345678", classic))[0] == "345678"


def test_a_wild_card_goes_where_it_stands_with_its_rank() -> None:
    laizi = Rules.preset("laizi", laizi="A")
    # the laizi A of 6-7-8-A-10-J-Q stands for 9: fourth, not last
    cards, stands = pattern_order(_reading("678ATJQ", laizi, "chain"))
    assert (cards, stands) == ("678ATJQ", "6789TJQ")
    cards, stands = pattern_order(_reading("55AA", laizi, "trio_single", "5"))
    assert (cards, stands) == ("55AA", "5553")
    flower = pattern_order(_reading("3456F", Rules.preset("super")))
    assert flower == ("3456F", "34567")


def _table(game: Game, names: tuple[str, ...] = ("Ann", "Bo (normal)", "Cy")
           ) -> TableSnapshot:
    seats: list[Seat | None] = [
        Seat(None if "(" in name else 100 + i, name, ai_level="normal" if "(" in name
             else None) for i, name in enumerate(names)]
    return Table(1, 1, 100, game.rules, seats, status="playing", game=game).snapshot()


def _happy_to(phase: str) -> Game:
    """A happy game driven by its first legal actions until ``phase``."""
    for seed in range(40):
        game = Game.new(Rules.preset("happy"), seed)
        while game.phase != phase and not game.is_over:
            actions: list[Action] = game.legal_actions()
            wanted = [a for a in actions if isinstance(a, Call | Grab) and getattr(
                a, "call", getattr(a, "grab", True))]
            declines = [a for a in actions if isinstance(a, Show | Double)
                        and not getattr(a, "show", getattr(a, "double", True))]
            game.apply((wanted or declines or actions)[0])
        if game.phase == phase:
            return game
    raise AssertionError(f"no deal reached {phase}")


def test_only_the_current_phase_speaks() -> None:
    game = _happy_to("grab")
    said, newest = auction_words(game.view(None))
    assert set(said.values()) <= {"call", "no_call", "grab", "no_grab"} and newest is not None
    game = _happy_to("double")
    assert game.auction.calls  # 叫/抢 were said before...
    assert auction_words(game.view(None)) == ({}, None)  # ...and are gone during 加倍
    scene = table_scene(_table(game))
    assert scene.phase == "double" and all(s.action is None for s in scene.seats)


def test_the_play_to_beat_and_the_newest_action() -> None:
    game = _happy_to("play")
    leader = game.to_act
    assert leader is not None
    play = min(game.legal_plays(), key=len)
    game.apply(PlayCards(leader, play.cards, play.kind, play.main_rank))
    nxt = game.to_act
    assert nxt is not None
    game.apply(Pass(nxt))
    scene = table_scene(_table(game), locale="zh-TW")
    assert scene.phase == "play" and scene.words == picture_words("zh-TW")
    assert scene.seats[leader].to_beat and scene.seats[leader].last_play
    assert scene.seats[nxt].passed and scene.seats[nxt].newest
    assert not scene.seats[nxt].to_beat and not scene.seats[leader].newest
    assert scene.seats[game.to_act or 0].turn


def test_ai_names_lose_their_level_and_avatars_come_by_user() -> None:
    assert short_name("Bo (normal)", True) == "Bo" and short_name("Al (x)", False) == "Al (x)"
    game = _happy_to("play")
    scene = table_scene(_table(game), avatars={100: b"png bytes"})
    assert [s.name for s in scene.seats] == ["Ann", "Bo", "Cy"]
    assert scene.seats[0].avatar == b"png bytes" and scene.seats[2].avatar is None
    assert scene.seats[1].bot and not scene.seats[0].bot


def test_result_rows_carry_their_stake_and_anti_spring_is_named() -> None:
    game = _happy_to("play")
    result = Result("farmers", 0, (1, 2), anti_spring=True, multiplier=4,
                    parts=(("grab", 2, 1), ("spring", 2, 1)), doubles=(True, True, False),
                    stakes=(120, 80, 40), points=(-120, 80, 40), fees=(100, 100, 100),
                    beans=(-1300, 700, 300))
    event = DealEnded(1, "g1", result, ("Ann", "Bo", "Cy"), (0, 0, None), (0, 0, None),
                      (0, 0, None))
    scene = result_scene(event, _table(game), locale="zh-TW")
    assert scene is not None and scene.words == picture_words("zh-TW")
    assert scene.spring == "anti_spring"
    assert "反春×2" in scene.multiplier_words
    assert "春天×2" not in scene.multiplier_words  # it was drawn 春天 on an anti-spring
    # one equation that multiplies out: 加倍 is pairwise, in each row's own stake instead
    assert scene.multiplier_words == ("搶×2", "反春×2", "= ×4") and scene.multiplier == 4
    assert [p.stake for p in scene.players] == [120, 80, 40]
    assert [p.fee for p in scene.players] == [100, 100, 100]


def test_an_escape_marks_its_seat_only_while_its_deal_is_played() -> None:
    """Issue 39: an escape is a fact of the deal. Cy escapes a classic deal: the AI plays
    his seat (marked) to the end; after it, a player who takes the seat is not marked."""
    from bot.engine import Escape

    game = Game.new(Rules.preset("classic"), 7)
    while game.phase != "play":
        game.apply(game.legal_actions()[-1])  # 3 points: the first bidder is the landlord
    game.apply(Escape(2))
    assert table_scene(_table(game)).seats[2].auto, "played for by the AI now"
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    between = Table(1, 1, 100, game.rules, [Seat(100, "Ann"), Seat(None, "Bo (normal)",
                    ai_level="normal"), Seat(105, "Wu")], status="between", game=game)
    assert not table_scene(between.snapshot()).seats[2].auto, "Wu took the seat after it"
