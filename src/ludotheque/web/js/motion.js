// Moves you can see. Boards draw themselves anew on each view; this module makes the change
// readable by eye:
//   - a piece marked data-travel="<key>" (the same key before and after for the same card, tile,
//     figure or coin) slides from where it was to where it is now (FLIP: First, Last, Invert,
//     Play, with the Web Animations API);
//   - a keyed piece that is new comes from the piece named by its data-travel-from (keys, the
//     first one found before), or else from a keyed piece of the same data-travel-group that has
//     just gone (a card drawn from a pile, a card won from the table): so a bot's move can be
//     followed;
//   - any other new piece (nothing like it, same kind, same place, same face, was there) is marked
//     "fresh" for a short CSS fade.
// Nothing travels under prefers-reduced-motion (and the stylesheet turns the fade off).

const PIECES = ".card, .k-card, .d-tile, .hero, .d-room, .room, [data-travel]";
const TRANSIENT = new Set(["fresh", "travelling", "selected", "picked", "chosen", "focus", "hover"]);
const TRAVEL_MS = 480;

function key(piece) {
  const zone = piece.closest("[data-zone]");
  const classes = [...piece.classList].filter((c) => !TRANSIENT.has(c)).sort().join(".");
  const data = Object.entries(piece.dataset).filter(([k]) => !k.startsWith("travel")).sort()
    .map(([k, v]) => `${k}=${v}`).join("&");
  return [zone ? `${zone.dataset.zone}/${zone.dataset.seat || ""}` : "", classes, data,
    piece.getAttribute("style") || "", piece.textContent].join("|");
}

/** Whether moves may be animated (not under prefers-reduced-motion). */
export function motionAllowed() {
  return !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** `piece`'s box on the board (`origin`: the board's own box): a board moved as a whole on the
 *  page (a prompt above it that took one line more, a scroll) moves none of its pieces. */
function box(piece, origin) {
  const { left, top, width, height } = piece.getBoundingClientRect();
  return { left: left - origin.left, top: top - origin.top, width, height };
}

/** What is on the board now: each unkeyed piece's description, counted, and where each keyed
 *  piece is (its box on the board and its group). */
export function snapshot(root) {
  const counts = new Map();
  const places = new Map();
  const moving = motionAllowed(); // (a box is a layout read: measured only when pieces may travel)
  const origin = moving ? root.getBoundingClientRect() : null;
  for (const piece of root.querySelectorAll(PIECES)) {
    const travel = piece.dataset.travel;
    if (travel) {
      if (!places.has(travel)) places.set(travel, { rect: moving ? box(piece, origin) : null, group: piece.dataset.travelGroup || "" });
      continue;
    }
    const k = key(piece);
    counts.set(k, (counts.get(k) || 0) + 1);
  }
  // the slides still under way, which the board drawn anew leaves on pieces no longer shown
  const slides = moving ? root.getAnimations({ subtree: true }).filter((a) => !(a instanceof CSSAnimation)) : [];
  return { counts, places, slides };
}

/** Slide `piece` from the box `from` to its box `to`; false when it has not moved. */
function slide(piece, from, to) {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return false;
  if (!to.width || !to.height) return false;
  const sx = from.width / to.width;
  const sy = from.height / to.height;
  // only the transform is animated, which the compositor can play without the page's main thread
  // (a keyframe of z-index or transform-origin keeps the whole animation there: a style
  // recalculation, a layout and a paint a frame)
  piece.classList.add("travelling");
  const motion = piece.animate([
    { transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})` },
    { transform: "none" },
  ], { duration: TRAVEL_MS, easing: "cubic-bezier(.2, .7, .3, 1)" });
  motion.addEventListener("finish", () => piece.classList.remove("travelling"), { once: true });
  return true;
}

function fade(piece) {
  piece.classList.add("fresh");
  piece.addEventListener("animationend", () => piece.classList.remove("fresh"), { once: true });
}

/** Animate what changed since `before` (a snapshot): keyed pieces travel, other new pieces fade
 *  in. Returns how many pieces came in or moved. */
export function markFresh(root, before) {
  if (!before) return 0;
  // a piece taken off the page keeps its slide running, a style recalculation a frame for nothing
  for (const slide of before.slides) if (!slide.effect.target.isConnected) slide.cancel();
  const left = new Map(before.counts);
  const moving = motionAllowed();
  const now = new Set([...root.querySelectorAll("[data-travel]")].map((p) => p.dataset.travel));
  // keyed pieces that have gone, by group: where new pieces of their group come from
  const gone = new Map();
  for (const [k, place] of before.places) {
    if (now.has(k) || !place.group) continue;
    if (!gone.has(place.group)) gone.set(place.group, []);
    gone.get(place.group).push(place.rect);
  }
  // which pieces may travel, and from where, first; then every box read (one layout), then the
  // animations started (a box read after an animation started would lay the page out again)
  const travels = []; // [piece, from, whether it fades in when it has not moved]
  const fades = [];
  for (const piece of root.querySelectorAll(PIECES)) {
    const travel = piece.dataset.travel;
    if (travel) {
      const was = before.places.get(travel);
      if (was) {
        if (moving) travels.push([piece, was.rect, false]);
        continue;
      }
      const named = (piece.dataset.travelFrom || "").split(/\s+/).find((k) => k && before.places.has(k));
      const from = named ? before.places.get(named).rect : (gone.get(piece.dataset.travelGroup || "") || []).shift();
      if (from && moving) travels.push([piece, from, true]);
      else fades.push(piece);
      continue;
    }
    const k = key(piece);
    const n = left.get(k) || 0;
    if (n > 0) {
      left.set(k, n - 1);
      continue;
    }
    fades.push(piece);
  }
  const origin = travels.length ? root.getBoundingClientRect() : null;
  const boxes = travels.map(([piece]) => box(piece, origin));
  let travelled = 0;
  travels.forEach(([piece, from, orFade], i) => {
    if (slide(piece, from, boxes[i])) travelled += 1;
    else if (orFade) fades.push(piece);
  });
  fades.forEach(fade);
  const fresh = fades.length;
  if (travelled) document.body.dataset.travelled = String(Number(document.body.dataset.travelled || 0) + travelled); // counted, for tests
  return fresh + travelled;
}
