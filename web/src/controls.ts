// The controls of the moment: the seat's offers as the server sent them
// (SeatView.legal_actions) with the hint beside them, 托管, and between deals Join, Add AI
// and Start for those who can use them; Leave for a seated player.
import { el } from "./dom";
import { actKey } from "./feedback";
import type { ActionArgs, ActionName, Answer, OfferJson, TableJson, YouJson } from "./types";
import { t } from "./words";

/** What the buttons run (the table's actions). */
export interface ControlRuns {
  act<A extends ActionName>(action: A, ...args: ActionArgs<A>): Promise<Answer>;
  play(): unknown;
  hint(): unknown;
  leave(): unknown;
  busy(): boolean;
}

export interface ControlScene {
  table: TableJson;
  you: YouJson | null;
  escaper: number | null; // who left the last deal (no Start for them)
  hintText: string;
}

/** A button of the controls; ``key`` (feedback.ts's actKey of what it sends) is where a
 * refusal of its action is said. */
function button(runs: ControlRuns, label: string, run: () => unknown, cls = "", key = ""):
    HTMLButtonElement {
  const b = el("button", cls, label);
  b.type = "button";
  if (key) b.dataset.act = key;
  b.addEventListener("click", () => { if (!runs.busy()) void run(); });
  return b;
}

export function controlsBox(scene: ControlScene, runs: ControlRuns): HTMLElement {
  const { table, you } = scene;
  const box = el("div", "controls");
  const deal = table.deal;
  const seq = you?.seq;
  const empty = table.seats.some((s) => s.empty);
  const playing = table.status === "playing" && deal && !deal.over;
  const offers = playing && you ? you.offers : [];
  if (offers.length) {
    box.append(...offerButtons(runs, offers, seq));
    box.append(button(runs, t("btn.hint"), () => runs.hint(), "", "hint"));
    if (scene.hintText && offers.some((o) => o.action === "show" || o.action === "double")) {
      // the hint's advice beside the risky choice it is about
      box.append(el("p", "advice", t("web.hint_says", { text: scene.hintText })));
    }
  }
  if (playing && you) {
    const trustee = table.seats[you.seat]?.trustee;
    box.append(button(runs, t(trustee ? "btn.resume" : "btn.trustee"), () =>
      runs.act("trustee", { on: !trustee }), "quiet", "trustee"));
  }
  if (!playing) {
    if (!you && empty) box.append(button(runs, t("btn.join"), () => runs.act("join"),
                                         "primary", "join"));
    if (you && empty) box.append(button(runs, t("btn.addai"), () => runs.act("add_ai"), "",
                                        "add_ai"));
    if (you && !empty && you.seat !== scene.escaper) {
      box.append(button(runs, t("btn.start"), () => runs.act("start"), "primary", "start"));
    }
  }
  if (you) box.append(button(runs, t("btn.leave"), () => runs.leave(), "quiet", "leave"));
  return box;
}

/** The buttons of the seat's offers: Play and Pass, or one Can't beat when passing is all
 * there is; No bid and each bid offered; a question's yes and no. */
function offerButtons(runs: ControlRuns, offers: OfferJson[], seq: number | undefined):
    HTMLButtonElement[] {
  const out: HTMLButtonElement[] = [];
  const canPlay = offers.some((o) => o.action === "play");
  for (const offer of offers) {
    switch (offer.action) {
      case "play":
        out.push(button(runs, t("web.play"), () => runs.play(), "primary play", "play"));
        break;
      case "pass":
        out.push(canPlay ? button(runs, t("btn.pass"), () => runs.act("pass", { seq }), "",
                                  "pass")
          : button(runs, t("btn.cannot_beat"), () => runs.act("pass", { seq }), "primary",
                   "pass"));
        break;
      case "bid":
        if (offer.no_bid) {
          out.push(button(runs, t("btn.bid0"), () => runs.act("bid", { points: 0, seq }), "",
                          actKey("bid", { points: 0 })));
        }
        for (const n of offer.points) {
          out.push(button(runs, t("btn.bid", { n }), () => runs.act("bid", { points: n, seq }),
                          "primary", actKey("bid", { points: n })));
        }
        break;
      default: {
        // 明牌 and 加倍 raise the stake: no choice looks advised, both neutral
        const word = offer.action;
        const risky = word === "show" || word === "double";
        out.push(button(runs, t(`btn.${word}`, { n: offer.factor }), () =>
          runs.act(word, { yes: true, seq }), risky ? "risky" : "primary",
                        actKey(word, { yes: true })));
        out.push(button(runs, t(`btn.no${word}`), () => runs.act(word, { yes: false, seq }),
                        risky ? "risky" : "", actKey(word, { yes: false })));
      }
    }
  }
  return out;
}
