// The board of a game without its own renderer: its observation as JSON (still everything the
// seat may see, since the view holds nothing else).

import { el } from "../api.js";

export const rules = { en: "", fr: "" };

export function createBoard(root) {
  return {
    update(view) {
      root.replaceChildren(el("pre", { class: "observation" }, JSON.stringify(view.observation, null, 2)));
    },
  };
}
