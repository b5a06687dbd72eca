"""The friends page and the buttons of the player page: thin, over friends.services."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _, gettext_lazy
from django.views.decorators.http import require_POST

from accounts.models import display_name, language_of
from games import services as games

from . import services
from .forms import InviteForm, PreferencesForm

# What each button of the player page and /friends/ does, and what the page says after it.
CHANGES = {
    "follow": (services.follow, gettext_lazy("You follow %(name)s.")),
    "unfollow": (services.unfollow, gettext_lazy("You no longer follow %(name)s.")),
    "ask": (services.ask, gettext_lazy("Your friend request to %(name)s is sent.")),
    "withdraw": (services.withdraw, gettext_lazy("Your request to %(name)s is withdrawn.")),
    "accept": (services.accept, gettext_lazy("You and %(name)s are friends.")),
    "decline": (services.decline, gettext_lazy("You declined the request of %(name)s.")),
    "unfriend": (services.unfriend, gettext_lazy("You and %(name)s are no longer friends.")),
    "block": (services.block, gettext_lazy("You blocked %(name)s.")),
    "unblock": (services.unblock, gettext_lazy("You unblocked %(name)s.")),
}


@login_required
def friends_page(request, invite_form=None):
    data = services.overview(request.user)
    prefs = services.preferences(request.user)
    form = invite_form or InviteForm(language_of(request.user, request), [e["user"] for e in data["friends"]])
    return render(request, "friends/page.html", {
        **data, "invite_form": form,
        "preferences_form": PreferencesForm(initial={name: getattr(prefs, name) for name in PreferencesForm.base_fields}),
    }, status=400 if invite_form is not None else 200)


@login_required
@require_POST
def change(request, username: str, verb: str):
    if verb not in CHANGES:
        raise Http404(_("No such change."))
    act, said = CHANGES[verb]
    try:
        made_friends = act(request.user, username)
    except games.NotFound:
        raise Http404(_("No such player.")) from None
    except games.GameError as exc:
        messages.error(request, exc.detail)
    else:
        if made_friends is True:  # a request answering theirs: friends at once
            said = CHANGES["accept"][1]
        messages.success(request, str(said) % {"name": display_name(services.other_player(request.user, username))})
    return _back(request, username)


def _back(request, username: str):
    """To the page the button was on: the player page or /friends/."""
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        target = reverse("player", args=[username])
    return redirect(target)


@login_required
@require_POST
def invite(request):
    friends = [e["user"] for e in services.overview(request.user)["friends"]]
    form = InviteForm(language_of(request.user, request), friends, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            game = services.invite(request.user, game=data["game"], players=data["players"],
                                   friends=data["friends"], message=data["message"])
        except games.GameError as exc:
            form.add_error(None, exc.detail)
        else:
            messages.success(request, _("Your game is created and your friends are invited."))
            return redirect("game", game.pk)
    return friends_page(request, invite_form=form)


@login_required
@require_POST
def preferences(request):
    form = PreferencesForm(request.POST)
    form.is_valid()  # checkboxes only: every POST is valid, a box left out is off
    services.set_preferences(request.user, **form.cleaned_data)
    messages.success(request, _("Your choices are saved."))
    return redirect("friends")
