from django.urls import path

from . import views

urlpatterns = [
    path("settings/webhooks/", views.add, name="webhook-add"),
    path("settings/webhooks/<int:hook_id>/remove/", views.remove, name="webhook-remove"),
]
