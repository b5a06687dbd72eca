from django.apps import AppConfig


class FriendsConfig(AppConfig):
    name = "friends"
    verbose_name = "Friends"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The games app asks games.gates before an invitation, a join or a chat message (and the
        # tournaments app before a sign-up and a pairing); this app answers for blocks and the
        # players' "friends only" choices, and says who a player's friends are (the lobby's "friends
        # only" filter). Here: the check reads models.
        from friends.checks import apart, barred, check, friends_of
        from games import gates
        gates.register(check)
        gates.register_apart(apart)
        gates.register_barred(barred)
        gates.register_close(friends_of)
        from foundation import export
        from friends.export import friends
        export.register("friends", friends)
