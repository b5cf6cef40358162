// Gargon cards drawn in HTML + inline SVG: the colour (and its letter, for colour-blind
// players), the creature's emblem, the value big in the corner and the amulets it carries.
// A card seen from its back ("R?") shows the coloured back with the emblem and no value.

import { el } from "../../static/js/api.js";

export const LETTERS = "WBVRYG";
const CREATURES = { W: "dragon", B: "pegasus", V: "gargoyle", R: "phoenix", Y: "manticore", G: "fairy" };

// 24 x 24 emblems, one per creature, drawn with currentColor.
const EMBLEMS = {
  // a horned head breathing a flame
  dragon:
    '<path d="M4 15 9 9 7 4l4 3 3-4 1 5 5 1-4 3 2 4-5-1-2 5-2-4z" fill="currentColor"/>' +
    '<circle cx="11" cy="11" r="1.2" fill="var(--card-bg, #fff)"/>',
  // a wing of three feathers
  pegasus:
    '<path d="M3 18c6 0 9-4 10-12 1 3 1 6 0 8 2-1 4-4 5-7 1 3 0 6-2 8 2 0 3-1 5-3-1 4-4 7-9 7-3 0-6 0-9-1z" fill="currentColor"/>',
  // a horned, grinning face
  gargoyle:
    '<path d="M4 3l4 6M20 3l-4 6" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>' +
    '<circle cx="12" cy="14" r="7" fill="currentColor"/>' +
    '<path d="M9 12.5h1.5M13.5 12.5H15M9 17h6" stroke="var(--card-bg, #fff)" stroke-width="1.6" stroke-linecap="round"/>',
  // a flame
  phoenix:
    '<path d="M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-7 0 3 1 4 3 5-1-4-1-7 0-10z" fill="currentColor"/>',
  // a scorpion's curled tail and sting
  manticore:
    '<path d="M5 20c0-5 3-8 7-8 3 0 5-2 5-5 0-2-1-3-3-3" stroke="currentColor" stroke-width="2.6" fill="none" stroke-linecap="round"/>' +
    '<path d="M14 2l-3 3 4 1z" fill="currentColor"/><circle cx="6" cy="20" r="2.2" fill="currentColor"/>',
  // butterfly wings
  fairy:
    '<ellipse cx="7.5" cy="8.5" rx="4.5" ry="5" fill="currentColor"/><ellipse cx="16.5" cy="8.5" rx="4.5" ry="5" fill="currentColor"/>' +
    '<ellipse cx="8.5" cy="16.5" rx="3.2" ry="3.8" fill="currentColor"/><ellipse cx="15.5" cy="16.5" rx="3.2" ry="3.8" fill="currentColor"/>' +
    '<path d="M12 5v16" stroke="var(--card-bg, #fff)" stroke-width="1.6"/>',
};

/** "R14" -> {letter: "R", value: 14}; "R?" -> {letter: "R", value: null}. */
export function parseCard(text) {
  const letter = text[0];
  const rest = text.slice(1);
  return { letter, value: rest === "?" ? null : Number(rest) };
}

/** Each emblem parsed once: a board drawn again clones it (no markup parsed per card). */
const parsedEmblems = new Map();

export function emblem(letter, className = "emblem") {
  if (!parsedEmblems.has(letter)) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.innerHTML = EMBLEMS[CREATURES[letter]] || "";
    parsedEmblems.set(letter, svg);
  }
  const svg = parsedEmblems.get(letter).cloneNode(true);
  svg.setAttribute("class", className);
  return svg;
}

/** The legend entry of a letter in the view's language: {letter, mark (the symbol on a card's
 *  face: "R", "rouge"), word (the colour in text: "red", "rouge"), card ("red {value}",
 *  "rouge {value}"), name, creature}. */
export function legendOf(view, letter) {
  const colours = (view.legend && view.legend.colours) || [];
  return colours.find((c) => c.letter === letter) ||
    { letter, mark: letter, word: letter, card: `${letter}{value}`, name: letter, creature: CREATURES[letter] || "" };
}

/** A card named in the page's language: "red 14" / "rouge 14", a back "red ?" / "rouge ?". */
export function cardName(view, text) {
  const { letter, value } = parseCard(text);
  return legendOf(view, letter).card.replace("{value}", value === null ? "?" : String(value));
}

/** Cards named one after the other in the page's language ("red 14, blue 3", "rouge 14, bleu 3"). */
export function cardNames(view, texts) {
  return texts.map((text) => cardName(view, text)).join((view.legend && view.legend.separator) || " ");
}

/** The card in words, for screen readers. */
export function cardWords(view, text, t) {
  const { letter, value } = parseCard(text);
  const legend = legendOf(view, letter);
  if (value === null) return t("g_card_back", { colour: legend.name, creature: legend.creature });
  const amulets = amuletsOf(view, value);
  return t(amulets === 1 ? "g_card_one" : "g_card", {
    colour: legend.name, creature: legend.creature, value, amulets,
  });
}

export function amuletsOf(view, value) {
  const table = view.observation && view.observation.amulets;
  return table && value !== null ? Number(table[value] || 0) : 0;
}

/** What a card does, in players' words (its hover title, its tap tip on a phone). */
export function cardTip(view, text, t) {
  const { letter, value } = parseCard(text);
  const legend = legendOf(view, letter);
  if (value === null) return t("g_tip_back", { colour: legend.name });
  if (value === 0) return t("g_tip_zero", { colour: legend.name });
  const amulets = amuletsOf(view, value);
  if (!amulets) return t("g_tip_strong", { value });
  return t(amulets === 1 ? "g_tip_amulet_one" : "g_tip_amulets", { value, n: amulets });
}

/**
 * One card element. opts: size ("lg" | "md" | "sm" | "xs"), button (a <button> with
 * aria-pressed for selectable cards), selected, top (the top card of a pile), travel (its key
 * for moves that travel: web/js/motion.js).
 */
export function cardEl(view, text, t, opts = {}) {
  const { letter, value } = parseCard(text);
  const mark = legendOf(view, letter).mark; // the colour's symbol in the page's language
  const up = value !== null;
  const classes = ["card", `c-${letter}`, up ? "up" : "back", `size-${opts.size || "md"}`];
  if (opts.top) classes.push("top");
  if (opts.selected) classes.push("selected");
  const attrs = {
    class: classes.join(" "),
    "data-card": text,
    "data-face": up ? "up" : "down",
    "aria-label": cardWords(view, text, t),
    title: `${cardWords(view, text, t)} — ${cardTip(view, text, t)}`,
  };
  if (opts.travel) Object.assign(attrs, { "data-travel": opts.travel, "data-travel-group": letter });
  let node;
  if (opts.button) {
    node = el("button", { ...attrs, type: "button", "aria-pressed": String(Boolean(opts.selected)) });
  } else {
    node = el("span", { ...attrs, role: "img" });
  }
  if (opts.size === "xs") {
    // the mark and the value apart ("R 14", "rouge 14"): run together they read as the notation's code
    node.append(el("span", { class: "letter", "aria-hidden": "true" }, up ? `${mark}\u202f${value}` : mark));
    return node;
  }
  if (up) {
    node.append(
      el("span", { class: "corner", "aria-hidden": "true" },
        el("span", { class: "value" }, String(value)),
        el("span", { class: "letter" }, mark)),
      emblem(letter),
      el("span", { class: "amulets", "aria-hidden": "true" },
        ...Array.from({ length: amuletsOf(view, value) }, () => el("span", { class: "amulet" }))),
    );
    if (value === 0) node.append(el("span", { class: "zero-mark", "aria-hidden": "true" }, "×2"));
  } else {
    node.append(el("span", { class: "corner", "aria-hidden": "true" }, el("span", { class: "letter" }, mark)),
      emblem(letter));
  }
  return node;
}

/** A colour chip (emblem, symbol and name), e.g. for choosing the colour to fight; with `t`, its
 *  hover title says what a colour is worth. The symbol is shown where the page names cards by it
 *  (the letter of "R14"); where cards are named in words ("rouge 14") the name says it all. */
export function colourChip(view, letter, t = null) {
  const legend = legendOf(view, letter);
  const title = t ? t("g_tip_colour", { colour: legend.name, creature: legend.creature }) : null;
  const symbol = legend.mark === legend.word ? [el("b", {}, legend.mark), " "] : [];
  return el("span", { class: `chip c-${letter}`, title }, emblem(letter, "emblem mini"),
    ...symbol, `${legend.name} (${legend.creature})`);
}
