// Your hand as a fan of card buttons, big to small from the left as 欢乐斗地主 holds it
// (jokers, 2s, A … 3, one rank together): tap to select or deselect, drag across to select
// a run; a selected card rises clear of the row below. One row; on a portrait phone two
// (three, four for the four-player landlord's 33 cards) where one row would leave a card
// less than MIN_STRIP px of itself to tap (NARROW_STRIP under 360 px); two rows of smaller
// cards on a landscape phone whose one row would leave less than NARROW_STRIP.
// Keyboard: the hand is one tab stop (roving tabindex); Left/Right, Home/End move, Up/Down
// go to the nearest card of the row above or below, Space selects, Enter presses Play, P
// Pass (or Can't beat), H Hint (the hand's description says so). After a play, a pass, a
// bid or a dialog focus comes back to the hand (or the controls), never the page.
import { ORDER, cardFace } from "./cards";
import { cardName, rankName, t } from "./words";

const MAX_W = 64; // px: a card's full width (height RATIO times it)
const MIN_W = 44; // px: the narrowest card drawn, on the narrowest phones
const SLACK_W = 50; // px: the narrowest card drawn to keep a rank in one row
const RATIO = 1.4;
const GOAL_STRIP = 44; // px of each card left uncovered where the width allows
// px: never less on a phone (32 seen: Chromium gives a strip's last pixel to the card
// over it)
const MIN_STRIP = 33;
// px: on the narrowest phones (under 360 px), so that a 20-card hand keeps to two rows
const NARROW_STRIP = 29;
const MAX_STEP = 0.75; // of a card's width: few cards do not spread wider than this
const ROW_GAP = 0.62; // of a card's height the row below leaves seen (its middle too: a tap)
const RISE = 0.28; // of a card's height: how far a selected card of one row rises
const LOW_RISE = 0.18; // the last row's of several: the row above keeps its index and a tap

type Card = [string, string, number];

/** Where each card goes: rows of indices, the card's size, the step between cards. */
interface Plan {
  rows: number[][];
  w: number;
  h: number;
  step: number;
  width: number; // px the rows may span (the hand's width, or more on a wide screen)
}

export class Hand {
  readonly el: HTMLElement;
  private cards: Card[] = [];
  private key = "";
  private selected = new Set<number>();
  private buttons: HTMLButtonElement[] = [];
  private drag: { from: number; to: boolean; moved: boolean } | null = null;
  private swallowClick = false;
  private current = 0; // the card that holds the hand's one tab stop
  private keep = false; // focus was in the hand or the controls: bring it back if lost
  private rows: number[][] = []; // the cards' indices by row of the fan, top row first
  laizi: string | null = null;
  onChange: () => void = () => {};

  constructor() {
    this.el = document.createElement("div");
    this.el.className = "hand";
    this.el.setAttribute("role", "group");
    this.el.addEventListener("pointerdown", (e) => this.down(e));
    this.el.addEventListener("pointermove", (e) => this.move(e));
    this.el.addEventListener("keydown", (e) => this.key_(e));
    this.el.addEventListener("keyup", (e) => {
      if (e.key === " " || e.key === "Enter") e.preventDefault();  // no click as well
    });
    window.addEventListener("pointerup", () => this.up());
    window.addEventListener("resize", () => this.layout());
    // a dialog closed (dialogs.ts) with focus left nowhere: back to the hand or controls
    document.addEventListener("ddz:dialog-closed", () => {
      this.keep = true;
      this.restoreFocus();
    });
    document.addEventListener("focusin", (e) => {
      const target = e.target as HTMLElement;
      // a dialog (the readings, the result) hands focus back when it closes: kept
      if (!target.closest?.("dialog")) {
        this.keep = this.el.contains(target) || !!target.closest?.(".controls");
      }
      const i = this.buttons.indexOf(target as HTMLButtonElement);
      if (i >= 0) this.rove(i, false);
    }, true);
    document.addEventListener("pointerdown", (e) => {
      const target = e.target as HTMLElement;
      if (!this.el.contains(target) && !target.closest?.(".controls, dialog")) {
        this.keep = false;
      }
    }, true);
  }

  /** The hand's cards ([char, suit, deck]); the selection survives while they stay. */
  set(cards: Card[], laizi: string | null): void {
    const key = JSON.stringify(cards) + (laizi ?? "") + document.documentElement.lang;
    if (key === this.key) return;
    const keep = this.selectedKeys();
    this.key = key;
    // big to small from the left (display only: the server's order aside); a rank's
    // cards stay in the server's order (the sort is stable)
    this.cards = [...cards].sort((a, b) => ORDER.indexOf(b[0]) - ORDER.indexOf(a[0]));
    this.laizi = laizi;
    this.selected = new Set();
    this.cards.forEach((c, i) => {
      const at = keep.indexOf(c.join(""));
      if (at >= 0) {
        keep.splice(at, 1);
        this.selected.add(i);
      }
    });
    this.draw();
  }

  private selectedKeys(): string[] {
    return [...this.selected].map((i) => this.cards[i]?.join("")).filter(Boolean) as string[];
  }

  /** The selected cards in notation (e.g. "33344"). */
  selection(): string {
    return [...this.selected].sort((a, b) => a - b).map((i) => this.cards[i][0]).join("");
  }

  clear(): void {
    this.selected.clear();
    this.refresh();
  }

  /** Select exactly these cards (notation, any order): the hint's suggestion. */
  choose(notation: string): void {
    const wanted = [...notation];
    this.selected.clear();
    this.cards.forEach(([char], i) => {
      const at = wanted.indexOf(char);
      if (at >= 0) {
        wanted.splice(at, 1);
        this.selected.add(i);
      }
    });
    this.refresh();
  }

  private draw(): void {
    const hadFocus = this.el.contains(document.activeElement);
    this.el.setAttribute("aria-label", t("web.hand"));
    this.el.setAttribute("aria-description", t("access.hand_keys"));
    this.buttons = this.cards.map(([char, suit], i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.index = String(i);
      button.tabIndex = -1;
      button.setAttribute("aria-label", spoken(char, suit));
      cardFace(button, char, suit, char === this.laizi);
      button.addEventListener("click", () => {
        if (this.swallowClick) {
          this.swallowClick = false;
          return;
        }
        this.toggle(i, !this.selected.has(i));
      });
      return button;
    });
    this.el.replaceChildren(...this.buttons);
    this.rove(Math.min(this.current, this.buttons.length - 1), hadFocus);
    this.refresh();
    this.layout();
  }

  /** Card ``i`` holds the tab stop (and the focus, with ``focus``). */
  private rove(i: number, focus: boolean): void {
    if (i < 0 || !this.buttons.length) return;
    this.current = i;
    this.buttons.forEach((b, k) => { b.tabIndex = k === i ? 0 : -1; });
    if (focus) this.buttons[i].focus({ preventScroll: true });
  }

  private key_(e: KeyboardEvent): void {
    const i = this.buttons.indexOf(e.target as HTMLButtonElement);
    if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    const last = this.buttons.length - 1;
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: last,
                 ArrowUp: this.rowward(i, -1), ArrowDown: this.rowward(i, 1) }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      this.rove(Math.max(0, Math.min(last, to)), true);
    } else if (e.key === " ") {
      e.preventDefault();
      if (!e.repeat) this.toggle(i, !this.selected.has(i));
    } else if (e.key === "Enter") {
      // the Play button's own handler: the same action, the same checks
      e.preventDefault();
      this.keep = true;
      const play = document.querySelector<HTMLButtonElement>(".controls button.play");
      if (play && !play.disabled) play.click();
    } else if (!e.repeat && (e.key === "p" || e.key === "P" || e.key === "h" || e.key === "H")) {
      // Pass (or Can't beat), Hint: the controls' buttons of those words, when offered
      const words = /p/i.test(e.key) ? [t("btn.pass"), t("btn.cannot_beat")] : [t("btn.hint")];
      const button = [...document.querySelectorAll<HTMLButtonElement>(".controls button")]
        .find((b) => !b.disabled && words.includes(b.textContent ?? ""));
      if (!button) return;
      e.preventDefault();
      this.keep = true;
      button.click();
    }
  }

  /** The card of the fan's row above (``by`` -1) or below (+1) nearest card ``i`` across
   * (by its left edge); ``i`` itself in a one-row hand or at the top or bottom row. */
  private rowward(i: number, by: number): number {
    const r = this.rows.findIndex((row) => row.includes(i));
    const row = this.rows[r + by];
    if (r < 0 || !row?.length) return i;
    const x = (k: number) => parseFloat(this.buttons[k]?.style.left ?? "") || 0;
    return row.reduce((best, k) => (Math.abs(x(k) - x(i)) < Math.abs(x(best) - x(i)) ? k
      : best), row[0]);
  }

  private toggle(i: number, on: boolean): void {
    if (on) this.selected.add(i);
    else this.selected.delete(i);
    this.refresh();
  }

  private refresh(): void {
    this.buttons.forEach((b, i) => {
      const on = this.selected.has(i);
      b.setAttribute("aria-pressed", on ? "true" : "false");
      b.classList.toggle("up", on);
    });
    this.onChange();
  }

  /** How the hand's cards go into the width it has (see the top of the file). */
  private plan(n: number): Plan {
    const box = this.el.clientWidth || window.innerWidth - 16;
    const screen = document.documentElement.clientWidth || window.innerWidth;
    const oneRow = (width: number, w: number) => (n > 1 ? (width - w) / (n - 1) : Infinity);
    // a long hand may reach past its box to 4 px from the screen's edges (a wide
    // screen's margins, a phone's padding)
    const wide = Math.max(box, screen - 8);
    let width = box;
    if (oneRow(box, MAX_W) < GOAL_STRIP && wide > box) {
      width = Math.min(wide, MAX_W + GOAL_STRIP * (n - 1));
    }
    const phone = window.innerHeight > window.innerWidth && box < 600;
    let rows = 1;
    let w = MAX_W;
    const strip = phone && wide < 360 ? NARROW_STRIP : MIN_STRIP;
    if (oneRow(width, MAX_W) < strip) {
      if (phone) {
        width = wide;
        for (rows = 2; rows < 4; rows++) {
          const per = Math.ceil(n / rows);
          if (Math.min(MAX_W, width - strip * (per - 1)) >= MIN_W) break;
        }
        // a card narrower (not under SLACK_W) for one card of slack in a row: room to
        // break the rows between two ranks
        const per = Math.ceil(n / rows);
        const slack = Math.min(MAX_W, Math.floor(width - strip * per));
        w = slack >= SLACK_W ? slack
          : Math.max(MIN_W, Math.min(MAX_W, Math.floor(width - strip * (per - 1))));
        if (rows > 2) w = Math.min(w, SLACK_W + 2); // three rows of smaller cards: lower
      } else if (oneRow(width, MIN_W) < NARROW_STRIP) {
        // a landscape phone with the four-player landlord's 33 cards: two rows of cards
        // small enough to leave the board its room, each strip wide again
        rows = 2;
        const per = Math.ceil(n / 2);
        w = Math.max(MIN_W, Math.min(SLACK_W, Math.floor(width - MIN_STRIP * per)));
      } else {
        w = Math.max(MIN_W, Math.min(MAX_W, Math.floor(width - strip * (n - 1))));
      }
    }
    const perMax = Math.max(1, Math.floor((width - w) / strip) + 1);
    const split = this.split(n, rows, Math.max(perMax, Math.ceil(n / rows)));
    const longest = Math.max(...split.map((r) => r.length));
    const step = longest > 1  // whole pixels: a strip measures what it is meant to
      ? Math.floor(Math.min(w * MAX_STEP, (width - w) / (longest - 1))) : 0;
    return { rows: split, w, h: Math.round(w * RATIO), step, width };
  }

  /** ``n`` cards in ``rows`` rows of at most ``per``, each break between two ranks where
   * one is near (a pair stays in one row). */
  private split(n: number, rows: number, per: number): number[][] {
    const out: number[][] = [];
    let start = 0;
    for (let left = rows; left > 0 && start < n; left--) {
      let end = n;
      if (left > 1) {
        const ideal = start + Math.ceil((n - start) / left);
        const lo = Math.max(start + 1, n - (left - 1) * per);
        const hi = Math.min(n - 1, start + per);
        end = Math.max(lo, Math.min(hi, ideal));
        for (let d = 0; d <= per; d++) {
          const at = [ideal - d, ideal + d].find((k) => k >= lo && k <= hi
            && this.cards[k - 1]?.[0] !== this.cards[k]?.[0]);
          if (at !== undefined) {
            end = at;
            break;
          }
        }
      }
      out.push(Array.from({ length: end - start }, (_, k) => start + k));
      start = end;
    }
    return out;
  }

  /** Places the cards (called after each draw of the table and on resize). */
  layout(): void {
    const n = this.buttons.length;
    if (!n) {
      this.el.style.height = "0px";
      this.restoreFocus();
      return;
    }
    const { rows, w, h, step } = this.plan(n);
    const box = this.el.clientWidth || window.innerWidth - 16;
    const gap = Math.round(h * ROW_GAP);
    const rise = Math.round(h * (rows.length > 1 ? LOW_RISE : RISE));
    const riseAbove = rows.length > 1 ? h - gap : rise; // the first row's: clear of the next
    const top = riseAbove + 2;
    this.el.style.setProperty("--s", String(w / MAX_W));
    this.el.dataset.rows = String(rows.length);
    this.rows = rows;
    rows.forEach((row, r) => {
      const rowWidth = w + step * (row.length - 1);
      const left = Math.round((box - rowWidth) / 2);
      row.forEach((i, col) => {
        const b = this.buttons[i];
        b.style.left = `${left + col * step}px`;
        b.style.top = `${top + r * gap}px`;
        b.style.width = `${w}px`;
        b.style.height = `${h}px`;
        b.style.zIndex = String(i + 1);
        b.style.setProperty("--rise", `${r < rows.length - 1 ? h - gap : rise}px`);
      });
    });
    this.el.style.height = `${top + (rows.length - 1) * gap + h + 4}px`;
    this.restoreFocus();
  }

  /** Focus lost to the page (its element redrawn after a play): back to the hand, or to
   * the controls when the hand is empty. */
  restoreFocus(): void {
    const active = document.activeElement;
    if (!this.keep || (active && active !== document.body)) return;
    this.focusCurrent();
  }

  /** Focus on the card holding the hand's tab stop (the controls' first button when the
   * hand is empty or not drawn). */
  focusCurrent(): void {
    if (this.buttons.length && this.el.isConnected) {
      this.rove(Math.min(this.current, this.buttons.length - 1), true);
    } else {
      document.querySelector<HTMLElement>(".controls button:not(:disabled)")
        ?.focus({ preventScroll: true });
    }
  }

  private cardAt(e: PointerEvent): number | null {
    const hit = document.elementFromPoint(e.clientX, e.clientY)?.closest<HTMLElement>(
      ".hand button");
    return hit && this.el.contains(hit) ? Number(hit.dataset.index) : null;
  }

  private down(e: PointerEvent): void {
    const i = this.cardAt(e);
    if (i === null) return;
    this.drag = { from: i, to: !this.selected.has(i), moved: false };
  }

  private move(e: PointerEvent): void {
    if (!this.drag || e.buttons === 0) return;
    const i = this.cardAt(e);
    if (i === null || (i === this.drag.from && !this.drag.moved)) return;
    if (!this.drag.moved) {
      this.drag.moved = true;
      this.toggle(this.drag.from, this.drag.to);
    }
    const [lo, hi] = [Math.min(i, this.drag.from), Math.max(i, this.drag.from)];
    for (let k = lo; k <= hi; k++) if (this.selected.has(k) !== this.drag.to) {
      this.toggle(k, this.drag.to);
    }
  }

  private up(): void {
    if (this.drag?.moved) {  // the click that ends a drag is not a tap
      this.swallowClick = true;
      setTimeout(() => { this.swallowClick = false; }, 0);
    }
    this.drag = null;
  }
}

/** A card's name in words ("10 of hearts", 红桃10; a joker "Big Joker", 大王). */
function spoken(char: string, suit: string): string {
  const name = cardName(char, suit);
  if (name !== char && name !== `${char}${suit}`) return name;
  return cardName(char, "") !== char ? cardName(char, "") : rankName(char);
}
