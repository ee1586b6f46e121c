import type { ModelSummary } from "../run/case-result.js";
import { htmlText } from "./html-text.js";

/** One colour per model, in the table's order (repeating after ten models). */
export const SERIES_COLOURS = [
  "#1f77b4",
  "#d62728",
  "#2ca02c",
  "#9467bd",
  "#ff7f0e",
  "#17becf",
  "#8c564b",
  "#e377c2",
  "#7f7f7f",
  "#bcbd22",
] as const;

export function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length] ?? "#000000";
}

const WIDTH = 640;
const HEIGHT = 360;
const LEFT = 64;
const RIGHT = 24;
const TOP = 16;
const BOTTOM = 48;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;

/** The round number (1, 2 or 5 times a power of ten) the cost axis ends at. */
function axisEnd(maximum: number): number {
  if (maximum <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(maximum));
  for (const step of [1, 2, 5, 10]) if (step * power >= maximum) return step * power;
  return 10 * power;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Pass rate (up, 0 to 100%) against cost (right, US dollars) per model, as inline SVG: a
 * labelled point per model in its colour, drawn with no script. Models without a price
 * cannot be placed on the cost axis: they are named under the chart instead.
 */
export function costChart(models: readonly ModelSummary[]): string {
  const priced = models.filter((model) => model.cost !== undefined);
  const end = axisEnd(Math.max(0, ...priced.map((model) => model.cost ?? 0)) * 1.05);
  const x = (cost: number) => round(LEFT + (cost / end) * PLOT_WIDTH);
  const y = (rate: number) => round(TOP + (1 - rate) * PLOT_HEIGHT);
  const parts: string[] = [];
  for (const rate of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${y(rate)}" y2="${y(rate)}" stroke="#dddddd"/>`,
      `<text x="${LEFT - 8}" y="${y(rate) + 4}" text-anchor="end">${rate * 100}%</text>`,
    );
  }
  for (let tick = 0; tick <= 4; tick++) {
    const cost = (end * tick) / 4;
    parts.push(
      `<text x="${x(cost)}" y="${HEIGHT - BOTTOM + 18}" text-anchor="middle">$${Number(cost.toPrecision(4))}</text>`,
    );
  }
  parts.push(
    `<line x1="${LEFT}" x2="${LEFT}" y1="${TOP}" y2="${HEIGHT - BOTTOM}" stroke="#333333"/>`,
    `<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${HEIGHT - BOTTOM}" y2="${HEIGHT - BOTTOM}" stroke="#333333"/>`,
    `<text x="${LEFT + PLOT_WIDTH / 2}" y="${HEIGHT - 8}" text-anchor="middle">cost (US dollars)</text>`,
    `<text transform="translate(14 ${TOP + PLOT_HEIGHT / 2}) rotate(-90)" text-anchor="middle">pass rate</text>`,
  );
  models.forEach((model, index) => {
    if (model.cost === undefined) return;
    const cx = x(model.cost);
    const cy = y(model.passRate);
    // A label on the side with room: right of the point unless it is near the right edge.
    const onLeft = cx > LEFT + PLOT_WIDTH * 0.6;
    parts.push(
      `<circle class="point" cx="${cx}" cy="${cy}" r="8" fill="${seriesColour(index)}" data-model="${htmlText(model.model)}"/>`,
      `<text class="label" x="${onLeft ? cx - 12 : cx + 12}" y="${cy - 10}" text-anchor="${onLeft ? "end" : "start"}">${htmlText(model.model)}</text>`,
    );
  });
  const unpriced = models.filter((model) => model.cost === undefined);
  const note =
    unpriced.length === 0
      ? ""
      : `<p class="note">Not on the chart (no price known): ${unpriced.map((model) => htmlText(model.model)).join(", ")}</p>`;
  return [
    `<svg class="chart" role="img" aria-label="Pass rate against cost per model" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" xmlns="http://www.w3.org/2000/svg" font-size="12" font-family="sans-serif">`,
    `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    ...parts,
    "</svg>",
    note,
  ].join("\n");
}
