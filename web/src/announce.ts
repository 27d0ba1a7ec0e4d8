// What the page says to a screen reader, in words: a play's cards a rank at a time
// ("Queen, Queen, Queen + 3", never "QQQ + 3"), a play from its cards and kind, and a
// deal's result with each seat's bean change and new balance.
import { sortChars } from "./cards";
import { el } from "./dom";
import type { PlayJson, ResultJson } from "./types";
import { cardsSpoken, named, t } from "./words";

// a run of two or more ranks written together, as the server's play words write a play's
// cards ("QQQ + 3", "345678", "QQQ带3"): read out a rank at a time
const RUN = /(?<![0-9A-Za-z])[2-9TJQKA]{2,}(?![0-9A-Za-z])/g;

/** One rank in words: "Queen" (Q in Chinese, as players say it), "10", "Big Joker". */
export function rankSpoken(char: string): string {
  if ("JQKA".includes(char)) return t(`access.rank_${char}`);
  return cardsSpoken([char]);
}

/** Cards (notation, any order) in words, big to small: "Big Joker, Ace, Ace". */
export function cardsInWords(cards: string): string {
  return sortChars(cards).map(rankSpoken).join(t("access.cards_sep"));
}

/** A sentence of the server's (a play, a hint and its reason, the play to beat) with each
 * run of ranks read out a rank at a time. */
export function spokenText(text: string): string {
  return text.replace(RUN, (run) => [...run].map(rankSpoken).join(t("access.cards_sep")));
}

/** A line of the page (the turn line, the hint) as the eye reads it, and for a screen
 * reader in words when the two differ (a play's cards a rank at a time). */
export function wordsLine(cls: string, text: string, tag: "p" | "li" = "p"): HTMLElement {
  const spoken = spokenText(text);
  if (spoken === text) return el(tag, cls, text);
  const line = el(tag, cls);
  const seen = el("span", "", text);
  seen.setAttribute("aria-hidden", "true");
  line.append(seen, el("span", "sr-only", spoken));
  return line;
}

/** A play in words: the server's words for it, a rank at a time; else its kind and
 * cards. */
export function playSpoken(play: PlayJson, text?: string | null): string {
  if (text) return spokenText(text);
  const kind = named("kinds", play.kind);
  const cards = cardsInWords(play.cards);
  return kind && kind !== play.kind ? `${kind}: ${cards}` : cards;
}

/** A bean change with its sign: +300, -150 (grouped as the reader's language groups). */
export function signed(n: number): string {
  return n > 0 ? `+${n.toLocaleString()}` : n.toLocaleString();
}

/** The result as one announcement: the escape (who left, what it cost), who won, then
 * each seat's name with its bean change and new balance ("Ada +300 (1,300 beans)"). */
export function resultSpoken(result: ResultJson): string {
  const outcome = result.outcome === "landlord" ? t("result.landlord")
    : result.outcome === "farmers" ? t("result.farmers") : t("result.title");
  const seats = result.labels.map((name, i) => {
    const beans = signed(result.beans[i] ?? 0);
    const total = result.balances_after[i];
    return total === null || total === undefined
      ? t("access.result_seat_ai", { name, beans })
      : t("access.result_seat", { name, beans, total: total.toLocaleString() });
  });
  const line = t("access.result_line", { outcome, seats: seats.join(t("access.result_sep")) });
  return result.escape_text ? `${result.escape_text} ${line}` : line;
}
