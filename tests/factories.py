"""factory-boy factories for the platform's models."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from accounts.models import Profile
from games.models import ChatMessage, Game, Seat

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n:03d}x")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password(PASSWORD)
    profile = factory.RelatedFactory("tests.factories.ProfileFactory", factory_related_name="user")


class StaffFactory(UserFactory):
    is_staff = True
    username = factory.Sequence(lambda n: f"staff{n:03d}")


class ProfileFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Profile
        django_get_or_create = ("user",)

    user = factory.SubFactory(UserFactory)
    display_name = factory.LazyAttribute(lambda p: p.user.username.title())


class GameFactory(factory.django.DjangoModelFactory):
    """An open game with its creator in seat 1 (no engine involved)."""

    class Meta:
        model = Game

    created_by = factory.SubFactory(UserFactory)
    player_count = 2
    options = factory.LazyFunction(lambda: ["strict-leech"])
    public = True
    seat = factory.RelatedFactory(
        "tests.factories.SeatFactory",
        factory_related_name="game",
        position=1,
        user=factory.SelfAttribute("..created_by"),
    )


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Seat

    game = factory.SubFactory(GameFactory)
    user = factory.SubFactory(UserFactory)
    position = factory.Sequence(lambda n: n + 2)


class ChatMessageFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ChatMessage

    game = factory.SubFactory(GameFactory)
    user = factory.SubFactory(UserFactory)
    text = "good luck, have fun"


# --- leagues ---------------------------------------------------------------------------------


class LeagueFactory(factory.django.DjangoModelFactory):
    """A 4-player league whose creator (staff) is its admin."""

    class Meta:
        model = "leagues.League"
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"League{n:03d}")
    players_per_game = 4
    options = factory.LazyFunction(
        lambda: ["strict-leech", "errata-cultist-power", "mini-expansion-1", "shipping-bonus"]
    )
    group_size = 7
    created_by = factory.SubFactory(StaffFactory)

    @factory.post_generation
    def admins(self, create: bool, extracted, **kwargs) -> None:
        if create:
            self.admins.add(self.created_by, *(extracted or []))


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "leagues.Season"

    league = factory.SubFactory(LeagueFactory)
    number = 1
    status = "signup"


class SignUpFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "leagues.SignUp"

    season = factory.SubFactory(SeasonFactory)
    user = factory.SubFactory(UserFactory)
