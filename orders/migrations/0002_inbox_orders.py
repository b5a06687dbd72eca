"""How many standing orders wait in each game for each player, kept so far in their turn inbox
(games.Inbox.orders), where My games reads it."""
from django.db import migrations
from django.db.models import Count


def count_waiting(apps, schema_editor):
    Order, Inbox = apps.get_model("orders", "Order"), apps.get_model("games", "Inbox")
    waiting = (Order.objects.filter(status="waiting").values("user_id", "game_id").annotate(n=Count("pk"))
               .values_list("user_id", "game_id", "n"))
    for user_id, game_id, n in waiting.iterator():
        Inbox.objects.filter(user_id=user_id, game_id=game_id).update(orders=n)


class Migration(migrations.Migration):
    dependencies = [("orders", "0001_initial"), ("games", "0029_inbox")]
    operations = [migrations.RunPython(count_waiting, migrations.RunPython.noop, elidable=True)]
