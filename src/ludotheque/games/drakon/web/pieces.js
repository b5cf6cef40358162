// Drakon's pieces as the board draws them: a room's face (arrows, symbol, name), the dragon's
// figure, coins, and each thing's explanation in players' words (words.js) for tooltips.

import { el } from "../../static/js/api.js";
import { SIDES, maskOf } from "./legal.js";
import { arrowsWords } from "./words.js";

/** A symbol per room (the name beside it comes from the legend); each is in DejaVu Sans, the font
 * a plain Linux desktop has, so that none shows as an empty box. */
export const ICONS = {
  start: "★", room: "", destroy: "✖", drakon: "", escape: "⇱", find: "⊕", moving: "⇄", lose: "⊖",
  harp: "♪", exchange: "⇆", map: "▦", passkey: "⇥", mind: "◎", rotate: "↻", "steal-left": "$↻",
  "steal-right": "$↺", wind: "≋", teleport: "✧",
};

export const KINDS = {
  start: "k-start", room: "k-plain", find: "k-gain", escape: "k-gain", lose: "k-loss", drakon: "k-loss",
  "steal-left": "k-loss", "steal-right": "k-loss", destroy: "k-change", exchange: "k-change", map: "k-change",
  rotate: "k-change", moving: "k-change", mind: "k-mind", harp: "k-carry", passkey: "k-carry", wind: "k-carry",
  teleport: "k-carry",
};

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}

/** The dragon's figure: wings, horned head and tail, drawn (no glyph). */
export function dragonFigure() {
  return svg("svg", { viewBox: "0 0 32 32", class: "d-dragon-art", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: "M15 14 L3 5 L6 13 L2 15 L9 17 Z M17 14 L29 5 L26 13 L30 15 L23 17 Z", class: "wing" }),
    svg("path", { d: "M16 24 C 20 30, 27 30, 29 24", class: "tail" }),
    svg("ellipse", { cx: 16, cy: 19, rx: 5.5, ry: 7, class: "body" }),
    svg("path", { d: "M12.5 8 L11 2.5 L14.5 6.5 Z M19.5 8 L21 2.5 L17.5 6.5 Z", class: "horn" }),
    svg("ellipse", { cx: 16, cy: 10, rx: 4.2, ry: 3.8, class: "body" }),
    svg("circle", { cx: 14.4, cy: 9.6, r: 0.9, class: "eye" }),
    svg("circle", { cx: 17.6, cy: 9.6, r: 0.9, class: "eye" }));
}

/** A coin: its value when the reader may see it, else its back. */
export function coinEl(t, value, key = null) {
  const shown = value !== null && value !== undefined;
  return el("span", {
    class: `d-coin ${shown ? `v${value}` : "back"}`, role: "img", "data-travel": key,
    "aria-label": shown ? t("d_coin_value", { n: value }) : t("d_coin_hidden"), title: shown ? t("d_coin_value", { n: value }) : t("d_coin_hidden"),
  }, shown ? String(value) : "");
}

export function roomWords(view, effect) {
  const entry = ((view.legend || {}).rooms || {})[effect];
  return entry || { name: effect, mark: effect, help: "" };
}

export function heroWords(view, figure) {
  const entry = ((view.legend || {}).heroes || {})[figure];
  return entry || { name: figure, initial: (figure[0] || "?").toUpperCase() };
}

export function sideWords(view, arrows) {
  const sides = (view.legend || {}).sides || SIDES;
  return [...arrows].map((letter) => sides[SIDES.indexOf(letter)] || letter).join("");
}

/** "Find a coin (NE): whoever enters takes a coin at random from the treasure". */
export function roomTitle(view, t, effect, arrows) {
  const words = roomWords(view, effect);
  const sides = arrows ? ` (${arrowsWords(t, arrows)})` : ""; // words: "(NE)" is the notation's
  return t("d_room_help", { name: `${words.name}${sides}`, what: t(`d_what_${effect}`) });
}

/** What a hero does: its ability in the Heroes! variant, else how any hero moves. */
export function heroHelp(view, t, figure) {
  const heroes = view.observation && view.observation.heroes_variant;
  return heroes ? t(`d_ability_${figure}`) : t("d_hero_plain");
}

/** The inside of a room tile: its arrows, its name on a band at the top, and its lower part
 * (the symbol, then the figures that `addFigures` puts there), so that figures never sit on the
 * name. A name that does not fit is swapped for its short name by `fitNames`. */
export function tileFace(view, t, effect, arrows, named = false) {
  const mask = maskOf(arrows);
  const words = roomWords(view, effect);
  const shortKey = `d_short_${effect}`;
  const short = t(shortKey);
  const icon = effect === "drakon" ? dragonFigure() : ICONS[effect] || "";
  return [
    ...[0, 1, 2, 3].filter((side) => (mask >> side) & 1).map((side) => el("span", { class: `arrow a-${SIDES[side]}`, "aria-hidden": "true" })),
    effect === "room" && !named ? null : el("span", { class: "name", "aria-hidden": "true", "data-short": short === shortKey ? null : short }, words.name),
    el("span", { class: "d-lower", "aria-hidden": "true" }, icon ? el("span", { class: "icon" }, icon) : null),
  ].filter(Boolean);
}

/** Puts the figures in a tile's lower part, smaller as they are more (it holds 8: the symbol,
 * six heroes and Drakon). */
export function addFigures(tile, figures) {
  const lower = tile.querySelector(":scope > .d-lower");
  if (!lower || !figures.length) return;
  lower.append(el("span", { class: "figs" }, ...figures));
  const items = lower.querySelectorAll(".icon, .hero, .drakon").length;
  lower.dataset.crowd = items <= 2 ? "" : items === 3 ? "3" : items <= 6 ? "6" : "8";
}

/** Each tile name that overflows its band (a word wider than the tile, or more than two lines)
 * shows its short name instead, and, should that overflow too, a smaller font. Measured after
 * the board is drawn: the zoom (a transform) changes nothing of it. */
export function fitNames(scope) {
  const over = (name) => name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight + 1;
  const long = [...scope.querySelectorAll(".name")].filter(over);
  for (const name of long) if (name.dataset.short) name.textContent = name.dataset.short;
  for (const name of long.filter(over)) name.classList.add("tight");
}
