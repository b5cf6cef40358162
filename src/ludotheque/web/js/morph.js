// Drawing again without starting over: a board (or a bar) builds its new drawing as a detached
// tree, as before, and `morph` makes the element on the page match it, keeping every node that
// is still of the same kind at the same place and changing only the attributes and texts that
// differ. Chromium then styles, lays out and paints only what changed, where a whole new tree
// costs a full layout and paint at every update (benchmarks/page_cpu.py). The listeners given to
// `el` (its on... attributes) or added with `listen` go with the drawing; one added to a drawn
// node with addEventListener would stay with the node kept, or be lost: use `listen`.

import { takeListeners } from "./api.js";

/** Whether `old` may be kept and patched to become `next`. */
function sameKind(old, next) {
  if (old.nodeType !== next.nodeType) return false;
  if (old.nodeType !== Node.ELEMENT_NODE) return true;
  return old.namespaceURI === next.namespaceURI && old.localName === next.localName;
}

function patchAttributes(old, next) {
  const wanted = next.attributes;
  for (let i = 0; i < wanted.length; i += 1) {
    const { name, value } = wanted[i];
    if (old.getAttribute(name) === value) continue;
    // a style through the CSSOM: the pages' Content-Security-Policy refuses style attributes
    if (name === "style") old.style.cssText = next.style.cssText;
    else old.setAttribute(name, value);
  }
  const had = old.attributes;
  // more attributes than wanted: some must go
  for (let i = had.length - 1; had.length > wanted.length && i >= 0; i -= 1) {
    if (!next.hasAttribute(had[i].name)) old.removeAttribute(had[i].name);
  }
  takeListeners(old, next); // the on... listeners of the new drawing replace the old one's
}

/** Make the children of `target` (on the page) those of `source` (a detached drawing), keeping
 *  the nodes that can be kept; `source` is emptied. */
export function morphChildren(target, source) {
  const olds = [...target.childNodes];
  const nexts = [...source.childNodes];
  nexts.forEach((next, i) => {
    const old = olds[i];
    if (old === undefined) target.append(next);
    else if (!sameKind(old, next)) old.replaceWith(next);
    else if (old.nodeType === Node.ELEMENT_NODE) morph(old, next);
    else if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
  });
  for (const old of olds.slice(nexts.length)) old.remove();
}

/** Make the element `old` (on the page) like `next` (of the same tag), children included. */
export function morph(old, next) {
  patchAttributes(old, next);
  if (old.firstChild || next.firstChild) morphChildren(old, next);
}

/** What `root.replaceChildren(...children)` shows, reached by patching what `root` holds. */
export function redraw(root, ...children) {
  const drawing = document.createDocumentFragment();
  drawing.append(...children.filter((child) => child !== null && child !== undefined));
  morphChildren(root, drawing);
}
