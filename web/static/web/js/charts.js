// Small SVG line charts (VP over a game, rating over games). No library needed.

import { gettext } from "./i18n.js";
import { h, s } from "./api.js";

const COLOURS = {
  yellow: "#d9a800",
  brown: "#8b5a2b",
  black: "#222222",
  blue: "#2468c8",
  green: "#2c8a34",
  gray: "#7d7d7d",
  red: "#c8372d",
};

export function colourOf(name) {
  return COLOURS[name] || name || "#555";
}

function niceStep(range, ticks) {
  const raw = range / Math.max(ticks, 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw || 1));
  for (const m of [1, 2, 5, 10]) if (raw <= m * magnitude) return m * magnitude;
  return 10 * magnitude;
}

// series: [{label, colour, points: [[x, y], ...]}]; marks: [[x, label]]; step: stairs.
export function lineChart(container, { series, marks = [], step = false, xLabel = "", yLabel = "", height = 260 }) {
  const width = 720;
  const m = { top: 14, right: 14, bottom: 30, left: 44 };
  const all = series.flatMap((line) => line.points);
  if (!all.length) {
    container.replaceChildren(h("p", { class: "muted" }, gettext("No data yet.")));
    return;
  }
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs, xMin + 1);
  let yMin = Math.min(...ys);
  let yMax = Math.max(...ys);
  if (yMin === yMax) {
    yMin -= 5;
    yMax += 5;
  }
  const yStep = niceStep(yMax - yMin, 5);
  yMin = Math.floor(yMin / yStep) * yStep;
  yMax = Math.ceil(yMax / yStep) * yStep;
  const x = (v) => m.left + ((v - xMin) / (xMax - xMin)) * (width - m.left - m.right);
  const y = (v) => height - m.bottom - ((v - yMin) / (yMax - yMin)) * (height - m.top - m.bottom);
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": yLabel || "chart" });
  for (let v = yMin; v <= yMax + 1e-9; v += yStep) {
    svg.append(
      s("line", { class: "grid", x1: m.left, x2: width - m.right, y1: y(v), y2: y(v) }),
      s("text", { x: m.left - 6, y: y(v) + 4, "text-anchor": "end" }, Math.round(v)),
    );
  }
  for (const [mx, label] of marks) {
    svg.append(
      s("line", { class: "mark", x1: x(mx), x2: x(mx), y1: m.top, y2: height - m.bottom }),
      s("text", { x: x(mx) + 3, y: height - m.bottom + 14 }, label),
    );
  }
  svg.append(
    s("line", { class: "axis", x1: m.left, x2: width - m.right, y1: height - m.bottom, y2: height - m.bottom }),
    s("line", { class: "axis", x1: m.left, x2: m.left, y1: m.top, y2: height - m.bottom }),
  );
  if (xLabel) svg.append(s("text", { x: width - m.right, y: height - 4, "text-anchor": "end" }, xLabel));
  for (const line of series) {
    const points = [];
    line.points.forEach(([px, py], i) => {
      if (step && i > 0) points.push(`${x(px).toFixed(1)},${y(line.points[i - 1][1]).toFixed(1)}`);
      points.push(`${x(px).toFixed(1)},${y(py).toFixed(1)}`);
    });
    const path = s("polyline", { class: "line", points: points.join(" "), stroke: line.colour });
    path.append(s("title", {}, `${line.label}: ${line.points[line.points.length - 1][1]}`));
    svg.append(path);
    if (line.dots) {
      for (const [px, py] of line.points) svg.append(s("circle", { cx: x(px), cy: y(py), r: 3, fill: line.colour }, s("title", {}, `${py}`)));
    }
  }
  const legend = h("ul", { class: "chart-legend" },
    ...series.map((line) =>
      h("li", {}, h("span", { class: "swatch", style: `background:${line.colour}` }), " ", line.label, " ", h("b", {}, line.points[line.points.length - 1][1]))));
  container.replaceChildren(svg, legend);
}
