"""A practice match's staleness token takes the name every game uses, ``seq`` (its value kept)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("practice", "0013_roll_luck"),
    ]

    operations = [
        migrations.RenameField(model_name="practicematch", old_name="version", new_name="seq"),
        migrations.AlterField(
            model_name="practicematch",
            name="seq",
            field=models.PositiveIntegerField(
                default=0, help_text="crece con cada cambio de la partida: una acción que nombra otro número llega tarde", verbose_name="cambios"
            ),
        ),
    ]
