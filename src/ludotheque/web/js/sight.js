// What a decision asks to act on, brought into the part of the window nothing covers: on a phone
// the prompt is held at the top of the screen (app.css) and a sheet may cover the bottom (the
// lesson's coach, learn.css). Used by the games' boards when a decision begins, and by the lesson.

/** The part of the window nothing covers, [top, bottom] in viewport pixels; `sheet`: an element
 * that covers the bottom when it is pinned there (position: fixed). */
export function clearBand(sheet = null) {
  const prompt = document.getElementById("prompt");
  const held = prompt && getComputedStyle(prompt).position === "sticky";
  const top = held ? Math.max(0, prompt.getBoundingClientRect().bottom) : 0;
  const pinned = sheet && getComputedStyle(sheet).position === "fixed";
  return [top, pinned ? sheet.getBoundingClientRect().top : window.innerHeight];
}

/** Scroll the window so that `nodes` (the most needed first) are in the clear band: all of them,
 * by the least scroll, when they fit together; else the first from its top, just under what is
 * held at the top. Nothing moves when they are already in it. Measure once the drawing is laid out. */
export function bringIntoSight(nodes, { sheet = null, margin = 8 } = {}) {
  const boxes = nodes.filter(Boolean).map((node) => node.getBoundingClientRect()).filter((box) => box.height > 0);
  if (!boxes.length) return;
  const [clearTop, clearBottom] = clearBand(sheet);
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  if (top >= clearTop && bottom <= clearBottom) return;
  if (bottom - top > clearBottom - clearTop - 2 * margin) window.scrollBy(0, boxes[0].top - clearTop - margin);
  else window.scrollBy(0, bottom > clearBottom ? bottom - clearBottom + margin : top - clearTop - margin);
}
