"""The live board: server-side SVG, Spanish descriptions and the widget tag.

The board in the browser knows no backgammon rules: it shows checkers and
writes notation; the engine on the server is the only judge of a play.

The board: where everything is (``geometry.py``, with what one checker on each place adds to each
side's pip count), which side it is seen from (``orientation.py``: the viewer's, else the side on
roll, turned per page on request through its one view, ``views.py``, ``/tablero/girar/``), the SVG
drawn on the server from it (``svg.py``; the other side's numbers, where a page asks for both, in a
second row on a band of frame outside the board), plays drawn over it as arrows (``arrows.py``, the
review's play made and best play, ``{% board … played=… arrows=… %}``), its Spanish description
(``describe.py``), the data the widget reads (``widget.py``: dice, destinations, positions and plays
as the script holds them), what each checker may do next in a game (``destinations.py``), the moves
the live board refuses at once (``refusals.py``: data, no Spanish; ``refused_at_once`` tells a move
it refuses from them), the ``{% board %}`` tags. JavaScript in ``static/js/board/`` knows no rule
and reads no notation or position format: it starts from the checkers drawn in the SVG, adds up the
pip counts from the weights each place carries, and asks the lessons' board API, by URL, why a move
is refused and what a typed play says (and, on a game's board, whether it is legal: an illegal one
is refused before it is sent).
"""
