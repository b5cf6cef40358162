// Stable keys for the pieces motion.js slides (data-travel): the same room tile, tile of the hand,
// figure or coin keeps its key from one view to the next, wherever it went. Views hold no ids, so
// they are matched: a room keeps its key while a room of the same kind lies in its cell (turned or
// not); a room that appears takes the key of a room of its kind that vanished (the Moving room)
// or else of a tile of the hand that left it (laid); coins that leave a holder (a purse, the
// treasure) give their keys to the coins that arrive elsewhere in the same view.

export class TravelKeys {
  constructor() {
    this.rooms = new Map(); // cell -> { effect, key }
    this.hand = []; // [{ kind, key }]
    this.coins = new Map(); // holder -> [key]
    this.count = 0;
  }

  fresh(prefix) {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  /** Keys for this view's rooms ({cell: key}) and own hand ([key] in hand order). */
  update(rooms, hand) {
    const leftHand = [...this.hand];
    const nextHand = hand.map((kind) => {
      const i = leftHand.findIndex((h) => h.kind === kind);
      return i >= 0 ? leftHand.splice(i, 1)[0] : { kind, key: this.fresh("tile-h") };
    });
    const gone = new Map(this.rooms);
    const next = new Map();
    const unmatched = [];
    for (const { cell, effect } of rooms) {
      const before = gone.get(cell);
      if (before && before.effect === effect) {
        next.set(cell, before);
        gone.delete(cell);
      } else unmatched.push({ cell, effect });
    }
    for (const { cell, effect } of unmatched) {
      let from = [...gone].find(([, r]) => r.effect === effect);
      let key;
      if (from) {
        gone.delete(from[0]);
        key = from[1].key;
      } else {
        const i = leftHand.findIndex((h) => h.kind.split(" ")[0] === effect);
        key = i >= 0 ? leftHand.splice(i, 1)[0].key : `tile-${cell}`;
        if ([...next.values()].some((r) => r.key === key)) key = this.fresh(`tile-${cell}~`);
      }
      next.set(cell, { effect, key });
    }
    this.rooms = next;
    this.hand = nextHand;
    return { rooms: new Map([...next].map(([cell, r]) => [cell, r.key])), hand: nextHand.map((h) => h.key) };
  }

  /** Keys for the coins of each holder ({holder: count} -> {holder: [key]}). */
  updateCoins(counts) {
    const pool = [];
    const next = new Map();
    for (const [holder, n] of Object.entries(counts)) {
      const keys = [...(this.coins.get(holder) || [])];
      while (keys.length > n) pool.push(keys.pop());
      next.set(holder, keys);
    }
    for (const [holder, n] of Object.entries(counts)) {
      const keys = next.get(holder);
      while (keys.length < n) keys.push(pool.shift() || this.fresh("coin-"));
    }
    this.coins = next;
    return next;
  }
}
