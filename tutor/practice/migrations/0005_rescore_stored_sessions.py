"""Repair practice sessions stored while a money score above 99 could not be read back.

Each match's position (and the stakes of the next game, after a game ends)
takes again the score and Crawford flag its recorded results give.
"""

from django.db import migrations

from tutor.games.scores import rescored, stakes_before


def rescore(apps, schema_editor):
    PracticeMatch = apps.get_model("practice", "PracticeMatch")
    Action = apps.get_model("practice", "Action")
    for match in PracticeMatch.objects.iterator():
        results = list(
            Action.objects.filter(match=match, kind="result").order_by("number").values_list("game_number", "side", "points")
        )
        changed = []
        xgid = rescored(match.xgid, stakes_before(match.length, results, match.game_number))
        if xgid is not None:
            match.xgid = xgid
            changed.append("xgid")
        if match.phase == "game-over":
            following = stakes_before(match.length, results, match.game_number + 1)
            upcoming = {"score": list(following.score), "crawford": following.crawford}
            if match.upcoming != upcoming:
                match.upcoming = upcoming
                changed.append("upcoming")
        if changed:
            match.save(update_fields=changed)


class Migration(migrations.Migration):
    dependencies = [("practice", "0004_call_the_computer_el_programa")]

    operations = [migrations.RunPython(rescore, migrations.RunPython.noop)]
