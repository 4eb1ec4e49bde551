"""Finished games were graded before no-doubles were: grade them again on the next visit to their review.

(The traffic-light colours get their names, as practice's actions have them.)

Only the decisions still without a colour are asked about (the rolls made
when the player could have doubled); the grades already stored stay.
"""

from django.db import migrations, models


def regrade(apps, schema_editor):
    apps.get_model("play", "LiveGame").objects.filter(graded=True).update(graded=False)


class Migration(migrations.Migration):

    dependencies = [
        ("play", "0002_resignation_offers"),
    ]

    operations = [
        migrations.AlterField(
            model_name="liveaction",
            name="colour",
            field=models.CharField(blank=True, choices=[("verde", "Verde"), ("ambar", "Ámbar"), ("rojo", "Rojo")], max_length=5),
        ),
        migrations.RunPython(regrade, migrations.RunPython.noop),
    ]
