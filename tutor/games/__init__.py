"""What practice games and live games share: the course of a game, written once.

Both apps keep a game as a row with the current position in an XGID and
every action in order; this package holds what does not depend on who the
players are: the turn order (``turn_machine``), the stakes a stored game
implies (``scores``), the ``.mat`` export (``mat``), the cube policy
(``cube_policy``).  It depends on the engine and
the rule catalogue only; ``practice`` and ``play`` depend on it, never
the other way round.

What practice and live games share, written once (not an installed app: no table of its own; checked
with ``mypy --strict``, like ``tutor/board/``). ``turn_machine.py``: the turn order, one pure
transition over a typed state (``TurnState``: one ``Phase``, the position, beavers allowed;
``advance`` one decision of the side it waits for, ``begin`` a turn handed over, ``opening`` a
game's opening roll), which returns the state after it and what happened in order (rolls, passes,
plays, cube actions, turns begun, the game's end), rolls with the dice it is given, and refuses a
decision at the wrong moment or by the wrong side in ``tutor/rules/turn_refusals.py``'s one wording;
no Django, no database: practice drives it with the program's turn (``hand_over``: the program's
turns are thought after the request), live games with clocks, offers and sockets, and neither writes
the turn order (a test checks it). ``driver.py``: what every decision asks around the turns (the
phase of a hint or the next game, what a resignation gives), the recorder (``record``: actions
numbered on the game's row, a play's moves written once) and ``finish_game``, the one place a game
ends, which sends ``game_finished`` inside the same transaction (the hook for what follows a game:
practice and live games queue its review there) — live games also send ``turn_started`` (the place
for a clock); ``models.py``: the abstract ``GameAction`` both action tables inherit, one
``ActionKind`` vocabulary, one ``Phase`` of stored games (the machine's values, practice's program
phases, the ends; each app's field lists its own in its pages' words), ``Colour``, ``StoredMatch``;
what the driver needs from a stored game, typed (``stored.py``: the ``StoredGame`` protocol, its
phase, position, game number and numbered actions, which both apps' rows meet as they are); the one
staleness token of every game (``sequence.py``: ``seq``, moved on by every change and claimed with
one conditional update, a late action refused in ``turn_refusals.STALE``'s one wording); the dice
(``dice.py``), refusals (``errors.py``, ``illegal_plays.py``: an illegal play in the catalogue's
verdict shape), the one cube policy (``cube_policy.py``: the engine's rules plus the dead cube, each
refusal in the catalogue's words), the ways to resign (``resign_choices.py``), the Jacoby rule's
status (``jacoby.py``), the beavers of money games (``beavers.py``: who may beaver, the cube after
one, the result of a dropped one), the ``.mat`` export GNU Backgammon imports whole (``mat.py``, a
match left, claimed or lost on time included; each player's name in one plain word, practice's
learner by their account's name), the stakes a stored game's results imply (``scores.py``, used by
the data migrations that repair stored sessions). Reading a match played anywhere
(``matfile.read_match``: a ``.mat`` by ``mat_reader.py``, GNU Backgammon's ``.sgf`` by ``sgf.py``,
without recursion; bytes or text pasted, within a size limit), every action replayed by the engine
(``replay.py``: plays, cube actions, points and scores checked, with or without the Crawford rule as
the file says, the first error a ``MatchFileError`` in Spanish with its line, game and move), into
the shapes of ``imported.py`` (``ReadMatch``, ``ReadGame``, ``ReadAction``), and written back as a
``.mat`` (``matfile.match_file``); see ``docs/reviews.md``. Practice adds the program's turn and the
traffic light, live games their messages, offers and sockets; both depend on it, never the reverse.
It imports no app, only the engine, the catalogue and shared project modules.
"""
