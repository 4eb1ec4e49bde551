"""Repair live games stored while a money score above 99 could not be read back.

Each game's position takes again the score and Crawford flag its recorded
results give.
"""

from django.db import migrations

from tutor.games.scores import rescored, stakes_before


def rescore(apps, schema_editor):
    LiveGame = apps.get_model("play", "LiveGame")
    LiveAction = apps.get_model("play", "LiveAction")
    for game in LiveGame.objects.exclude(phase="waiting").iterator():
        results = LiveAction.objects.filter(game=game, kind="result").order_by("number")
        xgid = rescored(game.xgid, stakes_before(game.length, results.values_list("game_number", "side", "points"), game.game_number))
        if xgid is not None:
            game.xgid = xgid
            game.save(update_fields=["xgid"])


class Migration(migrations.Migration):
    dependencies = [("play", "0005_tell_recent_actions_from_the_game")]

    operations = [migrations.RunPython(rescore, migrations.RunPython.noop)]
