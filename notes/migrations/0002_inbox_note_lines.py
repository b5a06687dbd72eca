"""The first line of every note kept so far, in its player's turn inbox (games.Inbox.note), where My
games reads it."""
from django.db import migrations


def keep_first_lines(apps, schema_editor):
    Note, Inbox = apps.get_model("notes", "Note"), apps.get_model("games", "Inbox")
    for user_id, game_id, text in Note.objects.exclude(text="").values_list("user_id", "game_id", "text").iterator():
        lines = text.strip().splitlines()
        if lines:
            Inbox.objects.filter(user_id=user_id, game_id=game_id).update(note=lines[0][:120])


class Migration(migrations.Migration):
    dependencies = [("notes", "0001_initial"), ("games", "0029_inbox")]
    operations = [migrations.RunPython(keep_first_lines, migrations.RunPython.noop, elidable=True)]
