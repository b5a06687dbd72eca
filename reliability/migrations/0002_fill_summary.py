"""Fill the summary from the games already finished: one INSERT ... SELECT over every finished game
with a clock (reliability.summary.fill, which manage.py reliability_rebuild runs too), with the
models of this migration."""
from django.db import migrations

from reliability import summary


def fill_summary(apps, schema_editor):
    summary.fill(apps)


class Migration(migrations.Migration):

    dependencies = [
        ("reliability", "0001_summary"),
        ("games", "0025_decision_by_order"),
    ]

    operations = [migrations.RunPython(fill_summary, migrations.RunPython.noop)]
