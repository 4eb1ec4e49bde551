"""Seeks name a time control (``play.clocks.CONTROLS``) instead of saying only whether they have a clock.

Every seek with a clock had the one control there was, now called «normal».
"""

from django.db import migrations, models


def name_the_control(apps, schema_editor):
    Seek = apps.get_model("lobby", "Seek")
    Seek.objects.filter(had_clock=True).update(clock="normal")


class Migration(migrations.Migration):

    dependencies = [
        ("lobby", "0002_room_per_kind_of_game"),
    ]

    operations = [
        migrations.RenameField(model_name="seek", old_name="clock", new_name="had_clock"),
        migrations.AddField(
            model_name="seek",
            name="clock",
            field=models.CharField(
                blank=True, default="", help_text="la clave de un control de tiempo de play.clocks; vacío: sin reloj",
                max_length=12, verbose_name="reloj",
            ),
        ),
        migrations.RunPython(name_the_control, migrations.RunPython.noop),
        migrations.RemoveField(model_name="seek", name="had_clock"),
    ]
