"""Live games between two people over WebSockets: referee, clocks, offers, endings, reviews.

Live games between two people (``/jugar/``): the server is the referee and stores every action
(``LiveAction``); ``service.py`` is the door every message goes through, ``turns.py`` the turns
(each decision one step of the games' turn machine; ``turn_records.py`` records what it says
happened, announces each turn begun, keeps its state on the row and starts a game's opening roll for
``endings``, so turns and endings import one way) and ``endings.py`` the endings (offers, leaving,
claims, running out of time, aborting the opening; a match given up before both players have made a
play, which ``LiveGame.sides_moved`` records, is aborted: no winner, never rated), on the games'
driver, and the end banner that says how a match ended (``outcome.py``), the rival's latest play
named by the board's places for the page to slide (``motion.py``); one live game under way per
player (``access.unfinished``, asked under ``access.lock_players`` by class challenges, which are
rate-limited, by a link's «Unirme», ``service.join_by_link``, by «Emparejar la clase»,
``service.pair_class``, which leaves out and names who is playing, and by the lobby); the clock of
timed games (``time_controls.py``: three time controls, each a delay for every decision, then a
reserve per match or per money game, kept on the game's row; ``clocks.py``: it runs for whoever has
the turn, so an offer to resign moves no clock, and ``endings`` allows one offer per player and
turn; it hears the driver's ``turn_started`` and follows every saved change; ``flags.py`` keeps one
task per timed game waiting in the ``clocks`` queue until its deadline, moved by every save of the
game, which ends the game on time whoever has it open); what a game's page says to each viewer
(``panels.py``; about resigning and leaving, ``resign_panel.py``); Channels consumers push each
change over WebSockets, each player's panel drawn once by the process that made the change
(``broadcast.py``; Redis Pub/Sub, which every process of ``make run`` and of production shares),
from the game's row alone (``LiveGame.recent`` keeps what «Lo último» tells), the spectators' panel
drawn once per change in each process and shared (``watching.py``); its sockets are ``tutor.live``'s
``LiveSocket`` (``consumers.py``, ``review_socket.py``, their URLs in ``routing.py``); what a player
may do in a game (``game_limits.py``: one phrase between two events, guessed codes answered 429 over
HTTP and sockets); refused plays are explained in the catalogue's words, counted per rule and sent
as wrong answers (``answer_judged``); class pairing, teachers watching, the review after the game
through practice's evaluator (``live_review.py``: every play and cube action, and the no-doubles
derived from the rolls a player chose when the cube was theirs to turn), queued where a game ends
and graded by a worker (``tasks.py``, which also counts its progress), the worker's news of it sent
to the open review pages (``review_news.py``) over their own socket (``review_socket.py``), each
player's mistakes as practice exercises. A closed match is announced on ``signals.match_finished``
(sent by ``endings._close``, in the match's transaction, with its winner: the ratings hear it);
other apps add to play's pages without play importing them (``extensions.py``: blocks of
``/jugar/``, links of a game's page, what a finished match offers next; the lobby registers there).
"""
