from django.urls import path

from . import api

urlpatterns = [
    path("", api.LadderListView.as_view(), name="api-ladders"),
    path("<int:ladder_id>/", api.LadderDetailView.as_view(), name="api-ladder"),
    path("<int:ladder_id>/join/", api.JoinView.as_view(), name="api-ladder-join"),
    path("<int:ladder_id>/leave/", api.LeaveView.as_view(), name="api-ladder-leave"),
    path("<int:ladder_id>/challenge/", api.ChallengeView.as_view(), name="api-ladder-challenge"),
]
