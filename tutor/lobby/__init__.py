"""Finding a rival: seeks, «Jugar ya», atomic pairing, rematches, blocks and reports.

Finding a rival (the lobby's block of ``/jugar/`` and its own page ``/jugar/sala/``, where a refused
seek is answered without passing through play's views; its socket ``/ws/sala/``, a ``tutor.live``
socket under the same limits): seeks in the public room or a class's (``models.py``; who sees and may take
which seek in ``rooms.py``), «Jugar ya» (a money or class game is unrated, whatever «Puntúa» says)
and atomic pairing with the clock injected, each seek with its time control (``service.py``: the
room's row locked while «Jugar ya» looks, the seek's row while it is taken, the game started in the
same transaction), each room heard once per process and its changes handed to the pages there
(``relay.py``), seeks kept alive by a lease each web process renews for its players and closed when
it runs out (``keeper.py``, which also pushes the list of games to watch to its own pages, and tells
a creator again of a pairing the layer lost), every seek published or closed told to the rooms
through the channel layer (``broadcast.py``, rows drawn once in each variant by the process that
made the change), rematch and «Jugar otra vez» (``rematch.py``, drawn with the rest of what the
lobby shows, ``listing.py``; the finished game's spectators are offered to follow its players to the
rematch), blocks and reports to the staff (``safety.py``, ``admin.py``). Nobody is paired or offered
a rematch while a live game of theirs is under way, nor two players past the day's limit of rated
matches together (``service.check_players``, under both players' row locks); requests that cross
answer 409 with a sentence (``service.refused_on_race``). It adds to play's pages only through
``play.extensions``.
"""
