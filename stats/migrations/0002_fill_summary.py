"""Fill the summary from the games already stored: one INSERT ... SELECT ... GROUP BY per table
(stats.summary.fill, which manage.py stats_rebuild runs too), with the models of this migration."""
from django.db import migrations

from stats import summary


def fill_summary(apps, schema_editor):
    summary.fill(apps)


class Migration(migrations.Migration):

    dependencies = [
        ("stats", "0001_summary"),
        ("games", "0017_seat_order_without_join"),
    ]

    operations = [migrations.RunPython(fill_summary, migrations.RunPython.noop)]
