// The table's motion and the sounds that go with it, decided by comparing each table frame
// with the one before: a seat's new play slides in from its seat (a bomb shakes the board
// with a flash, the rocket rises, a plane flies across), a pass fades in, a new deal fans
// the hand in, 报单/报双 and your turn are heard, and the result pops up (spring and
// anti-spring stamped on it). Every animation is short (150-600 ms), runs on the elements
// just drawn (transform and opacity only: nothing moves the layout, nothing takes a tap)
// and none runs when the reader prefers reduced motion.
// The table redraws its DOM from each frame: an effect is registered when its frame comes
// and applied after each draw to the elements it names; an element drawn again while the
// effect runs takes it up where it was, so a redraw never replays it.
// <html data-fx="play:4 bomb:1 …">: how many of each effect ran.
import { el } from "./dom";
import type { Sound, SoundName } from "./sound";
import type { PlayJson, ResultJson, TableJson, TrickPlayJson, YouJson } from "./types";
import { EFFECT_KINDS } from "./wire";
import { t } from "./words";

// the kinds as the engine names them (generated into wire.ts by bot/web/wire_ts.py)
const BOMBS = new Set(EFFECT_KINDS.bomb);
const BIG_BOMBS = new Set(EFFECT_KINDS.big_bomb);  // more than ×2 in some variant
const PLANES = new Set(EFFECT_KINDS.plane);

type Moment = "pass" | "play" | "plane" | "bomb" | "rocket";
const WEIGHT: Record<Moment, number> = { pass: 0, play: 1, plane: 2, bomb: 3, rocket: 4 };

function momentOf(play: PlayJson | null): Moment {
  if (!play) return "pass";
  if (play.kind === "rocket") return "rocket";
  if (BOMBS.has(play.kind)) return "bomb";
  return PLANES.has(play.kind) ? "plane" : "play";
}

export function reducedMotion(): boolean {
  try {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch {
    return false;
  }
}

/** One effect: keyframes for the elements ``select`` finds under the page's root after a
 * draw (each later one ``stagger`` ms after the one before), or for an element of its own
 * (``layer``: laid over the page, gone when it ends). */
interface Effect {
  name: string;
  select?: string;
  layer?: { cls: string; text?: string };
  frames: Keyframe[];
  duration: number;
  easing?: string;
  stagger?: number;
  started: number | null;
  done: WeakSet<Element>;
}

const same = (a: TrickPlayJson, b: TrickPlayJson) =>
  a.seat === b.seat && (a.play?.cards ?? "") === (b.play?.cards ?? "");
const startsWith = (list: TrickPlayJson[], head: TrickPlayJson[]) =>
  head.length <= list.length && head.every((turn, i) => same(turn, list[i]));

/** The turns of play made between two frames: this trick's turns after those seen before,
 * with the end of the trick before when a new one began since. */
export function newTurns(prev: TableJson, next: TableJson): TrickPlayJson[] {
  const deal = next.deal;
  if (!deal || (deal.phase !== "play" && !deal.over)) return [];
  const before = prev.deal && prev.deals === next.deals ? prev.deal.trick : [];
  if (startsWith(deal.trick, before)) return deal.trick.slice(before.length);
  if (startsWith(deal.last_trick, before)) {
    return [...deal.last_trick.slice(before.length), ...deal.trick];
  }
  return deal.trick;
}

export class Motion {
  private prev: TableJson | null = null;
  private prevYou: YouJson | null = null;
  private dealt = -1; // the deal whose cards were seen dealt
  private alarms = new Set<string>(); // "deal:seat:alarm" heard
  private results = new Set<string>(); // game ids whose result was shown
  private effects: Effect[] = [];
  private ran = new Map<string, number>();

  constructor(private sound: Sound) {}

  /** The table closed: the next table's first frame is only looked at. */
  forget(): void {
    this.prev = null;
    this.prevYou = null;
    this.effects = [];
  }

  /** A table frame: what changed since the last one, as effects and sounds. */
  onTable(table: TableJson, you: YouJson | null): void {
    const prev = this.prev;
    const prevYou = this.prevYou;
    this.prev = table;
    this.prevYou = you;
    const deal = table.deal;
    const live = !!deal && !deal.over;
    const dealt = live && (you ? you.cards.length > 0 : deal.phase !== "show_start");
    const alarms = live ? table.seats.filter((s) => s.alarm)
      .map((s) => `${table.deals}:${s.index}:${s.alarm}`).filter((k) => !this.alarms.has(k))
      : [];
    alarms.forEach((k) => this.alarms.add(k));
    if (!prev || prev.channel_id !== table.channel_id) { // first sight: nothing just happened
      if (dealt) this.dealt = table.deals;
      return;
    }
    const sounds: SoundName[] = [];
    if (dealt && this.dealt !== table.deals) {
      this.dealt = table.deals;
      sounds.push("deal");
      if (you) this.fanIn();
    }
    const turns = newTurns(prev, table);
    let loudest: Moment | null = null;
    const lastOfSeat = new Map(turns.map((turn) => [turn.seat, turn]));
    for (const turn of lastOfSeat.values()) {
      const moment = momentOf(turn.play);
      this.lay(turn.seat, moment, turn.seat === you?.seat, turn.play?.kind ?? "");
    }
    for (const turn of turns) {
      const moment = momentOf(turn.play);
      if (loudest === null || WEIGHT[moment] >= WEIGHT[loudest]) loudest = moment;
    }
    if (loudest) {
      sounds.push(loudest);
      this.board(loudest, turns.some((turn) => BIG_BOMBS.has(turn.play?.kind ?? "")));
    }
    if (alarms.length) sounds.push("alarm");
    const mine = !!you?.my_turn && live;
    const wasMine = !!prevYou?.my_turn && prev.deals === table.deals
      && prev.deal?.phase === deal?.phase && !turns.length;
    if (mine && !wasMine) sounds.push("turn");
    sounds.forEach((name, i) => this.sound.play(name, i * 0.22));
  }

  /** The result frame (its dialog open): the dialog pops up, a spring stamped on it, the
   * deal won or lost heard. */
  onResult(result: ResultJson, mySeat: number | null): void {
    if (this.results.has(result.game_id)) return;
    this.results.add(result.game_id);
    const dialog = document.querySelector<HTMLElement>("dialog.result");
    const spring = result.spring
      ? result.outcome === "farmers" ? "anti_spring" : "spring" : "";
    if (spring) this.sound.play("spring");
    if (mySeat !== null && result.escaper !== mySeat) {
      this.sound.play(result.winners.includes(mySeat) ? "win" : "lose", spring ? 0.5 : 0);
    }
    if (!dialog) return;
    let stamp: HTMLElement | null = null;
    if (spring) {  // the equation says it in words; the stamp shows it
      stamp = el("div", `fx-stamp ${spring}`, t(`effects.${spring}`));
      stamp.setAttribute("aria-hidden", "true");
      dialog.append(stamp);
    }
    if (reducedMotion()) return;
    this.run(dialog, "result", [{ opacity: 0, scale: "0.9" }, { opacity: 1, scale: "1" }],
             260, "cubic-bezier(.2, .9, .3, 1.2)");
    if (stamp) {
      this.run(stamp, spring, [
        { opacity: 0, scale: "2.4", rotate: "-30deg" },
        { opacity: 1, scale: "0.92", rotate: "-8deg", offset: 0.7 },
        { opacity: 1, scale: "1", rotate: "-10deg" }], 520, "ease-out");
    }
    const me = dialog.querySelector<HTMLElement>(".scores li.me.won");
    if (me) {
      this.run(me, "win", [{ scale: "1" }, { scale: "1.05" }, { scale: "1" }], 420);
    }
  }

  /** After a draw: each running effect on the elements it names that are new. */
  afterDraw(root: HTMLElement): void {
    if (!this.effects.length) return;
    if (reducedMotion()) {
      this.effects = [];
      return;
    }
    const now = performance.now();
    for (const effect of this.effects) {
      const first = effect.started === null;
      const started = effect.started ?? now;
      effect.started = started;
      const elapsed = now - started;
      if (effect.layer) {
        if (first) this.overlay(effect);
        continue;
      }
      const found = root.querySelectorAll<HTMLElement>(effect.select ?? "");
      const step = effect.stagger ? Math.min(effect.stagger, 300 / Math.max(1, found.length))
        : 0;
      found.forEach((node, i) => {
        if (effect.done.has(node)) return;
        effect.done.add(node);
        try {
          const animation = node.animate(effect.frames, {
            duration: effect.duration, easing: effect.easing ?? "ease-out", delay: i * step,
            fill: "backwards", id: `fx-${effect.name}`,
          });
          animation.currentTime = elapsed;
        } catch {
          // no Web Animations here: the page just shows the frame
        }
      });
      if (first) this.note(effect.name);
    }
    this.effects = this.effects.filter((e) => now - (e.started ?? now) < e.duration + 320);
  }

  private add(name: string, frames: Keyframe[], duration: number,
              more: Partial<Effect> = {}): void {
    this.effects.push({ name, frames, duration, started: null, done: new WeakSet(), ...more });
  }

  /** A seat's new play (or pass) arrives on the seat. */
  private lay(seat: number, moment: Moment, mine: boolean, kind: string): void {
    const at = `.seat[data-seat="${seat}"]`;
    if (moment === "pass") {
      this.add("pass", [{ opacity: 0, translate: "0 -6px" }, { opacity: 1, translate: "0 0" }],
               200, { select: `${at} .said.pass` });
      return;
    }
    const select = `${at} .cardrow.played`;
    const from = mine ? "0 36px" : "0 -18px";
    if (moment === "bomb") {
      const big = BIG_BOMBS.has(kind) ? "2.3" : "1.9";
      this.add("bomb", [{ opacity: 0, scale: big }, { opacity: 1, scale: "0.94", offset: 0.6 },
                        { opacity: 1, scale: "1" }], 380, { select });
    } else if (moment === "rocket") {
      this.add("rocket", [{ opacity: 0, translate: "0 90px", scale: "0.5" },
                          { opacity: 1, translate: "0 -10px", scale: "1.1", offset: 0.7 },
                          { opacity: 1, translate: "0 0", scale: "1" }], 500, { select });
    } else if (moment === "plane") {
      this.add("plane", [{ opacity: 0, translate: "-90px 0" }, { opacity: 1, translate: "0 0" }],
               420, { select, easing: "cubic-bezier(.2, .8, .3, 1)" });
    } else {
      this.add("play", [{ opacity: 0, translate: from, scale: "0.85" },
                        { opacity: 1, translate: "0 0", scale: "1" }], 260, { select });
    }
  }

  /** What a bomb, the rocket or a plane does to the whole board. */
  private board(moment: Moment, big: boolean): void {
    const shake = (px: number) => [0, -px, px * 0.85, -px * 0.6, px * 0.4, -px * 0.2, 0]
      .map((x, i) => ({ translate: `${x}px ${i % 2 ? px / 4 : 0}px` }));
    if (moment === "bomb") {
      this.add("shake", shake(big ? 10 : 7), 420, { select: ".board", easing: "linear" });
      this.add("flash", [{ opacity: 0 }, { opacity: big ? 1 : 0.85, offset: 0.2 },
                         { opacity: 0 }], 380, { layer: { cls: "fx-flash" } });
    } else if (moment === "rocket") {
      this.add("shake", shake(5), 360, { select: ".board", easing: "linear" });
      this.add("streak", [{ opacity: 0, translate: "0 100vh" }, { opacity: 1, offset: 0.15 },
                          { opacity: 1, offset: 0.75 }, { opacity: 0, translate: "0 -110vh" }],
               600, { layer: { cls: "fx-streak" }, easing: "cubic-bezier(.5, 0, .8, .6)" });
      this.add("flash", [{ opacity: 0 }, { opacity: 0 }, { opacity: 0.6, offset: 0.8 },
                         { opacity: 0 }], 600, { layer: { cls: "fx-flash" } });
    } else if (moment === "plane") {
      this.add("flight", [{ opacity: 0, translate: "-15vw 8vh", rotate: "-8deg" },
                          { opacity: 1, offset: 0.2 }, { opacity: 1, offset: 0.8 },
                          { opacity: 0, translate: "105vw -6vh", rotate: "4deg" }],
               600, { layer: { cls: "fx-plane", text: "✈\uFE0E" }, easing: "ease-in-out" });
    }
  }

  /** A new deal: the hand's cards fan in one after another. */
  private fanIn(): void {
    this.add("deal", [{ opacity: 0, translate: "0 -56px", rotate: "-16deg", scale: "0.8" },
                      { opacity: 1, translate: "0 0", rotate: "0deg", scale: "1" }],
             280, { select: ".hand .card", stagger: 24 });
  }

  /** A layer of its own over the page (it takes no taps and says nothing), gone at its
   * end. */
  private overlay(effect: Effect): void {
    const layer = el("div", `fx-layer ${effect.layer?.cls ?? ""}`, effect.layer?.text ?? "");
    layer.setAttribute("aria-hidden", "true");
    document.body.append(layer);
    const gone = () => layer.remove();
    try {
      const animation = layer.animate(effect.frames, {
        duration: effect.duration, easing: effect.easing ?? "ease-out", fill: "both",
        id: `fx-${effect.name}`,
      });
      animation.addEventListener("finish", gone);
      animation.addEventListener("cancel", gone);
    } catch {
      gone();
      return;
    }
    this.note(effect.name);
  }

  private run(node: HTMLElement, name: string, frames: Keyframe[], duration: number,
              easing = "ease-out"): void {
    try {
      node.animate(frames, { duration, easing, id: `fx-${name}` });
      this.note(name);
    } catch {
      // no Web Animations here
    }
  }

  private note(name: string): void {
    this.ran.set(name, (this.ran.get(name) ?? 0) + 1);
    document.documentElement.dataset.fx = [...this.ran].map(([n, k]) => `${n}:${k}`).join(" ");
  }
}
