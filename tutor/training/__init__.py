"""Drilling, each learner's memory of every rule (FSRS) and mastery, «Mi progreso», the class heatmap.

Drilling (``/entrenar/``), the drills API (both ask the lessons' gate before judging), each
learner's memory of every rule, fed by every ``answer_judged`` event (lessons, assignments, drills,
practice and live games, studies; connected in ``TrainingConfig.ready``): when to review it,
scheduled with FSRS (``memory.py``: a wrong answer makes the rule due today, never later), and the
level of mastery shown on it (``mastery.py``: the top level asks for the hardest drills right on two
different days; missed reviews lower it), «Mi progreso» with server-drawn SVG charts
(``progress_charts.py``, on ``tutor/charts.py``), drills in assignments (their answers, in the words
the student saw, on the student's assignment page and, registered in ``TrainingConfig.ready``, in
the classroom's ``intentos.csv``, ``resultados.csv``, status and count of items) and the class
heatmap. An empty or unfinished answer (``judging.missing``: no checker moved, a turn the board
could carry on) is refused, not judged. Drills have a «dificultad» (1 to 3), never called a «nivel».
"""
