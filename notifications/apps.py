from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"

    def ready(self) -> None:
        from accounts import extensions as account_extensions
        from games import signals

        from . import receivers, services

        account_extensions.notify_switches_register(
            services.profile_switches_read, services.profile_switches_write
        )
        signals.move_committed.connect(
            receivers.move_committed, dispatch_uid="notifications.move_committed"
        )
        signals.game_started.connect(
            receivers.game_started, dispatch_uid="notifications.game_started"
        )
        signals.chat_posted.connect(receivers.chat_posted, dispatch_uid="notifications.chat_posted")
        signals.game_aborted.connect(
            receivers.game_aborted, dispatch_uid="notifications.game_aborted"
        )
        signals.seat_reminded.connect(
            receivers.seat_reminded, dispatch_uid="notifications.seat_reminded"
        )
        signals.seat_timed_out.connect(
            receivers.seat_timed_out, dispatch_uid="notifications.seat_timed_out"
        )
        signals.result_announce.connect(
            receivers.result_announce, dispatch_uid="notifications.result_announce"
        )
