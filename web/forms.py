"""Forms of the pages that also work without JavaScript."""

from __future__ import annotations

from typing import cast

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts.usernames import USERNAME_PATTERN, USERNAME_RULE
from games import kinds
from games.kinds.contract import OPTION_GROUPS, KindInfo, Option
from games.models import ORIGINAL_MAP_ID

from .bot_levels import bot_level_name

HOUR, DAY = 3600, 86400


def _days_text(n: int) -> str:
    return ngettext("%(n)s day", "%(n)s days", n) % {"n": n}


def _players_text(n: int) -> str:
    return ngettext("%(n)s player", "%(n)s players", n) % {"n": n}


# Choices are built once, at import: lazy, they are worded in each request's language.
_days = lazy(_days_text, str)
_players = lazy(_players_text, str)


TIME_CONTROLS = [
    ("none", _("No time limit")),
    ("move", _("A deadline for each move")),
    ("chess", _("A chess clock per player")),
]
MOVE_LIMITS = [(12 * HOUR, _("12 hours"))] + [(n * DAY, _days(n)) for n in (1, 2, 3, 5, 7, 14)]
CLOCK_INITIAL = [(n * DAY, _days(n)) for n in (1, 3, 5, 7, 10, 14, 21, 30)]
CLOCK_BONUS = (
    [(0, _("nothing"))] + [(12 * HOUR, _("12 hours"))] + [(n * DAY, _days(n)) for n in (1, 2, 3)]
)


# The groups of a kind's options on the form (contract.OPTION_GROUPS, then the rest).
OPTION_GROUP_NAMES = {
    "errata": _("Rules errata"),
    "expansion": _("Expansions"),
    "variant": _("Variants"),
    "promo": _("Promos"),
    "": _("Other options"),
}


def map_kinds() -> set[str]:
    """Kinds whose games are set up on a map and may fix their setup (its tiles)."""
    return set(kinds.offering("setup_choices"))


def setup_choices() -> dict[str, list[tuple[str, str]]]:
    """The maps and the tiles of a fixed setup the form offers, in the reader's language (the
    first kind that has them: Terra Mystica's)."""
    offering = kinds.offering("setup_choices")
    if not offering:
        return {"maps": [], "scoring_tiles": [], "bonus_tiles": []}
    return kinds.engine_for(offering[0]).setup_choices()


def option_words(option: Option) -> tuple[str, str]:
    """An option's label and description in the reader's language (its kind marks them for
    the catalogs; a kind without a label is described by its description alone)."""
    description = gettext(option.description) if option.description else ""
    if not option.label:
        return description or option.name, ""
    return gettext(option.label), description


def choice_field(field: forms.Field) -> forms.ChoiceField:
    """A form's field known to offer choices (declared as one in the form)."""
    return cast(forms.ChoiceField, field)


class NewGameForm(forms.Form):
    """A new game of any kind the site hosts: the kind first, then its player counts and its
    options in words, grouped; maps and a fixed setup for the kinds that have them."""

    kind = forms.ChoiceField(
        choices=[], required=False, widget=forms.RadioSelect, label=_("Which game?")
    )
    name = forms.CharField(max_length=100, required=False, label=_("Name"))
    player_count = forms.TypedChoiceField(choices=[], coerce=int, initial=4, label=_("Players"))
    public = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Public"),
        help_text=_("Anyone can join. Private games are joined through their invite link."),
    )
    rated = forms.BooleanField(
        required=False,
        initial=False,
        label=_("Rated"),
        help_text=_("A private game counts for the ratings only when this is ticked."),
    )
    map_id = forms.ChoiceField(choices=[], required=False, label=_("Map"))
    bots = forms.TypedChoiceField(
        choices=[(n, str(n)) for n in range(5)],
        coerce=int,
        initial=0,
        required=False,
        label=_("Computer players"),
        help_text=_(
            "Seats the computer plays. The game starts when its other seats are taken; "
            "games against the computer are not rated."
        ),
    )
    bot_level = forms.ChoiceField(choices=[], required=False, label=_("Computer's level"))
    time_control = forms.ChoiceField(
        choices=TIME_CONTROLS, initial="none", required=False, label=_("Time control")
    )
    move_time_limit = forms.TypedChoiceField(
        choices=MOVE_LIMITS, coerce=int, initial=DAY, required=False, label=_("Time per move")
    )
    clock_initial = forms.TypedChoiceField(
        choices=CLOCK_INITIAL,
        coerce=int,
        initial=7 * DAY,
        required=False,
        label=_("Clock at the start"),
    )
    clock_bonus = forms.TypedChoiceField(
        choices=CLOCK_BONUS, coerce=int, initial=DAY, required=False, label=_("Added each round")
    )
    # One field for every kind's boxes (only the chosen kind's count): the page hides the
    # others, and without script the boxes of other kinds are ignored.
    options = forms.MultipleChoiceField(
        choices=[], required=False, widget=forms.CheckboxSelectMultiple, label=_("Options")
    )
    explicit_setup = forms.BooleanField(
        required=False,
        label=_("Choose the setup myself"),
        help_text=_(
            "Otherwise scoring tiles, removed bonus tiles and seat order are drawn at the start."
        ),
    )
    removed_bonus_tiles = forms.MultipleChoiceField(
        choices=[],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=_("Removed bonus tiles"),
    )
    seat_order = forms.CharField(
        required=False,
        max_length=800,
        label=_("Seat order"),
        help_text=_(
            "Usernames in seat order, separated by commas; empty: in the order players join."
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.kinds: dict[str, KindInfo] = {info.kind: info for info in kinds.kinds()}
        choice_field(self.fields["kind"]).choices = [(k, i.name) for k, i in self.kinds.items()]
        self.fields["kind"].initial = kinds.DEFAULT_KIND
        counts = sorted({n for info in self.kinds.values() for n in info.player_counts})
        choice_field(self.fields["player_count"]).choices = [(n, _players(n)) for n in counts]
        choices = setup_choices()
        choice_field(self.fields["map_id"]).choices = choices["maps"]
        self.fields["map_id"].initial = choices["maps"][0][0] if choices["maps"] else ""
        levels = dict.fromkeys(level for k in self.kinds for level in kinds.bot_levels(k))
        choice_field(self.fields["bot_level"]).choices = [
            (level, bot_level_name(level)) for level in levels
        ]
        self.fields["bot_level"].initial = next(iter(levels), "")
        offered = [(k, o) for k, i in self.kinds.items() for o in i.options if o.offered]
        # A name two kinds share is one box value: its words are the first kind's.
        choice_field(self.fields["options"]).choices = list(
            {o.name: (o.name, option_words(o)[0]) for _k, o in reversed(offered)}.values()
        )
        self.fields["options"].initial = [o.name for k, o in offered if o.default]
        tiles = [("", "—"), *choices["scoring_tiles"]]
        for n in range(1, 7):
            self.fields[f"scoring_{n}"] = forms.ChoiceField(
                choices=tiles, required=False, label=format_lazy(_("Round {n}"), n=n)
            )
        choice_field(self.fields["removed_bonus_tiles"]).choices = choices["bonus_tiles"]

    def clean_map_id(self) -> str:
        return self.cleaned_data.get("map_id") or self.fields["map_id"].initial

    @property
    def kind_sections(self) -> list[dict]:
        """Each kind with its player counts and its options by group, each option's box with
        its words and whether it is on by default."""
        boxes = {box.data["value"]: box for box in self["options"]}
        sections = []
        for kind, info in self.kinds.items():
            groups: dict[str, list[dict]] = {}
            for option in info.options:
                if not option.offered:
                    continue
                label, help_text = option_words(option)
                group = option.group if option.group in OPTION_GROUPS else ""
                groups.setdefault(group, []).append(
                    {
                        "box": boxes[option.name],
                        "id": f"id_options_{kind}_{option.name}",
                        "label": label,
                        "help": help_text,
                        "default": option.default,
                    }
                )
            sections.append(
                {
                    "kind": kind,
                    "name": info.name,
                    "player_counts": info.player_counts,
                    "maps": kind in map_kinds(),
                    "groups": [
                        {"name": OPTION_GROUP_NAMES[g], "options": groups[g]}
                        for g in (*OPTION_GROUPS, "")
                        if g in groups
                    ],
                }
            )
        return sections

    @property
    def scoring_fields(self) -> list:
        return [self[f"scoring_{n}"] for n in range(1, 7)]

    def clean(self) -> dict:
        data = super().clean() or {}
        kind = data.get("kind") or kinds.DEFAULT_KIND
        info = self.kinds.get(kind)
        if info is None:
            return data
        data["kind"] = kind
        count = data.get("player_count")
        if count is not None and count not in info.player_counts:
            self.add_error(
                "player_count",
                gettext("%(game)s is played by %(counts)s players.")
                % {"game": info.name, "counts": ", ".join(map(str, info.player_counts))},
            )
        level = data.get("bot_level") or self.fields["bot_level"].initial
        data["bots"] = [level] * (data.get("bots") or 0)
        names = {o.name for o in info.options if o.offered}
        data["options"] = [o for o in data.get("options") or [] if o in names]
        time = data.get("time_control") or "none"
        data["timing"] = {
            "time_control": time,
            "move_time_limit": (data.get("move_time_limit") or DAY) if time == "move" else None,
            "clock_initial": (data.get("clock_initial") or 7 * DAY) if time == "chess" else None,
            "clock_bonus": data.get("clock_bonus") or 0 if time == "chess" else None,
        }
        if kind not in map_kinds():
            data["map_id"] = ORIGINAL_MAP_ID
            data["setup"] = None
            return data
        if not data.get("explicit_setup"):
            data["setup"] = None
            return data
        scoring = [data.get(f"scoring_{n}") or "" for n in range(1, 7)]
        if not all(scoring):
            raise forms.ValidationError(_("Choose a scoring tile for each of the six rounds."))
        order = [u.strip() for u in (data.get("seat_order") or "").split(",") if u.strip()]
        data["setup"] = {
            "scoring_tiles": scoring,
            "removed_bonus_tiles": data.get("removed_bonus_tiles") or [],
            "seat_order": order,
        }
        return data


class RegisterForm(forms.Form):
    username = forms.RegexField(
        label=_("Username"),
        regex=USERNAME_PATTERN,
        max_length=40,
        error_messages={"invalid": USERNAME_RULE},
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    display_name = forms.CharField(max_length=60, required=False, label=_("Display name"))
    email = forms.EmailField(
        required=False, label=_("E-mail"), widget=forms.EmailInput(attrs={"autocomplete": "email"})
    )
    password = forms.CharField(
        max_length=128,
        label=_("Password"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password_again = forms.CharField(
        max_length=128,
        label=_("Password again"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self) -> dict:
        data = super().clean() or {}
        if data.get("password") and data.get("password") != data.get("password_again"):
            self.add_error("password_again", _("The passwords differ."))
        return data


class MoveForm(forms.Form):
    command = forms.CharField(max_length=10_000)
    expected_move_number = forms.IntegerField(min_value=0, max_value=2**31 - 1)


class ChatForm(forms.Form):
    text = forms.CharField(max_length=2000)


# --- the account page ------------------------------------------------------------------------


class DisplayNameForm(forms.Form):
    display_name = forms.CharField(max_length=60, required=False, label=_("Display name"))


class EmailForm(forms.Form):
    email = forms.EmailField(
        required=False,
        label=_("E-mail address"),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        help_text=_("Leave it empty to receive no mail at all."),
    )


class PasswordChangeForm(forms.Form):
    old_password = forms.CharField(
        max_length=128,
        label=_("Current password"),
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    new_password = forms.CharField(
        max_length=128,
        label=_("New password"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    new_password_again = forms.CharField(
        max_length=128,
        label=_("New password again"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self) -> dict:
        data = super().clean() or {}
        if data.get("new_password") and data.get("new_password") != data.get("new_password_again"):
            self.add_error("new_password_again", _("The passwords differ."))
        return data
