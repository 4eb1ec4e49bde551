"""A lobby page's changes to its list of seeks, gathered for a moment and sent as one message.

When many people play, seeks are published and taken several times a
second, and most live for less than a second: the next «Jugar ya» of the
same kind takes them.  Sending each publication and each closing to every
open lobby page cost more than anything else the lobby does
(``bench/lobby.py``), and told the pages about seeks already gone.  So a
page's socket gathers what changed for ``LOBBY_BATCH_SECONDS`` and sends it
in one ``{"type": "seeks", "added": [{"id", "html"}], "removed": [id]}``
message; a seek published and closed in between is never sent at all.
"""

from __future__ import annotations


class SeekChanges:
    """The seeks to add to one page's list and to remove from it, since the last message.

    ``shown`` is the set of seeks the page shows; ``message`` keeps it up to date.
    """

    def __init__(self, shown: set[int]) -> None:
        self.shown = shown
        self.added: dict[int, str] = {}
        self.removed: set[int] = set()

    def add(self, seek_id: int, html: str) -> None:
        self.added[seek_id] = html

    def remove(self, seek_id: int) -> None:
        """The seek closed: off the page if it shows it, and never sent if it was still waiting here."""
        self.added.pop(seek_id, None)
        if seek_id in self.shown:
            self.removed.add(seek_id)

    def __bool__(self) -> bool:
        return bool(self.added or self.removed)

    def message(self) -> dict | None:
        """The message for what changed (removals first), or None; the page then shows it."""
        if not self:
            return None
        message = {"type": "seeks", "removed": sorted(self.removed),
                   "added": [{"id": seek_id, "html": html} for seek_id, html in self.added.items()]}
        self.shown.difference_update(self.removed)
        self.shown.update(self.added)
        self.added, self.removed = {}, set()
        return message
