// Your hand as card buttons: tap to select or deselect, drag across to select a run;
// selected cards rise. Cards overlap in rows so each keeps a 44 px target on a phone.
import { ORDER, cardFace } from "./cards";
import { cardName } from "./words";

const CARD_W = 64; // px, as style.css draws .hand .card
const MIN_STEP = 44; // px of each card left visible: the touch target
const ROW_STEP = 58; // px between rows of a hand that needs several

export class Hand {
  readonly el: HTMLElement;
  private cards: [string, string, number][] = [];
  private key = "";
  private selected = new Set<number>();
  private buttons: HTMLButtonElement[] = [];
  private drag: { from: number; to: boolean; moved: boolean } | null = null;
  private swallowClick = false;
  laizi: string | null = null;
  onChange: () => void = () => {};

  constructor() {
    this.el = document.createElement("div");
    this.el.className = "hand";
    this.el.addEventListener("pointerdown", (e) => this.down(e));
    this.el.addEventListener("pointermove", (e) => this.move(e));
    window.addEventListener("pointerup", () => this.up());
    window.addEventListener("resize", () => this.layout());
  }

  /** The hand's cards ([char, suit, deck]); the selection survives while they stay. */
  set(cards: [string, string, number][], laizi: string | null): void {
    const key = JSON.stringify(cards) + (laizi ?? "");
    if (key === this.key) return;
    const keep = new Set(this.selectedKeys());
    this.key = key;
    // big cards on the left, as the app holds them (display only: the server's order aside)
    this.cards = [...cards].sort((a, b) => ORDER.indexOf(b[0]) - ORDER.indexOf(a[0]));
    this.laizi = laizi;
    this.selected = new Set(cards.map((c, i) => [c.join(""), i] as const)
      .filter(([k]) => keep.has(k)).map(([, i]) => i));
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
    this.buttons = this.cards.map(([char, suit], i) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.index = String(i);
      button.setAttribute("aria-label", cardName(char, suit));
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
    this.refresh();
    this.layout();
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

  /** Rows of overlapping cards, each card showing at least MIN_STEP px of itself. */
  layout(): void {
    const n = this.buttons.length;
    const width = Math.max(this.el.clientWidth || window.innerWidth - 16, CARD_W + MIN_STEP);
    const perRowMax = Math.max(1, Math.floor((width - CARD_W) / MIN_STEP) + 1);
    const rows = Math.max(1, Math.ceil(n / perRowMax));
    const perRow = Math.ceil(n / rows);
    const step = perRow > 1 ? Math.min(CARD_W + 6, (width - CARD_W) / (perRow - 1)) : 0;
    this.buttons.forEach((b, i) => {
      const row = Math.floor(i / perRow);
      const col = i % perRow;
      const inRow = Math.min(perRow, n - row * perRow);
      const rowWidth = CARD_W + step * (inRow - 1);
      b.style.left = `${(width - rowWidth) / 2 + col * step}px`;
      b.style.top = `${16 + row * ROW_STEP}px`;
      b.style.zIndex = String(i + 1);
    });
    this.el.style.height = `${16 + (rows - 1) * ROW_STEP + 92}px`;
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
