from django.urls import path

from . import views

urlpatterns = [
    path("", views.friends_page, name="friends"),
    path("invite/", views.invite, name="friends_invite"),
    path("preferences/", views.preferences, name="friends_preferences"),
    path("<str:username>/<str:verb>/", views.change, name="friends_change"),
]
