// Profile: the rating history, from the ratings API.

import { gettext, interpolate } from "./i18n.js";
import { api } from "./api.js";
import { lineChart } from "./charts.js";

const box = document.getElementById("rating-chart");
if (box) {
  const username = box.dataset.username;
  api("GET", `/api/v1/players/${encodeURIComponent(username)}/ratings/`)
    .then((data) => {
      if (!data.history.length) return;
      const points = [[0, Math.round(data.history[0].rating_before)]];
      data.history.forEach((change, i) => points.push([i + 1, Math.round(change.rating_after)]));
      lineChart(box, {
        series: [{ label: gettext("Rating"), colour: "#2f6f3a", points, dots: true }],
        xLabel: gettext("rated games"),
        yLabel: interpolate(gettext("Rating of %(username)s after each rated game"), { username }),
        height: 220,
      });
    })
    .catch(() => {
      box.replaceChildren(document.createTextNode(gettext("The rating history could not be loaded.")));
    });
}
