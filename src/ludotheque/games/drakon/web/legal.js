// The sides of Drakon's arrows (for drawing a room) and the legal actions of a view grouped by
// what they ask for, from the parts the server sends with each (kind, room, cell, tile, turn ...):
// nothing here reads notation or turns a tile; every action the board sends is the text of an
// entry of view.legal.

export const SIDES = "NESW";

/** "NE" -> 0b0011 (which sides of a room to draw an arrow on). */
export function maskOf(text) {
  let mask = 0;
  for (const letter of text || "") {
    const side = SIDES.indexOf(letter.toUpperCase());
    if (side >= 0) mask |= 1 << side;
  }
  return mask;
}

export const cellKey = (x, y) => `${x},${y}`;
export const parseCell = (text) => text.split(",").map(Number);

/** The kinds of the Heroes! abilities (offered once the player arms the ⚡ button). */
export const ABILITY_VERBS = new Set(["dwarf", "amazon", "wizard", "push", "thief", "swap"]);

const push = (map, key, value) => map.set(key, [...(map.get(key) || []), value]);
const WORDS = ["pass", "stay", "end", "keep", "let", "draw"];

/** The legal actions of the view, grouped by kind; cells become keys ("1,0", "stay" for a hero
 * that cannot move). A room laid, swapped in or moved keeps its tile ("moving": the Moving room)
 * and its turn from that tile. The Heroes! abilities are kept apart (`ability`): the board offers
 * them only once the player asked for them. */
export function legalByKind(legal) {
  const out = {
    place: [], exchange: [], relocate: [], cells: new Map(), rotate: new Map(), mind: new Map(), map: [], hero: [],
    pass: null, stay: null, end: null, keep: null, let: null, draw: null, discard: [],
    ability: { any: false, dwarf: null, amazon: new Map(), wizard: new Map(), push: new Map(), thief: [], swap: [] },
  };
  for (const entry of legal || []) {
    const { action, kind } = entry;
    const cell = entry.cell ? cellKey(...entry.cell) : "stay";
    if (kind === "place" || kind === "exchange" || kind === "relocate") {
      out[kind].push({ action, effect: entry.room, cell, arrows: entry.arrows, tile: entry.tile || "moving", turn: entry.turn });
    } else if (["move", "harp", "destroy", "drakon"].includes(kind)) out.cells.set(cell, action);
    else if (kind === "rotate") push(out.rotate, cell, { action, turn: entry.degrees });
    else if (kind === "mind") push(out.mind, entry.figure, { action, cell });
    else if (kind === "map") out.map.push({ action, seat: entry.seat });
    else if (kind === "hero") out.hero.push({ action, figure: entry.figure });
    else if (kind === "discard") out.discard.push({ action, kind: entry.tile });
    else if (WORDS.includes(kind)) out[kind] = action;
    else if (kind === "dwarf") out.ability.dwarf = action;
    else if (kind === "amazon" || kind === "wizard") out.ability[kind].set(cell, action);
    else if (kind === "push") push(out.ability.push, entry.figure, { action, cell });
    else if (kind === "thief") out.ability.thief.push({ action, figure: entry.figure });
    else if (kind === "swap") out.ability.swap.push({ action, value: entry.value });
    else continue;
    if (ABILITY_VERBS.has(kind)) out.ability.any = true;
  }
  return out;
}

/** The entries of `list` (layings) laying `tile`, and with `turn` those lying so. */
export function layingsOf(list, tile, turn = null) {
  return list.filter((e) => e.tile === tile && (turn === null || e.turn === turn));
}

/** The turns from `tile` at which it has somewhere to go, fewest quarter turns first. */
export function turnsOf(list, tile) {
  return [...new Set(layingsOf(list, tile).map((e) => e.turn))].sort((a, b) => a - b);
}
