"""Teachers' own interactive lessons: studies of chapters (position, text, question), the editor, sharing, answering, the readers' paths.

Studies a teacher writes in the browser: ``models.py`` (``Study``, ``Chapter`` with its revision,
``OpenedStudy``), who reads and who writes (``access.py``), checking a chapter with the engine
before it is saved, the rule named when it is wrong (``validation.py``), judging an answer to it
with the lessons' judge (``answers.py``), the position from the board editor or a pasted ID
(``positions.py``), the Markdown rendered by the lessons' converter and cleaned by nh3
(``markdown.py``), what an author does within the limits: add, reorder, duplicate, copy, a lesson's
puzzles as chapters (``editing.py``), the editor's forms and pages (``forms.py``, ``views.py``), the
read-only admin (``admin.py``), ``manage.py check --database default`` warning of every stored
chapter the engine now refuses (``checks.py``). The data model, the answer spec and the permissions
are in ``docs/studies.md``.

The readers' side: reading a study chapter by chapter and storing each answer with the chapter's
revision, its capped time, «Con la solución vista», «Con la pista vista» (the hint opened,
``static/js/studies/hint.js``) and where the reader stopped (``reading.py``, ``ChapterAnswer``,
``ChapterVisit``, ``StudyPlace``; its pages in ``reading_views.py``, routes in ``reading_urls.py``),
each reader's path, the chapters the class got wrong first and the answers' CSVs for the author
(``paths.py``, ``paths_views.py``); a study in a classroom assignment, one item per chapter with a
question, added to the assignment's count, status and ``intentos.csv`` through the classroom's
sources registered in ``StudiesConfig.ready`` (``assigned.py``, ``assigned_views.py``); the tags the
classroom's and studies' pages include (``templatetags/study_tags.py``). A visitor who opened a
public link reads the overview and answers the chapters with nothing stored.
"""
