"""The friends API: thin views over friends.services; refusals carry their status and a `detail`."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import language_of
from foundation.api import MethodFirst, StrictBooleanField
from games import rules
from games.entry.api.schema import DETAIL

from . import services


def _errors(*codes):
    return dict.fromkeys(codes, DETAIL)


class GameLinkSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    name = serializers.CharField(help_text="which game: argo, andromeda, ...")
    title = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    def get_title(self, game) -> str:
        name, lang = game.name, self.context.get("lang", "en")
        return rules.title(name, lang) if name in rules.names() else name

    def get_url(self, game) -> str:
        return f"/games/{game.pk}/"


class PersonSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    name = serializers.SerializerMethodField()
    online = serializers.BooleanField(help_text="on the site now, as the site's presence counts it")
    games = GameLinkSerializer(many=True, help_text="games in progress this player sits in")

    def get_name(self, entry) -> str:
        return entry["user"].profile.name or entry["user"].username


class NoteSerializer(serializers.Serializer):
    game = GameLinkSerializer()
    author = serializers.CharField(source="author.username")
    text = serializers.CharField()


class OverviewSerializer(serializers.Serializer):
    friends = PersonSerializer(many=True)
    following = PersonSerializer(many=True)
    requests_received = PersonSerializer(many=True, help_text="players asking to be your friend")
    requests_sent = PersonSerializer(many=True, help_text="your requests waiting for an answer")
    blocked = PersonSerializer(many=True)
    notes = NoteSerializer(many=True, help_text="messages sent with invitations you have still to answer")


class RelationSerializer(serializers.Serializer):
    username = serializers.CharField()
    following = serializers.BooleanField(help_text="you follow this player")
    followed_by = serializers.BooleanField(help_text="this player follows you")
    friends = serializers.BooleanField()
    request_sent = serializers.BooleanField()
    request_received = serializers.BooleanField()
    blocked = serializers.BooleanField(help_text="you have blocked this player")


class PreferencesSerializer(serializers.Serializer):
    invites_from_friends_only = StrictBooleanField(required=False, help_text="only friends may invite you to a game")
    chat_from_friends_only = StrictBooleanField(required=False, help_text="only friends may chat in games you sit in")
    messages_from_friends_only = StrictBooleanField(required=False, help_text="only friends may send you messages")


class FriendsView(MethodFirst, APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: OverviewSerializer}, description="Your friends and the players you follow, "
                   "who is online and their games in progress; requests both ways; blocked players.")
    def get(self, request):
        data = services.overview(request.user)
        return Response(OverviewSerializer(data, context={"lang": language_of(request.user, request)}).data)


ON_PLAYER = {200: RelationSerializer, **_errors(400, 403, 404, 409)}
ALWAYS = "400 yourself, 404 no such player, 409 when it is so already (or the change has nothing to undo)."

# Each endpoint on another player: its methods, the service each calls and what the schema says.
CHANGES = {
    "follow": {"post": (services.follow, "Follow a player (one way: nobody is asked); 403 when the player "
                                         "does not accept it."),
               "delete": (services.unfollow, "Stop following.")},
    "request": {"post": (services.ask, "Ask to be friends; when the player had asked you already, you are "
                                       "friends at once. 409 already friends, or your request is waiting."),
                "delete": (services.withdraw, "Withdraw your request.")},
    "accept": {"post": (services.accept, "Accept the player's request: you are friends.")},
    "decline": {"post": (services.decline, "Decline the player's request; they may ask again.")},
    "unfriend": {"post": (services.unfriend, "End a friendship: either friend may.")},
    "block": {"post": (services.block, "Block a player: it ends friendship, requests and follows both ways; the "
                                       "player can no longer join your open games, invite you, or chat in a "
                                       "game you sit in."),
              "delete": (services.unblock, "Unblock the player.")},
}


def _handler(change, description: str):
    @extend_schema(request=None, responses=ON_PLAYER, description=f"{description} {ALWAYS}")
    def handle(self, request, username):
        change(request.user, username)
        other = services.other_player(request.user, username)
        return Response(RelationSerializer(services.relation(request.user, other)).data)
    return handle


def relation_view(name: str) -> type:
    """The view of one endpoint of CHANGES; the answer is how you stand with the player after the change."""
    methods = {method: _handler(*spec) for method, spec in CHANGES[name].items()}
    return type(f"{name.title()}View", (MethodFirst, APIView),
                {"permission_classes": [permissions.IsAuthenticated], **methods})


class PreferencesView(MethodFirst, APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: PreferencesSerializer})
    def get(self, request):
        return Response(PreferencesSerializer(services.preferences(request.user)).data)

    @extend_schema(request=PreferencesSerializer, responses={200: PreferencesSerializer, **_errors(400)},
                   description="Change either choice; a field left out keeps its value.")
    def patch(self, request):
        body = PreferencesSerializer(data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        current = services.preferences(request.user)
        choices = {name: body.validated_data.get(name, getattr(current, name)) for name in PreferencesSerializer().fields}
        return Response(PreferencesSerializer(services.set_preferences(request.user, **choices)).data)
