"""The form of Terra Mystica's automatic answers to power offers (Yucata's rules R0-R7), which
the site stores per player and per game (its template: _automatic_answers_fields.html)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class AutomaticAnswersForm(forms.Form):
    enabled = forms.BooleanField(required=False)
    take_up_to = forms.IntegerField(min_value=0, max_value=99)
    decline_from = forms.IntegerField(min_value=1, max_value=99)
    cultists_take_up_to = forms.IntegerField(min_value=0, max_value=99)
    cultists_decline_from = forms.IntegerField(min_value=1, max_value=99)
    last_round_free_cultist = forms.ChoiceField(
        choices=[("ask", _("ask me")), ("take", _("take")), ("decline", _("decline"))]
    )
