// The Drakon board: the dungeon as square room tiles you can pan (drag) and zoom (wheel or
// buttons), the heroes and Drakon on their rooms, your hand of tiles (every seat's, when the view
// shows every hand: a replay), every seat's purse, the pile and the treasure. Acting: choose a tile of your hand, turn it, click a highlighted free spot;
// click a highlighted room to move there; every room's choice by clicking. Actions sent are always
// the text of an entry of view.legal (the spots and rooms offered are read from it), never built
// here; the room and hero names come from the server's legend in the reader's language.

import { el } from "/static/js/api.js";
import { rules } from "./rules.js";

export { rules };

if (!document.querySelector("link[data-board='drakon']")) {
  document.head.append(el("link", { rel: "stylesheet", href: new URL("./board.css", import.meta.url).href, "data-board": "drakon" }));
}

export const strings = {
  en: {
    d_hand: "Your tiles",
    d_hand_of: "{name}'s tiles ({n})",
    d_no_tiles: "no tile in hand",
    d_turn: "Turn ↻",
    d_turn_hint: "Choose a tile of your hand, turn it (R), then click a highlighted spot.",
    d_spots: "{n} spots for this way round",
    d_no_spot: "No spot for this tile now.",
    d_moves_hint: "Or click a highlighted room to move your hero there.",
    d_exchange_hint: "Choose a tile of your hand, turn it, then click the highlighted room to swap it for.",
    d_relocate_hint: "Turn the Moving room if you like, then click a highlighted free spot.",
    d_rotate_hint: "Click a highlighted room, then choose how to turn it.",
    d_rotate_90: "¼ turn clockwise ↻",
    d_rotate_180: "half turn",
    "d_rotate_-90": "¼ turn anticlockwise ↺",
    d_mind_hint: "Choose an opponent's hero, then click the room it goes to.",
    d_mind_stay: "{hero} cannot move: leave it",
    d_rooms_hint: "Click a highlighted room.",
    d_move_hint: "Click a highlighted room to move your hero there.",
    d_map_hint: "Whose hand do you take a tile from?",
    d_map_seat: "{name}'s hand ({n} tiles)",
    d_hero_hint: "Which hero acts first this round?",
    d_pass: "Pass",
    d_stay: "Leave the Moving room where it is",
    d_zoom_in: "Zoom in",
    d_zoom_out: "Zoom out",
    d_fit: "Show the whole dungeon",
    d_pile: "Draw pile: {n}",
    d_treasure: "Treasure: {n} coins",
    d_gone: "out of the game: {n}",
    d_goal_gold: "Goal: {n} gold",
    d_goal_coins: "Goal: {n} coins",
    d_goal_escape: "Goal: {n} gold, then an Escape or a Teleport",
    d_drakon_aside: "Drakon is set aside",
    d_drakon_at: "Drakon at {cell}",
    d_tiles: "Tiles: {n}",
    d_coins: "Coins: {n}",
    d_gold: "Gold: {n}",
    d_gold_hidden: "gold hidden",
    d_team: "team {n}",
    d_first: "first player",
    d_cell: "room {cell}",
    d_free: "free spot {cell}",
    d_drakon: "Drakon",
    d_purse: "Purses",
    d_over_goal: "the goal is reached",
    d_over_escape: "escaped from the lair",
    d_over_stuck: "nobody could act: most gold",
    d_over_limit: "turn limit: most gold",
    d_winner: "Winner: {names}",
    d_winners: "Winners: {names}",
  },
  fr: {
    d_hand: "Vos tuiles",
    d_hand_of: "Tuiles de {name} ({n})",
    d_no_tiles: "aucune tuile en main",
    d_turn: "Tourner ↻",
    d_turn_hint: "Choisissez une tuile de votre main, tournez-la (R), puis cliquez un emplacement en surbrillance.",
    d_spots: "{n} emplacements dans ce sens",
    d_no_spot: "Aucun emplacement pour cette tuile maintenant.",
    d_moves_hint: "Ou cliquez une salle en surbrillance pour y déplacer votre héros.",
    d_exchange_hint: "Choisissez une tuile de votre main, tournez-la, puis cliquez la salle à échanger.",
    d_relocate_hint: "Tournez la Salle mobile si vous voulez, puis cliquez un emplacement libre en surbrillance.",
    d_rotate_hint: "Cliquez une salle en surbrillance, puis choisissez le sens.",
    d_rotate_90: "¼ de tour horaire ↻",
    d_rotate_180: "demi-tour",
    "d_rotate_-90": "¼ de tour anti-horaire ↺",
    d_mind_hint: "Choisissez le héros d'un adversaire, puis cliquez la salle où il va.",
    d_mind_stay: "{hero} ne peut pas bouger : le laisser",
    d_rooms_hint: "Cliquez une salle en surbrillance.",
    d_move_hint: "Cliquez une salle en surbrillance pour y déplacer votre héros.",
    d_map_hint: "Dans quelle main prenez-vous une tuile ?",
    d_map_seat: "Main de {name} ({n} tuiles)",
    d_hero_hint: "Quel héros joue en premier cette manche ?",
    d_pass: "Passer",
    d_stay: "Laisser la Salle mobile en place",
    d_zoom_in: "Zoomer",
    d_zoom_out: "Dézoomer",
    d_fit: "Voir tout le repaire",
    d_pile: "Pioche : {n}",
    d_treasure: "Trésor : {n} pièces",
    d_gone: "hors jeu : {n}",
    d_goal_gold: "Objectif : {n} pièces d'or",
    d_goal_coins: "Objectif : {n} pièces",
    d_goal_escape: "Objectif : {n} pièces d'or, puis une Évasion ou une Téléportation",
    d_drakon_aside: "Drakon est mis de côté",
    d_drakon_at: "Drakon en {cell}",
    d_tiles: "Tuiles : {n}",
    d_coins: "Pièces : {n}",
    d_gold: "Or : {n}",
    d_gold_hidden: "or caché",
    d_team: "équipe {n}",
    d_first: "premier joueur",
    d_cell: "salle {cell}",
    d_free: "emplacement libre {cell}",
    d_drakon: "Drakon",
    d_purse: "Bourses",
    d_over_goal: "objectif atteint",
    d_over_escape: "évasion de l'antre",
    d_over_stuck: "plus personne ne pouvait jouer : le plus d'or",
    d_over_limit: "limite de tours : le plus d'or",
    d_winner: "Vainqueur : {names}",
    d_winners: "Vainqueurs : {names}",
  },
};

// -- the geometry of the notation (sides N E S W, arrows as 4-bit masks) ------------------------

const SIDES = "NESW";
const TILE = 72; // a room's size in pixels at zoom 1

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

const cellKey = (x, y) => `${x},${y}`;
const parseCell = (text) => text.split(",").map(Number);

/** The legal actions of the view, sorted by what they ask for. */
export function readLegal(legal) {
  const out = { place: [], exchange: [], relocate: [], cells: new Map(), rotate: new Map(), mind: new Map(), map: [], hero: [], pass: null, stay: null };
  for (const { action } of legal || []) {
    const w = action.split(/\s+/);
    if (w[0] === "place" || w[0] === "exchange") out[w[0]].push({ action, effect: w[1], cell: w[2], arrows: w[3] || "" });
    else if (w[0] === "relocate") out.relocate.push({ action, effect: "moving", cell: w[1], arrows: w[2] || "" });
    else if (["move", "harp", "destroy", "drakon"].includes(w[0])) out.cells.set(w[1], action);
    // Héros!: the Wizard's and the Amazon's moves by clicking too (a plain move to the same room first)
    else if ((w[0] === "wizard" || w[0] === "amazon") && !out.cells.has(w[1])) out.cells.set(w[1], action);
    else if (w[0] === "rotate") out.rotate.set(w[1], [...(out.rotate.get(w[1]) || []), { action, turn: w[2] }]);
    else if (w[0] === "mind") out.mind.set(w[1], [...(out.mind.get(w[1]) || []), { action, cell: w[2] }]);
    else if (w[0] === "map") out.map.push({ action, seat: Number(w[1]) });
    else if (w[0] === "hero") out.hero.push({ action, figure: w[1] });
    else if (w[0] === "pass") out.pass = action;
    else if (w[0] === "stay") out.stay = action;
  }
  return out;
}

/** A symbol per room (the name beside it comes from the legend); each is in DejaVu Sans, the font
 * a plain Linux desktop has, so that none shows as an empty box. */
const ICONS = {
  start: "★", room: "", destroy: "✖", drakon: "Ω", escape: "⇱", find: "⊕", moving: "⇄", lose: "⊖",
  harp: "♪", exchange: "⇆", map: "▦", passkey: "⇥", mind: "◎", rotate: "↻", "steal-left": "$↻",
  "steal-right": "$↺", wind: "≋", teleport: "✧",
};
const KINDS = {
  start: "k-start", room: "k-plain", find: "k-gain", escape: "k-gain", lose: "k-loss", drakon: "k-loss",
  "steal-left": "k-loss", "steal-right": "k-loss", destroy: "k-change", exchange: "k-change", map: "k-change",
  rotate: "k-change", moving: "k-change", mind: "k-mind", harp: "k-carry", passkey: "k-carry", wind: "k-carry",
  teleport: "k-carry",
};

function roomWords(view, effect) {
  const entry = ((view.legend || {}).rooms || {})[effect];
  return entry || { name: effect, mark: effect, help: "" };
}

function heroWords(view, figure) {
  const entry = ((view.legend || {}).heroes || {})[figure];
  return entry || { name: figure, initial: figure[0].toUpperCase() };
}

function sideWords(view, arrows) {
  const sides = (view.legend || {}).sides || SIDES;
  return [...arrows].map((letter) => sides[SIDES.indexOf(letter)] || letter).join("");
}

function roomTitle(view, effect, arrows) {
  const words = roomWords(view, effect);
  const sides = arrows ? ` (${sideWords(view, arrows)})` : "";
  return `${words.name}${sides}${words.help ? ` — ${words.help}` : ""}`;
}

/** The inside of a room tile: its arrows, icon and name. */
function tileFace(view, effect, arrows, named = false) {
  const mask = maskOf(arrows);
  const words = roomWords(view, effect);
  return [
    ...[0, 1, 2, 3].filter((side) => (mask >> side) & 1).map((side) => el("span", { class: `arrow a-${SIDES[side]}`, "aria-hidden": "true" })),
    el("span", { class: "icon", "aria-hidden": "true" }, ICONS[effect] || ""),
    effect === "room" && !named ? null : el("span", { class: "name" }, words.name),
  ].filter(Boolean);
}

export function seatMarks(view, seat, t) {
  const obs = view.observation;
  return obs && obs.first_player === seat ? [t("d_first")] : [];
}

export function createBoard(root, ui) {
  const { t } = ui;
  let view = null;
  let tool = null; // { key, effect, mask, turn }: the tile of the hand being laid or swapped in
  let pickedRoom = null; // a room chosen for Rotate a room
  let pickedHero = null; // an opponent's hero chosen for Mind control
  let stepKey = "";
  // the camera: world offset (px) and zoom; fitted to the dungeon until the player moves it
  const camera = { x: 0, y: 0, scale: 1, moved: false };
  let drag = null;
  let dragged = false;

  const legal = () => readLegal(ui.interactive ? view.legal : []);

  function resetChoices() {
    tool = null;
    pickedRoom = null;
    pickedHero = null;
  }

  // -- the tile in hand ----------------------------------------------------------------------
  function entriesFor(list, effect, mask) {
    const arrows = maskText(mask);
    return list.filter((e) => e.effect === effect && e.arrows === arrows);
  }

  /** The ways round the tool's tile may lie now (only those with somewhere to go). */
  function legalTurns(list, effect, mask) {
    return orientations(mask).filter((m) => entriesFor(list, effect, m).length);
  }

  function toolList(moves) {
    if (moves.relocate.length) return moves.relocate;
    if (moves.exchange.length) return moves.exchange;
    return moves.place;
  }

  function chooseTile(kind) {
    const [effect, arrows = ""] = kind.split(" ");
    const moves = legal();
    const turns = legalTurns(toolList(moves), effect, maskOf(arrows));
    tool = { key: kind, effect, mask: turns[0] ?? maskOf(arrows), turns };
    draw();
  }

  function turnTool() {
    if (!tool || tool.turns.length < 2) return;
    const index = tool.turns.indexOf(tool.mask);
    tool.mask = tool.turns[(index + 1) % tool.turns.length];
    draw();
  }

  // -- the camera ----------------------------------------------------------------------------
  function applyCamera(world) {
    world.style.transform = `translate(${camera.x}px, ${camera.y}px) scale(${camera.scale})`;
    world.dataset.scale = camera.scale.toFixed(3);
  }

  function fit(viewport, cells) {
    if (!cells.length || !viewport.clientWidth) return;
    const xs = cells.map((c) => c[0]);
    const ys = cells.map((c) => c[1]);
    const minX = Math.min(...xs);
    const maxX = Math.max(...xs);
    const minY = Math.min(...ys);
    const maxY = Math.max(...ys);
    const width = (maxX - minX + 1) * TILE;
    const height = (maxY - minY + 1) * TILE;
    const scale = Math.max(0.25, Math.min(1.25, (viewport.clientWidth - 16) / width, (viewport.clientHeight - 16) / height));
    camera.scale = scale;
    camera.x = (viewport.clientWidth - width * scale) / 2 - minX * TILE * scale;
    camera.y = (viewport.clientHeight - height * scale) / 2 + maxY * TILE * scale;
  }

  function zoom(viewport, world, factor, px, py) {
    const next = Math.max(0.25, Math.min(2.5, camera.scale * factor));
    const cx = px ?? viewport.clientWidth / 2;
    const cy = py ?? viewport.clientHeight / 2;
    camera.x = cx - ((cx - camera.x) * next) / camera.scale;
    camera.y = cy - ((cy - camera.y) * next) / camera.scale;
    camera.scale = next;
    camera.moved = true;
    applyCamera(world);
  }

  function wireCamera(viewport, world) {
    viewport.addEventListener("wheel", (event) => {
      event.preventDefault();
      const box = viewport.getBoundingClientRect();
      zoom(viewport, world, event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });
    viewport.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      drag = { x: event.clientX, y: event.clientY, cx: camera.x, cy: camera.y, id: event.pointerId };
      dragged = false;
    });
    viewport.addEventListener("pointermove", (event) => {
      if (!drag || drag.id !== event.pointerId) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (!dragged && Math.hypot(dx, dy) < 5) return;
      if (!dragged) viewport.setPointerCapture(event.pointerId);
      dragged = true;
      camera.x = drag.cx + dx;
      camera.y = drag.cy + dy;
      camera.moved = true;
      applyCamera(world);
    });
    const end = () => {
      drag = null;
    };
    viewport.addEventListener("pointerup", end);
    viewport.addEventListener("pointercancel", end);
    // a drag is not a click: nothing is chosen where the pointer was let go
    viewport.addEventListener("click", (event) => {
      if (dragged) {
        event.stopPropagation();
        event.preventDefault();
        dragged = false;
      }
    }, true);
  }

  // -- the dungeon ---------------------------------------------------------------------------
  function place(node, cell) {
    const [x, y] = parseCell(cell);
    node.style.left = `${x * TILE}px`;
    node.style.top = `${-y * TILE}px`;
    return node;
  }

  function figuresAt(obs, cell) {
    const figs = obs.heroes.filter((h) => h.at && cellKey(...h.at) === cell).map((h) => {
      const words = heroWords(view, h.figure);
      return el("span", {
        class: `hero s${h.seat} ${h.seat === view.seat ? "mine" : ""} ${pickedHero === h.figure ? "picked" : ""}`,
        title: `${words.name} · ${seatLabel(h.seat)}`, "data-figure": h.figure,
      }, words.initial);
    });
    if (obs.drakon && cellKey(...obs.drakon) === cell) figs.push(el("span", { class: "drakon", title: t("d_drakon") }, "Ω"));
    return figs.length ? el("span", { class: "figs" }, ...figs) : null;
  }

  function seatLabel(seat) {
    const info = (view.seats || [])[seat];
    return info ? info.name : `#${seat}`;
  }

  /** What clicking each room does now: an action (data-move) or a choice made here. */
  function roomTargets(moves) {
    const targets = new Map();
    for (const [cell, action] of moves.cells) targets.set(cell, { action });
    if (tool && moves.exchange.length) {
      for (const e of entriesFor(moves.exchange, tool.effect, tool.mask)) targets.set(e.cell, { action: e.action, ghost: true });
    }
    for (const cell of moves.rotate.keys()) {
      targets.set(cell, { pick: () => { pickedRoom = cell; draw(); }, picked: pickedRoom === cell });
    }
    if (pickedHero) {
      for (const e of moves.mind.get(pickedHero) || []) if (e.cell !== "stay") targets.set(e.cell, { action: e.action });
    }
    return targets;
  }

  function spotTargets(moves) {
    if (!tool) return [];
    const list = moves.relocate.length ? moves.relocate : moves.place;
    return entriesFor(list, tool.effect, tool.mask);
  }

  function dungeon(obs, moves) {
    const world = el("div", { class: "d-world" });
    const targets = roomTargets(moves);
    const here = new Set(obs.heroes.filter((h) => h.seat === view.seat && h.at).map((h) => cellKey(...h.at)));
    const cells = [];
    for (const room of obs.rooms) {
      const cell = cellKey(...room.at);
      cells.push(room.at);
      const target = targets.get(cell);
      const moving = obs.step_cell && cellKey(...obs.step_cell) === cell;
      const classes = ["d-room", KINDS[room.room] || "", target ? "target" : "", target && target.picked ? "picked" : "",
        here.has(cell) ? "mine" : "", moving ? "lifted" : ""].join(" ");
      const title = `${roomTitle(view, room.room, room.arrows)} · ${cell}`;
      const attrs = { class: classes, "data-cell": cell, "data-room": room.room, title, "aria-label": title };
      let node;
      if (target && target.action) {
        node = el("button", { ...attrs, type: "button", "data-move": target.action });
      } else if (target) {
        node = el("button", { ...attrs, type: "button", onclick: target.pick });
      } else {
        node = el("div", attrs);
      }
      if (target && target.ghost) {
        node.append(el("span", { class: "d-ghost" }, ...tileFace(view, tool.effect, maskText(tool.mask))));
      } else {
        node.append(...tileFace(view, room.room, room.arrows));
      }
      const figs = figuresAt(obs, cell);
      if (figs) node.append(figs);
      world.append(place(node, cell));
    }
    for (const spot of spotTargets(moves)) {
      cells.push(parseCell(spot.cell));
      const title = `${t("d_free", { cell: spot.cell })}: ${roomTitle(view, spot.effect, spot.arrows)}`;
      world.append(place(el("button", {
        type: "button", class: `d-spot ${KINDS[spot.effect] || ""}`, "data-cell": spot.cell, "data-move": spot.action,
        title, "aria-label": title,
      }, ...tileFace(view, spot.effect, spot.arrows)), spot.cell));
    }
    return { world, cells };
  }

  // -- the panels around it ------------------------------------------------------------------
  /** A row of tiles; those that `list` (legal placements) can lay now are buttons that choose them. */
  function tileRow(hand, list) {
    const row = el("div", { class: "d-hand-tiles" });
    if (!hand.length) row.append(el("span", { class: "empty" }, t("d_no_tiles")));
    const seen = new Set();
    for (const kind of hand) {
      const [effect, arrows = ""] = kind.split(" ");
      const chosen = tool && tool.key === kind && !seen.has(kind);
      const shown = chosen ? maskText(tool.mask) : arrows;
      const playable = list.length > 0 && legalTurns(list, effect, maskOf(arrows)).length > 0;
      const title = roomTitle(view, effect, shown);
      const attrs = { class: `d-tile ${KINDS[effect] || ""} ${chosen ? "chosen" : ""}`, "data-kind": kind, title, "aria-label": title };
      const face = tileFace(view, effect, shown, true);
      row.append(playable
        ? el("button", { ...attrs, type: "button", "aria-pressed": String(Boolean(chosen)), onclick: () => chooseTile(kind) }, ...face)
        : el("div", attrs, ...face));
      seen.add(kind);
    }
    return row;
  }

  function handPanel(obs, moves) {
    const hand = obs.hand || [];
    const list = moves.relocate.length ? [] : moves.exchange.length ? moves.exchange : moves.place;
    return el("section", { class: "d-hand", "data-zone": "hand", "data-seat": String(view.seat) },
      el("span", { class: "zone-label" }, `${t("d_hand")} (${hand.length})`), tileRow(hand, list));
  }

  /** The other seats' tiles, when the view shows every hand (the replay of a finished game). */
  function otherHands(obs) {
    const seats = [...Array(obs.players).keys()].filter((seat) => seat !== view.seat);
    return el("div", { class: "d-hands" }, ...seats.map((seat) =>
      el("section", { class: "d-hand", "data-zone": "hand", "data-seat": String(seat) },
        el("span", { class: "zone-label" }, t("d_hand_of", { name: seatLabel(seat), n: obs.hands[seat].length })),
        tileRow(obs.hands[seat], []))));
  }

  function button(label, attrs = {}) {
    return el("button", { type: "button", ...attrs }, label);
  }

  function controls(obs, moves) {
    const bar = el("div", { class: "d-controls", "aria-live": "polite" });
    if (!ui.interactive || !(view.legal || []).length) return bar;
    const hint = (key, params) => bar.append(el("span", { class: "hint" }, t(key, params)));
    const toolBits = (list) => {
      if (!tool) return;
      const count = entriesFor(list, tool.effect, tool.mask).length;
      bar.append(button(t("d_turn"), { id: "d-turn", class: "primary", disabled: tool.turns.length < 2, onclick: turnTool }));
      hint(count ? "d_spots" : "d_no_spot", { n: count });
    };
    if (moves.relocate.length) {
      hint("d_relocate_hint");
      toolBits(moves.relocate);
    } else if (moves.exchange.length) {
      hint("d_exchange_hint");
      toolBits(moves.exchange);
    } else if (moves.place.length) {
      hint("d_turn_hint");
      toolBits(moves.place);
    }
    if (moves.rotate.size) {
      hint("d_rotate_hint");
      for (const e of moves.rotate.get(pickedRoom) || []) bar.append(button(t(`d_rotate_${e.turn}`), { class: "move", "data-move": e.action }));
    }
    if (moves.mind.size) {
      hint("d_mind_hint");
      for (const [figure, list] of moves.mind) {
        const name = heroWords(view, figure).name;
        const stay = list.find((e) => e.cell === "stay");
        if (stay) bar.append(button(t("d_mind_stay", { hero: name }), { class: "move", "data-move": stay.action }));
        else bar.append(button(name, { class: `pick ${pickedHero === figure ? "picked" : ""}`, "data-figure": figure, "aria-pressed": String(pickedHero === figure), onclick: () => { pickedHero = figure; draw(); } }));
      }
    }
    const moving = (view.legal || []).some((e) => e.action.startsWith("move "));
    if (moving && moves.place.length) hint("d_moves_hint");
    else if (moving) hint("d_move_hint");
    else if (moves.cells.size) hint("d_rooms_hint");
    if (moves.map.length) {
      hint("d_map_hint");
      for (const e of moves.map) bar.append(button(t("d_map_seat", { name: seatLabel(e.seat), n: obs.hand_sizes[e.seat] }), { class: "move", "data-move": e.action }));
    }
    if (moves.hero.length) {
      hint("d_hero_hint");
      for (const e of moves.hero) bar.append(button(heroWords(view, e.figure).name, { class: "move", "data-move": e.action }));
    }
    if (moves.stay) bar.append(button(t("d_stay"), { class: "move", "data-move": moves.stay }));
    if (moves.pass) bar.append(button(t("d_pass"), { class: "move", "data-move": moves.pass }));
    return bar;
  }

  function purses(obs) {
    const teams = new Set(obs.purse_of).size < obs.players;
    const items = [...Array(obs.players).keys()].map((seat) => {
      const purse = obs.purse_of[seat];
      const gold = obs.gold[purse];
      const heroes = obs.heroes.filter((h) => h.seat === seat).map((h) => heroWords(view, h.figure));
      return el("li", { class: `d-purse s${seat} ${obs.to_act === seat ? "acting" : ""}`, "data-seat": String(seat) },
        el("span", { class: "hero-chip" }, heroes.map((h) => h.initial).join("")),
        el("b", {}, seatLabel(seat)),
        el("span", {}, heroes.map((h) => h.name).join(", ")),
        teams ? el("span", {}, t("d_team", { n: purse + 1 })) : null,
        el("span", { "data-field": "tiles" }, t("d_tiles", { n: obs.hand_sizes[seat] })),
        el("span", { "data-field": "coins" }, t("d_coins", { n: obs.coins[purse] })),
        el("span", { "data-field": "gold", class: gold === null ? "muted" : "gold" }, gold === null ? t("d_gold_hidden") : t("d_gold", { n: gold })));
    });
    return el("ul", { class: "d-purses", "aria-label": t("d_purse") }, ...items);
  }

  function infoLine(obs) {
    const goal = obs.escape ? "d_goal_escape" : obs.goal_counts === "coins" ? "d_goal_coins" : "d_goal_gold";
    const parts = [t("d_pile", { n: obs.pile }), t("d_treasure", { n: obs.treasure })];
    if (obs.gone) parts.push(t("d_gone", { n: obs.gone }));
    parts.push(obs.drakon ? t("d_drakon_at", { cell: cellKey(...obs.drakon) }) : t("d_drakon_aside"));
    parts.push(t(goal, { n: obs.goal }));
    return el("div", { class: "d-info" }, ...parts.map((p) => el("span", {}, p)));
  }

  function toolbar(viewport, world, cells) {
    return el("div", { class: "d-zoom" },
      button("+", { id: "d-zoom-in", title: t("d_zoom_in"), "aria-label": t("d_zoom_in"), onclick: () => zoom(viewport, world, 1.25) }),
      button("−", { id: "d-zoom-out", title: t("d_zoom_out"), "aria-label": t("d_zoom_out"), onclick: () => zoom(viewport, world, 1 / 1.25) }),
      button("⤢", { id: "d-fit", title: t("d_fit"), "aria-label": t("d_fit"), onclick: () => { camera.moved = false; fit(viewport, cells); applyCamera(world); } }));
  }

  function draw() {
    const obs = view.observation;
    const moves = legal();
    // a choice that the legal actions no longer offer is dropped
    if (tool) {
      const list = toolList(moves);
      const turns = legalTurns(list, tool.effect, tool.mask);
      const inHand = moves.relocate.length || (obs.hand || []).includes(tool.key);
      if (!turns.length || !inHand) tool = null;
      else tool.turns = turns;
    }
    if (!tool && moves.relocate.length && obs.step_cell) {
      const room = obs.rooms.find((r) => cellKey(...r.at) === cellKey(...obs.step_cell));
      if (room) {
        const turns = legalTurns(moves.relocate, "moving", maskOf(room.arrows));
        tool = { key: "moving", effect: "moving", mask: turns[0] ?? maskOf(room.arrows), turns };
      }
    }
    if (pickedRoom && !moves.rotate.has(pickedRoom)) pickedRoom = null;
    if (pickedHero && !moves.mind.has(pickedHero)) pickedHero = null;
    if (!pickedHero && moves.mind.size === 1) {
      const [figure, list] = [...moves.mind][0];
      if (!list.some((e) => e.cell === "stay")) pickedHero = figure;
    }
    const { world, cells } = dungeon(obs, moves);
    const viewport = el("div", { class: "d-viewport", tabindex: "0" }, world);
    const stage = el("div", { class: "d-stage" }, toolbar(viewport, world, cells), viewport);
    const parts = [infoLine(obs), purses(obs), stage];
    if (obs.hands) parts.push(otherHands(obs));
    if (view.seat !== null && view.seat !== undefined) parts.push(handPanel(obs, moves), controls(obs, moves));
    root.replaceChildren(el("div", { class: "d-board" }, ...parts));
    wireCamera(viewport, world);
    if (!camera.moved) fit(viewport, cells);
    applyCamera(world);
  }

  document.addEventListener("keydown", (event) => {
    if (!view || event.target.closest("input, textarea, select")) return;
    if ((event.key === "r" || event.key === "R") && tool) {
      event.preventDefault();
      turnTool();
    }
  });

  return {
    update(next) {
      const key = `${next.version}`;
      if (key !== stepKey) resetChoices();
      stepKey = key;
      view = next;
      draw();
    },
  };
}
