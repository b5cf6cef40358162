// Tips you can tap: on a phone a hover title never shows, so tapping a piece of a board that has
// a title (a card, a colour, a power) shows that title beside it until the next tap. Controls
// (buttons, links) keep their click: their accessible name already says what they do.

let tip = null;

function hide() {
  if (tip) tip.hidden = true;
}

function show(target) {
  if (!tip) {
    tip = document.createElement("div");
    tip.className = "tap-tip";
    tip.setAttribute("role", "tooltip");
    document.body.append(tip);
    window.addEventListener("scroll", hide, { passive: true });
  }
  tip.textContent = target.getAttribute("title");
  tip.hidden = false;
  const box = target.getBoundingClientRect();
  const width = Math.min(300, window.innerWidth - 16);
  tip.style.maxWidth = `${width}px`;
  tip.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - width - 8))}px`;
  tip.style.top = `${box.bottom + 6}px`;
  document.body.dataset.tip = tip.textContent; // what was shown, for tests
}

/** Show the title of a tapped (clicked) piece of `root` that is not a control. */
export function tapTips(root) {
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[title]");
    if (!target || !root.contains(target) || target.closest("button, a, [role='button'], input, select")) {
      hide();
      return;
    }
    if (tip && !tip.hidden && tip.textContent === target.getAttribute("title")) hide();
    else show(target);
  });
  document.addEventListener("click", (event) => {
    if (!root.contains(event.target)) hide();
  });
}
