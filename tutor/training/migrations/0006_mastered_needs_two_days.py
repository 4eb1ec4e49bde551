"""Give every learner's rules the level their stored answers show under the law that asks
the top level for right answers at the hardest difficulty on two different days."""

from django.db import migrations
from django.utils import timezone


def compute_levels(apps, schema_editor):
    from tutor.training.mastery import Answer, difficulty, replay

    RuleMemory = apps.get_model("training", "RuleMemory")
    RuleAnswer = apps.get_model("training", "RuleAnswer")
    for memory in RuleMemory.objects.all().iterator():
        answers = RuleAnswer.objects.filter(user_id=memory.user_id, rule=memory.rule).order_by("created", "pk")
        level = replay(
            Answer(correct, difficulty(item), timezone.localtime(created).date().toordinal())
            for correct, item, created in answers.values_list("correct", "item", "created")
        )
        if level != memory.level:
            RuleMemory.objects.filter(pk=memory.pk).update(level=int(level))


class Migration(migrations.Migration):
    dependencies = [("training", "0005_levels_from_stored_answers")]

    operations = [migrations.RunPython(compute_levels, migrations.RunPython.noop)]
