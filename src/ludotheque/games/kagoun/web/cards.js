// Kagoun cards drawn as the rules describe them (docs/rules/kagoun.md §1), from the view's legend
// (the printed faces, public data): at each end a band with its line of small symbols (colour AND
// shape: yellow disc, blue square, green triangle, red diamond), its force and any power (an icon,
// its name on hover); in the centre the two large half-symbols cut by the side edges, so that two
// cards touching in a chain make one whole symbol; the letter in the corner. Face-down cards get a
// back. (What a pairing or a chain placement would do comes with the view's legal actions, from
// the rules.)

import { el } from "../../static/js/api.js";

// the powers' icons, 24 x 24, drawn with currentColor (no font needed): Take two arrows changing
// hands, Replay a turning arrow, Draw a card with a plus, Defend a shield
const ICONS = {
  take: '<path d="M4 8h14M14 4l4 4-4 4M20 16H6M10 12l-4 4 4 4" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>',
  replay: '<path d="M19 12a7 7 0 1 1-2.6-5.4" fill="none" stroke="currentColor" stroke-width="2.8" stroke-linecap="round"/><path d="M20 3v6h-6z" fill="currentColor"/>',
  draw: '<rect x="5" y="3" width="14" height="18" rx="2" fill="none" stroke="currentColor" stroke-width="2.2"/><path d="M12 8v8M8 12h8" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/>',
  defend: '<path d="M12 2l8 3v6c0 5.5-3.4 9.2-8 11-4.6-1.8-8-5.5-8-11V5z" fill="currentColor"/>',
};

/** Each icon parsed once (with its title): a board drawn again clones it. */
const parsedIcons = new Map();

/** A power's icon (an SVG, named by its title for whoever hovers it). */
export function powerIcon(power, title) {
  const key = `${power}\n${title || ""}`;
  if (!parsedIcons.has(key)) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("class", "k-icon");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.innerHTML = (title ? `<title>${title.replace(/[<&>]/g, "")}</title>` : "") + (ICONS[power] || "");
    parsedIcons.set(key, svg);
  }
  return parsedIcons.get(key).cloneNode(true);
}

/** A card as players name it: its printed letter ("M" for "M1", "M1a", "M1~"; the copy and the
 *  end are the notation's). */
export function letterOf(id) {
  return id ? id[0] : "";
}

/** A card's end as players see it: "M (blue+yellow end, force 2)" for "M1a". */
export function lineWords(view, line, t) {
  const face = faceOf(view, line);
  if (!face) return letterOf(line);
  const end = face.ends[line[2] === "b" ? 1 : 0];
  const symbols = end.small.map((c) => colourName(view, c)).join("+") || t("k_no_symbol");
  return t("k_w_line", { card: letterOf(line), symbols, force: end.force });
}

/** The printed face of card "M1" (or null: not in the legend). */
export function faceOf(view, id) {
  return ((view.legend || {}).cards || {})[id.slice(0, 2)] || null;
}

export function colourName(view, letter) {
  const entry = ((view.legend || {}).colours || []).find((c) => c.letter === letter);
  return entry ? entry.name : letter;
}

export function powerName(view, power) {
  return ((view.legend || {}).powers || {})[power] || power;
}

/** A power's name and what it does, for the hover title of its icon. */
export function powerTitle(view, power, t) {
  return `${powerName(view, power)} — ${t(`k_power_${power}`)}`;
}

/** One end of a card in words: "blue, yellow, force 3, power Draw". */
function endWords(view, face, key, t) {
  const end = face.ends[key === "a" ? 0 : 1];
  const symbols = end.small.length ? end.small.map((c) => colourName(view, c)).join(", ") : t("k_no_symbol");
  const power = face.power && face.power_end === key ? t("k_w_power", { power: powerName(view, face.power) }) : "";
  return t("k_w_end", { end: key, symbols, force: end.force }) + power;
}

/** A card in words, for screen readers and the hover title. */
export function cardWords(view, name, t) {
  const face = faceOf(view, name);
  if (!face) return t("k_hidden");
  const turned = name.endsWith("~");
  const halves = turned ? [face.halves[1], face.halves[0]] : face.halves;
  return t(turned ? "k_w_card_turned" : "k_w_card", {
    card: letterOf(name), left: colourName(view, halves[0]), right: colourName(view, halves[1]),
    a: endWords(view, face, "a", t), b: endWords(view, face, "b", t),
  });
}

/** A small symbol: a shape in its colour (its title says what it is for). */
function dot(view, colour, t) {
  return el("span", { class: `k-dot c-${colour}`, title: t("k_tip_small", { colour: colourName(view, colour) }) });
}

/** A band: the end `key` of `face`, drawn as a span (a button is made by the board around it). */
export function bandEl(view, face, key, t, opts = {}) {
  const end = face.ends[key === "a" ? 0 : 1];
  const power = face.power && face.power_end === key ? face.power : null;
  const attrs = {
    class: `k-band ${opts.paired ? "k-paired" : ""} ${opts.extremity ? "k-extremity" : ""} ${opts.aimed ? "k-aimed" : ""}`,
    "data-end": key,
  };
  return el(opts.tag || "span", attrs,
    el("span", { class: "k-smalls", "aria-hidden": "true" }, ...end.small.map((c) => dot(view, c, t))),
    el("span", { class: "k-force", title: t("k_force_n", { n: end.force }), "aria-hidden": "true" }, String(end.force)),
    power ? el("span", { class: `k-power p-${power}`, title: powerTitle(view, power, t), "aria-hidden": "true" }, powerIcon(power, powerTitle(view, power, t))) : null,
    opts.aimed && !opts.mark ? el("span", { class: "k-aim", title: t("k_aimed"), "aria-hidden": "true" }, "◎") : null,
    opts.mark ? el("span", { class: `k-mark ${opts.mark.ok ? "ok" : "bad"}`, "aria-hidden": "true" }, opts.mark.text) : null);
}

/** The attributes of a piece that travels (web/js/motion.js): opts.travel its key, opts.group
 *  (a new piece comes from a gone piece of its group), opts.from (the keys it may come from). */
function travelAttrs(opts) {
  if (!opts.travel) return {};
  return { "data-travel": opts.travel, "data-travel-group": opts.group || "card", "data-travel-from": opts.from || null };
}

/** A card back (a face-down card). */
export function backEl(t, opts = {}) {
  return el("span", {
    class: `k-card k-back ${opts.small ? "k-sm" : ""} ${opts.tiny ? "k-xs" : ""}`, role: "img",
    "aria-label": opts.label || t("k_hidden"), title: opts.label || t("k_hidden"), ...travelAttrs({ group: "back", ...opts }),
  }, el("span", { class: "k-back-mark", "aria-hidden": "true" }, "K"));
}

/**
 * A card face up, from its name ("M1", "M1~" turned: its end b on top and its halves swapped).
 * opts: small, paired ("a" | "b": the paired line, highlighted), tag (the element: "span"
 * unless "button"), attrs (more attributes), band ((key, face, aimed) => element or null: replaces
 * a band, e.g. a target button), aimed (a Set of lines announced as targets: marked), travel /
 * group / from (moves that travel: travelAttrs).
 */
export function cardEl(view, name, t, opts = {}) {
  const id = name.slice(0, 2);
  const turned = name.endsWith("~");
  const face = faceOf(view, id);
  if (!face) return backEl(t, opts);
  const halves = turned ? [face.halves[1], face.halves[0]] : face.halves;
  const [top, bottom] = turned ? ["b", "a"] : ["a", "b"];
  const words = cardWords(view, name, t);
  const aimed = (key) => Boolean(opts.aimed && opts.aimed.has(id + key));
  const band = (key) => (opts.band && opts.band(key, face, aimed(key))) || bandEl(view, face, key, t, { paired: opts.paired === key, aimed: aimed(key) });
  const interactive = opts.tag === "button";
  const attrs = {
    class: `k-card ${opts.small ? "k-sm" : ""} ${turned ? "k-turned" : ""} ${opts.className || ""}`,
    "data-card": name, title: words, ...travelAttrs(opts),
    ...(interactive ? { type: "button", "aria-label": words } : opts.band ? { role: "group", "aria-label": words } : { role: "img", "aria-label": words }),
    ...(opts.attrs || {}),
  };
  return el(opts.tag || "span", attrs,
    band(top),
    el("span", { class: "k-centre", "aria-hidden": "true" },
      el("span", { class: `k-big k-left c-${halves[0]}` }),
      el("span", { class: "k-letter" }, letterOf(id)),
      el("span", { class: `k-big k-right c-${halves[1]}` })),
    band(bottom));
}
