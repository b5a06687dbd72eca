from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "orders"
    verbose_name = "Standing orders"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Connects the listener of games.signals, registers the Celery task and answers the games
        # app's hooks (games.answering); the games app never imports this one (docs/orders.md).
        from foundation import export
        from games import answering
        from orders import reactions, services, tasks  # noqa: F401
        from orders.export import standing_orders
        export.register("standing_orders", standing_orders)
        answering.register_answers_now(services.answers_now)
        answering.register_before_time_out(services.fire)
