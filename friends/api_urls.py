from django.urls import path

from . import api

urlpatterns = [
    path("", api.FriendsView.as_view(), name="api-friends"),
    path("preferences/", api.PreferencesView.as_view(), name="api-friends-preferences"),
    *(path(f"{name}/<str:username>/", api.relation_view(name).as_view(), name=f"api-friends-{name}")
      for name in api.CHANGES),
]
