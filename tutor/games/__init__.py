"""What practice games and live games share: the course of a game, written once.

Both apps keep a game as a row with the current position in an XGID and
every action in order; this package holds what does not depend on who the
players are: the turn order (``turn_machine``), the stakes a stored game
implies (``scores``), the ``.mat`` export (``mat``), the cube policy
(``cube_policy``).  It depends on the engine and
the lessons' Spanish only; ``practice`` and ``play`` depend on it, never
the other way round.
"""
