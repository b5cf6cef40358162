// The Drakon board. At the top, what to do now (the hint, the buttons of the decision, the hero's
// ability) beside your hand of tiles; under them the dungeon, a map you drag or move with the
// arrow keys and its edge buttons (rooms never shrink below a readable size on their own; the map
// comes to your hero when your turn begins), with the purses and the pile beside it. Every
// decision is taken on the board: choose a tile of your hand, turn it, click a highlighted spot;
// click a highlighted room; the buttons of the bar for the rest. Actions sent are always the text
// of an entry of view.legal (data-move, sent by the page), never built here.
//
// Heroes!: an ability is not a question every turn. The ⚡ button arms it for the turn: its
// choices then show (before the action, they are among the turn's actions), and after the action
// the rules' offer (the ability or the end of the turn) waits for the player. Unarmed, the page
// answers that offer with "end" by itself and says so in the bar.

import { boardStyle, el, keyHints } from "../../static/js/api.js";
import { bringIntoSight } from "../../static/js/sight.js";
import { Camera, MIN_READABLE, TILE, wireCamera } from "./camera.js";
import { ABILITY_VERBS, cellKey, layingsOf, legalByKind, parseCell, turnsOf } from "./legal.js";
import { KINDS, addFigures, coinEl, dragonFigure, fitNames, heroHelp, heroWords, roomTitle, roomWords, tileFace } from "./pieces.js";
import { rules } from "./rules.js";
import { TravelKeys } from "./travel.js";
import { placeWords, strings } from "./words.js";

export { legalByKind, rules, strings };

// the board's own stylesheet, served beside this module from the game's folder, before any drawing
await boardStyle("drakon", new URL("./board.css", import.meta.url));

export function seatMarks(view, seat, t) {
  const obs = view.observation;
  return obs && obs.first_player === seat ? [t("d_first")] : [];
}

const DIRS = { n: [0, 1, "▲"], e: [1, 0, "▶"], s: [0, -1, "▼"], w: [-1, 0, "◀"] };
const EDGE_INSET = 28; // px along the map's sides that its edge buttons may cover

function countWord(t, key, n) {
  return t(n <= 1 ? `${key}_${n}` : key, { n });
}

export function createBoard(root, ui) {
  const { t } = ui;
  let view = null;
  let moves = legalByKind([]);
  let tool = null; // { key, effect, turn, turns }: the tile of the hand being laid or swapped in ("moving": the Moving room), turned `turn` quarters
  let pickedRoom = null; // a room chosen for Rotate a room
  let pickedHero = null; // an opponent's hero chosen for Mind control
  let pickedPush = null; // the hero the Barbarian pushes
  let stepKey = "";
  let armed = null; // { turn }: the ability asked for in this turn
  let turnHero = { turn: -1, figure: null }; // the hero of the reader's current turn
  let note = null; // what the page did by itself ({ turn, text })
  let ended = -1; // the version whose ability offer the page answered
  let explained = ""; // the "what is it?" line
  let lastPan = ""; // the decision the camera last came to
  const camera = new Camera();
  const keys = new TravelKeys();
  let travel = { rooms: new Map(), hand: [], coins: new Map() };
  let stage = null; // { viewport, world, cells, targets, edges }

  const me = () => (view.seat === null || view.seat === undefined ? null : view.seat);
  const mine = () => ui.interactive && me() !== null && (view.legal || []).length > 0;

  function seatLabel(seat) {
    const info = (view.seats || [])[seat];
    return info ? info.name : `#${seat + 1}`;
  }

  function resetChoices() {
    tool = null;
    pickedRoom = null;
    pickedHero = null;
    pickedPush = null;
  }

  // -- the hero's ability ------------------------------------------------------------------------
  /** The figure whose ability the ⚡ button arms now, or null. */
  function abilityFigure(obs) {
    if (!mine() || !obs.heroes_variant || turnHero.turn !== obs.turn || !turnHero.figure) return null;
    const figure = turnHero.figure;
    if (figure === "knight" || (obs.abilities_used || []).includes(figure)) return null;
    return figure;
  }

  const isArmed = (obs) => armed !== null && armed.turn === obs.turn;

  /** After the action, the rules offer the ability once more: unarmed, the page ends the turn. */
  function answerOffer(obs) {
    if (obs.step !== "ability" || !mine() || !moves.end || isArmed(obs) || ended === view.version) return;
    ended = view.version;
    const hero = heroWords(view, obs.step_hero || turnHero.figure || "").name;
    note = { turn: obs.turn, text: t("d_ability_kept", { hero }) };
    const version = view.version;
    setTimeout(() => {
      if (view.version === version) ui.act(moves.end);
    }, 0);
  }

  // -- the tile in hand ----------------------------------------------------------------------
  /** Where the tool's tile may go as it lies now. */
  function toolLayings(list) {
    return tool ? layingsOf(list, tool.key, tool.turn) : [];
  }

  /** The arrows of the tool's tile as it lies now (else as the hand draws it). */
  function toolArrows() {
    const entry = toolLayings(toolList())[0];
    return entry ? entry.arrows : (tool.key.split(" ")[1] || "");
  }

  function toolList() {
    if (moves.relocate.length) return moves.relocate;
    if (moves.exchange.length) return moves.exchange;
    return moves.place;
  }

  function chooseTile(kind) {
    if (tool && tool.key === kind) {
      tool = null;
    } else {
      const turns = turnsOf(toolList(), kind);
      const effect = layingsOf(toolList(), kind)[0].effect;
      tool = { key: kind, effect, turn: turns[0], turns };
      explained = roomTitle(view, t, effect, "");
    }
    draw("btn:turn");
  }

  function turnTool() {
    if (!tool || tool.turns.length < 2) return;
    const index = tool.turns.indexOf(tool.turn);
    tool.turn = tool.turns[(index + 1) % tool.turns.length];
    draw();
  }

  // -- the dungeon ---------------------------------------------------------------------------
  function place(node, cell) {
    const [x, y] = parseCell(cell);
    node.style.left = `${x * TILE}px`;
    node.style.top = `${-y * TILE}px`;
    return node;
  }

  function heroTitle(h) {
    const words = heroWords(view, h.figure);
    return t("d_room_help", { name: t("d_hero_of", { hero: words.name, name: seatLabel(h.seat) }), what: heroHelp(view, t, h.figure) });
  }

  function figuresAt(obs, cell) {
    const figs = obs.heroes.filter((h) => h.at && cellKey(...h.at) === cell).map((h) => {
      const words = heroWords(view, h.figure);
      return el("span", {
        class: `hero s${h.seat} ${h.seat === me() ? "mine" : ""} ${pickedHero === h.figure || pickedPush === h.figure ? "picked" : ""}`,
        title: heroTitle(h), "data-figure": h.figure, "data-travel": `fig-${h.figure}`,
      }, words.initial);
    });
    if (obs.drakon && cellKey(...obs.drakon) === cell) {
      figs.push(el("span", { class: "drakon", title: t("d_drakon_help"), "data-travel": "fig-drakon" }, dragonFigure()));
    }
    return figs;
  }

  /** What clicking each room does now: an action (data-move) or a choice made here. */
  function roomTargets(obs) {
    const targets = new Map();
    for (const [cell, action] of moves.cells) targets.set(cell, { action });
    if (tool && moves.exchange.length) {
      for (const e of toolLayings(moves.exchange)) targets.set(e.cell, { action: e.action, ghost: true });
    }
    for (const cell of moves.rotate.keys()) {
      targets.set(cell, { pick: () => { pickedRoom = pickedRoom === cell ? null : cell; draw(`cell:${cell}`); }, picked: pickedRoom === cell });
    }
    if (pickedHero) {
      for (const e of moves.mind.get(pickedHero) || []) if (e.cell !== "stay") targets.set(e.cell, { action: e.action });
    }
    if (isArmed(obs)) {
      for (const [cell, action] of moves.ability.amazon) targets.set(cell, { action, ability: true });
      for (const [cell, action] of moves.ability.wizard) targets.set(cell, { action, ability: true, wall: true });
      if (pickedPush) {
        for (const e of moves.ability.push.get(pickedPush) || []) if (e.cell !== "stay") targets.set(e.cell, { action: e.action, ability: true });
      }
    }
    return targets;
  }

  function spotTargets() {
    if (!tool) return [];
    const list = moves.relocate.length ? moves.relocate : moves.place;
    return toolLayings(list);
  }

  function explain(text) {
    explained = text;
    const line = root.querySelector(".d-explain");
    if (line) {
      line.textContent = text;
      line.hidden = !text;
    }
  }

  function dungeon(obs) {
    const world = el("div", { class: "d-world" });
    const targets = roomTargets(obs);
    const here = new Set(obs.heroes.filter((h) => h.seat === me() && h.at).map((h) => cellKey(...h.at)));
    const cells = [];
    const targetCells = [];
    for (const room of obs.rooms) {
      const cell = cellKey(...room.at);
      cells.push(room.at);
      const target = targets.get(cell);
      const moving = obs.step_cell && cellKey(...obs.step_cell) === cell;
      const classes = ["d-room", KINDS[room.room] || "", target ? "target" : "", target && target.picked ? "picked" : "",
        target && target.ability ? "ability" : "", target && target.wall ? "wall" : "", here.has(cell) ? "mine" : "", moving ? "lifted" : ""].join(" ");
      const people = obs.heroes.filter((h) => h.at && cellKey(...h.at) === cell).map(heroTitle);
      if (obs.drakon && cellKey(...obs.drakon) === cell) people.push(t("d_drakon_help"));
      const title = [`${roomTitle(view, t, room.room, room.arrows)} · ${placeWords(t, cell)}`, ...people].join("\n");
      const label = target && target.action ? `${labelOf(target.action)} — ${title}` : title;
      const attrs = { class: classes, "data-cell": cell, "data-room": room.room, "data-key": `cell:${cell}`, "data-travel": travel.rooms.get(cell), title, "aria-label": label };
      let node;
      if (target && target.action) {
        node = el("button", { ...attrs, type: "button", "data-move": target.action });
        targetCells.push(room.at);
      } else if (target) {
        node = el("button", { ...attrs, type: "button", "aria-pressed": String(Boolean(target.picked)), onclick: target.pick });
        targetCells.push(room.at);
      } else {
        // not a move: a tap (or Enter) says what the room and its figures do
        const say = () => explain(title.replace(/\n/g, " · "));
        node = el("div", { ...attrs, role: "button", tabindex: "-1", onclick: say, onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") say(); } });
      }
      if (target && target.ghost) {
        node.append(el("span", { class: "d-ghost" }, ...tileFace(view, t, tool.effect, toolArrows())));
      } else {
        node.append(...tileFace(view, t, room.room, room.arrows));
      }
      if (target && target.wall) node.append(el("span", { class: "d-wall", "aria-hidden": "true" }, "✦"));
      addFigures(node, figuresAt(obs, cell));
      world.append(place(node, cell));
    }
    for (const spot of spotTargets()) {
      cells.push(parseCell(spot.cell));
      targetCells.push(parseCell(spot.cell));
      const title = t("d_room_help", { name: placeWords(t, spot.cell, true), what: roomTitle(view, t, spot.effect, spot.arrows) });
      world.append(place(el("button", {
        type: "button", class: `d-spot ${KINDS[spot.effect] || ""}`, "data-cell": spot.cell, "data-move": spot.action,
        "data-key": `spot:${spot.cell}`, title, "aria-label": title,
      }, ...tileFace(view, t, spot.effect, spot.arrows)), spot.cell));
    }
    return { world, cells, targets: targetCells };
  }

  /** The server's words for a legal action (the moves panel's label). */
  function labelOf(action) {
    const entry = (view.legal || []).find((e) => e.action === action);
    return entry ? entry.label || action : action;
  }

  /** The cell the camera comes to: the reader's hero of this turn (else any of theirs, else Start). */
  function homeCell(obs) {
    const heroes = obs.heroes.filter((h) => h.at && (me() === null || h.seat === me()));
    const hero = heroes.find((h) => h.figure === turnHero.figure && turnHero.turn === obs.turn) || heroes[0];
    return hero ? hero.at : [0, 0];
  }

  function refreshEdges() {
    if (!stage) return;
    const { viewport, cells, targets, edges } = stage;
    const out = camera.outOfSight(viewport, cells);
    const away = camera.outOfSight(viewport, targets);
    let hidden = 0;
    for (const [dir, button] of Object.entries(edges)) {
      const n = out[dir].length;
      button.hidden = n === 0;
      button.classList.toggle("glow", away[dir].length > 0);
      button.querySelector(".n").textContent = String(n);
      const label = `${t(`d_dir_${dir}`)} · ${countWord(t, "d_more", n)}`;
      button.setAttribute("aria-label", label);
      button.title = label;
      hidden += n;
    }
    const hint = root.querySelector(".d-map-hint");
    if (hint) {
      const targetsAway = targets.length > 0 && targets.every((c) => !camera.sees(viewport, c));
      hint.textContent = targetsAway ? t("d_targets_away") : hidden ? t("d_map_more") : "";
      hint.hidden = !hint.textContent;
    }
  }

  function moved() {
    if (!stage) return;
    camera.apply(stage.world);
    refreshEdges();
  }

  /** The margins of the map that its buttons cover: the zoom bar along the top, the edge
   * buttons along the other sides (a room under them could not be clicked). */
  function clearOf(viewport) {
    const zoom = viewport.parentElement.querySelector(".d-zoom");
    const top = zoom ? zoom.getBoundingClientRect().bottom - viewport.getBoundingClientRect().top : 0;
    return { top: Math.max(EDGE_INSET, top + 2), right: EDGE_INSET, bottom: EDGE_INSET, left: EDGE_INSET };
  }

  /** Where the camera goes on drawing: at the start of each of the reader's decisions, to their
   * hero (and to the nearest highlighted room if none is in sight); else where it was. */
  function placeCamera(obs, viewport, cells, targets) {
    const decision = mine() ? `${view.version}` : "";
    const targetsKey = targets.map((c) => c.join(",")).join(";");
    const fresh = decision && decision !== lastPan.split("|")[0]; // the board places the camera anew
    if (!camera.placed) {
      camera.placed = true;
      if (!camera.fit(viewport, cells)) camera.centre(viewport, homeCell(obs));
    } else if (fresh) {
      camera.moved = false;
      if (!camera.fit(viewport, cells)) {
        camera.scale = Math.max(camera.scale, MIN_READABLE);
        camera.centre(viewport, homeCell(obs));
      }
    }
    // targets come into sight clear of the map's buttons, with the hero: all of them when they
    // fit, else the nearest one at least; those that appear later in the decision (a tile chosen,
    // a hero picked) move the camera only when none is in sight (the player may have moved it)
    const inset = clearOf(viewport);
    const clear = (cell) => camera.frame(viewport, [cell], inset, false);
    if (decision && targets.length && (fresh || (`${decision}|${targetsKey}` !== lastPan && !targets.some(clear)))) {
      const home = homeCell(obs);
      const nearest = [...targets].sort((a, b) => Math.hypot(a[0] - home[0], a[1] - home[1]) - Math.hypot(b[0] - home[0], b[1] - home[1]))[0];
      if (!camera.frame(viewport, [home, ...targets], inset) && !camera.frame(viewport, [home, nearest], inset) && !camera.frame(viewport, [nearest], inset)) {
        camera.centre(viewport, nearest);
      }
    }
    lastPan = `${decision}|${targetsKey}`;
  }

  function mapStage(obs) {
    const { world, cells, targets } = dungeon(obs);
    const viewport = el("div", { class: "d-viewport", tabindex: "0", role: "group", "aria-label": t("d_map_more") }, world);
    const edges = {};
    for (const [dir, [dx, dy, arrow]] of Object.entries(DIRS)) {
      edges[dir] = el("button", {
        type: "button", class: `d-edge d-edge-${dir}`, "data-key": `edge:${dir}`, hidden: true,
        onclick: () => {
          camera.pan(-dx * viewport.clientWidth * 0.6, dy * viewport.clientHeight * 0.6);
          moved();
        },
      }, el("span", { "aria-hidden": "true" }, arrow), el("span", { class: "n", "aria-hidden": "true" }, ""));
    }
    const zoom = (factor) => () => {
      camera.zoom(viewport, factor);
      moved();
    };
    const tools = el("div", { class: "d-zoom" },
      button("+", { id: "d-zoom-in", title: t("d_zoom_in"), "aria-label": t("d_zoom_in"), onclick: zoom(1.25) }),
      button("−", { id: "d-zoom-out", title: t("d_zoom_out"), "aria-label": t("d_zoom_out"), onclick: zoom(1 / 1.25) }),
      button("⌂", { id: "d-home", title: t("d_home"), "aria-label": t("d_home"), onclick: () => { camera.scale = Math.max(camera.scale, MIN_READABLE); camera.centre(viewport, homeCell(obs)); moved(); } }),
      button("⤢", { id: "d-fit", title: t("d_fit"), "aria-label": t("d_fit"), onclick: () => { camera.fit(viewport, cells, true); camera.moved = true; moved(); } }));
    const line = el("p", { class: "d-explain", "aria-live": "polite", hidden: !explained }, explained);
    // a tap on the map's floor puts the explanation away
    viewport.addEventListener("click", (event) => {
      if (event.target === viewport || event.target === world) explain("");
    });
    const box = el("div", { class: "d-stage" }, viewport, ...Object.values(edges), tools, line);
    stage = { viewport, world, cells, targets, edges };
    wireCamera(camera, viewport, moved);
    viewport.addEventListener("keydown", (event) => keyOnMap(event, obs));
    viewport.addEventListener("focusin", (event) => {
      const room = event.target.closest("[data-cell]");
      if (!room) return;
      const cell = parseCell(room.dataset.cell);
      // the keyboard's focus brings its room into sight (a click's does not: the room would move under the pointer)
      if (room.matches(":focus-visible") && !camera.sees(viewport, cell)) {
        camera.centre(viewport, cell);
        moved();
      }
      explain((room.getAttribute("title") || "").replace(/\n/g, " · "));
    });
    return { box, viewport, cells, targets, hint: el("p", { class: "d-map-hint", hidden: true }) };
  }

  /** Arrow keys: from a room to the next room that way (every room is reached so), else pan;
   * + and − zoom. */
  function keyOnMap(event, obs) {
    const { viewport } = stage;
    if (event.key === "+" || event.key === "-") {
      camera.zoom(viewport, event.key === "+" ? 1.25 : 1 / 1.25);
      moved();
      event.preventDefault();
      return;
    }
    const dir = { ArrowUp: "n", ArrowRight: "e", ArrowDown: "s", ArrowLeft: "w" }[event.key];
    if (!dir) return;
    event.preventDefault();
    const [dx, dy] = DIRS[dir];
    const from = event.target.closest("[data-cell]");
    const [x, y] = from ? parseCell(from.dataset.cell) : homeCell(obs);
    const ahead = [...stage.world.querySelectorAll("[data-cell]")].map((node) => ({ node, at: parseCell(node.dataset.cell) }))
      .filter(({ at }) => (at[0] - x) * dx + (at[1] - y) * dy > 0)
      .sort((a, b) => score(a.at) - score(b.at));
    function score([ax, ay]) {
      const along = (ax - x) * dx + (ay - y) * dy;
      const across = Math.abs((ax - x) * dy) + Math.abs((ay - y) * dx);
      return along + across * 2;
    }
    if (!from) {
      const home = stage.world.querySelector(`[data-cell="${CSS.escape(`${x},${y}`)}"]`);
      if (home) return home.focus();
    }
    if (ahead.length) ahead[0].node.focus();
    else {
      camera.pan(-dx * TILE, dy * TILE);
      moved();
    }
  }

  // -- the panels around it ------------------------------------------------------------------
  function button(label, attrs = {}) {
    return el("button", { type: "button", ...attrs }, label);
  }

  /** A row of tiles; those that `list` (legal placements) can lay now are buttons that choose
   * them; with `discards`, those the Dwarf may discard are buttons that do. */
  function tileRow(hand, list, handKeys = [], discards = []) {
    const row = el("div", { class: "d-hand-tiles" });
    if (!hand.length) row.append(el("span", { class: "empty" }, t("d_no_tiles")));
    const seen = new Set();
    hand.forEach((kind, i) => {
      const [effect, arrows = ""] = kind.split(" ");
      const chosen = tool && tool.key === kind && !seen.has(kind);
      const shown = chosen ? toolArrows() : arrows;
      const playable = turnsOf(list, kind).length > 0;
      const discard = discards.find((d) => d.kind === kind);
      const title = roomTitle(view, t, effect, shown);
      const attrs = { class: `d-tile ${KINDS[effect] || ""} ${chosen ? "chosen" : ""}`, "data-kind": kind, "data-travel": handKeys[i], "data-key": `hand:${kind}:${i}`, title, "aria-label": title };
      const face = tileFace(view, t, effect, shown, true);
      if (discard) row.append(el("button", { ...attrs, type: "button", "data-move": discard.action, "aria-label": `${t("d_discard", { room: roomWords(view, effect).name })} — ${title}` }, ...face));
      else if (playable) row.append(el("button", { ...attrs, type: "button", "aria-pressed": String(Boolean(chosen)), onclick: () => chooseTile(kind) }, ...face));
      else row.append(el("div", { ...attrs, role: "button", tabindex: "0", onclick: () => explain(title), onkeydown: (event) => { if (event.key === "Enter" || event.key === " ") explain(title); } }, ...face));
      seen.add(kind);
    });
    return row;
  }

  function handPanel(obs) {
    const hand = obs.hand || [];
    const list = moves.relocate.length ? [] : moves.exchange.length ? moves.exchange : moves.place;
    return el("section", { class: "d-hand", "data-zone": "hand", "data-seat": String(me()) },
      el("span", { class: "zone-label" }, `${t("d_hand")} (${hand.length})`), tileRow(hand, list, travel.hand, moves.discard));
  }

  /** The other seats' tiles, when the view shows every hand (the replay of a finished game). */
  function otherHands(obs) {
    const seats = [...Array(obs.players).keys()].filter((seat) => seat !== me());
    return el("div", { class: "d-hands" }, ...seats.map((seat) =>
      el("section", { class: "d-hand", "data-zone": "hand", "data-seat": String(seat) },
        el("span", { class: "zone-label" }, t("d_hand_of", { name: seatLabel(seat), n: obs.hands[seat].length })),
        tileRow(obs.hands[seat], []))));
  }

  /** The ⚡ button and, armed, the ability's choices that are not rooms. */
  function abilityBits(obs, bar, hint) {
    const figure = abilityFigure(obs);
    if (!figure) return;
    const name = heroWords(view, figure).name;
    const on = isArmed(obs);
    bar.append(button(t("d_ability_btn", { hero: name }), {
      class: `d-ability ${on ? "on" : ""}`, "data-key": "btn:ability", "aria-pressed": String(on),
      "aria-label": t("d_ability", { hero: name }), title: t("d_ability_tip", { hero: name, what: t(`d_ability_${figure}`) }),
      onclick: () => {
        armed = on ? null : { turn: obs.turn };
        pickedPush = null;
        draw("btn:ability");
      },
    }));
    if (!on) return;
    const a = moves.ability;
    hint(obs.step === "ability" ? "d_ability_armed_after" : a.any ? "d_ability_armed" : "d_ability_nothing");
    if (a.dwarf) bar.append(button(t("d_dwarf_now"), { class: "move primary", "data-move": a.dwarf, "data-key": "btn:dwarf" }));
    if (a.amazon.size) hint("d_amazon_hint");
    if (a.wizard.size) hint("d_wizard_hint");
    if (a.push.size) {
      hint("d_push_hint");
      for (const [fig, list] of a.push) {
        const hero = heroWords(view, fig).name;
        const owner = (obs.heroes.find((h) => h.figure === fig) || {}).seat;
        const stay = list.find((e) => e.cell === "stay");
        if (stay) bar.append(button(t("d_push_stay", { hero, name: seatLabel(owner) }), { class: "move", "data-move": stay.action, "data-key": `btn:${stay.action}` }));
        else bar.append(button(t("d_push", { hero }), { class: `pick ${pickedPush === fig ? "picked" : ""}`, "data-key": `push:${fig}`, "aria-pressed": String(pickedPush === fig), onclick: () => { pickedPush = pickedPush === fig ? null : fig; draw(`push:${fig}`); } }));
      }
    }
    for (const e of a.thief) {
      const owner = (obs.heroes.find((h) => h.figure === e.figure) || {}).seat;
      bar.append(button(t("d_thief", { name: seatLabel(owner) }), { class: "move", "data-move": e.action, "data-key": `btn:${e.action}` }));
    }
    for (const e of a.swap) {
      bar.append(el("button", { type: "button", class: "move d-swap", "data-move": e.action, "data-key": `btn:${e.action}`, "aria-label": t("d_swap", { n: e.value }) },
        coinEl(t, e.value), " ", t("d_swap", { n: e.value })));
    }
  }

  function controls(obs) {
    const bar = el("div", { class: "d-controls" });
    const hints = el("p", { class: "hint", "aria-live": "polite" });
    const box = el("div", { class: `d-act ${mine() ? "my-turn" : ""}` }, hints, bar);
    if (note && note.turn !== obs.turn && mine()) note = null;
    if (note) box.append(el("p", { class: "d-note", role: "status" }, note.text));
    if (!mine()) return box;
    const said = [];
    const hint = (key, params) => {
      const text = t(key, params);
      if (!said.includes(text)) said.push(text);
    };
    const toolBits = (list) => {
      if (!tool) return;
      const count = toolLayings(list).length;
      bar.append(button(t("d_turn"), { id: "d-turn", class: "primary", "data-key": "btn:turn", disabled: tool.turns.length < 2, onclick: turnTool }));
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
        else bar.append(button(name, { class: `pick ${pickedHero === figure ? "picked" : ""}`, "data-figure": figure, "data-key": `mind:${figure}`, "aria-pressed": String(pickedHero === figure), onclick: () => { pickedHero = figure; draw(`mind:${figure}`); } }));
      }
    }
    const moving = (view.legal || []).some((e) => e.kind === "move");
    if (moving && moves.place.length) hint("d_moves_hint");
    else if (moving) hint("d_move_hint");
    else if (moves.cells.size) hint("d_rooms_hint");
    if (moves.map.length) {
      hint("d_map_hint");
      for (const e of moves.map) bar.append(button(t("d_map_seat", { name: seatLabel(e.seat), n: obs.hand_sizes[e.seat] }), { class: "move", "data-move": e.action }));
    }
    if (moves.hero.length) {
      hint("d_hero_hint");
      for (const e of moves.hero) bar.append(button(heroWords(view, e.figure).name, { class: "move", "data-move": e.action, title: heroHelp(view, t, e.figure) }));
    }
    if (moves.keep) {
      hint("d_knight_hint", { hero: heroWords(view, obs.step_hero || "knight").name });
      bar.append(button(t("d_keep"), { class: "move primary", "data-move": moves.keep }), button(t("d_let"), { class: "move", "data-move": moves.let }));
    }
    if (moves.draw) {
      hint("d_dwarf_hint");
      bar.append(button(t("d_draw"), { class: "move primary", "data-move": moves.draw }));
    }
    abilityBits(obs, bar, hint);
    if (moves.stay) bar.append(button(t("d_stay"), { class: "move", "data-move": moves.stay }));
    if (moves.pass) bar.append(button(t("d_pass"), { class: "move", "data-move": moves.pass }));
    if (moves.end && isArmed(obs)) bar.append(button(t("d_end_turn"), { class: "move", "data-move": moves.end }));
    hints.replaceChildren(...keyHints(said.join(" "))); // (the "(R)" of turning a tile: not on a touch screen)
    return box;
  }

  function coinRow(obs, purse, coinKeys) {
    const values = obs.purse_coins[purse];
    const list = values ? values.flatMap((n, v) => Array(n).fill(v + 1)) : Array(obs.coins[purse]).fill(null);
    return el("span", { class: "d-coins", role: "img", "aria-label": countWord(t, "d_coins_label", obs.coins[purse]) },
      ...list.map((value, i) => coinEl(t, value, coinKeys[i])));
  }

  function purses(obs) {
    const teams = new Set(obs.purse_of).size < obs.players;
    const items = [...Array(obs.players).keys()].map((seat) => {
      const purse = obs.purse_of[seat];
      // partners show one purse twice: the coins travel from the first seat's row only
      const keys = (travel.coins.get(`p${purse}`) || []).map((key) => (obs.purse_of.indexOf(purse) === seat ? key : `${key}@${seat}`));
      const gold = obs.gold[purse];
      const heroes = obs.heroes.filter((h) => h.seat === seat);
      const used = obs.heroes_variant ? heroes.filter((h) => (obs.abilities_used || []).includes(h.figure)) : [];
      return el("li", { class: `d-purse s${seat} ${obs.to_act === seat ? "acting" : ""}`, "data-seat": String(seat) },
        ...heroes.map((h) => el("button", {
          type: "button", class: `hero-chip ${used.includes(h) ? "used" : ""}`, "data-key": `who:${h.figure}`, title: heroTitle(h), "aria-label": heroTitle(h),
          onclick: () => explain(heroTitle(h)),
        }, heroWords(view, h.figure).initial)),
        el("b", {}, seatLabel(seat)),
        el("span", {}, heroes.map((h) => heroWords(view, h.figure).name).join(", ")),
        used.length ? el("span", { class: "muted" }, t("d_ability_used")) : null,
        teams ? el("span", {}, t("d_team", { n: purse + 1 })) : null,
        el("span", { "data-field": "tiles" }, countWord(t, "d_tiles", obs.hand_sizes[seat])),
        coinRow(obs, purse, keys),
        el("span", { "data-field": "gold", class: gold === null ? "muted" : "gold" }, gold === null ? t("d_gold_hidden") : t("d_gold", { n: gold })));
    });
    return el("ul", { class: "d-purses", "aria-label": t("d_purse") }, ...items);
  }

  function infoLine(obs) {
    const goal = obs.escape ? "d_goal_escape" : obs.goal_counts === "coins" ? "d_goal_coins" : "d_goal_gold";
    const treasureKeys = travel.coins.get("t") || [];
    return el("div", { class: "d-info" },
      el("span", { class: "d-pile", title: t("d_pile_label", { n: obs.pile }) }, el("span", { class: "d-pile-art", "aria-hidden": "true" }), t("d_pile", { n: obs.pile })),
      el("span", { class: "d-treasure", role: "img", "aria-label": t("d_treasure_label", { n: obs.treasure }), title: t("d_treasure_label", { n: obs.treasure }) },
        el("span", { class: "d-stack", "aria-hidden": "true" }, ...treasureKeys.slice(-3).map((key) => coinEl(t, null, key))),
        `${t("d_treasure")} ${obs.treasure}`),
      obs.gone ? el("span", {}, t("d_gone", { n: obs.gone })) : null,
      el("span", {}, obs.drakon ? t("d_drakon_at", { cell: placeWords(t, cellKey(...obs.drakon)) }) : t("d_drakon_aside")),
      el("span", {}, t(goal, { n: obs.goal })));
  }

  /** The map's height: what is left of the window under it, within reason. */
  function sizeViewport(viewport) {
    const top = viewport.getBoundingClientRect().top + window.scrollY;
    const phone = window.innerWidth < 640;
    const height = Math.max(phone ? 200 : 260, Math.min(640, window.innerHeight - top - 12));
    viewport.style.height = `${Math.round(height)}px`;
  }

  /** When a decision comes to this seat, its hint and controls, with the hand, are brought into
   * the window (a click low on the map may have scrolled it down); the map's camera, not the
   * window, brings the rooms into the map's sight. */
  let turnStamp = null;

  function showTurn() {
    const stamp = mine() ? view.version : null;
    const began = stamp !== null && stamp !== turnStamp;
    turnStamp = stamp;
    if (!began) return;
    // measured on the next frame, once the new drawing is laid out
    requestAnimationFrame(() => bringIntoSight([root.querySelector(".d-act"), root.querySelector(".d-hand")]));
  }

  function draw(focusKey = null) {
    const obs = view.observation;
    // a choice that the legal actions no longer offer is dropped
    if (tool) {
      const turns = turnsOf(toolList(), tool.key);
      if (!turns.length) tool = null;
      else {
        tool.turns = turns;
        if (!turns.includes(tool.turn)) tool.turn = turns[0];
      }
    }
    if (!tool && moves.relocate.length && obs.step_cell) {
      const turns = turnsOf(moves.relocate, "moving");
      if (turns.length) tool = { key: "moving", effect: "moving", turn: turns[0], turns };
    }
    if (pickedRoom && !moves.rotate.has(pickedRoom)) pickedRoom = null;
    if (pickedHero && !moves.mind.has(pickedHero)) pickedHero = null;
    if (pickedPush && !moves.ability.push.has(pickedPush)) pickedPush = null;
    if (!pickedHero && moves.mind.size === 1) {
      const [figure, list] = [...moves.mind][0];
      if (!list.some((e) => e.cell === "stay")) pickedHero = figure;
    }
    const active = document.activeElement;
    const hadFocus = focusKey || (root.contains(active) && active.dataset ? active.dataset.key : null);
    const parts = [];
    const top = el("div", { class: "d-top" });
    if (me() !== null) top.append(controls(obs), handPanel(obs));
    parts.push(top);
    const map = mapStage(obs);
    parts.push(el("div", { class: "d-middle" }, el("div", { class: "d-map" }, map.box, map.hint), el("div", { class: "d-side" }, purses(obs), infoLine(obs))));
    if (obs.hands) parts.push(otherHands(obs));
    root.replaceChildren(el("div", { class: "d-board" }, ...parts));
    fitNames(root);
    sizeViewport(map.viewport);
    camera.anchor(map.viewport);
    placeCamera(obs, map.viewport, map.cells, map.targets);
    moved();
    showTurn();
    if (hadFocus) {
      const again = root.querySelector(`[data-key="${CSS.escape(hadFocus)}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  }

  document.addEventListener("keydown", (event) => {
    if (!view || event.target.closest("input, textarea, select")) return;
    if ((event.key === "r" || event.key === "R") && tool) {
      event.preventDefault();
      turnTool();
    }
  });
  // a phone's address bar coming and going resizes the window: the map follows without a redraw
  // (which would lose a tap in progress)
  window.addEventListener("resize", () => {
    if (!stage || !root.contains(stage.viewport)) return;
    sizeViewport(stage.viewport);
    moved();
  });

  return {
    /** What to click first for `action` when no button sends it whole (a hint): the tile of
     * your hand to lay or swap in, the room to turn, the hero to move. */
    hintTargets(action) {
      const entry = ((view && view.legal) || []).find((e) => e.action === action);
      if (!entry) return [];
      const verb = entry.kind;
      if (verb === "place" || verb === "exchange") return [...root.querySelectorAll(".d-tile[data-kind]")].filter((node) => node.dataset.kind === entry.tile);
      if (verb === "rotate") return [...root.querySelectorAll(`.d-room[data-cell="${CSS.escape(cellKey(...entry.cell))}"]`)];
      if (verb === "mind") return [...root.querySelectorAll(`.hero[data-figure="${CSS.escape(entry.figure)}"]`)];
      // the moving room lies another way round than the hinted one (else its spot sends it)
      if (verb === "relocate") return [...root.querySelectorAll("#d-turn")];
      // an ability: the ⚡ button until it is armed, then the hero to push
      if (ABILITY_VERBS.has(verb)) {
        if (!view || !isArmed(view.observation)) return [...root.querySelectorAll('[data-key="btn:ability"]')];
        if (verb === "push") return [...root.querySelectorAll(`[data-key="push:${CSS.escape(entry.figure)}"]`)];
      }
      return [];
    },
    update(next) {
      const key = `${next.version}`;
      if (key !== stepKey) resetChoices();
      stepKey = key;
      view = next;
      const obs = view.observation;
      moves = legalByKind(ui.interactive ? view.legal : []);
      if (mine() && (obs.step === "turn" || obs.step === "ability") && obs.step_seat === me() && obs.step_hero) turnHero = { turn: obs.turn, figure: obs.step_hero };
      const ids = keys.update(obs.rooms.map((r) => ({ cell: cellKey(...r.at), effect: r.room })), obs.hand || []);
      const counts = { t: obs.treasure };
      obs.coins.forEach((n, purse) => { counts[`p${purse}`] = n; });
      travel = { ...ids, coins: keys.updateCoins(counts) };
      if (key !== stepKey && mine()) explained = "";
      answerOffer(obs);
      draw();
    },
  };
}
