"""What the notice tasks owe, kept with each turn (Game.turn_notice_due, Game.reminder_due_at) and
read by partial indexes. The games in progress are given theirs here: every turn with a clock owes
its notice and its first reminder, and the tasks settle what was already sent (the notices' own
claims keep them from going twice)."""
from django.conf import settings
from django.db import migrations, models

from games.clock import next_reminder

BATCH = 1000


def owed_by_turns_in_play(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    games = Game.objects.filter(status="active", deadline__isnull=False).only("turn_started_at", "deadline")
    batch = []
    for game in games.iterator(chunk_size=BATCH):
        game.turn_notice_due = True
        game.reminder_due_at = next_reminder(game.turn_started_at, game.deadline)
        batch.append(game)
        if len(batch) == BATCH:
            Game.objects.bulk_update(batch, ["turn_notice_due", "reminder_due_at"])
            batch = []
    Game.objects.bulk_update(batch, ["turn_notice_due", "reminder_due_at"])


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0017_seat_order_without_join'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='reminder_due_at',
            field=models.DateTimeField(blank=True, editable=False, help_text="when the turn's next reminder or last call falls due", null=True),
        ),
        migrations.AddField(
            model_name='game',
            name='turn_notice_due',
            field=models.BooleanField(default=False, editable=False, help_text='the turn\'s "your turn" notice is still to be settled'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(condition=models.Q(('turn_notice_due', True)), fields=['id'], name='game_turn_notice_due'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(condition=models.Q(('reminder_due_at__isnull', False)), fields=['reminder_due_at'], name='game_reminder_due'),
        ),
        migrations.RunPython(owed_by_turns_in_play, migrations.RunPython.noop),
    ]
