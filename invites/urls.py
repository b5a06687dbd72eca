from django.urls import path, re_path

from . import views

urlpatterns = [
    re_path(r"^invite/(?P<token>[A-Za-z0-9_-]{1,64})/\Z", views.invitation, name="invitation"),
    path("games/<int:game_id>/invite-link/", views.make, name="invite_link_make"),
    path("games/<int:game_id>/invite-link/revoke/", views.revoke, name="invite_link_revoke"),
]
