from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save

        from . import receivers

        post_save.connect(
            receivers.user_saved, sender=get_user_model(), dispatch_uid="accounts.user_saved"
        )
