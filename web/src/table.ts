// The table as the page shows it: seats around, the play to beat, your hand and the
// controls of the moment. Redrawn from each table frame; the hand keeps its selection.
import { cardRow, sortChars } from "./cards";
import { Dialogs } from "./dialogs";
import { Hand } from "./hand";
import { compactView } from "./layout";
import type { Socket } from "./socket";
import type { ActionArgs, ActionName, Answer, Frame, OfferJson, OpenChoices, Participant,
  PlayJson, ResultJson, SeatJson, TableJson, TrickPlayJson, YouJson } from "./types";
import { cardsLeft, cardsSpoken, hasWords, named, rankName, setWords, t } from "./words";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls = "", text = ""):
    HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text) node.textContent = text;
  return node;
}

// the counter's ranks, high to low as 欢乐斗地主's 记牌器 shows them, and their faces
const COUNTER_ORDER = ["R", "B", "2", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4",
  "3", "F"];
const RANK_FACE: Record<string, string> = { T: "10" };  // the jokers, flower: their names

const AUCTION_SAID: Record<string, string> = {
  call: "web.called", no_call: "web.no_call", grab: "web.grabbed", no_grab: "web.no_grab",
};

export class Table {
  private socket: Socket | null = null;
  private table: TableJson | null = null;
  private you: YouJson | null = null;
  private open: OpenChoices | null = null;
  private state = "loading";
  private participants = new Map<string, Participant>();
  private hand = new Hand();
  private dialogs = new Dialogs();
  private received = 0; // Date.now() when the last table frame came
  private announced = "";
  private notice = "";
  private hintText = "";
  private hintAt: [number, number] | null = null; // (seq, index) of the hint shown
  private busy = false;
  private userId = "";
  private balancesAfter: (number | null)[] | null = null; // the last result's, until a deal
  private alarmsSaid = new Set<string>(); // "deal:seat:alarm" of each 报单/报双 announced
  private alarmText = "";  // a 报单/报双 to announce with the turn line
  private escaper: number | null = null; // who left the last deal (no Start for them)

  constructor(private root: HTMLElement, private live: HTMLElement, private cdn: string) {
    this.hand.onChange = () => this.syncPlayButton();
    setInterval(() => this.tick(), 1000);
  }

  attach(socket: Socket): void {
    this.socket = socket;
  }

  setParticipants(list: Participant[]): void {
    this.participants = new Map(list.map((p) => [p.id, p]));
    if (this.table) this.draw();
  }

  onOffline(): void {
    this.state = "offline";
    this.draw();
  }

  onFrame(frame: Frame): void {
    switch (frame.type) {
      case "welcome":
        setWords(frame.words);
        this.userId = frame.user_id;
        return;
      case "table":
        this.table = frame.table;
        this.you = frame.you;
        if (frame.table.deal && !frame.table.deal.over) {
          this.balancesAfter = null;
          this.escaper = null;
        }
        this.noteAlarms(frame.table);
        if (this.dialogs.showingResult) this.dialogs.setStartable(this.canStart(frame.table));
        this.state = "table";
        this.received = Date.now();
        if (this.you?.phase && !this.table?.deal?.over && this.dialogs.showingResult) {
          this.dialogs.close();
        }
        break;
      case "no_table":
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

  private async act<A extends ActionName>(action: A, ...args: ActionArgs<A>): Promise<Answer> {
    if (!this.socket) return { type: "answer", ok: false, code: "offline", error: "" };
    this.busy = true;
    const answer = await this.socket.act(action, ...args);
    this.busy = false;
    this.notice = answer.ok || answer.code === "offline" ? "" : answer.error ?? "";
    if (answer.ok && action !== "hint") this.hintText = "";
    if (this.notice) this.say(this.notice);
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
    this.say(this.hintText);
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
    const focused = (document.activeElement as HTMLElement | null)?.getAttribute("aria-label")
      ?? document.activeElement?.textContent;
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
    if (this.state === "offline") parts.push(el("p", "banner", t("web.offline")));
    if (this.state === "no_table") parts.push(...this.openForm());
    else if (this.table) parts.push(...this.tableParts(this.table));
    if (this.notice) {
      const notice = el("p", "notice", this.notice);
      notice.setAttribute("role", "alert");
      parts.push(notice);
    }
    root.replaceChildren(...parts);
    if (focused) {
      const again = [...root.querySelectorAll<HTMLElement>("button, select")]
        .find((b) => (b.getAttribute("aria-label") ?? b.textContent) === focused);
      again?.focus({ preventScroll: true });
    }
    this.syncPlayButton();
    this.tick();  // the timer of the elements just drawn
  }

  private openForm(): HTMLElement[] {
    const open = this.open ?? { variants: ["classic"], rooms: ["normal"], ai_seats: [0] };
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
      wrap.append(select);
      form.append(wrap);
      return select;
    };
    const variant = pick("variant", t("web.variant"), open.variants,
                         (v) => named("variants", v), "classic");
    const room = pick("room", t("web.room"), open.rooms, (v) => named("rooms", v), "normal");
    const ai = pick("ai_seats", t("web.ai_seats"), open.ai_seats, (v) => v, "2");
    const go = el("button", "primary", t("web.open"));
    go.type = "submit";
    form.append(go);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      void this.act("open", { variant: variant.value, room: room.value,
                              ai_seats: Number(ai.value) });
    });
    return [el("h1", "title", "斗地主"), el("p", "lead", t("web.no_table")), form];
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
    header.append(el("span", "timer"));
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
      others.append(this.seat(table, index, false));
    }
    board.append(others, this.center(table));
    const memory = this.memory(table);
    if (memory) board.append(memory);
    parts.push(board);
    const dock = el("div", "dock");
    if (me !== null) {
      const region = el("div", "hand-region");
      this.hand.set(this.you?.cards ?? [], deal?.laizi ?? null);
      region.append(this.hand.el);
      dock.append(this.seat(table, me, true), this.controls(table), region);
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
    const [turn, ...rest] = this.turnLine(table).split(" · ");
    return compactView(turn, rest.join(" · "),
                       mine?.cards_left != null ? cardsLeft(mine.cards_left) : "",
                       !!deal && !deal.over && deal.to_act === this.you?.seat);
  }

  /** The memory of the deal: the card counter (记牌器: each rank still out, as the server
   * counts it for you), this trick's plays and the last trick's. */
  private memory(table: TableJson): HTMLElement | null {
    const deal = table.deal;
    if (!deal || (deal.phase !== "play" && deal.phase !== "over")) return null;
    const box = el("section", "memory");
    box.setAttribute("aria-label", t("web.counter"));
    const counts = this.you?.counter ?? deal.unseen;
    if (counts && Object.keys(counts).length) {
      const counter = el("ol", "counter");
      counter.setAttribute("aria-label", t("web.counter"));
      for (const rank of COUNTER_ORDER) {
        if (!(rank in counts)) continue;
        const n = counts[rank];
        const cell = el("li", n ? "rank" : "rank gone");
        cell.dataset.rank = rank;
        cell.dataset.n = String(n);
        cell.setAttribute("aria-label", t("web.counter_rank", { rank: rankName(rank), n }));
        cell.append(el("b", "", RANK_FACE[rank] ?? (/[RBF]/.test(rank) ? rankName(rank) : rank)),
                    el("span", "n", String(n)));
        counter.append(cell);
      }
      box.append(counter);
    }
    const list = (cls: string, title: string, turns: TrickPlayJson[]) => {
      const wrap = el("div", `trick ${cls}`);
      wrap.append(el("h3", "", title));
      const ol = el("ol");
      for (const turn of turns) {
        const who = turn.seat === this.you?.seat ? t("web.you")
          : table.seats[turn.seat]?.label ?? "";
        const li = el("li", turn.play ? "play" : "pass",
                      `${who}: ${turn.play ? turn.text ?? turn.play.cards : t("web.passed")}`);
        li.dataset.seat = String(turn.seat);
        if (turn.play) li.dataset.cards = turn.play.cards;
        ol.append(li);
      }
      wrap.append(ol);
      return wrap;
    };
    if (deal.trick?.length) box.append(list("now", t("web.trick_now"), deal.trick));
    if (deal.last_trick?.length) box.append(list("last", t("web.trick_last"), deal.last_trick));
    return box;
  }

  private avatar(seat: SeatJson): HTMLElement {
    const box = el("span", "avatar");
    box.setAttribute("aria-hidden", "true");
    const who = seat.user_id ? this.participants.get(seat.user_id) : undefined;
    const initial = seat.ai ? t("web.ai") : [...(seat.label ?? seat.name ?? "?")][0] ?? "?";
    box.textContent = initial;
    if (who?.avatar) {
      const img = el("img");
      img.alt = "";
      img.src = `${this.cdn}/avatars/${who.id}/${who.avatar}.png?size=64`;
      img.onerror = () => img.remove();
      box.append(img);
    }
    return box;
  }

  private said(table: TableJson, index: number): string {
    const deal = table.deal;
    if (!deal || deal.phase === "play" || deal.over) return "";
    let text = "";
    for (const [seat, points] of deal.bids) {
      if (seat === index) text = points ? t("web.bid_n", { n: points }) : t("web.no_bid");
    }
    for (const [seat, what] of deal.calls) {
      if (seat === index) text = t(AUCTION_SAID[what] ?? what);
    }
    for (const [seat, factor] of deal.shows) {
      if (seat === index) text = t("web.shown", { n: factor });
    }
    return text;
  }

  private seat(table: TableJson, index: number, mine: boolean): HTMLElement {
    const seat = table.seats[index];
    const deal = table.deal;
    const box = el("section", `seat${mine ? " mine" : ""}`);
    const label = seat.empty ? t("web.seat_free") : seat.label ?? seat.name ?? "";
    box.setAttribute("aria-label", label);
    box.dataset.seat = String(index);
    const turn = deal && !deal.over && deal.to_act === index;
    if (turn) box.classList.add("turn");
    const head = el("div", "who");
    if (!seat.empty) head.append(this.avatar(seat));
    const name = el("span", "name", label);
    head.append(name);
    if (seat.role) {
      head.append(el("span", `role ${seat.role}`,
                     t(seat.role === "landlord" ? "web.landlord" : "web.farmer")));
    }
    if (seat.trustee) head.append(el("span", "badge", "托管"));
    box.append(head);
    const beans = this.balancesAfter && (!deal || deal.over)
      ? this.balancesAfter[index] ?? null : seat.beans ?? null;
    if (beans !== null && !seat.empty) {
      const b = el("span", "beans", t("web.beans_left", { n: beans.toLocaleString() }));
      b.dataset.beans = String(beans);
      box.append(b);
    }
    if (seat.cards_left != null && deal?.phase !== "show_start") {  // none dealt yet then
      const count = el("span", "count", cardsLeft(seat.cards_left));
      box.append(count);
      if (seat.alarm) {  // 报单/报双, loud: a banner on the seat
        box.classList.add("alarmed");
        const alarm = el("span", `alarm ${seat.alarm}`,
                         t(seat.alarm === "single" ? "web.alarm1" : "web.alarm2"));
        alarm.dataset.alarm = seat.alarm;
        box.append(alarm);
      }
    }
    if (turn) box.append(el("span", "clock"));
    const said = this.said(table, index);
    if (said) box.append(el("span", "said", said));
    if (deal && seat.played) {
      box.append(seat.last_play
        ? cardRow(seat.last_play.cards, seat.last_text ?? seat.last_play.cards, deal.laizi,
                  "played")
        : el("span", "said pass", t("web.passed")));
    }
    if (!mine && seat.shown) {
      box.append(cardRow(seat.shown, "", deal?.laizi ?? null, "shown tiny"));
    }
    return box;
  }

  private turnLine(table: TableJson): string {
    const deal = table.deal;
    if (!deal || deal.over) return this.lobbyLine(table);
    const phase = t(`phase.${deal.phase}`);
    const who = deal.to_act;
    let line = who === null ? phase : who === this.you?.seat
      ? t("web.your_turn", { phase })
      : t("web.turn_of", { name: table.seats[who]?.label ?? "", phase });
    if (deal.phase === "play" && deal.to_beat_text && deal.to_beat_seat !== null) {
      line += " · " + (deal.to_beat_seat === this.you?.seat
        ? t("web.your_play_stands", { play: deal.to_beat_text })
        : t("web.to_beat", { play: deal.to_beat_text,
                             name: table.seats[deal.to_beat_seat]?.label ?? "" }));
    } else if (deal.phase === "play" && who === this.you?.seat && this.you?.is_leading) {
      line += " · " + t("web.you_lead");
    }
    return line;
  }

  /** Between deals: what is missing before one can start, or Start when nothing is
   * ("Press Start for the next deal" only after a first deal). */
  private lobbyLine(table: TableJson): string {
    const missing = table.seats.filter((s) => s.empty).length;
    if (missing > 0) {
      const taken = table.seats.length - missing;
      return `${t("web.waiting", { n: taken, total: table.players })} ${
        missing === 1 ? t("web.missing_one") : t("web.missing", { n: missing })}`;
    }
    return table.deals > 0 ? t("web.between") : t("web.ready");
  }

  private center(table: TableJson): HTMLElement {
    const box = el("div", "center");
    const line = this.turnLine(table);
    box.append(el("p", "turnline", line));
    if (this.you?.at_stake) box.append(el("p", "stake", this.you.at_stake));
    if (!this.dialogs.showingResult) {  // the result stays said until closed
      this.say(this.alarmText ? `${this.alarmText} ${line}` : line);
    }
    this.alarmText = "";
    if (this.you?.seat !== undefined && table.seats[this.you.seat]?.trustee) {
      box.append(el("p", "hintline", t("web.trustee_on")));
    } else if (this.hintText) {
      box.append(el("p", "hintline", this.hintText));
    }
    return box;
  }

  private button(label: string, run: () => unknown, cls = ""): HTMLButtonElement {
    const b = el("button", cls, label);
    b.type = "button";
    b.addEventListener("click", () => { if (!this.busy) void run(); });
    return b;
  }

  private controls(table: TableJson): HTMLElement {
    const box = el("div", "controls");
    const you = this.you;
    const deal = table.deal;
    const seq = you?.seq;
    const seated = you !== null;
    const empty = table.seats.some((s) => s.empty);
    const playing = table.status === "playing" && deal && !deal.over;
    const offers = playing && seated ? you.offers : [];
    if (offers.length) {
      box.append(...this.offerButtons(offers, seq));
      box.append(this.button(t("btn.hint"), () => this.hint()));
      if (this.hintText && offers.some((o) => o.action === "show" || o.action === "double")) {
        // the hint's advice beside the risky choice it is about
        box.append(el("p", "advice", t("web.hint_says", { text: this.hintText })));
      }
    }
    if (playing && seated) {
      const trustee = table.seats[you.seat]?.trustee;
      box.append(this.button(t(trustee ? "btn.resume" : "btn.trustee"), () =>
        this.act("trustee", { on: !trustee }), "quiet"));
    }
    if (!playing) {
      if (!seated && empty) box.append(this.button(t("btn.join"), () => this.act("join"),
                                                   "primary"));
      if (seated && empty) box.append(this.button(t("btn.addai"), () => this.act("add_ai")));
      if (seated && !empty && you.seat !== this.escaper) {
        box.append(this.button(t("btn.start"), () => this.act("start"), "primary"));
      }
    }
    if (seated) box.append(this.button(t("btn.leave"), () => this.leave(), "quiet"));
    return box;
  }

  /** The buttons of the seat's offers, as the server sent them (SeatView.legal_actions):
   * Play and Pass, or one Can't beat when passing is all there is; No bid and each bid
   * offered; a question's yes and no. */
  private offerButtons(offers: OfferJson[], seq: number | undefined): HTMLButtonElement[] {
    const out: HTMLButtonElement[] = [];
    const canPlay = offers.some((o) => o.action === "play");
    for (const offer of offers) {
      switch (offer.action) {
        case "play":
          out.push(this.button(t("web.play"), () => this.play(), "primary play"));
          break;
        case "pass":
          out.push(canPlay ? this.button(t("btn.pass"), () => this.act("pass", { seq }))
            : this.button(t("btn.cannot_beat"), () => this.act("pass", { seq }), "primary"));
          break;
        case "bid":
          if (offer.no_bid) {
            out.push(this.button(t("btn.bid0"), () => this.act("bid", { points: 0, seq })));
          }
          for (const n of offer.points) {
            out.push(this.button(t("btn.bid", { n }), () => this.act("bid", { points: n, seq }),
                                 "primary"));
          }
          break;
        default: {
          // 明牌 and 加倍 raise the stake: no choice looks advised, both neutral
          const word = offer.action;
          const risky = word === "show" || word === "double";
          out.push(this.button(t(`btn.${word}`, { n: offer.factor }), () =>
            this.act(word, { yes: true, seq }), risky ? "risky" : "primary"));
          out.push(this.button(t(`btn.no${word}`), () => this.act(word, { yes: false, seq }),
                               risky ? "risky" : ""));
        }
      }
    }
    return out;
  }

  /** Play is enabled when the selection is one of your legal plays (as cards). */
  private syncPlayButton(): void {
    const play = this.root.querySelector<HTMLButtonElement>("button.play");
    if (!play || !this.you) return;
    const chosen = [...this.hand.selection()].sort().join("");
    const legal = this.you.legal.some((p: PlayJson) => [...p.cards].sort().join("") === chosen);
    play.disabled = !chosen || !legal;
  }

  private tick(): void {
    const table = this.table;
    const timer = this.root.querySelector<HTMLElement>(".timer");
    const clock = this.root.querySelector<HTMLElement>(".seat.turn .clock");
    if (!table || !table.deadline || !table.deal || table.deal.over) {
      if (timer) timer.textContent = "";
      return;
    }
    const left = Math.max(0, Math.round(table.deadline - table.now
                                        - (Date.now() - this.received) / 1000));
    const text = t("web.seconds", { n: left });
    if (timer) timer.textContent = text;
    if (clock) {
      clock.textContent = `⏱ ${text}`;
      clock.classList.toggle("late", left <= 5);
    }
  }

  private resultLine(result: ResultJson): string {
    const head = result.outcome === "landlord" ? t("result.landlord")
      : result.outcome === "farmers" ? t("result.farmers") : t("result.title");
    return result.escape_text ? `${result.escape_text} ${head}` : head;
  }
}
