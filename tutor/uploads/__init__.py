"""«Revisar una partida»: matches played anywhere, uploaded, checked, graded in the background, reviewed, shared.

«Revisar una partida» (``/revisar/``): a ``.mat`` or ``.sgf`` file, or its text pasted, read and
replayed by ``tutor.games.matfile`` (a refusal is its Spanish sentence, HTTP 400, nothing stored);
the match kept in one transaction (``store.py``: ``UploadedMatch`` and its ``UploadedAction`` rows
in the ``GameAction`` shape, a no-double kept as a ``roll`` row as live games do), graded on the
reviews' queue by the same worker (``tasks.py``, ``review.py``: practice's ``grade_decision``), its
progress pushed to the open review pages as it goes (``news.py``, told by the worker over the
channel layer; ``review_socket.py``, a ``tutor.live`` socket, ``routing.py``), reviewed with
practice's stepper, light and totals, with each player's errors by kind, PR and luck (practice's
``statistics.py``, the luck measured by ``luck.measure_luck`` after the grades) and the rules that
mattered at a step (``notes.py``, titles and lessons from the catalogue); the uploader's mistakes
become practice's ``Exercise`` rows (``Exercise.uploaded_action``, named as a model, not imported:
practice never imports this app). Private to the uploader (``access.py``); a revocable share link,
read-only; handed to one of the student's classes, listed for its teacher (``/revisar/grupo/<id>/``,
linked from the class's page by URL name). Exported back with ``tutor.games.mat`` (``export.py``).
"""
