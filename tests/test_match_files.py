"""Reading match files: GNU Backgammon's own files read as gnubg reads them, the site's exports read back, hostile files refused.

The fixtures are matches gnubg played against itself (``tests/fixtures/matches/README.md``):
each ``.mat`` is compared with gnubg's own reading of it, action by action, and with the
``.sgf`` of the same match.  The site's writer and the reader are checked against each other on
random games played by the engine, and every fixture read is written back as a ``.mat`` that reads
the same, in the site's reader and in gnubg.  Every hostile file gives a ``MatchFileError`` with its code
and line, in well under a second.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from tests.gnubg_import import gnubg_readings
from tutor.engine import BLACK, WHITE, Match, Position, can_double, drop, resignation, resignations, score_game, take
from tutor.games.beavers import beaver_dropped, beavered, may_beaver
from tutor.games.mat import DROP, TAKE, GameTranscript, Step, beaver_cell, double_cell, match_text, play_cell
from tutor.games.matfile import MAX_BYTES, MAX_ROLLS, MatchFileError, ReadMatch, match_file, read_match

FIXTURES = Path(__file__).parent / "fixtures" / "matches"
MATCHES = ["gnubg-match-5", "gnubg-match-7", "gnubg-money-session", "gnubg-no-crawford-5"]
PLAYERS = {"X": WHITE, "O": BLACK}


def fixture(name: str, extension: str = "mat") -> bytes:
    return (FIXTURES / f"{name}.{extension}").read_bytes()


def result_of(position: Position, moves: str) -> Position:
    """Where a play leads: two ways of writing the same play (a checker moved by 5 then 2, or by 2 then 5) lead alike."""
    verdict = position.check(moves)
    assert verdict.play is not None, moves
    return verdict.play.result


def as_gnubg_reads(match: ReadMatch, *, jacoby: bool | None = None) -> list[dict]:
    """Each game of ``match`` in the shape of gnubg's reading: its info and its actions (the Jacoby rule as said)."""
    games = []
    for game in match.games:
        actions = []
        for action in game.actions:
            if jacoby is not None:
                action = replace(action, before=action.before.replace(jacoby=jacoby))
            player = "X" if action.side == WHITE else "O"
            if action.kind == "play":
                actions.append(("move", player, sorted(action.dice, reverse=True), result_of(action.before, action.play)))
            else:
                actions.append((action.kind, player, None, None))
        winner = None if game.winner is None else ("X" if game.winner == WHITE else "O")
        games.append({"score": list(game.score), "winner": winner, "points": game.points, "actions": actions})
    return games


def gnubg_games(reading: dict, match: ReadMatch) -> list[dict]:
    """gnubg's reading in the same shape, each move played on the position the reader had before it."""
    games = []
    for game, read in zip(reading["games"], match.games):
        before = iter([action.before for action in read.actions if action.kind == "play"])
        info = game["info"]
        actions = []
        for action in game["actions"]:
            if action["action"] == "move":
                moves = " ".join(f"{src}/{dst}" for src, dst in action["move"])
                actions.append(("move", action["player"], sorted(action["dice"], reverse=True), result_of(next(before), moves)))
            elif action["action"] in ("double", "take", "drop", "resign"):
                actions.append((action["action"], action["player"], None, None))
        games.append({"score": [info["score-X"], info["score-O"]], "winner": info["winner"],
                      "points": info["points-won"], "actions": actions})
    return games


@pytest.fixture(scope="module")
def gnubg_read() -> dict[str, dict]:
    """gnubg's reading of every fixture, in one subprocess."""
    return dict(zip(MATCHES, gnubg_readings([FIXTURES / f"{name}.mat" for name in MATCHES])))


@pytest.mark.parametrize("name", MATCHES)
def test_a_match_gnubg_wrote_reads_game_by_game_and_action_by_action_as_gnubg_reads_it(name, gnubg_read):
    reading = gnubg_read[name]
    match = read_match(fixture(name))
    assert match.source == "mat"
    assert (match.length, list(match.names)) == (reading["length"], reading["names"])
    assert len(match.games) == len(reading["games"])
    assert as_gnubg_reads(match) == gnubg_games(reading, match)


@pytest.mark.parametrize("name", MATCHES)
def test_the_sgf_gnubg_saved_reads_as_the_mat_it_exported_of_the_same_match(name):
    from_mat, from_sgf = read_match(fixture(name)), read_match(fixture(name, "sgf"))
    assert from_sgf.source == "sgf"
    assert (from_sgf.length, from_sgf.names) == (from_mat.length, from_mat.names)
    # gnubg's .mat does not say whether the Jacoby rule was on; its .sgf does.
    assert as_gnubg_reads(from_sgf) == as_gnubg_reads(from_mat, jacoby=from_sgf.jacoby)
    assert [[(a.side, a.kind, a.dice, a.play, a.line > 0) for a in game.actions] for game in from_sgf.games] == [
        [(a.side, a.kind, a.dice, a.play, True) for a in game.actions] for game in from_mat.games]


@pytest.fixture(scope="module")
def written_back(tmp_path_factory) -> dict[tuple[str, str], tuple[str, dict]]:
    """Each fixture read, written back as the site writes a ``.mat``, and gnubg's reading of what was written."""
    folder = tmp_path_factory.mktemp("escritos")
    texts = {(name, extension): match_file(read_match(fixture(name, extension)))
             for name in MATCHES for extension in ("mat", "sgf")}
    paths = []
    for (name, extension), text in texts.items():
        paths.append(folder / f"{name}-{extension}.mat")
        paths[-1].write_text(text, encoding="utf-8")
    return {key: (text, reading) for (key, text), reading in zip(texts.items(), gnubg_readings(paths))}


@pytest.mark.parametrize("extension", ["mat", "sgf"])
@pytest.mark.parametrize("name", MATCHES)
def test_a_match_read_is_written_back_as_a_mat_that_reads_the_same_and_gnubg_imports_whole(name, extension,
                                                                                            written_back):
    read = read_match(fixture(name, extension))
    text, reading = written_back[name, extension]
    again = read_match(text)
    assert again.jacoby == read.jacoby and again.names == read.names
    assert as_gnubg_reads(again) == as_gnubg_reads(read)
    assert len(reading["games"]) == len(read.games)
    assert gnubg_games(reading, again) == as_gnubg_reads(again)


def test_the_fixtures_hold_cube_actions_resignations_a_crawford_game_and_a_gammon():
    kinds, crawford, gammon = set(), False, False
    for name in MATCHES:
        for game in read_match(fixture(name)).games:
            kinds |= {action.kind for action in game.actions}
            crawford |= game.crawford
            last = game.actions[-1]
            gammon |= last.kind == "play" and score_game(last.before.check(last.play).play.result).kind == "gammon"
    assert kinds == {"play", "double", "take", "drop", "resign"}
    assert crawford and gammon


def test_a_match_gnubg_played_without_the_crawford_rule_reads_without_it_from_its_sgf_and_a_mat_that_says_so(gnubg_read):
    """gnubg's ``.sgf`` says the rule in ``RU[Crawford]``; without it, gnubg loads the match without the rule."""
    from_sgf = read_match(fixture("gnubg-no-crawford-5", "sgf"))
    assert not from_sgf.crawford and not any(game.crawford for game in from_sgf.games)
    assert read_match(fixture("gnubg-match-5", "sgf")).crawford
    # At 4–0 in a match to 5 the game would be the Crawford game: here the second player doubles in it.
    third = from_sgf.games[2]
    assert third.score == (4, 0) and not third.crawford
    assert [(action.side, action.kind) for action in third.actions[1:3]] == [(BLACK, "double"), (WHITE, "take")]
    from_mat = read_match(fixture("gnubg-no-crawford-5"))  # the tag eXtreme Gammon writes: `; [Crawford "Off"]`
    assert not from_mat.crawford and as_gnubg_reads(from_mat) == as_gnubg_reads(from_sgf)
    # gnubg's own reading of the .mat has every game, play, double and take the same (it ignores the tag).
    assert as_gnubg_reads(from_mat) == gnubg_games(gnubg_read["gnubg-no-crawford-5"], from_mat)


def test_a_mat_that_does_not_say_the_match_had_no_crawford_rule_is_read_with_it_and_says_how_to_tell():
    text = fixture("gnubg-no-crawford-5").decode().replace('; [Crawford "Off"]\n', "")
    error = refused(text)
    assert (error.code, error.game, error.move) == ("illegal-cube", 3, 1)
    assert "Crawford" in error.message and '; [Crawford "Off"]' in error.message
    said = refused(text.replace(" 5 point match", '; [Crawford "On"]\n 5 point match'))
    assert "Crawford" in said.message and '[Crawford "Off"]' not in said.message, "a file that says the rule needs no hint"


def test_a_match_read_without_the_crawford_rule_is_written_back_saying_so():
    match = read_match(fixture("gnubg-no-crawford-5", "sgf"))
    written = match_file(match)
    assert written.startswith('; [Crawford "Off"]\n')
    assert as_gnubg_reads(read_match(written)) == as_gnubg_reads(match)
    with_rule = read_match(fixture("gnubg-match-5", "sgf"))
    assert with_rule.crawford and "Crawford" not in match_file(with_rule)


def test_a_25_point_match_of_more_than_1500_rolls_reads_whole_as_gnubg_reads_it():
    """gnubg playing itself a 25-point match without the cube: 31 games, the length of a long match between people."""
    match = read_match(fixture("gnubg-match-25"))
    plays = [action for game in match.games for action in game.actions if action.kind == "play"]
    assert match.length == 25 and len(match.games) == 31 and len(plays) > 1500
    reading = gnubg_readings([FIXTURES / "gnubg-match-25.mat"])[0]
    assert as_gnubg_reads(match) == gnubg_games(reading, match)
    # The count of legal plays the reader keeps for each play is the engine's list of them, counted.
    assert [action.choices for action in plays[::10]] == [len(action.before.legal_plays()) for action in plays[::10]]


def test_the_money_session_of_gnubg_s_sgf_says_the_jacoby_rule_and_its_mat_reads_the_same_points():
    assert read_match(fixture("gnubg-money-session", "sgf")).jacoby
    assert [game.points for game in read_match(fixture("gnubg-money-session")).games] == [2, 2, 2, 1, 4]


def test_a_play_is_read_from_before_it_and_gives_the_position_the_next_action_starts_from():
    game = read_match(fixture("gnubg-match-5")).games[0]
    first, second = game.actions[0], game.actions[1]
    assert first.before.dice == first.dice and first.before.turn == first.side
    assert second.before.replace(dice=None) == first.before.check(first.play).play.result
    assert game.actions[0].line == 7


# -- the same text pasted: whitespace, line ends, byte order mark, Latin-1 -----------------------------------------------


def test_the_same_file_pasted_with_crlf_a_byte_order_mark_and_blank_lines_around_reads_the_same():
    text = fixture("gnubg-match-5").decode()
    expected = as_gnubg_reads(read_match(text))
    assert as_gnubg_reads(read_match(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())) == expected
    assert as_gnubg_reads(read_match("\n\n  " + text + "\n\n\t\n")) == expected
    assert as_gnubg_reads(read_match(text.replace("\n", "\r"))) == expected


def test_plays_written_with_bar_off_chains_and_repeats_read_as_gnubg_s_numbers_do():
    text = fixture("gnubg-match-5").decode()
    written = {"32: 25/22 25/23": "32: bar/22 bar/23", "66: 16/10 13/7 13/7 13/7": "66: 16/10 13/7(3)",
               "55: 18/13 18/13 13/8 13/8": "55: 18/8(2)", "63: 8/5 7/1*": "63: 8/5 7/1", "/0": "/off"}
    other = text
    for gnubg_s, another in written.items():
        assert gnubg_s in other
        other = other.replace(gnubg_s, another)
    assert as_gnubg_reads(read_match(other)) == as_gnubg_reads(read_match(text))


def test_names_in_latin_1_or_utf_8_read_the_same():
    text = fixture("gnubg-match-5").decode().replace("Ana :", "José :")
    assert read_match(text.encode("latin-1")).names == read_match(text.encode("utf-8")).names == ("José", "Beto")


# -- hostile files: each a clear error, with its line (``bench/uploads.py`` times them: under half a second) ----------


def refused(data: bytes | str) -> MatchFileError:
    with pytest.raises(MatchFileError) as caught:
        read_match(data)
    error = caught.value
    assert str(error) == error.message and error.message.endswith((".", "»")), error.message
    return error


def replaced(name: str, old: str, new: str, count: int = 1) -> str:
    text = fixture(name).decode()
    assert old in text
    return text.replace(old, new, count)


def line_of(text: str, fragment: str) -> int:
    return text[:text.index(fragment)].count("\n") + 1


def test_an_illegal_play_is_refused_with_the_rule_s_sentence_its_line_game_and_move():
    text = replaced("gnubg-match-5", "  2) 32: 25/22 25/23", "  2) 32: 25/22 13/11")
    error = refused(text)
    assert (error.code, error.line, error.game, error.move) == ("illegal-play", 8, 1, 2)
    assert error.message.startswith("Línea 8 (partida 1, jugada 2): con 3-2, el primer jugador juega «25/22 13/11»")
    assert "barra" in error.message


def test_a_roll_left_unplayed_that_had_a_play_and_no_resignation_after_it_is_an_illegal_play():
    text = replaced("gnubg-match-5", "  2) 32: 25/22 25/23", "  2) 32:")
    error = refused(text)
    assert (error.code, error.line, error.move) == ("illegal-play", 8, 2)
    assert "ninguna jugada" in error.message


def test_a_play_written_for_the_wrong_dice_or_that_cannot_be_read_is_refused():
    assert refused(replaced("gnubg-match-5", "  2) 32: 25/22 25/23", "  2) 32: 25/20")).code == "illegal-play"
    error = refused(replaced("gnubg-match-5", "  2) 32: 25/22 25/23", "  2) 32: 25/x2 25/23"))
    assert (error.code, error.line) == ("illegal-play", 8)


def test_a_game_whose_header_has_another_score_than_the_games_before_give_is_refused():
    text = replaced("gnubg-match-5", " Ana : 2 ", " Ana : 3 ")
    error = refused(text)
    assert (error.code, error.line, error.game) == ("wrong-score", line_of(text, " Ana : 3 "), 2)
    assert "3-0" in error.message and "2-0" in error.message


def test_a_winner_s_points_that_the_ending_does_not_give_are_refused():
    text = fixture("gnubg-match-5").decode()
    first_wins = text.index("Wins 2 points")
    text = text[:first_wins] + "Wins 3 points" + text[first_wins + len("Wins 2 points"):]
    error = refused(text)
    assert (error.code, error.game) == ("wrong-points", 1)
    assert error.line == line_of(text, "Wins 3 points")


def test_a_double_in_the_crawford_game_is_refused_with_the_crawford_sentence():
    text = fixture("gnubg-match-5").decode()
    game_3 = text.index(" Game 3")
    first_row = text.index("  2) ", game_3)
    end = text.index("\n", first_row)
    text = text[:first_row] + "  2)  Doubles => 2                Takes" + text[end:]
    error = refused(text)
    assert (error.code, error.game, error.move) == ("illegal-cube", 3, 2)
    assert "Crawford" in error.message


def test_a_take_with_no_double_and_a_double_by_the_side_not_on_roll_are_refused():
    text = replaced("gnubg-match-5", "  2) 32: 25/22 25/23             65: 6/1 24/18 ",
                    "  2) 32: 25/22 25/23             Takes")
    assert refused(text).code == "illegal-cube"
    text = replaced("gnubg-match-5", "  1) 21: 13/11 24/23             41: 6/2* 2/1* ", "  1) 21: 13/11 24/23")
    error = refused(text)
    assert (error.code, error.line, error.move) == ("wrong-turn", 8, 2)
    assert "No es el turno del primer jugador, sino del segundo jugador." in error.message


def test_a_truncated_file_is_refused_where_it_stops():
    text = fixture("gnubg-match-5").decode()
    cut = text[:text.index("13/8", 300) + 3]
    error = refused(cut)
    assert error.line == cut.count("\n") + 1
    sgf = fixture("gnubg-match-5", "sgf").decode()
    assert refused(sgf[:len(sgf) // 2]).code == "syntax"
    assert refused(text[:text.index(" Game 1") + 8]).code == "syntax"


def test_a_file_with_no_match_in_it_or_empty_says_what_was_expected():
    assert refused(b"").code == "empty"
    error = refused("Hola, aquí va mi partida\n")
    assert (error.code, error.line) == ("syntax", 1)
    assert "point match" in error.message


def test_binary_junk_and_utf_16_are_refused_as_not_text():
    rng = random.Random(1)
    junk = bytes(rng.randrange(256) for _ in range(50_000))
    assert refused(junk).code == "encoding"
    assert refused(fixture("gnubg-match-5").decode().encode("utf-16")).code == "encoding"


def test_ten_megabytes_are_refused_at_once_by_size():
    error = refused(b" 5 point match\n" + b" " * (10 * 1024 * 1024))
    assert error.code == "too-large"
    assert refused("x" * (MAX_BYTES + 1)).code == "too-large"


def test_more_rolls_than_a_long_match_has_are_refused_before_any_is_replayed():
    text = fixture("gnubg-match-5").decode()
    rows = "".join(f"{n:3d}) 52: 13/8 13/11             31: 8/5 6/5\n" for n in range(1, MAX_ROLLS // 2 + 2))
    error = refused(text + "\n Game 4\n Ana : 5                        Beto : 0\n" + rows)
    assert error.code == "too-large" and str(MAX_ROLLS) in error.message
    sgf = "(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]" + ";W[52mhmk];B[31hcfc]" * (MAX_ROLLS // 2 + 1) + ")"
    assert refused(sgf).code == "too-large"


def test_a_very_long_line_full_of_colons_is_refused_before_any_pattern_tries_it():
    error = refused(" 5 point match\n Game 1\n" + "Ana : 1 " * 200_000 + "\n")
    assert (error.code, error.line) == ("syntax", 3)


def test_a_deeply_nested_sgf_and_a_huge_property_are_refused_quickly_without_recursion():
    assert refused("(" * 200_000 + ")" * 200_000).code == "unsupported"
    assert refused("(" + ";" * 1_000_000 + ")").code == "too-large"
    assert refused("(;)" * 300_000).code == "too-large"
    assert refused("(;FF[4]GM[6]C[" + "\\]" * 500_000 + ")").code == "syntax"
    huge = "(;FF[4]GM[6]MI[length:5][game:0][ws:0][bs:0]PW[a]PB[b]C[" + "x" * 1_900_000 + "])"
    assert refused(huge).code == "empty"


def test_a_game_after_the_match_was_won_is_refused():
    text = fixture("gnubg-match-5").decode()
    text += "\n Game 4\n Ana : 5                        Beto : 0\n  1) 21: 13/11 24/23\n"
    error = refused(text)
    assert (error.code, error.game) == ("wrong-score", 4)


# -- the site's own writer, read back --------------------------------------------------------------------------------


def random_match(rng: random.Random, length: int, games: int, *, jacoby: bool = False,
                 double: float = 0.1) -> tuple[str, list[dict]]:
    """A match the engine plays at random, written by the site's writer, and what each game held."""
    match, transcripts, wanted = Match.new(length), [], []
    for number in range(1, games + 1):
        if match.is_over:
            break
        position = Position.initial(**match.position_fields()).replace(jacoby=jacoby and not length)
        dice = tuple(rng.sample(range(1, 7), 2))
        position = position.replace(turn=WHITE if dice[0] > dice[1] else BLACK)
        steps, plays, result = [], [], None
        while result is None:
            side = position.turn
            if plays and can_double(position) and rng.random() < double:
                steps.append(Step(side, double_cell(position.cube_value)))
                if may_beaver(position, True) and rng.random() < 0.3:  # money play: the doubled side beavers
                    steps.append(Step(1 - side, beaver_cell(position.cube_value)))
                    if rng.random() < 0.3:
                        steps.append(Step(side, DROP))
                        result = beaver_dropped(position)
                        break
                    position = beavered(position)  # taken: the doubler rolls on, as gnubg writes it
                elif rng.random() < 0.4:
                    steps.append(Step(1 - side, DROP))
                    result = drop(position)
                    break
                else:
                    steps.append(Step(1 - side, TAKE))
                    position = take(position)
            if plays:
                dice = (rng.randint(1, 6), rng.randint(1, 6))
            if plays and rng.random() < 0.01 and position.with_dice(dice).legal_plays()[0].moves:
                # A roll with no play is how the writer says the roll before a resignation: one that had a play.
                kind = rng.choice(resignations(position, side))
                steps.append(Step(side, play_cell(dice, [])))
                result = resignation(position.with_dice(dice), side, kind)
                break
            play = rng.choice(position.with_dice(dice).legal_plays())
            steps.append(Step(side, play_cell(dice, [(move.src, move.dst, move.hit) for move in play.moves])))
            plays.append((side, tuple(sorted(dice, reverse=True)), play.notation))
            position = play.result
            if position.winner() is not None:
                result = score_game(position)
        after = match.after_game(result)
        transcripts.append(GameTranscript(number, match.score, steps, winner=result.winner, points=result.points,
                                          ends_match=after.is_over))
        wanted.append({"score": match.score, "winner": result.winner, "points": result.points, "plays": plays})
        match = after
    return match_text(length, ("Ana", "Beto"), transcripts, jacoby=jacoby), wanted


@pytest.mark.parametrize("seed", range(6))
def test_what_the_site_writes_reads_back_with_the_same_plays_scores_and_results(seed):
    rng = random.Random(seed)
    length = (0, 1, 3, 5, 7, 0)[seed]
    text, wanted = random_match(rng, length, games=3)
    match = read_match(text)
    got = [{"score": game.score, "winner": game.winner, "points": game.points,
            "plays": [(a.side, tuple(sorted(a.dice, reverse=True)), a.play) for a in game.actions if a.kind == "play"]}
           for game in match.games]
    assert got == wanted, text
    assert match.length == length and match.names == ("Ana", "Beto")


def test_the_site_s_beavers_read_back_taken_by_the_doubler_s_next_roll_or_dropped():
    kinds = [action.kind for seed in range(6) for game in read_random(seed).games for action in game.actions]
    assert kinds.count("beaver") >= 2 and "drop" in kinds


def test_a_money_mat_that_does_not_say_the_jacoby_rule_tells_it_by_its_first_gammon_with_the_cube_in_the_centre():
    for seed in range(60):
        text, wanted = random_match(random.Random(seed), 0, 2, jacoby=True, double=0.0)
        if any(gammon_on_the_board(game) for game in read_match(text).games):
            break
    else:
        pytest.fail("no gammon in 60 sessions")
    assert text.startswith('; [Jacoby "On"]')
    unsaid = text.removeprefix('; [Jacoby "On"]\n')  # as GNU Backgammon exports it
    for read in (read_match(text), read_match(unsaid)):
        assert read.jacoby and [game.points for game in read.games] == [game["points"] for game in wanted]
    without, wanted = random_match(random.Random(seed), 0, 2, jacoby=False, double=0.0)
    read = read_match(without.removeprefix('; [Jacoby "Off"]\n'))
    assert not read.jacoby and [game.points for game in read.games] == [game["points"] for game in wanted]
    assert max(game.points for game in read.games) >= 2


def gammon_on_the_board(game) -> bool:
    last = game.actions[-1]
    return last.kind == "play" and score_game(last.before.check(last.play).play.result).kind != "single"


def read_random(seed: int) -> ReadMatch:
    rng = random.Random(seed)
    text, _ = random_match(rng, (0, 1, 3, 5, 7, 0)[seed], games=3)
    return read_match(text)
