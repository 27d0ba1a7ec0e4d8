// The table as the page shows it: seats around, the play to beat, your hand and the
// controls of the moment. Redrawn from each table frame; the hand keeps its selection.
import { resultSpoken, spokenText, wordsLine } from "./announce";
import { cardRow, sortChars } from "./cards";
import { controlsBox } from "./controls";
import { Dialogs } from "./dialogs";
import { el } from "./dom";
import { actKey, Feedback, offlineBanner, offlineControls } from "./feedback";
import { Hand } from "./hand";
import { compactView } from "./layout";
import { memoryBox } from "./memory";
import { Motion } from "./motion";
import { Invite } from "./people";
import { seatBox } from "./seats";
import type { Socket } from "./socket";
import { Sound } from "./sound";
import { turnLine } from "./turnline";
import type { ActionArgs, ActionName, Answer, Frame, OpenChoices, Participant, PlayJson,
  ResultJson, TableJson, YouJson } from "./types";
import { cardsLeft, cardsSpoken, hasWords, named, setWords, t } from "./words";

const OFFLINE: Answer = { type: "answer", ok: false, code: "offline", error: "" };

export class Table {
  private socket: Socket | null = null;
  private table: TableJson | null = null;
  private you: YouJson | null = null;
  private open: OpenChoices | null = null;
  private state = "loading";
  private participants = new Map<string, Participant>();
  private invite = new Invite();  // Discord's invite dialog (people.ts), set by main.ts
  private hand = new Hand();
  private sound = new Sound();
  private motion = new Motion(this.sound);  // effects and sounds (motion.ts)
  private dialogs = new Dialogs();
  private received = 0; // Date.now() when the last table frame came
  private announced = "";
  private turnKey = ""; // the turn last drawn: a hint stays said and shown within it
  private lineSaid = ""; // "turn|line" last said: a redraw does not say it over again
  private notice = "";
  private hintText = "";
  private hintAt: [number, number] | null = null; // (seq, index) of the hint shown
  private busy = false;
  private pausedAt: number | null = null; // the clock's seconds when the page went offline
  // a refusal beside its button, why a selection is not a play beside Play (feedback.ts)
  private feedback = new Feedback({
    ask: (action) => this.socket?.act(action) ?? Promise.resolve(OFFLINE),
    check: (cards, seq) => this.socket?.act("check", { cards, seq })
      ?? Promise.resolve(OFFLINE),
    changed: () => this.syncPlayButton(),
  });
  private balancesAfter: (number | null)[] | null = null; // the last result's, until a deal
  private alarmsSaid = new Set<string>(); // "deal:seat:alarm" of each 报单/报双 announced
  private alarmText = "";  // a 报单/报双 to announce with the turn line
  private escaper: number | null = null; // who left the last deal (no Start for them)
  // the open form's choices, as the user left them
  private formChoice: Record<string, string> = { variant: "classic", room: "normal",
                                                 ai_seats: "2" };

  constructor(private root: HTMLElement, private live: HTMLElement, private cdn: string) {
    this.hand.onChange = () => this.syncPlayButton();
    setInterval(() => this.tick(), 1000);
  }

  attach(socket: Socket): void {
    this.socket = socket;
  }

  /** How the Invite button opens Discord's invite dialog (the SDK's command). */
  setInvite(open: () => Promise<unknown>): void {
    this.invite.open = open;
    if (this.table || this.state === "no_table") this.draw();
  }

  setParticipants(list: Participant[]): void {
    this.participants = new Map(list.map((p) => [p.id, p]));
    if (this.table) this.draw();
  }

  /** The socket is down (until the next table frame): every control disabled, the
   * clock paused at what it showed, a banner with Retry. */
  onOffline(): void {
    if (this.state !== "offline") this.pausedAt = this.secondsLeft();
    this.state = "offline";
    this.draw();
  }

  onFrame(frame: Frame): void {
    switch (frame.type) {
      case "welcome":
        setWords(frame.words);
        this.sound.setUser(frame.user_id);
        return;
      case "table":
        this.table = frame.table;
        this.you = frame.you;
        if (frame.table.deal && !frame.table.deal.over) {
          this.balancesAfter = null;
          this.escaper = null;
        }
        this.noteAlarms(frame.table);
        this.motion.onTable(frame.table, frame.you);
        if (this.dialogs.showingResult) this.dialogs.setStartable(this.canStart(frame.table));
        this.state = "table";
        this.received = Date.now();
        if (this.you?.phase && !this.table?.deal?.over && this.dialogs.showingResult) {
          this.dialogs.close();
        }
        break;
      case "no_table":
        this.motion.forget();
        this.table = null;
        this.you = null;
        this.open = frame.open;
        this.state = "no_table";
        this.notice = frame.reason ? t("web.closed") : "";
        break;
      case "result":
        this.balancesAfter = frame.result.balances_after;
        this.escaper = frame.result.escaper;
        this.dialogs.result(frame.result, this.you?.seat ?? null, this.actions(),
                            this.table ? this.canStart(this.table) : false);
        this.motion.onResult(frame.result, this.you?.seat ?? null);
        this.say(this.resultLine(frame.result));
        this.draw();
        return;
      case "error":
        this.notice = frame.error;
        if (this.state === "loading") this.state = "error";
        break;
      default:
        return;
    }
    this.draw();
  }

  /** Start is offered to a seated player who did not leave the last deal, when every
   * seat is taken (the server refuses it otherwise: "the seats are not full"). */
  private canStart(table: TableJson): boolean {
    const me = this.you?.seat ?? null;
    return me !== null && me !== this.escaper && table.seats.every((s) => !s.empty)
      && !(table.deal && !table.deal.over);
  }

  /** 报单/报双 said once each: the seat's banner is drawn from the frame; the announcement
   * goes with the next turn line (the page's live region). */
  private noteAlarms(table: TableJson): void {
    for (const seat of table.seats) {
      if (!seat.alarm || table.deal?.over) continue;
      const key = `${table.deals}:${seat.index}:${seat.alarm}`;
      if (this.alarmsSaid.has(key)) continue;
      this.alarmsSaid.add(key);
      const name = seat.index === this.you?.seat ? t("web.you") : seat.label ?? seat.name ?? "";
      this.alarmText = t(seat.alarm === "single" ? "web.alarm_said1" : "web.alarm_said2",
                         { name });
    }
  }

  // ------------------------------------------------------------------ actions
  private actions() {
    return {
      start: () => this.act("start"),
      leave: () => this.leave(),
    };
  }

  /** Send an action; its refusal is said beside the button that sent it (feedback.ts),
   * until the next action or turn. */
  private async act<A extends ActionName>(action: A, ...args: ActionArgs<A>): Promise<Answer> {
    this.feedback.clear();
    this.busy = true;
    const answer = this.socket ? await this.socket.act(action, ...args) : OFFLINE;
    this.busy = false;
    if (answer.ok) this.notice = "";
    else this.feedback.refuse(actKey(action, args[0]), answer, this.table?.seq ?? null);
    if (answer.ok && action !== "hint") this.hintText = "";
    if (this.feedback.refused) this.say(this.feedback.refused);
    this.draw();
    return answer;
  }

  private async play(): Promise<void> {
    const cards = this.hand.selection();
    const seq = this.you?.seq;
    const answer = await this.act("play", { cards, seq });
    if (answer.ok && answer.readings) {
      const reading = await this.dialogs.readings(answer.readings);
      if (reading) {
        const done = await this.act("play", { cards, kind: reading.kind, main: reading.main,
                                              seq });
        if (done.ok && !done.readings) this.hand.clear();
      }
    } else if (answer.ok) {
      this.hand.clear();
    }
  }

  private async hint(): Promise<void> {
    // each press shows the next suggestion of this turn, then the first again
    const seq = this.you?.seq ?? -1;
    const index = this.hintAt && this.hintAt[0] === seq ? this.hintAt[1] + 1 : 0;
    const answer = await this.act("hint", { index });
    this.hintAt = [seq, answer.ok ? answer.index ?? 0 : 0];
    if (!answer.ok) return;
    this.hintText = [answer.text, answer.reason].filter(Boolean).join(" — ");
    if (answer.hint?.action === "play" && answer.hint.cards) this.hand.choose(answer.hint.cards);
    else if (answer.hint?.action === "pass") this.hand.clear();
    this.say(spokenText(this.hintText));  // kept until the next action or turn (center)
    this.draw();
  }

  private async leave(): Promise<void> {
    // the server says when leaving asks (an escape, a tournament seat stepping away) and,
    // asked, what it means in words: the Discord Leave button's question
    if (this.you?.leaving.asks) {
      const answer = await this.act("cost");
      if (!answer.ok || !(await this.dialogs.confirmLeave(answer.text ?? ""))) return;
    }
    await this.act("leave");
  }

  // ----------------------------------------------------------------- drawing
  private say(text: string): void {
    if (!text || text === this.announced) return;
    this.announced = text;
    this.live.textContent = text;
  }

  private draw(): void {
    const root = this.root;
    const active = document.activeElement as HTMLElement | null;
    const inHand = !!active && this.hand.el.contains(active);
    const focused = active?.getAttribute("aria-label") ?? active?.textContent;
    root.dataset.state = this.state;
    root.removeAttribute("aria-busy");
    root.dataset.seq = String(this.table?.seq ?? "");
    root.dataset.phase = this.table?.deal && !this.table.deal.over ? this.table.deal.phase : "";
    root.dataset.myTurn = this.you?.my_turn ? "true" : "false";
    root.dataset.seat = this.you ? String(this.you.seat) : "";
    if (!hasWords()) {
      root.replaceChildren(el("p", "fatal", this.notice || "…"));
      return;
    }
    const parts: HTMLElement[] = [];
    if (this.state === "offline") parts.push(offlineBanner(() => this.socket?.retryNow()));
    if (this.state === "no_table") parts.push(...this.openForm());
    else if (this.table) parts.push(...this.tableParts(this.table));
    if (this.notice) {  // not a button's: an error frame, said at the top
      const notice = el("p", "notice top", this.notice);
      notice.setAttribute("role", "alert");
      parts.unshift(notice);
    }
    root.replaceChildren(...parts);
    this.motion.afterDraw(root);
    if (inHand && this.hand.el.isConnected) {
      this.hand.focusCurrent();  // the same place in the hand: the next card after a play
    } else if (focused) {
      const again = [...root.querySelectorAll<HTMLElement>("button, select")]
        .find((b) => (b.getAttribute("aria-label") ?? b.textContent) === focused);
      again?.focus({ preventScroll: true });
    }
    this.hand.restoreFocus();  // its button gone (a bid, a pass): to the hand or controls
    this.syncPlayButton();
    this.tick();  // the timer of the elements just drawn
  }

  private openForm(): HTMLElement[] {
    const open = this.open ?? { variants: ["classic"], rooms: ["normal"], ai_seats: [0] };
    const choice = this.formChoice;  // kept across redraws (a refusal, a claimed bonus)
    const form = el("form", "open");
    const pick = (name: string, label: string, values: (string | number)[],
                  text: (v: string) => string, chosen: string) => {
      const wrap = el("label", "field");
      wrap.append(el("span", "", label));
      const select = el("select");
      select.name = name;
      for (const value of values) {
        const option = el("option", "", text(String(value)));
        option.value = String(value);
        option.selected = String(value) === chosen;
        select.append(option);
      }
      select.addEventListener("change", () => { choice[name] = select.value; });
      wrap.append(select);
      form.append(wrap);
      return select;
    };
    const variant = pick("variant", t("web.variant"), open.variants,
                         (v) => named("variants", v), choice.variant);
    const room = pick("room", t("web.room"), open.rooms, (v) => named("rooms", v), choice.room);
    const ai = pick("ai_seats", t("web.ai_seats"), open.ai_seats, (v) => v, choice.ai_seats);
    const go = el("button", "primary", t("web.open"));
    go.type = "submit";
    form.append(go);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.act("open", { variant: variant.value, room: room.value,
                              ai_seats: Number(ai.value) });
    });
    const invite = this.invite.box();
    return [el("h1", "title", "斗地主"), el("p", "lead", t("web.no_table")), form,
            ...(invite ? [invite] : [])];
  }

  private tableParts(table: TableJson): HTMLElement[] {
    const deal = table.deal && (!table.deal.over || table.status !== "playing") ? table.deal
      : table.deal;
    const me = this.you?.seat ?? null;
    const n = table.seats.length;
    const base = me ?? 0;
    const order = Array.from({ length: n }, (_, k) => (base + k) % n);
    const header = el("header", "bar");
    header.append(el("span", "variant", named("variants", table.variant)));
    if (deal) {
      // the factors that make the multiplier, as one equation (抢×2 炸弹×2 = ×8)
      const mult = el("span", "mult");
      mult.setAttribute("aria-label", deal.multiplier_text || t("web.multiplier",
                                                                { n: deal.total }));
      for (const word of deal.factor_words?.length ? deal.factor_words
        : [t("web.multiplier", { n: deal.total })]) {
        const part = el("span", "part", word);
        part.setAttribute("aria-hidden", "true");
        mult.append(part);
      }
      header.append(mult);
      if (deal.laizi_name) header.append(el("span", "laizi", t("web.laizi",
                                                                 { rank: deal.laizi_name })));
    }
    header.append(el("span", "timer"), this.sound.toggle());
    // Invite in the lobby, between deals, and while a seat is empty
    const invite = !deal || deal.over || table.seats.some((s) => s.empty) ? this.invite.box()
      : null;
    if (invite) header.append(invite);
    const parts: HTMLElement[] = [header];
    // the layout's regions (style.css): the board (seats, the bottom cards, the middle)
    // takes what is left and scrolls inside itself; the dock (your seat, the controls, the
    // hand's region) always shows whole; the compact view stands alone in picture-in-picture
    const board = el("div", `board n${n - (me === null ? 0 : 1)}`);
    if (deal?.bottom) {
      const bottom = el("div", "bottom");
      const label = `${t("web.bottom")}: ${cardsSpoken(sortChars(deal.bottom))}`;
      bottom.append(cardRow(deal.bottom, label, deal.laizi, "tiny"));
      board.append(bottom);
    }
    const others = el("div", `others n${n - (me === null ? 0 : 1)}`);
    for (const index of order.slice(me === null ? 0 : 1).reverse()) {
      others.append(seatBox(this.seatScene(table), index, false));
    }
    board.append(others, this.center(table));
    const memory = memoryBox(table, this.you);
    if (memory) board.append(memory);
    parts.push(board);
    const dock = el("div", "dock");
    if (me !== null) {
      const region = el("div", "hand-region");
      this.hand.set(this.you?.cards ?? [], deal?.laizi ?? null);
      region.append(this.hand.el);
      dock.append(seatBox(this.seatScene(table), me, true), this.controls(table), region);
      requestAnimationFrame(() => this.hand.layout());
    } else {
      dock.append(el("p", "lead", t("web.spectating")), this.controls(table));
    }
    parts.push(dock, this.compact(table));
    return parts;
  }

  /** Picture-in-picture's view (layout.ts): whose turn, the play to beat, your cards
   * left, and that the Activity is opened to play. */
  private compact(table: TableJson): HTMLElement {
    const deal = table.deal;
    const mine = this.you ? table.seats[this.you.seat] : undefined;
    const [turn, ...rest] = turnLine(table, this.you).split(" · ");
    return compactView(turn, rest.join(" · "),
                       mine?.cards_left != null ? cardsLeft(mine.cards_left) : "",
                       !!deal && !deal.over && deal.to_act === this.you?.seat);
  }

  private seatScene(table: TableJson) {
    return { table, you: this.you, participants: this.participants, cdn: this.cdn,
             balancesAfter: this.balancesAfter };
  }

  private controls(table: TableJson): HTMLElement {
    return controlsBox({ table, you: this.you, escaper: this.escaper, hintText: this.hintText },
                       { act: (action, ...args) => this.act(action, ...args),
                         play: () => this.play(), hint: () => this.hint(),
                         leave: () => this.leave(), busy: () => this.busy });
  }

  private center(table: TableJson): HTMLElement {
    const box = el("div", "center");
    const line = turnLine(table, this.you);
    box.append(wordsLine("turnline", line));
    if (this.you?.at_stake) box.append(el("p", "stake", this.you.at_stake));
    // a new turn (a play, a pass, a bid, a new deal) ends the last turn's hint
    const deal = table.deal;
    const key = [table.deals, deal?.phase, deal?.to_act, deal?.over, deal?.trick?.length,
                 deal?.last_trick?.length, deal?.bids?.length, deal?.calls?.length].join(":");
    if (key !== this.turnKey) {
      this.turnKey = key;
      this.hintText = "";
    }
    if (!this.dialogs.showingResult && this.hintText) {
      // the hint and its reason stay said until the next action or turn
      this.say(spokenText(this.hintText));
      this.lineSaid = "";
    } else if (!this.dialogs.showingResult) {  // the result stays said until closed
      // the turn line in words, with a 报单/报双 just made: said once a turn (a redraw
      // of the same turn does not say the line over a 报单 or a refusal)
      const said = `${key}|${line}`;
      if (this.alarmText || said !== this.lineSaid) {
        this.say(spokenText(this.alarmText ? `${this.alarmText} ${line}` : line));
      }
      this.lineSaid = said;
    }
    this.alarmText = "";
    if (this.you?.seat !== undefined && table.seats[this.you.seat]?.trustee) {
      box.append(el("p", "hintline", t("web.trustee_on")));
    } else if (this.hintText) {
      box.append(wordsLine("hintline", this.hintText));
    }
    return box;
  }

  /** Play is enabled when the selection is one of your legal plays (as cards); another
   * selection on your play turn is checked by the server, which says why beside Play. A
   * refusal is put beside its button; offline, every control is disabled. */
  private syncPlayButton(): void {
    const areas = [this.root, ...document.querySelectorAll<HTMLElement>("dialog")];
    for (const area of areas) offlineControls(area, false);
    const play = this.root.querySelector<HTMLButtonElement>("button.play");
    const chosen = [...this.hand.selection()].sort().join("");
    const legal = !!this.you?.legal.some((p: PlayJson) =>
      [...p.cards].sort().join("") === chosen);
    if (play) play.disabled = !chosen || !legal;
    this.feedback.select(chosen, legal, play && this.you ? this.you.seq : null);
    this.feedback.place(this.root, this.table?.seq ?? null);
    for (const area of areas) offlineControls(area, this.state === "offline");
  }

  /** The seconds the turn's clock shows now (null: no clock runs). */
  private secondsLeft(): number | null {
    const table = this.table;
    if (!table || !table.deadline || !table.deal || table.deal.over) return null;
    return Math.max(0, Math.round(table.deadline - table.now
                                  - (Date.now() - this.received) / 1000));
  }

  /** The clock of the turn, each second; offline it stays at what it showed, paused. */
  private tick(): void {
    const timer = this.root.querySelector<HTMLElement>(".timer");
    const clock = this.root.querySelector<HTMLElement>(".seat.turn .clock");
    const paused = this.state === "offline";
    const left = paused ? this.pausedAt : this.secondsLeft();
    if (left === null) {
      if (timer) timer.textContent = "";
      return;
    }
    const text = t(paused ? "feedback.paused" : "web.seconds", { n: left });
    if (timer) {
      timer.textContent = text;
      timer.classList.toggle("paused", paused);
    }
    if (clock) {
      clock.textContent = `⏱ ${text}`;
      clock.classList.toggle("late", left <= 5 && !paused);
      clock.classList.toggle("paused", paused);
    }
  }

  /** The result said: the escape, who won, each seat's beans and balance (announce.ts). */
  private resultLine(result: ResultJson): string {
    return resultSpoken(result);
  }
}
