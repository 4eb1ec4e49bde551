"""What the live games tell other apps, without importing them.

``match_finished`` is sent once when a match (or a money session) ends, by
the code that ends it and inside its transaction, with ``game`` (the
``LiveGame``, its ``winner`` and ``final_score`` set, not yet saved).
Receivers that write (the ratings) therefore commit or roll back with the
end of the match.  A receiver must not wait for anything but the database:
it runs on the thread that applies every game's decisions in the process.
"""

from django.dispatch import Signal

match_finished = Signal()
