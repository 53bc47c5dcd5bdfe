// The scripts' words in the page's language: Django's JavaScript catalog (/jsi18n/, a
// same-origin script loaded before the modules) translates them; without it, English stays.

const catalog = globalThis.django && globalThis.django.gettext ? globalThis.django : null;

export function gettext(text) {
  return catalog ? catalog.gettext(text) : text;
}

// "%(name)s" placeholders, as in the site's Python and templates.
export function interpolate(format, values) {
  return format.replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));
}

export function ngettext(singular, plural, count) {
  if (catalog) return catalog.ngettext(singular, plural, count);
  return Number(count) === 1 ? singular : plural;
}

// A word whose translation depends on where it stands ("C" for coins in a resource row).
export function pgettext(context, text) {
  return catalog && catalog.pgettext ? catalog.pgettext(context, text) : text;
}
