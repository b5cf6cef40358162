// The camera over Drakon's dungeon: the world (rooms placed at x * TILE, -y * TILE) is moved and
// scaled inside its viewport. It keeps rooms readable (never below MIN_READABLE on its own),
// centres on a cell, says what lies out of sight in each direction, and is moved by dragging,
// the wheel, the arrow keys and the edge buttons. The browser may scroll the map too, to show a
// room it focuses or that an automated click aims at: the map keeps SLACK pixels of scroll on
// every side and the camera turns each such scroll into a pan.

export const TILE = 72; // a room's size in pixels at zoom 1
export const MIN_READABLE = 0.85; // rooms of 61 px, names of 9 px: the least the board zooms out by itself
export const MIN_SCALE = 0.3; // the least the player may zoom out to
export const MAX_SCALE = 1.6; // the most the player may zoom in to
const MAX_FIT = 1.25;
const SLACK = 20000; // px the browser may scroll the map by, either way (wider than any dungeon)

export class Camera {
  constructor() {
    this.x = 0;
    this.y = 0;
    this.scale = 1;
    this.placed = false; // set once, for the first drawing
    this.moved = false; // the player moved it since the board last placed it
  }

  /** A cell's box in the viewport's pixels. */
  box([x, y]) {
    const size = TILE * this.scale;
    const left = this.x + x * size;
    const top = this.y - y * size;
    return { left, top, right: left + size, bottom: top + size };
  }

  /** Is the cell wholly inside the viewport? */
  sees(viewport, cell) {
    const b = this.box(cell);
    return b.left >= -1 && b.top >= -1 && b.right <= viewport.clientWidth + 1 && b.bottom <= viewport.clientHeight + 1;
  }

  /** Pans the least that brings the box around `cells` inside the viewport less `inset` (the
   * margins its own buttons cover), when it fits at this zoom; returns whether it fits. With
   * `move` false, only says whether the box lies there already. */
  frame(viewport, cells, inset, move = true) {
    const boxes = cells.map((cell) => this.box(cell));
    const left = Math.min(...boxes.map((b) => b.left));
    const right = Math.max(...boxes.map((b) => b.right));
    const top = Math.min(...boxes.map((b) => b.top));
    const bottom = Math.max(...boxes.map((b) => b.bottom));
    const room = { left: inset.left, top: inset.top, right: viewport.clientWidth - inset.right, bottom: viewport.clientHeight - inset.bottom };
    if (!cells.length || right - left > room.right - room.left || bottom - top > room.bottom - room.top) return false;
    if (!move) return left >= room.left && right <= room.right && top >= room.top && bottom <= room.bottom;
    this.x += left < room.left ? room.left - left : right > room.right ? room.right - right : 0;
    this.y += top < room.top ? room.top - top : bottom > room.bottom ? room.bottom - bottom : 0;
    return true;
  }

  centre(viewport, [x, y]) {
    const size = TILE * this.scale;
    this.x = viewport.clientWidth / 2 - (x + 0.5) * size;
    this.y = viewport.clientHeight / 2 + (y - 0.5) * size;
  }

  /** The whole dungeon when it fits at a readable size (or at any size with `overview`);
   * returns whether it fits. */
  fit(viewport, cells, overview = false) {
    if (!cells.length || !viewport.clientWidth) return true;
    const xs = cells.map((c) => c[0]);
    const ys = cells.map((c) => c[1]);
    const width = (Math.max(...xs) - Math.min(...xs) + 1) * TILE;
    const height = (Math.max(...ys) - Math.min(...ys) + 1) * TILE;
    const wanted = Math.min(MAX_FIT, (viewport.clientWidth - 16) / width, (viewport.clientHeight - 16) / height);
    const floor = overview ? MIN_SCALE : MIN_READABLE;
    this.scale = Math.max(floor, wanted);
    this.centre(viewport, [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2]);
    return wanted >= floor;
  }

  zoom(viewport, factor, px, py) {
    const next = Math.max(MIN_SCALE, Math.min(MAX_SCALE, this.scale * factor));
    const cx = px ?? viewport.clientWidth / 2;
    const cy = py ?? viewport.clientHeight / 2;
    this.x = cx - ((cx - this.x) * next) / this.scale;
    this.y = cy - ((cy - this.y) * next) / this.scale;
    this.scale = next;
    this.moved = true;
  }

  pan(dx, dy) {
    this.x += dx;
    this.y += dy;
    this.moved = true;
  }

  /** How many of `cells` lie (at least partly) out of sight towards each side. */
  outOfSight(viewport, cells) {
    const out = { n: [], e: [], s: [], w: [] };
    for (const cell of cells) {
      const b = this.box(cell);
      if (b.top < -1) out.n.push(cell);
      if (b.bottom > viewport.clientHeight + 1) out.s.push(cell);
      if (b.left < -1) out.w.push(cell);
      if (b.right > viewport.clientWidth + 1) out.e.push(cell);
    }
    return out;
  }

  /** Puts the map's scroll at rest (SLACK on each side), once it is in the page. */
  anchor(viewport) {
    viewport.scrollLeft = SLACK;
    viewport.scrollTop = SLACK;
  }

  apply(world) {
    // the world sits where the map's scroll is, so that the scroll itself moves nothing
    const viewport = world.parentElement;
    const left = this.x + (viewport ? viewport.scrollLeft : 0);
    const top = this.y + (viewport ? viewport.scrollTop : 0);
    world.style.transform = `translate(${left}px, ${top}px) scale(${this.scale})`;
    world.dataset.scale = this.scale.toFixed(3);
  }
}

/** Dragging pans (a drag is not a click: nothing is chosen where the pointer is let go), the
 * wheel zooms about the pointer; `moved` is called after each change. */
export function wireCamera(camera, viewport, moved) {
  let drag = null;
  let dragged = false;
  viewport.addEventListener("wheel", (event) => {
    event.preventDefault();
    const box = viewport.getBoundingClientRect();
    camera.zoom(viewport, event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - box.left, event.clientY - box.top);
    moved();
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
    if (!dragged && Math.hypot(dx, dy) < 6) return;
    if (!dragged) viewport.setPointerCapture(event.pointerId);
    dragged = true;
    camera.x = drag.cx + dx;
    camera.y = drag.cy + dy;
    camera.moved = true;
    moved();
  });
  const end = () => {
    drag = null;
  };
  viewport.addEventListener("pointerup", end);
  viewport.addEventListener("pointercancel", end);
  viewport.addEventListener("click", (event) => {
    if (dragged) {
      event.stopPropagation();
      event.preventDefault();
      dragged = false;
    }
  }, true);
  // the browser scrolls even an overflow-hidden box to show what gets the focus (or what an
  // automated click aims at): the camera pans as much, and the scroll goes back to rest
  viewport.append(Object.assign(document.createElement("span"), { className: "d-slack" }));
  viewport.addEventListener("scroll", () => {
    const dx = viewport.scrollLeft - SLACK;
    const dy = viewport.scrollTop - SLACK;
    // a scroll told after the board was drawn anew concerns a map that is gone
    if ((!dx && !dy) || !viewport.isConnected) return;
    camera.anchor(viewport);
    camera.pan(-dx, -dy);
    moved();
  });
}
