"""Names that say what they hold: Game.game becomes Game.name (which game), and Seat.bot becomes
Seat.stand_in, kept only for a person's seat (a bot account's seat is moved by the bot its account is)."""
from django.db import migrations, models


def bot_accounts_keep_no_stand_in(apps, schema_editor):
    apps.get_model("games", "Seat").objects.filter(bot_account=True).update(stand_in="")


def bot_accounts_name_their_bot(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    for seat in Seat.objects.filter(bot_account=True).select_related("user__profile"):
        seat.stand_in = seat.user.profile.bot
        seat.save(update_fields=["stand_in"])


class Migration(migrations.Migration):

    dependencies = [("games", "0013_notice_removed"), ("accounts", "0005_display_name_one_line")]

    operations = [
        migrations.RenameField("game", "game", "name"),
        migrations.AlterField("game", "name", models.CharField(
            max_length=32, help_text="which game: its name in the registry (games.rules)")),
        migrations.RenameField("seat", "bot", "stand_in"),
        migrations.AlterField("seat", "stand_in", models.CharField(
            max_length=16, blank=True, help_text="the bot its player asked to keep the seat for a while; blank: none")),
        migrations.RunPython(bot_accounts_keep_no_stand_in, bot_accounts_name_their_bot),
    ]
