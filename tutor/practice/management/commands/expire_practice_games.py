"""``manage.py expire_practice_games``: delete anonymous matches nobody can reach.

Run it daily (a cron job or a systemd timer); see ``tutor.practice.cleanup``.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from tutor.practice.cleanup import abandoned_cutoff, abandoned_matches, expire_abandoned


class Command(BaseCommand):
    help = "Borra las partidas de práctica anónimas abandonadas (sin cambios desde hace más de lo que dura una sesión)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="Solo cuenta las partidas que se borrarían.")

    def handle(self, *args, dry_run: bool = False, **options) -> None:
        if dry_run:
            self.stdout.write(f"{abandoned_matches().count()} partidas anónimas sin cambios desde {abandoned_cutoff():%Y-%m-%d %H:%M} se borrarían.")
            return
        self.stdout.write(f"{expire_abandoned()} partidas anónimas abandonadas borradas.")
