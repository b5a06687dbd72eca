"""Pages. Thin: they read through services and render templates; the game page plays through the API.

No page knows a game: titles, options, pictures, board modules and rules pages come from each game's
package through the rules registry (docs/games.md).
"""
from __future__ import annotations

import zoneinfo
from contextlib import suppress
from functools import cache

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _, gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_POST

from accounts import sign_ins
from accounts.models import Profile, language_of
from foundation.api import counted_ahead
from foundation.charts import rating_chart
from games import clock, groupings, rules, services
from games.entry.api.ratings import leaderboard
from games.entry.forms import BOT_NAMES, CreateGameForm, ProfileForm, VacationForm, bot_choices
from games.models import Game
from games.reactions import emails
from games.services import lists
from games.standings import teams_of
from games.templatetags.site_tags import team_name

GAME_TEXTS = {
    "olderChat": gettext_lazy("Earlier messages"), "close": gettext_lazy("Close"),
    "yourTurn": gettext_lazy("Your turn"), "waitingFor": gettext_lazy("Waiting for"),
    "stepNext": gettext_lazy("now choose one of the lit targets"),
    "stepTurn": gettext_lazy("turn it with ⟳, then Confirm"),
    "deadline": gettext_lazy("Deadline"), "timeLeft": gettext_lazy("time left"),
    "banks": gettext_lazy("Time banks"), "score": gettext_lazy("score"),
    "gameOver": gettext_lazy("Game over"), "winners": gettext_lazy("Winner"),
    "online": gettext_lazy("live"), "offline": gettext_lazy("offline"),
    "reconnecting": gettext_lazy("no live updates: checking every 15 s"),
    "resignConfirm": gettext_lazy("Resign this game? The bot will play your seat and you rank last."),
    "bot": gettext_lazy("bot"), "decision": gettext_lazy("decision"), "of": gettext_lazy("of"),
    "notifyTitle": gettext_lazy("Argo Station: your turn"), "notifyBody": gettext_lazy("It is your turn in"),
    "refused": gettext_lazy("This is not possible here."),
    "conflict": gettext_lazy("The game changed in the meantime: here is the new position."),
    "tooMany": gettext_lazy("Too many requests: please wait a moment."), "you": gettext_lazy("you"), "undone": gettext_lazy("undone"),
    "waiting": gettext_lazy("Waiting for the other players."), "player": gettext_lazy("Player"),
    "seated": gettext_lazy("seated"), "botPlays": gettext_lazy("played by the bot"),
    "awayUntil": gettext_lazy("on vacation until"),
    "ratingChanges": gettext_lazy("Ratings"), "reverted": gettext_lazy("reverted"),
    "unrated": gettext_lazy("This game was not rated."),
    "provisional": gettext_lazy("provisional: fewer than 5 rated games, so the rating still moves a lot"),
    "provisionalNote": gettext_lazy("? marks a provisional rating. A new rating moves a lot, by hundreds of points in its "
                                    "first games, while the site learns the player's strength; after about five games it "
                                    "moves by tens."),
    "replayStart": gettext_lazy("the start of the game"),
    "replayHint": gettext_lazy("Step through the game with the replay buttons or the arrow keys."),
    "abortedBecause": gettext_lazy("This game was aborted"),
    "newSinceVisit": gettext_lazy("new since your last visit"),
    "chatHidden": gettext_lazy("a message hidden by a moderator"),
    "chatHiddenYours": gettext_lazy("hidden by a moderator: only you see it"),
    "chatNotSent": gettext_lazy("The message was not sent: the site could not be reached. Try again."),
    "removedYou": gettext_lazy("A moderator removed you from this game: the bot plays your seat, and you rank last."),
    "resignedYou": gettext_lazy("You resigned this game: the bot plays your seat, and you rank last."),
    "timedOutYou": gettext_lazy("You ran out of time in this game: the bot plays your seat, and you rank last."),
    "moderator": gettext_lazy("Moderator"), "reason": gettext_lazy("Reason"),
    "deskRemoved": gettext_lazy("%(player)s was removed from the game; the bot plays the seat."),
    "deskExtended": gettext_lazy("The deadline was extended by %(hours)s hours."),
    "deskAborted": gettext_lazy("The game was stopped."),
    "deskReverted": gettext_lazy("The game was stopped after its end and its rating effect taken back."),
    "team": gettext_lazy("Team"), "teamName": gettext_lazy("Team %(letter)s"),
    "teamWon": gettext_lazy("Your team won."), "teamLost": gettext_lazy("Your team lost."),
    "teamDrew": gettext_lazy("Your team drew: every team shares the win."),
    # The board in words and the keys that say it (static/js/board_words.js).
    "youPlay": gettext_lazy("You play %(seat)s"), "nothingYours": gettext_lazy("You have nothing on the board."),
    "noTurnYet": gettext_lazy("Nobody has played yet."),
    "noPlace": gettext_lazy("Move to a target on the board first: its place is said."),
    "wordsYou": gettext_lazy("You"), "wordsScores": gettext_lazy("Scores"), "wordsTurns": gettext_lazy("Last turns"),
    "wordsPlaces": gettext_lazy("Places"), "chatFrom": gettext_lazy("Chat,"),
    # The offered targets outside the board's view, on the view bar's button that pans to them.
    "moreTargets": gettext_lazy("%(count)s more ›"),
    # The analysis board (static/js/analysis.js): its prompt and bar.
    "analysisTurn": gettext_lazy("Analysis, %(player)s to play"),
    "analysisOver": gettext_lazy("Analysis: the game ends in this line"),
    "analysisReading": gettext_lazy("Analysis: reading the position…"),
    "analysisPos": gettext_lazy("decision %(at)s of %(count)s · deal %(deal)s"),
    "analysisLast": gettext_lazy("Last decision"),
    "analysisCut": gettext_lazy("In this deal decision %(n)s of the line cannot be played: the line ends before it."),
    "analysisMoved": gettext_lazy("The game moved on: the analysis starts again from the new position."),
    "analysisLive": gettext_lazy("The game has moved on meanwhile: “Back to the game” shows it, and the next "
                                 "position read here starts from it."),
    "analysisLongest": gettext_lazy("A line has at most %(n)s decisions."),
    # Standing orders (static/js/analysis.js saves one, static/js/orders.js lists them).
    "orderSaved": gettext_lazy("Saved: when %(when)s, I answer %(answer)s."),
    "orderLine": gettext_lazy("when %(when)s, I answer %(answer)s"),
    "orderCounts": gettext_lazy("after %(expected)s expected decisions, an answer of %(answer)s"),
    "orderUnread": gettext_lazy("decision %(n)s"),
    "orderNotSent": gettext_lazy("The site could not be reached. Try again."),
    "orderWithdraw": gettext_lazy("Withdraw"),
    "orderWaiting": pgettext_lazy("standing order", "waiting"), "orderFired": pgettext_lazy("standing order", "fired"),
    "orderStopped": pgettext_lazy("standing order", "stopped"), "orderMissed": pgettext_lazy("standing order", "missed"),
    "orderWithdrawn": pgettext_lazy("standing order", "withdrawn"),
}


def _lang(request) -> str:
    return language_of(request.user, request)


def _text(texts: dict, lang: str) -> str:
    return texts.get(lang, texts["en"])


def _module_or_404(name: str):
    try:
        return rules.get(name)
    except KeyError:
        raise Http404(_("No such game.")) from None


@cache
def _start_view(name: str) -> dict:
    """The start position as a spectator sees it: the lobby's picture of the game (seed 0, public)."""
    module = rules.get(name)
    return module.view(module.new_game(module.min_players, 0), None)


def catalogue(lang: str) -> list[dict]:
    """Every game of the site, for the lobby, the rules and ratings indexes."""
    out = []
    for name in rules.names():
        module = rules.get(name)
        out.append({"name": name, "title": rules.title(name, lang), "summary": _text(rules.presentation(name).summary, lang),
                    "min_players": module.min_players, "max_players": module.max_players})
    return out


def board_config(name: str, lang: str) -> dict:
    """What the browser needs to draw a game: its board module and the game's public data. `lang`:
    the page's language; `gameLang`: the one the board module and the game's data speak
    (services.game_language: English where the game does not speak the page's)."""
    shown = rules.presentation(name)
    spoken = services.game_language(shown, lang)
    return {"game": name, "module": static(f"{name}/board.js"), "data": shown.client_data(spoken),
            "lang": lang, "gameLang": spoken}


def home(request):
    lang = _lang(request)
    games = catalogue(lang)
    pictures = {g["name"]: {**board_config(g["name"], lang), "view": _start_view(g["name"])} for g in games}
    # The open games as the player chose them (the filters are the URL's, as GET /api/games/ takes them).
    refused, open_games = None, []
    try:
        chosen = lists.lobby_choice(lists.given(request.GET))
        open_games = list(lists.open_games(request.user, chosen))
    except services.Invalid as exc:
        chosen, refused = lists.LobbyChoice(), exc.detail
    response = render(request, "games/home.html", {
        "games": games, "pictures": pictures, "chosen": chosen, "refused": refused,
        "filtered": chosen != lists.LobbyChoice(), "languages": settings.LANGUAGES,
        "open_games": open_games, "standing": lists.creators_standing(open_games),
        "joined": lists.open_games_seated(request.user),
        "invited": lists.open_games_invited(request.user),
        "active_games": lists.games_in_play(), "in_play_seconds": settings.LOBBY_IN_PLAY_SECONDS,
    })
    if refused:
        response.status_code = 400
    return response


def new_game(request, game_name: str):
    module = _module_or_404(game_name)
    lang = _lang(request)
    if not request.user.is_authenticated:
        return redirect(f"{reverse('account_login')}?next={request.path}")
    form, refused = CreateGameForm(module, lang, request.POST or None), None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.create_game(request.user, game=game_name, players=data["players"],
                                        **form.clock(), options=form.options(data["players"]),
                                        invite=form.invitees(), bots=form.bots(), strict=data["strict"])
        except services.GameError as exc:
            form.add_error(None, exc.detail)
            refused = exc
        else:
            return redirect("game", game.pk)
    response = render(request, "games/new_game.html", {"form": form, "game": catalogue_entry(game_name, lang)})
    if isinstance(refused, services.TooMany):  # a limit: 429 and Retry-After, as the API answers it
        response.status_code, response["Retry-After"] = 429, str(refused.retry_after)
    return response


def catalogue_entry(name: str, lang: str) -> dict:
    return next(g for g in catalogue(lang) if g["name"] == name)


@login_required
def next_game(request):
    """The most urgent other game that waits for the player (`from`: the game being left); with
    none, My games says so."""
    after = request.GET.get("from", "")
    target = services.next_waiting_game(request.user, int(after) if after.isdigit() and len(after) < 10 else None)
    if target is None:
        messages.info(request, _("No other game waits for you."))
        return redirect("my_games")
    return redirect("game", game_id=target)


@login_required
def my_games(request):
    """My games, kept to one game and one section by the filters (`game`, `show`); a filter the
    site does not know is a 400 with the whole list and the reason."""
    user, status, refusal, lang = request.user, 200, None, translation.get_language() or "en"
    # the form's "All games" and "Everything" send an empty value: no filter
    keys = [g.key for g in groupings.registered()]
    chosen = {name: request.GET.get(name, "")[:40] for name in ("game", "show", *keys)}
    try:
        # a section asked for by name is shown whole; the overview shows each section's first games
        mine = lists.my_games(user, game=chosen["game"] or None, show=chosen["show"] or None, lang=lang,
                              groups={k: chosen[k] for k in keys if chosen[k]},
                              shown=None if chosen["show"] else lists.MY_GAMES_SHOWN)
    except services.GameError as exc:
        status, refusal, chosen = exc.status, exc.detail, dict.fromkeys(chosen, "")
        mine = lists.my_games(user, lang=lang, shown=lists.MY_GAMES_SHOWN)
    # the badge (context_processors.site) needs no query of its own
    request.games_waiting = mine.waiting_for_me
    return render(request, "games/my_games.html", {
        "my_turn": mine.my_turn, "invited": mine.invitations, "waiting": mine.waiting, "finished": mine.finished,
        "new_since": mine.new_since, "last_moves": mine.last_moves,
        "answers_waiting": mine.answers_waiting, "note_lines": mine.note_lines,
        "chosen": chosen, "refusal": refusal, "filtered": any(chosen.values()),
        "more": _more_rows(request, mine),
        "game_choices": [(name, rules.title(name, lang)) for name in rules.names()],
        "sections": _SECTION_LABELS,
        # each game's board module and public data, for the rows' pictures (static/js/my_games.js)
        "row_boards": {name: board_config(name, lang) for name in {g.name for _, g in mine.in_order()}},
        "groupings": [{"key": g.key, "label": g.label, "choices": choices} for g in groupings.registered()
                      if (choices := g.choices(user))]},
        status=status)


def _more_rows(request, mine: lists.MyGames) -> dict[str, dict]:
    """{section: {"count", "url"}} for each section the overview cut short: its "Show all" link keeps
    the other filters chosen and names the section."""
    more = {}
    for name in lists.MY_GAMES_SECTIONS:
        if mine.totals.get(name, 0) > len(getattr(mine, name)):
            query = request.GET.copy()
            query["show"] = name
            more[name] = {"count": mine.totals[name], "url": f"?{query.urlencode()}"}
    return more


# The filters' words for My games' sections (lists.MY_GAMES_SECTIONS).
_SECTION_LABELS = [("my_turn", gettext_lazy("Your turn")), ("invitations", gettext_lazy("Invitations")),
                   ("waiting", gettext_lazy("Waiting for others")), ("finished", gettext_lazy("Finished"))]


def option_labels(game: Game, lang: str) -> list[str]:
    """The game's options that differ from their defaults, as the create form named them: "Difficulty:
    hard" (a default says nothing a player needs, and each line pushes the board down on a phone)."""
    out, module = [], services.rules_of(game)
    lang = services.game_language(services.presentation_of(game), lang)
    for key, spec in module.options_schema().items():
        if game.options.get(key, spec["default"]) != spec["default"] and game.options[key] in spec["choices"]:
            labels = spec.get("choice_labels", {}).get(lang) or [str(c) for c in spec["choices"]]
            out.append(f"{_text(spec.get('label', {'en': key}), lang)}: {labels[spec['choices'].index(game.options[key])]}")
    return out


def game_page(request, game_id):
    try:
        game = lists.game_for_page(game_id)
    except services.NotFound:
        raise Http404(_("No such game.")) from None
    seat = game.seat_of(request.user)
    lang = _lang(request)
    module, shown = services.rules_of(game), services.presentation_of(game)
    invitations = services.invitations_of(game)
    may_join = (request.user.is_authenticated and game.status == Game.Status.OPEN and seat is None
                and len(game.seats.all()) < game.players)
    # a game whose creator or a seated player closed their games to the reader offers no Join, but says so
    join_refusal = services.join_refusal(game, request.user) if may_join else None
    can_join = may_join and join_refusal is None
    news = services.news_for(game, seat, lang) if game.status != Game.Status.OPEN else []
    return render(request, "games/game.html", {
        "game": game, "seat": seat, "title": rules.title(game.name, lang), "options": option_labels(game, lang),
        "page_config": {
            **board_config(game.name, lang),
            "id": game.pk, "title": rules.title(game.name, lang), "status": game.status,
            "yourSeat": seat.order if seat else None,
            # each seat's colour or faction in the game's words: the players table says it to a screen reader
            "seatWords": _seat_words(game, module, shown, lang),
            "user": request.user.username if request.user.is_authenticated else None,
            "participants": {k: _text(v, lang) for k, v in shown.participants.items()},
            "timeZone": request.user.profile.time_zone if request.user.is_authenticated else None,
            # "Replay what is new": from the board the player last saw through the others' decisions since.
            "news": {"since": seat.last_seen_seq, "numbers": [n for turn in news for n in turn["numbers"]]} if news else None,
        },
        "texts": {**{k: str(v) for k, v in GAME_TEXTS.items()},
                  "status": {k: str(v) for k, v in Game.Status.choices}},
        "can_join": can_join, "join_refusal": join_refusal,
        "lobby_teams": _lobby_teams(game, can_join) if game.status == Game.Status.OPEN else None,
        "can_start": seat is not None and services.may_start(game, request.user),
        **_chat_box(game, seat, request.user),
        "invitations": invitations,
        "can_decline": game.status == Game.Status.OPEN and request.user in invitations["pending"],
        "seat_in_play": _in_play(game, seat),
        "news": news,
        "stand_in": _stand_in_offer(game, seat, module),
        # The game as one JSON document (docs/game-record.md), from the API, once the game has started.
        "has_record": services.has_record(game), "record_filename": services.record_filename(game),
    })


def _seat_words(game: Game, module, shown, lang: str) -> dict[str, str]:
    words, spoken = shown.command_line(module, shown).seat, services.game_language(shown, lang)
    return {s.colour: words(s.colour, spoken) for s in game.seats.all() if s.colour}


def _chat_box(game: Game, seat, user) -> dict:
    """The chat box only where a line could be sent; where the seat allows it but a player of the game
    does not (a block, "friends only"), the reason stands in its place, in the reader's language."""
    if seat is None or services.chat_refusal(game, user) is not None:
        return {"can_chat": False, "chat_gated": None}
    gated = services.chat_refused(game, user)
    return {"can_chat": gated is None, "chat_gated": gated}


def _lobby_teams(game: Game, can_join: bool) -> list[dict] | None:
    """An open game played in teams: each team with its seats (None for a free one), and whether the
    viewer may join it (a free seat in it)."""
    teams = teams_of(game)
    if teams is None:
        return None
    seats = {s.order: s for s in game.seats.all()}
    return [{"index": i, "name": team_name(i), "seats": [seats.get(order) for order in sorted(team)],
             "can_join": can_join and any(order not in seats for order in team)} for i, team in enumerate(teams)]


def _in_play(game: Game, seat) -> bool:
    """The viewer's seat in a game in progress, still theirs: what its own controls (a stand-in,
    muting, the notification offer; static/js/game.js hides them likewise) need in order to act."""
    return seat is not None and not seat.abandoned and game.status == Game.Status.ACTIVE


def _stand_in_offer(game: Game, seat, module) -> dict | None:
    """What the "let a bot play for me" form shows: the bot keeping the seat now, or the bots to choose."""
    if not _in_play(game, seat):
        return None
    names = dict(bot_choices(module))
    return {"current": names.get(seat.stand_in, seat.stand_in) if seat.stand_in else None, "choices": list(names.items())}


def _lobby_action(request, game_id, action):
    try:
        action(request.user, game_id)
    except services.GameError as exc:
        messages.error(request, exc.detail)
    return redirect("game", game_id)


@login_required
@require_POST
def join(request, game_id):
    """Join an open game: the first free seat, or the first free seat of the team chosen (`team`)."""
    team = request.POST.get("team") or None
    chosen = int(team) if team and team.isascii() and team.isdigit() and len(team) < 4 else team  # else refused
    return _lobby_action(request, game_id, lambda user, pk: services.join_game(user, pk, chosen))


@login_required
@require_POST
def leave(request, game_id):
    return _lobby_action(request, game_id, services.leave_game)


@login_required
@require_POST
def mute(request, game_id):
    muted = request.POST.get("muted") == "1"
    return _lobby_action(request, game_id, lambda user, pk: services.mute(user, pk, muted))


@login_required
@require_POST
def stand_in(request, game_id):
    kind = request.POST.get("bot") or None
    return _lobby_action(request, game_id, lambda user, pk: services.stand_in(user, pk, kind))


@login_required
@require_POST
def start(request, game_id):
    return _lobby_action(request, game_id, services.start_game)


@login_required
@require_POST
def decline(request, game_id):
    try:
        services.decline_invitation(request.user, game_id)
    except services.GameError as exc:
        messages.error(request, exc.detail)
        return redirect("game", game_id)
    messages.success(request, _("You declined the invitation to game #%(id)s.") % {"id": game_id})
    return redirect("my_games")


def rules_index(request):
    return render(request, "games/rules_index.html", {"games": catalogue(_lang(request))})


def rules_page(request, game_name: str):
    _module_or_404(game_name)
    lang = _lang(request)
    return render(request, "games/rules.html", {
        "game": catalogue_entry(game_name, lang), "body": f"{game_name}/rules.html",
        "page_config": board_config(game_name, lang),
    })


@login_required
def settings_page(request):
    profile = request.user.profile
    form = ProfileForm(request.POST if "save_profile" in request.POST else None, instance=profile)
    vacation = VacationForm(request.POST if "add_vacation" in request.POST else None)
    if request.method == "POST":
        if "save_profile" in request.POST and form.is_valid():
            form.save()
            # said in the language just chosen: the next page is in it already
            with translation.override(profile.language):
                messages.success(request, _("Your settings are saved."))
            return redirect("settings")
        if "add_vacation" in request.POST and vacation.is_valid():
            try:
                services.add_vacation(request.user, vacation.cleaned_data["start"], vacation.cleaned_data["end"])
            except services.GameError as exc:
                vacation.add_error(None, exc.detail)
            else:
                messages.success(request, _("Your vacation is saved: your deadlines move with it."))
                return redirect("settings")
        if "delete_device" in request.POST:
            chosen = request.POST["delete_device"]
            if chosen.isdigit() and request.user.push_devices.filter(pk=chosen).delete()[0]:
                messages.success(request, _("That device gets no more notifications."))
            return redirect("settings")
        if {"end_browser", "end_program", "sign_out_everywhere"} & request.POST.keys():
            return _end_sign_ins(request)
        if "delete_vacation" in request.POST:
            with suppress(ValueError):
                services.cancel_vacation(request.user, int(request.POST.get("delete_vacation", "")))
            return redirect("settings")
    today = timezone.localdate()
    return render(request, "games/settings.html", {
        "form": form, "vacation_form": vacation, "time_zones": sorted(zoneinfo.available_timezones()),
        "vacations": request.user.vacations.filter(end__gte=today), "today": today,
        "days_left": clock.vacation_days_left(request.user, today.year),
        "devices": request.user.push_devices.all(), "push_key": settings.VAPID_PUBLIC_KEY,
        "browsers": sign_ins.browsers(request.user, request.session.session_key),
        "programs": sign_ins.programs(request.user),
    })


def _end_sign_ins(request):
    """The settings page's list of sign-ins: sign out one browser, one program, or everywhere."""
    user = request.user
    if "sign_out_everywhere" in request.POST:
        sign_ins.sign_out_everywhere(request)  # this session ends too: the next page asks to sign in
        messages.success(request, _("You are signed out everywhere, here too."))
        return redirect("account_login")
    chosen = request.POST.get("end_browser", "")
    if chosen.isdigit() and sign_ins.end_browser(request, int(chosen)):
        messages.success(request, _("That browser is signed out."))
        if not request.user.is_authenticated:  # it was this one
            return redirect("account_login")
    elif sign_ins.end_program(user, request.POST.get("end_program", "")):
        messages.success(request, _("That program is signed out: its token works no more."))
    return redirect(f"{reverse('settings')}#sign-ins")


def email_preferences(request, token):
    """The one-click link of every email: no login needed, the signed token names the user."""
    user = emails.user_for_token(token)
    if user is None:
        raise Http404(_("This link is not valid any more."))
    profile = user.profile
    choice = request.POST.get("notify_turn")
    if request.method == "POST" and choice in dict(profile.Notify.choices):
        profile.notify_turn = choice
        profile.save(update_fields=["notify_turn"])
        services.notices_changed(user)  # a reader of batches is due at their next hour
        messages.success(request, _("Saved."))
        return redirect("email_preferences", token=token)
    return render(request, "games/email_preferences.html", {
        "who": profile.name, "current": profile.notify_turn, "choices": profile.Notify.choices})


def player_page(request, username):
    try:
        user = lists.active_player(username)
    except services.NotFound:
        raise Http404(_("No such player.")) from None
    seats = lists.finished_seats_of(user)
    history = lists.rating_history(user)
    lang = _lang(request)
    per_game = []
    for rating in user.ratings.order_by("game"):
        mine = [c for c in history if c.rating_id == rating.pk]
        title = rules.title(rating.game, lang) if rating.game in rules.names() else rating.game
        per_game.append({"title": title, "name": rating.game, "rating": rating,
                         "chart": rating_chart(mine) if mine else None})
    return render(request, "games/player.html", {
        "player": user, "seats": seats, "ratings": per_game,
        "changes": {c.match_id: c.after - c.before for c in history}, "bot_note": _bot_note(user.profile),
    })


def _bot_note(profile) -> str:
    """What kind of bot a bot account is; its ratings per game say how strong."""
    if not profile.bot:
        return ""
    if profile.bot == Profile.API_BOT:
        return _("A program playing through the API.")
    return _("One of the site's bots: %(kind)s. Choose it for any seat of a new game.") % {
        "kind": BOT_NAMES.get(profile.bot, profile.bot)}


def ratings_index(request):
    return render(request, "games/ratings_index.html", {"games": catalogue(_lang(request))})


LEADERBOARD_PAGE = 100  # players a page of the leaderboard shows


def leaderboard_page(request, game_name: str):
    _module_or_404(game_name)
    lang = _lang(request)
    active = request.GET.get("active") == "1"
    raw = request.GET.get("page")
    page = counted_ahead(raw, LEADERBOARD_PAGE)(leaderboard(game_name, active), LEADERBOARD_PAGE).get_page(raw)
    participant = lists.participant_rating(game_name)
    participant_name = next((_text(v, lang) for v in rules.presentation(game_name).participants.values()), "")
    return render(request, "games/leaderboard.html", {
        "page": page, "rows": page.object_list, "first_rank": page.start_index(), "participant": participant,
        "participant_name": participant_name, "active": active, "game": catalogue_entry(game_name, lang)})
