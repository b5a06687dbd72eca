from django.urls import path

from . import views

urlpatterns = [
    path("", views.tournament_list, name="tournaments"),
    path("new/<str:game_name>/", views.new_tournament, name="new_tournament"),
    path("<int:tournament_id>/", views.tournament_page, name="tournament"),
    path("<int:tournament_id>/signup/", views.sign_up, name="tournament_signup"),
    path("<int:tournament_id>/withdraw/", views.withdraw, name="tournament_withdraw"),
]
