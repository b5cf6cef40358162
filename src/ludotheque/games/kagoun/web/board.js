// The Kagoun board: the river, the pile and the discard, every seat's pairs (fanned: the lower
// card's paired end and letter above the upper card), chain (cards touching, so that each
// junction is a whole symbol), hand (backs for the others), announcement and defence; and every
// decision made on the board, from view.legal only:
//   - a pairing (capture, steal, defence): pick a card of your hand, then the target's end (a
//     river card, an opponent's pair extremity or chain end, your own robbed card), see what each
//     way of laying it would do (pairs or not, strength, powers fired), confirm one;
//   - consolidation and laying the chain again: pick the pair (or the card to lay), then a slot at
//     an end of your chain, upright or turned, with the points it would make;
//   - giving up a pair, discarding cards, Take's victim, a river card to clear: click them;
//   - consolidate / discard / pass / stop: buttons of the board's bar; Kagoun! a toggle of its
//     own, confirmed on the board when the seat has under 10 points.
// A control that sends an action carries data-move="<notation>" (the page's one click handler
// sends it); controls that only choose carry data-pick / data-hand / data-target. The shell's
// moves panel keeps every action as the accessible list.

import { boardStyle, el } from "../../static/js/api.js";
import { bringIntoSight } from "../../static/js/sight.js";
import { tapTips } from "../../static/js/tips.js";
import { backEl, bandEl, cardEl, cardWords, colourName, letterOf, lineWords, powerIcon, powerName } from "./cards.js";

export { rules } from "./rules.js";

// the board's own stylesheet, served beside this module from the game's folder, before any drawing
await boardStyle("kagoun", new URL("./board.css", import.meta.url));

export const strings = {
  en: {
    k_river: "River", k_hand: "Your hand", k_seat_hand: "Hand ({n})", k_pairs: "Pairs", k_chain: "Chain",
    k_points: "{n} points", k_points_0: "0 points", k_points_1: "1 point",
    k_pile: "Pile {n} · discard {d}", k_round: "Round {n}", k_called: "Kagoun!", k_out: "out",
    k_hidden: "face-down card", k_first: "first player", k_loose: "To lay again",
    k_pile_label: "Pile: {n} face-down cards", k_pile_label_1: "Pile: 1 face-down card",
    k_discard_label: "Discard: {n} cards", k_discard_label_1: "Discard: 1 card", k_discard_top: "Discard ({n})",
    k_none: "—", k_no_symbol: "no small symbol",
    k_w_card: "{card}: large symbols {left} (left) and {right} (right); {a}; {b}",
    k_w_card_turned: "{card} turned: large symbols {left} (left) and {right} (right); {a}; {b}",
    k_w_end: "end {end}: {symbols}, force {force}", k_w_power: ", power {power}",
    k_w_line: "{card} ({symbols} end, force {force})",
    k_force_n: "force {n}: added to the force of the line it is laid beside, it makes the pairing's strength",
    k_tip_small: "a small {colour} symbol: laid beside another line, the two lines must hold exactly the laid card's two large colours",
    k_power_take: "when its line is paired, you take a card at random from the hand of an opponent you choose",
    k_power_replay: "when its line is paired, you play one more action at once",
    k_power_draw: "when its line is paired, you draw two cards, then keep three in hand",
    k_power_defend: "a pair showing it on a paired line, or a chain end card bearing it, cannot be stolen",
    k_announced: "Announced: {what}", k_announced_replay: "Replay: {what}", k_defence_on: "Defence on {card}",
    k_hand_backs: "{n} cards in hand", k_hand_backs_1: "1 card in hand", k_aimed: "announced as a target",
    // choosing
    k_hint_announce: "Pick a card of your hand, then its target: an end of a river card (capture) or an opponent's pair extremity or chain end (steal). Or consolidate, discard, pass.",
    k_hint_target: "Now pick the target: the marked ends (✓ pairs, with its strength; ✗ does not pair).",
    k_hint_confirm: "Check what it does, then confirm.",
    k_hint_defend: "You are robbed: pick a card of your hand, then the end of your card it defends.",
    k_hint_chain: "Pick the pair whose upper card joins your chain.",
    k_hint_rearrange: "Your defence won: lay your chain again, card by card from the left. Pick the next card.",
    k_hint_side: "Pick where it goes (the slots at the ends of your chain).",
    k_hint_scrap: "Your consolidation failed: pick the pair you give up.",
    k_hint_discard: "Click the cards you discard (one to three), then stop.",
    k_hint_dropdown: "Discard down to three cards in hand: click the cards to discard.",
    k_hint_take: "Take: choose whom you take a card from.",
    k_hint_clear: "You are out: discard a card of the river.",
    k_pick_hand: "{card}: pick it", k_hand_best: "pairs, strength up to {n}", k_hand_none: "pairs with nothing here",
    k_pair: "Pair: {upper} over {lower}",
    k_aim: "Target {line}: {what}",
    k_aim_ok: "pairs, strength up to {n}", k_aim_bad: "does not pair",
    k_pv_valid: "Your end {u} beside {line}: pairs, strength {n}",
    k_pv_perfect: " — same letter: a perfect pair, it wins every conflict",
    k_pv_invalid: "Your end {u} beside {line}: does not pair — your card would be discarded",
    k_pv_fires: "fires {powers}", k_pv_no_power: "no power",
    k_do_capture: "Capture", k_do_steal: "Steal", k_do_defend: "Defend",
    k_do_with: "{verb} with end {u}",
    k_cancel: "Cancel",
    k_consolidate: "Consolidate", k_discard: "Discard cards", k_pass: "Pass", k_stop: "Stop discarding",
    k_pick_pair: "Pair {upper} over {lower}: pick it",
    k_pick_loose: "{card}: lay it next",
    k_slot: "Lay {card} at the {side} end{turned}: {points}",
    k_slot_left: "left", k_slot_right: "right", k_slot_turned: ", turned",
    k_slot_points: "the chain makes {n} points", k_slot_points_1: "the chain makes 1 point", k_slot_points_0: "the chain makes 0 points",
    k_scrap: "Give up the pair {upper} over {lower}",
    k_drop: "Discard {card}",
    k_take: "Take a card from {name}",
    k_clear: "Discard {card} from the river",
    k_call: "Kagoun!", k_call_label: "Call Kagoun!", k_call_done: "Kagoun! called",
    k_call_confirm: "Call Kagoun! anyway",
    k_legend_marks: "✗ (here; \"not a valid pairing\" in the moves list): the two lines would not hold your card's two large colours — the card you lay is discarded. ✓ and a number: it pairs, with that strength.",
  },
  fr: {
    k_river: "Rivière", k_hand: "Votre main", k_seat_hand: "Main ({n})", k_pairs: "Paires", k_chain: "Chaîne",
    k_points: "{n} points", k_points_0: "0 point", k_points_1: "1 point",
    k_pile: "Pioche {n} · défausse {d}", k_round: "Manche {n}", k_called: "Kagoun !", k_out: "hors jeu",
    k_hidden: "carte face cachée", k_first: "premier joueur", k_loose: "À reposer",
    k_pile_label: "Pioche : {n} cartes face cachée", k_pile_label_1: "Pioche : {n} carte face cachée",
    k_discard_label: "Défausse : {n} cartes", k_discard_label_1: "Défausse : {n} carte", k_discard_top: "Défausse ({n})",
    k_none: "—", k_no_symbol: "aucun petit symbole",
    k_w_card: "{card} : grands symboles {left} (gauche) et {right} (droite) ; {a} ; {b}",
    k_w_card_turned: "{card} retournée : grands symboles {left} (gauche) et {right} (droite) ; {a} ; {b}",
    k_w_end: "extrémité {end} : {symbols}, force {force}", k_w_power: ", pouvoir {power}",
    k_w_line: "{card} (bout {symbols}, force {force})",
    k_force_n: "force {n} : ajoutée à la force de la ligne contre laquelle elle est posée, elle donne la puissance de l'appariement",
    k_tip_small: "un petit symbole {colour} : posées l'une contre l'autre, les deux lignes doivent reproduire exactement les deux grandes couleurs de la carte posée",
    k_power_take: "quand sa ligne est appariée, vous prenez au hasard une carte de la main d'un adversaire de votre choix",
    k_power_replay: "quand sa ligne est appariée, vous jouez aussitôt une action de plus",
    k_power_draw: "quand sa ligne est appariée, vous piochez deux cartes, puis gardez trois cartes en main",
    k_power_defend: "une paire qui le montre sur une ligne appariée, ou une carte au bout d'une chaîne qui le porte, ne peut pas être volée",
    k_announced: "Annonce : {what}", k_announced_replay: "Rejeu : {what}", k_defence_on: "Défense sur {card}",
    k_hand_backs: "{n} cartes en main", k_hand_backs_1: "{n} carte en main", k_aimed: "visée par une annonce",
    k_hint_announce: "Choisissez une carte de votre main, puis sa cible : une extrémité d'une carte de la rivière (capture), ou une extrémité de paire ou un bout de chaîne adverse (vol). Ou consolidez, défaussez, passez.",
    k_hint_target: "Choisissez la cible : les extrémités marquées (✓ s'apparie, avec sa puissance ; ✗ ne s'apparie pas).",
    k_hint_confirm: "Voyez ce que cela donne, puis confirmez.",
    k_hint_defend: "On vous vole : choisissez une carte de votre main, puis l'extrémité de votre carte qu'elle défend.",
    k_hint_chain: "Choisissez la paire dont la carte supérieure rejoint votre chaîne.",
    k_hint_rearrange: "Votre défense a réussi : reposez votre chaîne, carte par carte depuis la gauche. Choisissez la carte suivante.",
    k_hint_side: "Choisissez où elle va (les emplacements aux bouts de votre chaîne).",
    k_hint_scrap: "Votre consolidation a échoué : choisissez la paire que vous défaussez.",
    k_hint_discard: "Cliquez les cartes à défausser (une à trois), puis arrêtez.",
    k_hint_dropdown: "Défaussez jusqu'à garder trois cartes : cliquez les cartes à défausser.",
    k_hint_take: "Prendre : choisissez à qui prendre une carte.",
    k_hint_clear: "Vous êtes hors jeu : défaussez une carte de la rivière.",
    k_pick_hand: "{card} : la choisir", k_hand_best: "s'apparie, puissance jusqu'à {n}", k_hand_none: "ne s'apparie à rien ici",
    k_pair: "Paire : {upper} sur {lower}",
    k_aim: "Cible {line} : {what}",
    k_aim_ok: "s'apparie, puissance jusqu'à {n}", k_aim_bad: "ne s'apparie pas",
    k_pv_valid: "Votre extrémité {u} contre {line} : s'apparie, puissance {n}",
    k_pv_perfect: " — même lettre : paire parfaite, elle gagne tout conflit",
    k_pv_invalid: "Votre extrémité {u} contre {line} : ne s'apparie pas — votre carte serait défaussée",
    k_pv_fires: "déclenche {powers}", k_pv_no_power: "aucun pouvoir",
    k_do_capture: "Capturer", k_do_steal: "Voler", k_do_defend: "Défendre",
    k_do_with: "{verb} par l'extrémité {u}",
    k_cancel: "Annuler",
    k_consolidate: "Consolider", k_discard: "Défausser des cartes", k_pass: "Passer", k_stop: "Arrêter de défausser",
    k_pick_pair: "Paire {upper} sur {lower} : la choisir",
    k_pick_loose: "{card} : la poser maintenant",
    k_slot: "Poser {card} au bout {side}{turned} : {points}",
    k_slot_left: "gauche", k_slot_right: "droit", k_slot_turned: ", retournée",
    k_slot_points: "la chaîne vaut {n} points", k_slot_points_1: "la chaîne vaut 1 point", k_slot_points_0: "la chaîne vaut 0 point",
    k_scrap: "Défausser la paire {upper} sur {lower}",
    k_drop: "Défausser {card}",
    k_take: "Prendre une carte à {name}",
    k_clear: "Défausser {card} de la rivière",
    k_call: "Kagoun !", k_call_label: "Crier Kagoun !", k_call_done: "Kagoun ! crié",
    k_call_confirm: "Crier Kagoun ! quand même",
    k_legend_marks: "✗ (ici ; « appariement non valide » dans la liste des coups) : les deux lignes ne reproduiraient pas les deux grandes couleurs de votre carte — la carte posée est défaussée. ✓ et un nombre : elle s'apparie, avec cette puissance.",
  },
};

const PAIRING = ["capture", "steal", "defend"];
const WORDS = ["consolidate", "discard", "pass", "stop"];

/** Marks shown beside a seat's name in the shell's seats bar. */
export function seatMarks(view, seat, t) {
  const obs = view.observation;
  const marks = [];
  if (!obs) return marks;
  if (obs.first_player === seat) marks.push(t("k_first"));
  if (obs.called && obs.called[seat]) marks.push(t("k_called"));
  if (obs.active && !obs.active[seat]) marks.push(t("k_out"));
  return marks;
}

/** An announced action ("steal", ...) in the reader's words, from the view's legend. */
function announcedWords(view, action) {
  return ((view.legend || {}).announced || {})[action] || action;
}

/** The moves list's tooltip: what "not a valid pairing" means. */
export function moveTitle(entry, t) {
  return entry.valid === false ? t("k_legend_marks") : null;
}

/** view.legal grouped by kind; each entry keeps its parts (a pairing gains `line`, the target's
 *  line as the observation names lines: "G2b"), and what it does comes with it from the rules. */
export function legalByKind(legal) {
  const out = { pairings: [], chains: [], scrap: [], drop: [], take: [], clear: [], words: new Map() };
  for (const entry of legal) {
    if (PAIRING.includes(entry.kind)) out.pairings.push({ ...entry, line: entry.target + entry.target_end });
    else if (entry.kind === "chain") out.chains.push(entry);
    else if (out[entry.kind]) out[entry.kind].push(entry);
    else out.words.set(entry.kind, entry.action);
  }
  return out;
}

/** The key of a face-up card for moves that travel: the card itself ("k-M1"), wherever it lies. */
const cardKey = (name) => `k-${name.slice(0, 2)}`;

function pointsText(t, n, prefix = "k_points") {
  return t(n <= 1 ? `${prefix}_${n}` : prefix, { n });
}

export function createBoard(root, ui) {
  const { t } = ui;
  let view = null;
  let legal = legalByKind([]);
  let stamp = ""; // the step and actions the choice below was made on
  let sel = null; // {kind: "hand" | "chain" | "scrap", card}
  let target = null; // the target line of a pairing ("G2b")
  let asking = false; // the Kagoun! call waits for its confirmation
  let focusAfter = null; // data-key of the control to focus after drawing
  let aimed = new Set(); // the lines announced as targets this round ("G2b")
  tapTips(root);

  function me() {
    return view.seat === null || view.seat === undefined ? null : view.seat;
  }

  function choose(next, nextTarget = null, focus = null) {
    sel = next;
    target = nextTarget;
    asking = false;
    focusAfter = focus;
    draw();
  }

  // -- cards as targets -------------------------------------------------------------------------

  /** The pairings the chosen hand card may make on `line`. */
  function pairingsOn(line) {
    if (!sel || sel.kind !== "hand") return [];
    return legal.pairings.filter((p) => p.card === sel.card && p.line === line);
  }

  /** A band of a card on the table: a target button when the chosen hand card may be laid by it. */
  function targetBand(id, key, face, opts = {}) {
    const line = id + key;
    opts = { ...opts, aimed: aimed.has(line) };
    const options = pairingsOn(line);
    if (!options.length) return bandEl(view, face, key, t, opts);
    const good = options.filter((p) => p.valid);
    const best = good.length ? Math.max(...good.map((r) => r.strength)) : null;
    const mark = best === null ? { ok: false, text: "✗" } : { ok: true, text: `✓${best}` };
    const node = bandEl(view, face, key, t, { ...opts, tag: "button", mark });
    node.classList.add("k-target");
    Object.assign(node.dataset, { target: line, key: `target:${line}`, valid: String(best !== null) });
    node.type = "button";
    node.setAttribute("aria-pressed", String(target === line));
    node.setAttribute("aria-label", t("k_aim", { line: lineWords(view, line, t), what: best === null ? t("k_aim_bad") : t("k_aim_ok", { n: best }) }));
    node.addEventListener("click", () => choose(sel, target === line ? null : line, "confirm:0"));
    return node;
  }

  /** A card on the table (river, chain) whose both ends may be targets. */
  function tableCard(name, opts = {}) {
    const id = name.slice(0, 2);
    const targetable = sel && sel.kind === "hand" && legal.pairings.some((p) => p.card === sel.card && p.target === id);
    return cardEl(view, name, t, { ...opts, aimed, band: targetable ? (key, face) => targetBand(id, key, face) : null });
  }

  /** A pair, fanned: the lower card shows its paired end (an extremity) and its letter above the
   *  upper card, which shows its paired end then its other end (the other extremity). */
  function pairEl(pair, seat) {
    const [upper, lower] = pair;
    const uId = upper.slice(0, 2);
    const lId = lower.slice(0, 2);
    const u = upper[2];
    const ln = lower[2];
    const mine = seat === me();
    const scrap = legal.scrap.find((e) => e.card === uId);
    const pickable = mine && ui.interactive && (Boolean(scrap) || (isConsolidating() && legal.chains.some((c) => c.card === uId)));
    const targetable = !pickable && sel && sel.kind === "hand";
    const band = (id, onlyKey, paired) => (key, face) => {
      const opts = { extremity: key === onlyKey, paired: paired === key, aimed: aimed.has(id + key) };
      return targetable && key === onlyKey ? targetBand(id, key, face, opts) : bandEl(view, face, key, t, opts);
    };
    // the paired line on top: a card whose line b is paired lies turned
    const lowerEl = cardEl(view, ln === "b" ? `${lId}~` : lId, t, { small: true, paired: ln, className: "k-lower", band: band(lId, ln, ln), travel: cardKey(lId) });
    const upperEl = cardEl(view, u === "b" ? `${uId}~` : uId, t, { small: true, paired: u, className: "k-upper", band: band(uId, u === "a" ? "b" : "a", u), travel: cardKey(uId) });
    const label = t("k_pick_pair", { upper: letterOf(uId), lower: letterOf(lId) });
    if (!pickable) return el("div", { class: "k-pair", role: "group", "aria-label": t("k_pair", { upper: letterOf(upper), lower: letterOf(lower) }), "data-pair": uId }, lowerEl, upperEl);
    const chosen = sel && sel.card === uId && (sel.kind === "chain" || sel.kind === "scrap");
    const kind = scrap ? "scrap" : "chain";
    return el("button", {
      type: "button", class: "k-pair k-pickable", "data-pair": uId, "data-pick": uId, "data-key": `pick:${uId}`,
      "aria-pressed": String(Boolean(chosen)), "aria-label": label, title: label,
      onclick: () => choose(chosen ? null : { kind, card: uId }, null, chosen ? `pick:${uId}` : (kind === "scrap" ? "confirm:0" : `pick:${uId}`)),
    }, lowerEl, upperEl);
  }

  function isConsolidating() {
    return (view.observation || {}).phase === "consolidate";
  }

  // -- the chain and its slots ---------------------------------------------------------------------

  function chainRow(obs, seat) {
    const chain = obs.chains[seat];
    const ends = chain.length ? new Set([0, chain.length - 1]) : new Set();
    const cards = chain.map((name, i) => (ends.has(i) ? tableCard(name, { small: true, travel: cardKey(name) }) : cardEl(view, name, t, { small: true, aimed, travel: cardKey(name) })));
    const slots = seat === me() && sel && sel.kind === "chain" ? legal.chains.filter((c) => c.card === sel.card) : [];
    const slot = (c) => {
      const name = c.card + (c.turned ? "~" : "");
      const points = c.points;
      const label = t("k_slot", {
        card: letterOf(c.card), side: t(`k_slot_${c.side}`), turned: c.turned ? t("k_slot_turned") : "",
        points: pointsText(t, points, "k_slot_points"),
      });
      return el("button", { type: "button", class: "k-slot", "data-move": c.action, "data-key": `slot:${c.action}`, "aria-label": label, title: label },
        cardEl(view, name, t, { small: true, attrs: { "aria-hidden": "true" } }),
        el("span", { class: "k-slot-points", "aria-hidden": "true" }, `${points}`));
    };
    const left = slots.filter((c) => c.side === "left").map(slot);
    const right = slots.filter((c) => c.side === "right").map(slot);
    const row = el("div", { class: "k-chain-cards" }, ...left, ...cards, ...right);
    if (!chain.length && !slots.length) row.append(el("span", { class: "k-empty" }, t("k_none")));
    return el("div", { class: "k-row k-chain", "data-zone": "chain", "data-seat": String(seat) },
      el("span", { class: "zone-label" }, t("k_chain")), row);
  }

  function pairsRow(obs, seat) {
    return el("div", { class: "k-row", "data-zone": "pairs", "data-seat": String(seat) }, el("span", { class: "zone-label" }, t("k_pairs")),
      ...(obs.pairs[seat].length ? obs.pairs[seat].map((p) => pairEl(p, seat)) : [el("span", { class: "k-empty" }, t("k_none"))]));
  }

  /** Zones side by side, wrapping when the board is narrow. */
  function line(...zones) {
    return el("div", { class: "k-line" }, ...zones);
  }

  // -- seats -----------------------------------------------------------------------------------

  function announcementEl(obs, seat) {
    const ann = obs.announced[seat];
    if (!ann) return null;
    const what = `${announcedWords(view, ann.action)}${ann.target ? " → " + lineWords(view, ann.target, t) : ""}`;
    return el("div", { class: "k-ann" }, t(ann.replay ? "k_announced_replay" : "k_announced", { what }), " ",
      ann.target ? (ann.card ? cardEl(view, ann.card.slice(0, 2), t, { small: true, paired: ann.card[2], travel: cardKey(ann.card), from: `ann-${seat}` })
        : backEl(t, { small: true, travel: `ann-${seat}` })) : null);
  }

  function defencesEl(obs, seat) {
    const mine = (obs.defences || []).filter((d) => d.seat === seat);
    return mine.map((d) => el("div", { class: "k-ann" }, t("k_defence_on", { card: lineWords(view, d.target, t) }), " ",
      d.card ? cardEl(view, d.card.slice(0, 2), t, { small: true, paired: d.card[2], travel: cardKey(d.card), from: `def-${seat}-${d.target}` })
        : backEl(t, { small: true, travel: `def-${seat}-${d.target}` })));
  }

  function seatHead(obs, seat) {
    const info = (view.seats || [])[seat] || {};
    const name = info.name || `#${seat + 1}`;
    const marks = seatMarks(view, seat, t);
    const entry = legal.take.find((e) => e.seat === seat);
    const take = entry
      ? el("button", { type: "button", class: "k-take primary", "data-move": entry.action, "data-key": `take:${seat}` }, t("k_take", { name }))
      : null;
    return el("h3", { class: "k-seat-title" }, seat === me() ? `${name} (${t("you")})` : name,
      marks.length ? el("span", { class: "marks" }, " · " + marks.join(" · ")) : null,
      el("span", { class: "k-pts" }, " · " + pointsText(t, obs.points[seat])), take);
  }

  function otherSeat(obs, seat) {
    const hand = obs.hands
      ? el("div", { class: "k-row", "data-zone": "hand", "data-seat": String(seat) }, el("span", { class: "zone-label" }, t("k_seat_hand", { n: obs.hands[seat].length })),
        ...obs.hands[seat].map((c) => cardEl(view, c, t, { small: true, travel: cardKey(c), from: "pile" })))
      : el("div", { class: "k-row", "data-zone": "hand", "data-seat": String(seat) }, el("span", { class: "zone-label" }, t("k_seat_hand", { n: obs.hand_sizes[seat] })),
        el("span", { class: "k-backs", role: "img", "aria-label": t("k_hand_backs", { n: obs.hand_sizes[seat] }) },
          ...Array.from({ length: obs.hand_sizes[seat] }, (_, i) => backEl(t, { tiny: true, travel: `s${seat}-back-${i + 1}`, from: "pile" }))));
    return el("section", { class: `k-seat ${obs.phase_seat === seat ? "acting" : ""} ${obs.active[seat] ? "" : "k-out"}`, "data-seat": String(seat) },
      seatHead(obs, seat), line(hand, announcementEl(obs, seat), ...defencesEl(obs, seat)),
      obs.phase_seat === seat ? looseRow(obs) : null,
      line(pairsRow(obs, seat), chainRow(obs, seat)));
  }

  function ownHand(obs) {
    const cards = obs.hand.map((c) => {
      const pick = ui.interactive && legal.pairings.some((p) => p.card === c);
      if (pick) {
        const chosen = sel && sel.kind === "hand" && sel.card === c;
        // what the card can do at best, before it is picked: its strongest valid pairing
        const strengths = legal.pairings.filter((p) => p.card === c && p.valid).map((p) => p.strength);
        const best = strengths.length ? Math.max(...strengths) : null;
        const can = best === null ? t("k_hand_none") : t("k_hand_best", { n: best });
        const node = cardEl(view, c, t, {
          tag: "button", className: "k-pick", travel: cardKey(c), from: "pile",
          attrs: { "data-hand": c, "data-key": `hand:${c}`, "data-best": best === null ? "" : String(best), "aria-pressed": String(chosen),
            "aria-label": `${t("k_pick_hand", { card: letterOf(c) })} (${can}) — ${cardWords(view, c, t)}`,
            onclick: () => choose(chosen ? null : { kind: "hand", card: c }, null, chosen ? `hand:${c}` : "first-target") },
        });
        node.append(el("span", { class: `k-mark k-best ${best === null ? "bad" : "ok"}`, title: can, "aria-hidden": "true" }, best === null ? "✗" : `✓${best}`));
        return node;
      }
      const drop = ui.interactive && legal.drop.find((e) => e.card === c);
      if (drop) {
        return cardEl(view, c, t, {
          tag: "button", className: "k-pick k-drop", travel: cardKey(c), from: "pile",
          attrs: { "data-move": drop.action, "data-key": `drop:${c}`, "aria-label": `${t("k_drop", { card: letterOf(c) })} — ${cardWords(view, c, t)}` },
        });
      }
      return cardEl(view, c, t, { travel: cardKey(c), from: "pile" });
    });
    return el("div", { class: "k-row k-hand", "data-zone": "hand", "data-seat": String(me()) },
      el("span", { class: "zone-label" }, t("k_hand")), ...(cards.length ? cards : [el("span", { class: "k-empty" }, t("k_none"))]));
  }

  function looseRow(obs) {
    if (!obs.loose || !obs.loose.length) return null;
    return el("div", { class: "k-row", "data-zone": "loose" }, el("span", { class: "zone-label" }, t("k_loose")),
      ...obs.loose.map((c) => {
        if (!legal.chains.some((x) => x.card === c)) return cardEl(view, c, t, { small: true, travel: cardKey(c) });
        const chosen = sel && sel.kind === "chain" && sel.card === c;
        return cardEl(view, c, t, {
          small: true, tag: "button", className: "k-pick", travel: cardKey(c),
          attrs: { "data-pick": c, "data-key": `pick:${c}`, "aria-pressed": String(chosen), "aria-label": `${t("k_pick_loose", { card: letterOf(c) })} — ${cardWords(view, c, t)}`,
            onclick: () => choose(chosen ? null : { kind: "chain", card: c }, null, `pick:${c}`) },
        });
      }));
  }

  // -- the bar: what to do now, the preview, the buttons ------------------------------------------

  function hint(obs) {
    const phase = obs.phase;
    if (phase === "announce") return t(!sel ? "k_hint_announce" : target ? "k_hint_confirm" : "k_hint_target");
    if (phase === "defend") return t(!sel ? "k_hint_defend" : target ? "k_hint_confirm" : "k_hint_target");
    if (phase === "consolidate") return t(sel ? "k_hint_side" : "k_hint_chain");
    if (phase === "rearrange") return t(sel ? "k_hint_side" : "k_hint_rearrange");
    const key = { scrap: "k_hint_scrap", discard: "k_hint_discard", dropdown: "k_hint_dropdown", take: "k_hint_take", clear: "k_hint_clear" }[phase];
    return key ? t(key) : "";
  }

  function preview() {
    if (!sel || sel.kind !== "hand" || !target) return null;
    const rows = pairingsOn(target).map((p) => ({ p, r: p }))
      .sort((x, y) => Number(y.r.valid) - Number(x.r.valid) || y.r.strength - x.r.strength);
    return el("div", { class: "k-preview", role: "group", "aria-label": t("k_hint_confirm") },
      ...rows.map(({ p, r }, i) => {
        let text = r.valid ? t("k_pv_valid", { u: p.end, line: lineWords(view, p.line, t), n: r.strength }) : t("k_pv_invalid", { u: p.end, line: lineWords(view, p.line, t) });
        if (r.valid && r.perfect) text += t("k_pv_perfect");
        if (r.valid) text += ` · ${r.powers.length ? t("k_pv_fires", { powers: r.powers.map((x) => powerName(view, x)).join(", ") }) : t("k_pv_no_power")}`;
        return el("div", { class: `k-pv ${r.valid ? "ok" : "bad"}`, "data-valid": String(r.valid) },
          cardEl(view, p.card, t, { small: true, paired: p.end }),
          el("span", { class: "k-pv-text" }, text, ...(r.valid ? r.powers.map((x) => el("span", { class: `k-power p-${x}` }, powerIcon(x))) : [])),
          el("button", { type: "button", class: r.valid ? "primary" : "", "data-move": p.action, "data-key": `confirm:${i}` },
            t("k_do_with", { verb: t(`k_do_${p.kind}`), u: p.end })));
      }),
      el("button", { type: "button", class: "k-cancel", "data-key": "cancel", onclick: () => choose(null, null, `hand:${sel.card}`) }, t("k_cancel")));
  }

  function scrapConfirm(obs) {
    if (!sel || sel.kind !== "scrap") return null;
    const pair = obs.pairs[me()].find((p) => p[0].slice(0, 2) === sel.card);
    const label = t("k_scrap", { upper: letterOf(sel.card), lower: pair ? letterOf(pair[1]) : "" });
    const entry = legal.scrap.find((e) => e.card === sel.card);
    return el("div", { class: "k-preview" },
      entry ? el("button", { type: "button", class: "primary", "data-move": entry.action, "data-key": "confirm:0" }, label) : null,
      el("button", { type: "button", class: "k-cancel", "data-key": "cancel", onclick: () => choose(null, null, `pick:${sel.card}`) }, t("k_cancel")));
  }

  /** The server's entry of the Kagoun! call, when it is legal: its `confirm` is the warning to
   * read first (a call that eliminates its caller if the round ends under 10 points). */
  function callEntry() {
    return (ui.interactive ? view.legal || [] : []).find((e) => e.kind === "kagoun") || null;
  }

  function callEl(obs) {
    const seat = me();
    const call = callEntry();
    const can = Boolean(call);
    if (!can && !obs.called[seat]) return null;
    const attrs = {
      type: "button", class: `k-call ${obs.called[seat] ? "on" : ""}`, "data-key": "call", "aria-pressed": String(Boolean(obs.called[seat] || asking)),
      disabled: !can, title: t("k_call_label"),
    };
    if (can && !call.confirm) attrs["data-move"] = call.action;
    else if (can) attrs.onclick = () => { asking = !asking; focusAfter = asking ? "call-cancel" : "call"; draw(); };
    return el("button", attrs, obs.called[seat] ? t("k_call_done") : t("k_call_label"));
  }

  function callConfirm() {
    const call = callEntry();
    if (!asking || !call || !call.confirm) return null;
    return el("div", { class: "k-confirm", role: "alertdialog", "aria-label": t("k_call_label"), "aria-describedby": "k-call-warn" },
      el("p", { id: "k-call-warn" }, call.confirm),
      el("button", { type: "button", class: "primary k-call-confirm", "data-move": call.action, "data-confirmed": "true", "data-key": "call-confirm" }, t("k_call_confirm")),
      el("button", { type: "button", class: "k-call-cancel", "data-key": "call-cancel", onclick: () => { asking = false; focusAfter = "call"; draw(); } }, t("k_cancel")));
  }

  function bar(obs) {
    if (!ui.interactive || me() === null) return null;
    const mine = (view.legal || []).length > 0;
    const words = WORDS.filter((w) => legal.words.has(w)).map((w) =>
      el("button", { type: "button", class: `k-word ${w === "stop" ? "primary" : ""}`, "data-move": legal.words.get(w), "data-key": `word:${w}` }, t(`k_${w}`)));
    const cancel = sel && (sel.kind === "chain") ? el("button", { type: "button", class: "k-cancel", "data-key": "cancel", onclick: () => choose(null, null, `pick:${sel.card}`) }, t("k_cancel")) : null;
    return el("div", { class: `k-bar ${mine ? "k-my-turn" : ""}` },
      el("p", { class: "k-hint", "aria-live": "polite" }, mine ? hint(obs) : ""),
      mine && legal.pairings.length ? el("p", { class: "k-legend" }, t("k_legend_marks")) : null,
      el("div", { class: "k-buttons" }, callEl(obs), ...words, cancel),
      callConfirm(), preview(), scrapConfirm(obs));
  }

  function ownSeat(obs) {
    const seat = me();
    return el("section", { class: `k-seat k-me ${obs.phase_seat === seat ? "acting" : ""} ${obs.active[seat] ? "" : "k-out"}`, "data-seat": String(seat) },
      seatHead(obs, seat), bar(obs), line(ownHand(obs), announcementEl(obs, seat), ...defencesEl(obs, seat)),
      obs.phase_seat === seat ? looseRow(obs) : null,
      line(pairsRow(obs, seat), chainRow(obs, seat)));
  }

  function centre(obs) {
    const river = obs.river.map((c) => {
      const clear = ui.interactive && legal.clear.find((e) => e.card === c);
      if (clear) {
        return cardEl(view, c, t, { tag: "button", className: "k-pick", travel: cardKey(c), from: "pile", attrs: { "data-move": clear.action, "data-key": `clear:${c}`, "aria-label": `${t("k_clear", { card: letterOf(c) })} — ${cardWords(view, c, t)}` } });
      }
      return tableCard(c, { travel: cardKey(c), from: "pile" });
    });
    const top = obs.discard.length ? obs.discard[obs.discard.length - 1] : null;
    return el("section", { class: "k-centre-zone" },
      el("div", { class: "zone-label" }, `${t("k_round", { n: obs.round })} · ${t("k_pile", { n: obs.pile_size, d: obs.discard.length })}`),
      el("div", { class: "k-table-row" },
        el("div", { class: "k-row k-river", "data-zone": "river" }, el("span", { class: "zone-label" }, t("k_river")),
          ...(river.length ? river : [el("span", { class: "k-empty" }, t("k_none"))])),
        el("div", { class: "k-stacks" },
          el("div", { class: "k-stack", "data-zone": "pile" }, backEl(t, { small: true, label: t("k_pile_label", { n: obs.pile_size }), travel: "pile", group: "pile" }),
            el("span", { class: "k-count", "aria-hidden": "true" }, String(obs.pile_size))),
          el("div", { class: "k-stack", "data-zone": "discard", "aria-label": t("k_discard_label", { n: obs.discard.length }), role: "group" },
            top ? cardEl(view, top, t, { small: true, travel: cardKey(top) }) : el("span", { class: "k-card k-sm k-empty-slot", "aria-hidden": "true" }),
            el("span", { class: "k-count", "aria-hidden": "true" }, t("k_discard_top", { n: obs.discard.length }))))));
  }

  function draw() {
    const obs = view.observation;
    aimed = new Set([...(obs.announced || []).map((a) => a && a.target), ...(obs.defences || []).map((d) => d.line)].filter(Boolean));
    const seat = me();
    const others = [...Array(obs.players).keys()].filter((s) => s !== seat);
    const order = seat === null ? others : others.map((_, k) => (seat + 1 + k) % obs.players);
    const hadFocus = root.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    // the table and your own seat side by side with the others on a wide screen, where they stay
    // in sight while the others' long chains scroll (board.css)
    root.replaceChildren(el("div", { class: "k-board" },
      el("div", { class: "k-others" }, ...order.map((s) => otherSeat(obs, s))),
      el("div", { class: "k-main" }, centre(obs), seat === null ? null : ownSeat(obs))));
    const key = focusAfter || hadFocus;
    focusAfter = null;
    let again = null;
    if (key === "first-target") again = root.querySelector("[data-target]");
    else if (key) again = root.querySelector(`[data-key="${CSS.escape(key)}"]`) || (key.startsWith("confirm:") ? root.querySelector(".k-preview [data-move]") : null);
    // a keyboard player whose control went away with the move stays on the board: the first
    // control of his own seat takes the focus when there is one
    if (!again && keyboardHere && !root.contains(document.activeElement)) again = root.querySelector(".k-me button:not([disabled])");
    if (again && !again.disabled) again.focus({ preventScroll: true });
    showTurn();
  }

  /** When a decision comes to this seat, what it acts on is brought into sight: Take's opponents
   * (below the river on a narrow screen: board.css), else the controls of its moves (a hand card,
   * a pair or card to pick, a move's button), never the Kagoun! call alone. */
  let turnStamp = "";

  function showTurn() {
    const began = stamp !== turnStamp;
    turnStamp = stamp;
    if (!began) return;
    const controls = legal.take.length ? ".k-take"
      : "[data-hand]:not([disabled]), [data-pick]:not([disabled]), [data-move]:not([disabled]):not(.k-call)";
    // measured on the next frame, once the new drawing is laid out
    requestAnimationFrame(() => bringIntoSight([...root.querySelectorAll(controls)]));
  }

  let keyboardHere = false; // the focus is (or was, before its control went away) on the board
  root.addEventListener("focusin", () => { keyboardHere = true; });
  root.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !root.contains(event.relatedTarget)) keyboardHere = false;
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || (!sel && !asking)) return;
    const back = sel ? (sel.kind === "hand" ? `hand:${sel.card}` : `pick:${sel.card}`) : "call";
    choose(null, null, back);
  });

  return {
    /** What to click first for `action` when no button sends it whole (a hint): the card of
     * your hand to pair, the card or pair to lay in your chain. */
    hintTargets(action) {
      const entry = ((view && view.legal) || []).find((e) => e.action === action);
      if (!entry) return [];
      const card = CSS.escape(entry.card || "");
      if (PAIRING.includes(entry.kind)) return [...root.querySelectorAll(`[data-hand="${card}"]`)];
      if (entry.kind === "chain") return [...root.querySelectorAll(`[data-pick="${card}"], [data-hand="${card}"]`)];
      return [];
    },
    update(next) {
      view = next;
      legal = legalByKind(ui.interactive ? view.legal || [] : []);
      const now = `${view.version}|${(view.legal || []).map((e) => e.action).join(",")}`;
      if (now !== stamp) {
        stamp = now;
        sel = null;
        target = null;
        asking = false;
      }
      draw();
    },
  };
}
