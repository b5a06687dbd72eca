"""Small template helpers of the site: nothing here knows any particular game."""
from functools import lru_cache

from django import template
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.utils import translation
from django.utils.html import format_html_join

from games import rules
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


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@lru_cache(maxsize=None)
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


@register.filter
def winner_names(game) -> str:
    """Who won a finished game: the players' names, or the name the rules give their own participant;
    in a game played in teams, the winning team's players and the team's name."""
    outcome = game.outcome or {}
    seats = {s.colour: s for s in game.seats.all()}
    lang = translation.get_language() or "en"
    try:
        module = rules.get(game.name)
    except KeyError:
        module = None
    participants = module.participants if module else {}
    teams = module.teams(game.players, game.options) if module else None
    names, won = [], set()
    for who in outcome.get("winners", []):
        if who in seats:
            profile = getattr(seats[who].user, "profile", None)
            names.append(profile.name if profile else seats[who].user.username)
            won.add(team_of(teams, seats[who].order))
        else:
            names.append(participants.get(who, {}).get(lang, who))
            won.add(None)
    if teams is not None and len(won) == 1 and None not in won:
        return f"{', '.join(names)} ({team_name(won.pop())})"
    return ", ".join(names)


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
