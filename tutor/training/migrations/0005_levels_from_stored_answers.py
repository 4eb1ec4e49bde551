"""Give every learner's rules the level their stored answers show, replayed in order."""

from django.db import migrations


def compute_levels(apps, schema_editor):
    from tutor.training.mastery import Answer, difficulty, replay

    RuleMemory = apps.get_model("training", "RuleMemory")
    RuleAnswer = apps.get_model("training", "RuleAnswer")
    for memory in RuleMemory.objects.all().iterator():
        answers = RuleAnswer.objects.filter(user_id=memory.user_id, rule=memory.rule).order_by("created", "pk")
        level = replay(Answer(correct, difficulty(item)) for correct, item in answers.values_list("correct", "item"))
        if level:
            RuleMemory.objects.filter(pk=memory.pk).update(level=int(level))


class Migration(migrations.Migration):
    dependencies = [("training", "0004_rule_memory_level")]

    operations = [migrations.RunPython(compute_levels, migrations.RunPython.noop)]
