// The geometry of Drakon's notation (sides N E S W, arrows as 4-bit masks) and the legal actions
// of a view sorted by what they ask for. Nothing here builds an action: every one the board
// sends is the text of an entry of view.legal.

export const SIDES = "NESW";

/** "NE" -> 0b0011. */
export function maskOf(text) {
  let mask = 0;
  for (const letter of text || "") {
    const side = SIDES.indexOf(letter.toUpperCase());
    if (side >= 0) mask |= 1 << side;
  }
  return mask;
}

export function maskText(mask) {
  return [...SIDES].filter((_, side) => (mask >> side) & 1).join("");
}

/** The arrows after `quarters` quarter turns clockwise. */
export function turned(mask, quarters) {
  const q = ((quarters % 4) + 4) % 4;
  return ((mask << q) | (mask >> (4 - q))) & 15;
}

/** The distinct ways round a tile of these arrows shows, the given one first. */
export function orientations(mask) {
  const out = [];
  for (let q = 0; q < 4; q += 1) if (!out.includes(turned(mask, q))) out.push(turned(mask, q));
  return out;
}

export const cellKey = (x, y) => `${x},${y}`;
export const parseCell = (text) => text.split(",").map(Number);

/** The verbs of the Heroes! abilities (offered once the player arms the ⚡ button). */
export const ABILITY_VERBS = new Set(["dwarf", "amazon", "wizard", "push", "thief", "swap"]);

const push = (map, key, value) => map.set(key, [...(map.get(key) || []), value]);

/** The legal actions of the view, sorted by what they ask for. The Heroes! abilities are kept
 * apart (`ability`): the board offers them only once the player asked for them. */
export function readLegal(legal) {
  const out = {
    place: [], exchange: [], relocate: [], cells: new Map(), rotate: new Map(), mind: new Map(), map: [], hero: [],
    pass: null, stay: null, end: null, keep: null, let: null, draw: null, discard: [],
    ability: { any: false, dwarf: null, amazon: new Map(), wizard: new Map(), push: new Map(), thief: [], swap: [] },
  };
  for (const { action } of legal || []) {
    const w = action.split(/\s+/);
    const verb = w[0];
    if (verb === "place" || verb === "exchange") out[verb].push({ action, effect: w[1], cell: w[2], arrows: w[3] || "" });
    else if (verb === "relocate") out.relocate.push({ action, effect: "moving", cell: w[1], arrows: w[2] || "" });
    else if (["move", "harp", "destroy", "drakon"].includes(verb)) out.cells.set(w[1], action);
    else if (verb === "rotate") push(out.rotate, w[1], { action, turn: w[2] });
    else if (verb === "mind") push(out.mind, w[1], { action, cell: w[2] });
    else if (verb === "map") out.map.push({ action, seat: Number(w[1]) });
    else if (verb === "hero") out.hero.push({ action, figure: w[1] });
    else if (verb === "discard") out.discard.push({ action, kind: w.slice(1).join(" ") });
    else if (["pass", "stay", "end", "keep", "let", "draw"].includes(verb)) out[verb] = action;
    else if (verb === "dwarf") out.ability.dwarf = action;
    else if (verb === "amazon" || verb === "wizard") out.ability[verb].set(w[1], action);
    else if (verb === "push") push(out.ability.push, w[1], { action, cell: w[2] });
    else if (verb === "thief") out.ability.thief.push({ action, figure: w[1] });
    else if (verb === "swap") out.ability.swap.push({ action, value: Number(w[1]) });
    else continue;
    if (ABILITY_VERBS.has(verb)) out.ability.any = true;
  }
  return out;
}
