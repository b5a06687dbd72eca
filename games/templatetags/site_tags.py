"""Small template helpers of the site: nothing here knows any particular game."""
from functools import cache

from django import template
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, gettext_lazy

from games import rules
from games.services.reads import game_language
from games.standings import team_letter, team_of, teams_of

register = template.Library()


@register.filter
def team_name(index) -> str:
    """A team as players read it: "Team A" ("Team B"...), in the active language; "" for no team."""
    if not isinstance(index, int):
        return ""
    return translation.gettext("Team %(letter)s") % {"letter": team_letter(index)}


@register.filter
def player_names(seats) -> str:
    """The seats' players by their names: "Ann, Ben"."""
    return ", ".join(s.user.profile.name for s in seats)


@register.filter
def seat_groups(game) -> list[tuple[str, list]]:
    """The game's seats as lists show them: [(team name, its seats)] in a game played in teams, each
    team's seats in order, else one group without a name: [("", every seat)]."""
    seats = sorted(game.seats.all(), key=lambda s: s.order)
    try:
        teams = teams_of(game)
    except KeyError:  # a game no longer in the registry
        teams = None
    if teams is None:
        return [("", seats)]
    return [(team_name(i), [s for s in seats if team_of(teams, s.order) == i]) for i in range(len(teams))]


def seat_names(game) -> str:
    """The game's players as the lobby lists them: "Ann, Ben", or by team "Team A: Ann, Ben · Team B:
    –" (a team with no player yet)."""
    return " · ".join((f"{name}: " if name else "") + (player_names(seats) or "–") for name, seats in seat_groups(game))


def span(hours: int) -> str:
    """A span of hours as a clock is read: whole days as "3 d", else "36 h"."""
    if hours and hours % 24 == 0:
        return gettext("%(days)s d") % {"days": hours // 24}
    return gettext("%(hours)s h") % {"hours": hours}


@register.filter
def time_control(game) -> str:
    """The game's clock in a few words: "72 h/move", or a time bank "3 d + 1 d, at most 7 d"."""
    if game.time_control == "bank":
        return gettext("%(bank)s + %(increment)s, at most %(cap)s") % {
            "bank": span(game.bank_hours), "increment": span(game.increment_hours), "cap": span(game.cap_hours)}
    return f"{game.hours_per_move} h/{gettext('move')}"


# The lobby's entries are written here rather than in home.html: with fifty open games and fifty in
# progress, the template engine took longer over them than the database (docs/performance.md).

@register.simple_tag(takes_context=True)
def open_game_entry(context, game, joined: set, invited: set, standing: dict, beside: dict | None = None) -> str:
    """An open game of the lobby: its players so far, the time per move, its creator's rating and
    record of lost time (`standing`: lists.creators_standing), what an app beside games says of the
    creator (`beside`: {user id: markup}, their reliability), and for the reader whether they are
    invited, seated, or may join."""
    people = len(game.seats.all())
    said = (beside or {}).get(game.created_by_id)
    head = format_html('<a href="{}">{} #{}</a> · {}/{} {} · <span class="clock">{}</span>\n  <span class="who">{}</span>{}{}',
                       reverse("game", args=[game.pk]), game_title(game), game.pk, people, game.players,
                       gettext("players"), time_control(game), seat_names(game),
                       creator_standing(game, standing.get(game.pk)),
                       format_html(" · {}", said) if said else "")
    if game.strict:  # its clocks ignore quiet hours, days off and vacations
        head = format_html('{} · <span class="strict">{}</span>', head, gettext("strict"))
    mark = ""
    if game.pk in invited and game.pk not in joined:
        mark = format_html('<strong class="invited-mark">· {}</strong>', gettext("invited by %(name)s") % {
            "name": game.created_by.profile.name})
    seat: str
    if game.pk in joined:
        seat = format_html('<span class="muted">· {}</span>', gettext("you have a seat"))
    elif context["user"].is_authenticated:
        seat = format_html('<form method="post" action="{}" class="inline"><input type="hidden" '
                           'name="csrfmiddlewaretoken" value="{}"><button type="submit">{}</button></form>',
                           reverse("game_join", args=[game.pk]), context["csrf_token"], gettext("Join"))
    else:
        seat = ""
    return format_html('<li data-game="{}">{}\n  {}\n  {}\n</li>', game.name, head, mark, seat)


PROVISIONAL = gettext_lazy("provisional: fewer than 5 rated games, so the rating still moves a lot")


def creator_standing(game, standing) -> str:
    """ "created by Ann · rating 1012? · lost 1 of 12 games on time": the creator's rating at this game (the provisional
    mark as the rating pages show it) and how often they let their clock run out."""
    if standing is None:
        return ""
    mark = format_html('<abbr class="provisional-mark" title="{}">?</abbr>', PROVISIONAL) if standing.provisional else ""
    if standing.finished:
        record = gettext("lost %(lost)s of %(games)s games on time") % {"lost": standing.timed_out, "games": standing.finished}
    else:
        record = gettext("no finished game yet")
    return format_html('\n  <span class="creator" data-rating="{}" data-timed-out="{}" data-finished="{}">{} · {}{} · {}</span>',
                       standing.rating, standing.timed_out, standing.finished,
                       gettext("created by %(name)s") % {"name": game.created_by.profile.name},
                       gettext("rating %(rating)s") % {"rating": standing.rating}, mark, record)


@register.simple_tag
def game_in_play_entry(game) -> str:
    """A game in progress in the lobby: a link to watch it, its players and when it last moved."""
    moved = format_html(" · {}", last_move(game.last_move_at)) if game.last_move_at else ""
    return format_html('<li data-game="{}"><a href="{}">{} #{} · {}</a> · <span class="who">{}</span>{}</li>',
                       game.name, reverse("game", args=[game.pk]), game_title(game), game.pk, gettext("watch"),
                       seat_names(game), moved)


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@cache
def board_style(name: str) -> str | None:
    """The URL of a game's optional stylesheet, `static/<name>/board.css` in its package."""
    path = f"{name}/board.css"
    return static(path) if name in rules.names() and finders.find(path) else None


@register.simple_tag
def board_styles(*names):
    """<link>s to the stylesheets of the games drawn on a page (each name, or a list of names)."""
    flat = [n for name in names for n in ([name] if isinstance(name, str) else name)]
    urls = [url for url in dict.fromkeys(board_style(n) for n in flat) if url]
    return format_html_join("\n", '<link rel="stylesheet" href="{}">', ((u,) for u in urls))


@register.filter
def game_title(game_or_name) -> str:
    """A game's title in the active language, from its rules module."""
    name = getattr(game_or_name, "name", game_or_name)
    try:
        return rules.title(name, translation.get_language() or "en")
    except KeyError:
        return str(name)


def _names(game, whos) -> list[str]:
    """The players (display names) or the game's own participants that `whos` (seat names) are."""
    seats = {s.colour: s for s in game.seats.all()}
    try:
        shown = rules.presentation(game.name)
    except KeyError:  # a game no longer on the site: its participants are named by their keys
        shown = None
    lang = game_language(shown, translation.get_language() or "en") if shown else "en"
    participants = shown.participants if shown else {}
    return [seats[who].user.profile.name if who in seats else participants.get(who, {}).get(lang, who) for who in whos]


def _module(game):
    try:
        return rules.get(game.name)
    except KeyError:
        return None


@register.filter
def winner_names(game) -> str:
    """Who won a finished game: the players' names, or the name the game gives its own participant;
    in a game played in teams, the winning team's players and the team's name."""
    winners = (game.outcome or {}).get("winners", [])
    module = _module(game)
    teams = module.teams(game.players, game.options) if module else None
    seats = {s.colour: s for s in game.seats.all()}
    won = {team_of(teams, seats[who].order) if who in seats else None for who in winners}
    names = ", ".join(_names(game, winners))
    if teams is not None and len(won) == 1 and None not in won:
        return f"{names} ({team_name(won.pop())})"
    return names


@register.filter
def result_for(game, user) -> str:
    """A finished game's result as `user` reads it in their list: "draw" when every one shares first
    place, "you won" ("your team won"), "you shared first place with Carol", else "won by Carol"."""
    outcome = game.outcome or {}
    winners = outcome.get("winners", [])
    if not winners:
        return ""
    if len(outcome.get("ranking", [])) > 1 and all(e["who"] in winners for e in outcome["ranking"]):
        return gettext("draw")
    seat, module = game.seat_of(user), _module(game)
    if seat is None or seat.colour not in winners:
        return gettext("won by %(names)s") % {"names": winner_names(game)}
    teams = module.teams(game.players, game.options) if module else None
    mine = team_of(teams, seat.order)
    partners = {s.colour for s in game.seats.all() if s.order == seat.order or (mine is not None and team_of(teams, s.order) == mine)}
    others = [who for who in winners if who not in partners]
    if others:
        return gettext("you shared first place with %(names)s") % {"names": ", ".join(_names(game, others))}
    return gettext("your team won") if mine is not None else gettext("you won")


@register.filter
def last_move(when) -> str:
    """When a game last moved, in words: "just now" under a minute ("0 minutes ago" reads as a fault)."""
    from datetime import timedelta

    from django.utils import timezone
    from django.utils.timesince import timesince
    from django.utils.translation import gettext
    if timezone.now() - when < timedelta(minutes=1):
        return gettext("last move just now")
    return gettext("last move %(ago)s ago") % {"ago": timesince(when)}
