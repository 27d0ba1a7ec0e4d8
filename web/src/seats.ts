// A seat as the page draws it: who sits there (avatar, name, role, 托管), beans, cards
// left with 报单/报双 loud on it, the clock on the seat to act, what it said in the
// auction and its play of this trick.
import { playSpoken } from "./announce";
import { cardRow } from "./cards";
import { el } from "./dom";
import { avatar, nameTag, shownName } from "./people";
import type { Participant, TableJson, YouJson } from "./types";
import { cardsLeft, t } from "./words";

const AUCTION_SAID: Record<string, string> = {
  call: "web.called", no_call: "web.no_call", grab: "web.grabbed", no_grab: "web.no_grab",
};

/** What the seats are drawn from besides the table frame. */
export interface SeatScene {
  table: TableJson;
  you: YouJson | null;
  participants: Map<string, Participant>;
  cdn: string; // Discord's CDN, through the Activity's proxy inside Discord
  balancesAfter: (number | null)[] | null; // the last result's balances, until a deal
}

/** What the seat said in this deal's auction (a bid, a call or grab, a show). */
function said(table: TableJson, index: number): string {
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

export function seatBox(scene: SeatScene, index: number, mine: boolean): HTMLElement {
  const { table } = scene;
  const seat = table.seats[index];
  const deal = table.deal;
  const box = el("section", `seat${mine ? " mine" : ""}`);
  // the whole name, whatever CSS cuts of it (people.ts)
  const label = seat.empty ? t("web.seat_free") : shownName(scene.participants, seat);
  box.setAttribute("aria-label", label);
  box.dataset.seat = String(index);
  const turn = deal && !deal.over && deal.to_act === index;
  if (turn) box.classList.add("turn");
  const head = el("div", "who");
  if (seat.empty) head.append(el("span", "name", label));
  else {
    head.append(avatar(scene.cdn, scene.participants, seat),
                ...nameTag(`seat${index}`, label));
  }
  if (seat.role) {
    head.append(el("span", `role ${seat.role}`,
                   t(seat.role === "landlord" ? "web.landlord" : "web.farmer")));
  }
  if (seat.trustee) head.append(el("span", "badge", "托管"));
  box.append(head);
  const beans = scene.balancesAfter && (!deal || deal.over)
    ? scene.balancesAfter[index] ?? null : seat.beans ?? null;
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
  const text = said(table, index);
  if (text) box.append(el("span", "said", text));
  if (deal && seat.played) {
    box.append(seat.last_play
      ? cardRow(seat.last_play.cards, playSpoken(seat.last_play, seat.last_text), deal.laizi,
                "played")
      : el("span", "said pass", t("web.passed")));
  }
  if (!mine && seat.shown) {
    box.append(cardRow(seat.shown, "", deal?.laizi ?? null, "shown tiny"));
  }
  return box;
}
