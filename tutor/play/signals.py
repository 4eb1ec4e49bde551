"""What the live games tell other apps, without importing them.

``match_finished`` is sent once when a live match (or money session) is
closed, by ``endings._close`` inside the decision's transaction, with
``game`` (the ``LiveGame``, its ``winner`` and ``final_score`` set, not yet
saved; ``winner`` None for a match aborted at its opening, which has no result).  The games' driver has its own ``game_finished`` for each game that
ends; this one is for the match, once its winner is known (a player who
leaves before anybody moved ends the match without a game result).
Receivers that write (the ratings) therefore commit or roll back with the
end of the match.  A receiver must not wait for anything but the database:
it runs on the thread that applies every game's decisions in the process.
"""

from django.dispatch import Signal

match_finished = Signal()
