"""API shapes. The seed is in none of them but a record's, which has it only once the game is over."""
from __future__ import annotations

from datetime import date
from typing import Any, cast

from django.utils import translation
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.models import language_of
from foundation.api import KeptFieldsSerializer, StrictBooleanField, StrictCharField, StrictIntegerField
from games import clock, reputation, rules, services
from games.clock import away_until
from games.models import ChatMessage, Game, Seat
from games.ratings import changes_for
from games.rules.record import FORMAT, VERSION
from games.services import abort_reason, current_state, game_language, presentation_of, view_for
from games.standings import team_of, teams_of
from games.templatetags.clock_tags import clock_paused
from games.templatetags.site_tags import game_title


def reader_language(context) -> str:
    """The language of whoever asked: the profile's (a token is read after the middleware), else the browser's."""
    request = context.get("request")
    return language_of(getattr(request, "user", None), request)


class SeatSerializer(KeptFieldsSerializer):
    username = serializers.CharField(source="user.username", read_only=True)
    display_name = serializers.SerializerMethodField()
    played_by_bot = serializers.BooleanField(read_only=True)
    bot = serializers.CharField(source="bot_kind", read_only=True, allow_null=True,
                                help_text="the kind of bot that moves for this seat now (its own, a stand-in, or the one "
                                          "finishing an abandoned seat); null: its player")
    is_bot = serializers.SerializerMethodField(
        help_text="the player is a bot account: one of the site's bots, or a program playing through the API")

    class Meta:
        model = Seat
        fields = ["order", "colour", "username", "display_name", "status", "played_by_bot", "bot", "is_bot",
                  "team", "score", "rank", "away_until"]

    team = serializers.SerializerMethodField(help_text="the seat's team in a game played in teams: an index into the "
                                                       "game's `teams` (0 is team A, 1 team B); null: the seat plays for itself")

    def get_team(self, seat) -> int | None:
        return team_of(teams_of(seat.game), seat.order)

    def get_is_bot(self, seat) -> bool:
        profile = getattr(seat.user, "profile", None)
        return seat.bot_account or bool(profile and profile.is_bot)

    away_until = serializers.SerializerMethodField(help_text="the last day of the player's vacation, while on one")

    def get_away_until(self, seat) -> date | None:
        return away_until(seat.user) if seat.game.status == "active" else None

    def get_display_name(self, seat) -> str:
        profile = getattr(seat.user, "profile", None)
        if profile is None:
            return seat.user.username
        with translation.override(reader_language(self.context)):  # a bot's name is said in the reader's language
            return profile.name


class BankSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="the seat's order")
    seconds = serializers.IntegerField(help_text="the seat's bank as its last turn left it (the initial bank before its "
                                                 "first turn); the deciding seat's turn ends at the game's `deadline`")


class TimeControlSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Game.TimeControl.choices,
                                   help_text="per_turn: hours_per_move for every turn; bank: a time bank per seat")
    hours_per_move = serializers.IntegerField(allow_null=True, help_text="per_turn: the hours of every turn; null for a bank")
    bank_hours = serializers.IntegerField(allow_null=True, help_text="bank: each seat's bank at the start, in hours")
    increment_hours = serializers.IntegerField(allow_null=True, help_text="bank: the hours added after each of a seat's turns")
    cap_hours = serializers.IntegerField(allow_null=True, help_text="bank: what a seat's bank never exceeds, in hours")
    banks = BankSerializer(many=True, help_text="bank: each seat's bank left, in seat order; [] for per_turn")


def time_control_of(game) -> dict[str, Any]:
    if not game.banked:
        return {"kind": game.time_control, "hours_per_move": game.hours_per_move, "bank_hours": None,
                "increment_hours": None, "cap_hours": None, "banks": []}
    return {"kind": game.time_control, "hours_per_move": None, "bank_hours": game.bank_hours,
            "increment_hours": game.increment_hours, "cap_hours": game.cap_hours,
            "banks": [{"seat": s.order, "seconds": int(game.bank_of(s).total_seconds())}
                      for s in sorted(game.seats.all(), key=lambda s: s.order)]}


class ClockPausedSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="the deciding seat")
    reason = serializers.ChoiceField(choices=list(clock.REASONS), help_text="quiet_hours, day_off or vacation")
    until = serializers.DateTimeField(help_text="when the clock runs again (the end of the time off that follows without a break)")
    text = serializers.CharField(help_text="\"Carol's clock is paused until 07:00 (quiet hours).\", in your language and time zone")


class GameSerializer(KeptFieldsSerializer):
    created_by = serializers.CharField(source="created_by.username", read_only=True)
    seats = SeatSerializer(many=True, read_only=True)
    invited = serializers.SerializerMethodField(help_text="invited players who have neither joined nor declined")
    declined = serializers.SerializerMethodField(help_text="invited players who declined")
    title = serializers.SerializerMethodField(help_text="the game's title in your language")
    game = serializers.CharField(source="name", read_only=True, help_text="which game: its name in the registry")

    class Meta:
        model = Game
        fields = ["id", "game", "title", "rules_version", "options", "players", "status", "created_by",
                  "hours_per_move", "time_control", "created_at", "started_at", "finished_at", "last_move_at", "seq",
                  "current_seat", "deadline", "strict", "teams", "seats", "invited", "declined"]

    strict = serializers.BooleanField(read_only=True, help_text=(
        "a strict game: its clocks run through the players' quiet hours, days off and vacations (docs/async-play.md)"))

    teams = serializers.SerializerMethodField(help_text=(
        "in a game played in teams (the game's rules and options say so), the seats (their `order`) of each team, "
        "team A first, known from the creation on, taken or free: partners share their place in the outcome "
        "and their ratings move together; null: every seat plays for itself"))

    time_control = serializers.SerializerMethodField(help_text=(
        "the game's clock: hours per move, or a time bank per seat (docs/async-play.md, \"Clocks\"); a bank "
        "game's `hours_per_move` is its increment, its pace"))

    @extend_schema_field(TimeControlSerializer)
    def get_time_control(self, game) -> dict[str, Any]:
        return time_control_of(game)

    def get_teams(self, game) -> list[list[int]] | None:
        return teams_of(game)

    def get_invited(self, game) -> list[str]:
        return [u.username for u in services.invitations_of(game)["pending"]]

    def get_declined(self, game) -> list[str]:
        return [u.username for u in services.invitations_of(game)["declined"]]

    def get_title(self, game) -> str:
        return game_title(game)


class ReliabilitySerializer(serializers.Serializer):
    """A player's reliability over their last 100 finished games with a clock (games.reputation;
    docs/reliability.md)."""

    games = serializers.IntegerField(help_text="finished games with a clock counted: the player's last, at most 100")
    enough = serializers.BooleanField(help_text="at least 5 such games: fewer, and the pages say \"not enough games yet\"")
    turns = serializers.IntegerField(help_text="the player's turns on the clock in them: those they played, and the one "
                                               "whose deadline passed")
    timed_out_turns = serializers.IntegerField(help_text="of them, the turns whose deadline passed")
    timed_out_percent = serializers.FloatField(allow_null=True, help_text="timed_out_turns of turns, in percent, to "
                                                                          "a tenth; null without a turn")
    games_left = serializers.IntegerField(help_text="games left before the end: timed out, resigned, or a stand-in "
                                                    "bot keeping the seat to the end")
    median_turn_seconds_min = serializers.IntegerField(allow_null=True, help_text=(
        "the median of the player's own turns' lengths (a turn's start to the decision that ended it) is at least "
        "this many seconds: the lower edge of the bucket holding the middle turn; null without a turn of their own"))
    median_turn_seconds_max = serializers.IntegerField(allow_null=True, help_text=(
        "… and less than this many seconds (the bucket's upper edge); null for the last bucket (21 days or more) "
        "or without a turn of their own"))


# what a player's reliability reads when no app measures it
NO_RELIABILITY = {"games": 0, "enough": False, "turns": 0, "timed_out_turns": 0, "timed_out_percent": None,
                  "games_left": 0, "median_turn_seconds_min": None, "median_turn_seconds_max": None}


class LobbyListSerializer(serializers.ListSerializer):
    """A list of games with the reliability of the open ones' creators read once for the whole list."""

    def to_representation(self, data):
        games = list(data.all() if hasattr(data, "all") else data)
        self.context["host_reliability"] = reputation.of(g.created_by_id for g in games if g.status == Game.Status.OPEN)
        return super().to_representation(games)


class GameListSerializer(GameSerializer):
    """A game as GET /api/games/ lists it: with its creator's reliability while it is open."""

    host_reliability = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "host_reliability"]
        list_serializer_class = LobbyListSerializer

    @extend_schema_field(ReliabilitySerializer(allow_null=True, help_text=(
        "an open game's creator's reliability (their last 100 finished games with a clock, docs/reliability.md); "
        "null for a game no longer open")))
    def get_host_reliability(self, game):
        if game.status != Game.Status.OPEN:
            return None
        found = self.context.get("host_reliability")
        if found is None:  # one game alone
            found = reputation.of([game.created_by_id])
        return found.get(game.created_by_id)


class RatingChangeSerializer(serializers.Serializer):
    who = serializers.CharField(help_text="a username, or the key the rules give their own participant")
    rank = serializers.IntegerField()
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    change = serializers.IntegerField()
    reverted = serializers.BooleanField()
    provisional = serializers.BooleanField(help_text="the rating after this game still counted fewer than 5 rated "
                                                     "games: a provisional rating, which moves a lot with each result")


class ModerationEntrySerializer(serializers.Serializer):
    after = serializers.IntegerField(allow_null=True, help_text="the number of the last decision before it")
    kind = serializers.ChoiceField(choices=[k.value for k in services.LOGGED_ACTIONS])
    at = serializers.DateTimeField()
    seat = serializers.IntegerField(allow_null=True, help_text="the seat it concerned (a removal)")
    hours = serializers.IntegerField(allow_null=True, help_text="the hours added (a deadline extended)")
    reason = serializers.CharField(allow_null=True, help_text="the moderator's reason: for the player it concerned, and for an abort")


class GameDetailSerializer(GameSerializer):
    view = serializers.SerializerMethodField()
    your_seat = serializers.SerializerMethodField()
    rating_changes = serializers.SerializerMethodField()

    prompt = serializers.SerializerMethodField(help_text="the pending decision in one line (public), in your language: "
                                                         "addressed to you when you decide it, else in the third person")

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "your_seat", "prompt", "view", "outcome", "ending", "rated",
                  "rating_changes", "abort_reason", "moderation", "clock_paused"]

    clock_paused = serializers.SerializerMethodField(help_text=(
        "the deciding player's clock standing still now (their quiet hours, day off or vacation; never in a strict "
        "game): whose, why, until when, and a line saying it in your language and time zone; null while it runs"))

    @extend_schema_field(ClockPausedSerializer(allow_null=True))
    def get_clock_paused(self, game) -> dict | None:
        return clock_paused(game, self.context["request"].user)

    ending = serializers.SerializerMethodField(help_text="why the finished game ended, in your language, in the game's "
                                                         "own words (its presentation's `ending`); null before the end")

    def get_ending(self, game) -> str | None:
        if not game.outcome:
            return None
        shown = presentation_of(game)
        return shown.ending(game.outcome, game_language(shown, reader_language(self.context))) or None

    moderation = serializers.SerializerMethodField(help_text="the moderators' actions on the game, for its log")

    @extend_schema_field(ModerationEntrySerializer(many=True))
    def get_moderation(self, game) -> list[dict[str, Any]]:
        # the stubs type a serializer's data as a dict whether or not many=True makes it a list
        return ModerationEntrySerializer(services.moderation_log(game, self.context["request"].user),  # type: ignore[return-value]
                                         many=True).data

    abort_reason = serializers.SerializerMethodField(help_text="why an aborted game was stopped; null otherwise")

    def get_abort_reason(self, game) -> str | None:
        return abort_reason(game)

    def get_prompt(self, game) -> str | None:
        if game.status != Game.Status.ACTIVE or game.seed is None:
            return None
        seat, shown = game.seat_of(self.context["request"].user), presentation_of(game)
        deciding = seat is not None and seat.order == game.current_seat and not seat.played_by_bot
        words = shown.prompt if deciding else shown.prompt_for_others
        return words(current_state(game), game_language(shown, reader_language(self.context)))

    @extend_schema_field(RatingChangeSerializer(many=True))
    def get_rating_changes(self, game) -> list[dict[str, Any]]:
        return [{k: v for k, v in c.items() if k != "user_id"} for c in changes_for(game)] if game.rated is not None else []

    def get_your_seat(self, game) -> int | None:
        seat = game.seat_of(self.context["request"].user)
        return seat.order if seat else None

    def get_view(self, game) -> dict | None:
        return view_for(game, self.context["request"].user)


class CreateGameSerializer(serializers.Serializer):
    game = StrictCharField(help_text="which game: a name from the registry, e.g. one of GET /api/games/ 'game'")
    players = StrictIntegerField()
    options = serializers.DictField(required=False, default=dict)
    hours_per_move = StrictIntegerField(required=False, min_value=1, max_value=720)
    time_control = serializers.ChoiceField(choices=Game.TimeControl.choices, required=False)
    bank_hours = StrictIntegerField(required=False, min_value=1, max_value=720)
    increment_hours = StrictIntegerField(required=False, min_value=0, max_value=720)
    cap_hours = StrictIntegerField(required=False, min_value=1, max_value=720)
    strict = StrictBooleanField(required=False, default=False, help_text=(
        "a strict game: its clocks run through the players' quiet hours, days off and vacations"))
    invite = serializers.ListField(child=StrictCharField(max_length=150), required=False, default=list)
    bots = serializers.ListField(child=StrictCharField(max_length=16, allow_null=True), required=False, default=list,
                                 help_text="seats 1, 2, ... in turn: a bot kind gives the seat to one of the site's bots, "
                                           "null leaves it to a person")


class JoinSerializer(serializers.Serializer):
    team = StrictIntegerField(required=False, min_value=0, help_text=(
        "in a game played in teams: the team to join, an index into the game's `teams` (0 is team A); "
        "without it, the first free seat"))


def _decision_schema() -> dict:
    # anyOf, not oneOf: two games may take decisions of the same shape.
    return {"anyOf": [branch for name in rules.names() for branch in rules.get(name).decision_schema()["oneOf"]],
            "description": "one decision of the game's rules module; a shape no game has is a 400, "
                           "a decision of a right shape that the position does not allow now is a 409"}


@extend_schema_field(_decision_schema())
class DecisionField(serializers.DictField):
    """A decision object; its shapes come from every game's rules module (decision_schema)."""


class MoveSerializer(serializers.Serializer):
    seq = StrictIntegerField(min_value=0, help_text="the game's seq you last saw")
    action = DecisionField()


def move_of(data) -> tuple[int, dict]:
    """(seq, action) of a POST /moves/ body, validated by MoveSerializer. A body of the usual shape
    (seq a whole number from 0, action an object) is what MoveSerializer would give back as it is,
    and is taken without building the serializer, whose fields DRF copies for every request (4 % of
    a decision's CPU, docs/performance.md); any other body goes through it, for its errors."""
    if type(data) is dict:
        seq, action = data.get("seq"), data.get("action")
        if type(seq) is int and 0 <= seq < 2 ** 63 and type(action) is dict and all(type(k) is str for k in action):
            return seq, dict(action)
    body = MoveSerializer(data=data)
    body.is_valid(raise_exception=True)
    return body.validated_data["seq"], body.validated_data["action"]


class SeenSerializer(serializers.Serializer):
    seq = StrictIntegerField(min_value=0, help_text="the game's seq your client shows; past the present counts as the present")
    last_seen_seq = serializers.IntegerField(read_only=True, help_text="what you have seen now (it never goes back)")


class MuteSerializer(serializers.Serializer):
    muted = StrictBooleanField(help_text="true: no email or push about this game; false: as your settings say")


def _bot_kinds() -> list[str]:
    return sorted({kind for name in rules.names() for kind in rules.get(name).bot_kinds})


class StandInSerializer(serializers.Serializer):
    bot = serializers.ChoiceField(choices=_bot_kinds(), allow_null=True,
                                  help_text="the kind of bot to keep your seat (one of the game's bot_kinds); null: take your seat back")


class UndoSerializer(serializers.Serializer):
    seq = StrictIntegerField(min_value=0, required=False)


class DecisionSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seat = serializers.IntegerField()
    by_bot = serializers.BooleanField()
    by_order = serializers.BooleanField(help_text="your own standing order made it (false in anyone else's answer)")
    decision = serializers.DictField()
    created_at = serializers.DateTimeField()
    undone = serializers.BooleanField()
    log = serializers.ListField(child=serializers.CharField())


class ActionsSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField()
    prompt = serializers.CharField()
    question = serializers.DictField()
    actions = serializers.ListField(child=serializers.DictField())
    undoable = serializers.IntegerField()
    ends_turn = serializers.ListField(child=serializers.IntegerField(), required=False, help_text=(
        "only for a player who confirms the end of a turn (`confirm_turn_end` of /api/me/): the positions "
        "in `actions` of the answers that end the turn"))


class MoveResultSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    number = serializers.IntegerField()
    log = serializers.ListField(child=serializers.CharField())
    view = serializers.DictField()
    next = ActionsSerializer(allow_null=True, help_text=(
        "when the same player decides again: the pending question and its legal decisions, as GET "
        "/actions/ answers them (no need to ask); null when another player (or nobody) decides next"))


class ReplaySerializer(serializers.Serializer):
    upto = serializers.IntegerField()
    position = serializers.IntegerField(help_text="how many decisions are replayed")
    numbers = serializers.ListField(child=serializers.IntegerField(), help_text="every decision number, in order")
    view = serializers.DictField()


class PlaceInWordsSerializer(serializers.Serializer):
    place = serializers.CharField(help_text="the place's id, as the board module's place attribute carries it")
    name = serializers.CharField(help_text="the place in words")
    lines = serializers.ListField(child=serializers.CharField(), help_text="what stands there, and its exits")


class TurnInWordsSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(help_text="the player's display name")
    lines = serializers.ListField(child=serializers.CharField(), help_text="the turn's recap, as the reader reads it")
    numbers = serializers.ListField(child=serializers.IntegerField(), help_text="the turn's decision numbers")


class BoardInWordsSerializer(serializers.Serializer):
    you = serializers.CharField(allow_null=True, help_text="the reader's seat in the game's words (a colour, a "
                                                           "faction); null for a spectator")
    mine = serializers.ListField(child=serializers.CharField(), help_text="the reader's own pieces and cards, each "
                                                                          "with where it is")
    scores = serializers.ListField(child=serializers.CharField(), help_text="each seat's score or standing, a line each")
    places = PlaceInWordsSerializer(many=True)
    turns = TurnInWordsSerializer(many=True, help_text="each player's last turn, latest first")


class RecordPlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField(help_text="the seat's place in the order of play, from 0")
    username = serializers.CharField()
    colour = serializers.CharField(help_text="the name the seat goes by in the game's events and outcome")
    bot = serializers.CharField(allow_null=True, help_text="the kind of the site's bot the player is (\"api\": a "
                                                           "program playing through the API); null: a person")
    team = serializers.IntegerField(allow_null=True, help_text="the seat's team (0 is team A); null: no teams")
    status = serializers.ChoiceField(choices=Seat.Status.values)
    place = serializers.IntegerField(allow_null=True, help_text="the seat's place as the site ranked it; null until the end")
    score = serializers.IntegerField(allow_null=True)


class RecordDecisionSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="the decision's number in the game (rising; undone ones left out)")
    seat = serializers.IntegerField()
    by_bot = serializers.BooleanField(help_text="a bot decided for the seat's player (a stand-in or an abandoned seat)")
    decision = serializers.DictField(help_text="as the rules module takes it; before the end, its public part only")
    at = serializers.DateTimeField(help_text="when it was made: ISO 8601 in UTC, ending in Z")


class RecordSerializer(serializers.Serializer):
    """A game record (docs/game-record.md)."""

    format = serializers.CharField(help_text=f'always "{FORMAT}": what the document is')
    version = serializers.IntegerField(help_text=f"the record format's version: {VERSION}")
    game = serializers.CharField(help_text="which game: its name in the registry")
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.values)
    rules_version = serializers.IntegerField()
    options = serializers.DictField()
    started_at = serializers.DateTimeField(help_text="ISO 8601 in UTC, ending in Z")
    finished_at = serializers.DateTimeField(allow_null=True, help_text="ISO 8601 in UTC, ending in Z; null while in progress")
    players = RecordPlayerSerializer(many=True)
    seed = serializers.IntegerField(required=False, min_value=0, max_value=2 ** 63 - 1,
                                    help_text="only once the game is over: what it drew from")
    decisions = RecordDecisionSerializer(many=True)
    outcome = serializers.DictField(allow_null=True, help_text="the rules module's outcome as stored; null before the end")


class ChatSerializer(KeptFieldsSerializer):
    username = serializers.CharField(source="user.username", read_only=True)
    display_name = serializers.CharField(source="user.profile.name", read_only=True, help_text="the author as pages name them")
    text = StrictCharField(max_length=cast(int, ChatMessage._meta.get_field("text").max_length),  # a CharField's
                           help_text="empty for a message a moderator hid, except to its author")
    hidden = serializers.BooleanField(read_only=True, help_text="hidden by a moderator: its place stays, its text is gone")

    class Meta:
        model = ChatMessage
        fields = ["id", "username", "display_name", "text", "created_at", "hidden"]
        read_only_fields = ["id", "username", "display_name", "created_at", "hidden"]

    def to_representation(self, message):
        data = super().to_representation(message)
        request = self.context.get("request")
        if message.hidden and not (request and request.user.is_authenticated and request.user.pk == message.user_id):
            data["text"] = ""
        return data


class ChatPageSerializer(serializers.Serializer):
    next = serializers.URLField(allow_null=True, help_text="the page of older messages, if any")
    previous = serializers.URLField(allow_null=True, help_text="the page of newer messages, if any")
    results = ChatSerializer(many=True, help_text="newest first")


class RatingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    display_name = serializers.CharField()
    rating = serializers.IntegerField(help_text="mu - 3 sigma, scaled: a new player starts at 1000")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="fewer than 5 rated games")
    last_played = serializers.DateTimeField(allow_null=True)


class ExploreRequestSerializer(serializers.Serializer):
    decisions = serializers.ListField(child=serializers.DictField(), required=False, default=list,
                                      max_length=services.EXPLORE_DEPTH,
                                      help_text="the line: decisions for whichever seat decides, in order, from the "
                                                "present position (each as the game's decision schema has it)")
    deal = serializers.IntegerField(min_value=0, max_value=2**31 - 1, required=False, default=0,
                                    help_text="which guessed world the line runs in: the same number, the same "
                                              "world; another number deals again")


class ExploreSerializer(serializers.Serializer):
    deal = serializers.IntegerField()
    depth = serializers.IntegerField(help_text="how many decisions the line played")
    guess = serializers.BooleanField(help_text="always true: what the position shows of hidden things is a guess")
    seat = serializers.IntegerField(allow_null=True, help_text="the seat that decides at the end of the line; "
                                                               "null once the game is over")
    view = serializers.DictField(help_text="that seat's view of the guessed position, as GET /api/games/{id}/ "
                                           "gives a view")
    actions = serializers.ListField(child=serializers.DictField(), help_text="the legal decisions there")
    prompt = serializers.CharField(help_text="the game's own prompt for them")
    question = serializers.DictField(allow_null=True, help_text="the rules' question there, as GET "
                                                                 "/api/games/{id}/actions/ gives it (null once over)")
    last = serializers.ListField(child=serializers.CharField(), help_text="the log lines of the line's last decision")
    outcome = serializers.DictField(allow_null=True, help_text="the outcome, if the line ended the game")
