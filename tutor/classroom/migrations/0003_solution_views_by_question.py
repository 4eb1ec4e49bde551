"""Solutions seen are kept by question (``tutor.lessons.gates.question_key``), no longer by XGID.

Each stored XGID becomes the key of the same position with the same dice, so that an
attempt answered later is still marked «Con la solución vista» whatever spelling the
student used to see it.
"""

from django.db import migrations, models

from tutor.engine import EngineError, Position
from tutor.lessons.gates import question_key


def by_question(apps, schema_editor):
    SolutionView = apps.get_model("classroom", "SolutionView")
    for view in SolutionView.objects.exclude(position="").iterator():
        try:
            key = question_key(Position.from_xgid(view.position))
        except EngineError:
            continue
        if key and key != view.position:
            view.position = key
            view.save(update_fields=["position"])


class Migration(migrations.Migration):
    dependencies = [("classroom", "0002_attempt_solution_seen")]

    operations = [
        migrations.AlterField(
            model_name="solutionview",
            name="position",
            field=models.CharField(
                blank=True,
                help_text="La posición vista desde quien tiene el turno, y los dados si la respuesta depende de ellos.",
                max_length=80,
                verbose_name="pregunta vista",
            ),
        ),
        migrations.RunPython(by_question, migrations.RunPython.noop),
    ]
