"""Markdown lessons with engine-checked puzzles, the explorer, the puzzles and board APIs, the gates.

Lessons in Markdown with puzzle blocks read (``puzzles.py``) into the values of ``puzzle_types.py``
and checked against the engine (``validation.py``), a yes/no answer read one way by authors and
learners (``yes_no.py``), answers (``answers.py``, which sends each judged answer as an event; an
empty answer, ``missing``, is refused before it is judged: «Paso» sends a pass on purpose), the
explorer, the puzzles API and the board's API (``board_api.py``: why a move is refused, the moves of
a typed play, a layout's defects, in the engine's and the catalogue's words). Solutions wait while a
registered gate says so (``gates.py``: the classroom registers one) and each solution shown is
announced there; gates compare questions, not spellings (``question_key``: the checkers seen from
the side on roll and the dice in any order when the answer reads them), and every door asks them:
puzzles, the explorer, the board's refusals, and the other apps' doors that show plays.
"""
