// Moves you can see: the pieces (cards, tiles, figures) that a new view brings are marked "fresh"
// for a short CSS animation, which the stylesheet turns off under prefers-reduced-motion. Boards
// draw themselves anew on each view, so a piece is "new" when nothing like it (same kind, same
// place, same face) was on the board before.

const PIECES = ".card, .k-card, .d-tile, .hero, .d-room, .room";
const TRANSIENT = new Set(["fresh", "selected", "picked", "chosen", "focus", "hover"]);

function key(piece) {
  const zone = piece.closest("[data-zone]");
  const classes = [...piece.classList].filter((c) => !TRANSIENT.has(c)).sort().join(".");
  const data = Object.entries(piece.dataset).sort().map(([k, v]) => `${k}=${v}`).join("&");
  return [zone ? `${zone.dataset.zone}/${zone.dataset.seat || ""}` : "", classes, data,
    piece.getAttribute("style") || "", piece.textContent].join("|");
}

/** What is on the board now: each piece's description, counted. */
export function snapshot(root) {
  const counts = new Map();
  for (const piece of root.querySelectorAll(PIECES)) {
    const k = key(piece);
    counts.set(k, (counts.get(k) || 0) + 1);
  }
  return counts;
}

/** Mark the pieces that were not on the board in `before`; returns how many. */
export function markFresh(root, before) {
  if (!before) return 0;
  const left = new Map(before);
  let fresh = 0;
  for (const piece of root.querySelectorAll(PIECES)) {
    const k = key(piece);
    const n = left.get(k) || 0;
    if (n > 0) {
      left.set(k, n - 1);
      continue;
    }
    piece.classList.add("fresh");
    piece.addEventListener("animationend", () => piece.classList.remove("fresh"), { once: true });
    fresh += 1;
  }
  return fresh;
}
