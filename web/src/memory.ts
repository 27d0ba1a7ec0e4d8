// The memory of the deal: the card counter (记牌器: each rank still out, as the server
// counts it for you), this trick's plays and the last trick's.
import { playSpoken, wordsLine } from "./announce";
import { el } from "./dom";
import type { TableJson, TrickPlayJson, YouJson } from "./types";
import { rankName, t } from "./words";

// the counter's ranks, high to low as 欢乐斗地主's 记牌器 shows them, and their faces
const COUNTER_ORDER = ["R", "B", "2", "A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4",
  "3", "F"];
const RANK_FACE: Record<string, string> = { T: "10" };  // the jokers, flower: their names
// where the counter is one narrow strip (a small phone): the jokers' and flower's faces
// in one character, as the cards' faces in the bot's pictures keep them in every language
const SHORT_FACE: Record<string, string> = { R: "大", B: "小", F: "花" };

export function memoryBox(table: TableJson, you: YouJson | null): HTMLElement | null {
  const deal = table.deal;
  if (!deal || (deal.phase !== "play" && deal.phase !== "over")) return null;
  const box = el("section", "memory");
  box.setAttribute("aria-label", t("web.counter"));
  const counts = you?.counter ?? deal.unseen;
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
      const face = el("b", "", RANK_FACE[rank] ?? (/[RBF]/.test(rank) ? "" : rank));
      if (SHORT_FACE[rank]) {
        face.append(el("span", "long", rankName(rank)), el("span", "short", SHORT_FACE[rank]));
      }
      cell.append(face, el("span", "n", String(n)));
      counter.append(cell);
    }
    box.append(counter);
  }
  const list = (cls: string, title: string, turns: TrickPlayJson[]) => {
    const wrap = el("div", `trick ${cls}`);
    wrap.append(el("h3", "", title));
    const ol = el("ol");
    for (const turn of turns) {
      const who = turn.seat === you?.seat ? t("web.you") : table.seats[turn.seat]?.label ?? "";
      const li = wordsLine(turn.play ? "play" : "pass",  // read out in words
        `${who}: ${turn.play ? turn.text ?? playSpoken(turn.play) : t("web.passed")}`, "li");
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
