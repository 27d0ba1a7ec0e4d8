// Cards drawn with CSS, in the style of the bot's pictures: white faces, a corner index,
// red hearts, diamonds and big joker; a joker says so across its face in the page's
// language ("JOKER", 大王/小王), the flower upright (花).
import { cardsSpoken, rankName } from "./words";

const SUIT_SYMBOL: Record<string, string> = { S: "♠", H: "♥", C: "♣", D: "♦" };
export const ORDER = "3456789TJQKA2BRF"; // the ranks, lowest first (bot/engine/cards.py)

export function rankLabel(char: string): string {
  return char === "T" ? "10" : char;
}

export function isRed(char: string, suit: string): boolean {
  return suit === "H" || suit === "D" || char === "R";
}

export function sortChars(cards: string): string[] {
  return [...cards].sort((a, b) => ORDER.indexOf(b) - ORDER.indexOf(a));
}

/** A joker's word on its face: 大王 / 小王 in Chinese (the page's own names of the two
 * jokers), JOKER otherwise; the colour says which (red big, black small). */
function jokerWord(char: string): string {
  const lang = document.documentElement.lang || "en";
  if (lang.startsWith("zh")) {
    const name = rankName(char);
    return name && name !== char ? name : char === "R" ? "大王" : "小王";
  }
  return "JOKER";
}

/** The face of one card: its index (rank over suit) and a big pip or a joker's word. */
export function cardFace(el: HTMLElement, char: string, suit: string, wild: boolean): void {
  el.classList.add("card");
  if (isRed(char, suit)) el.classList.add("red");
  if (wild) el.classList.add("wild");
  const face = document.createElement("span");
  face.className = "face";
  face.setAttribute("aria-hidden", "true");
  if (char === "B" || char === "R") {
    el.classList.add("joker", char === "R" ? "big" : "small");
    const word = jokerWord(char);
    const cjk = word !== "JOKER";
    face.innerHTML = `<span class="jw${cjk ? " cjk" : ""}">${word}</span>`
      + `<span class="jstar">★</span><span class="pip">${char === "R" ? "★" : "☆"}</span>`;
  } else if (char === "F") {
    el.classList.add("flower");
    face.innerHTML = `<span class="idx"><b>花</b></span><span class="pip">✿</span>`;
  } else {
    const symbol = SUIT_SYMBOL[suit] ?? "";
    face.innerHTML = `<span class="idx"><b>${rankLabel(char)}</b><i>${symbol}</i></span>`
      + `<span class="pip">${symbol}</span>`;
  }
  if (wild) face.insertAdjacentHTML("beforeend", `<span class="wildmark">★</span>`);
  el.append(face);
}

/** A row of small face-up cards (a play, the bottom, a shown hand), named in words. */
export function cardRow(cards: string, label: string, laizi: string | null,
                        extra = ""): HTMLElement {
  const row = document.createElement("div");
  // a long row overlaps more, so that a play of many cards stays one row (style.css)
  const n = cards.length;
  row.className = `cardrow ${extra}${n >= 11 ? " vlong" : n >= 7 ? " long" : ""}`.trim();
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", label || cardsSpoken(sortChars(cards)));
  for (const char of sortChars(cards)) {
    const card = document.createElement("span");
    cardFace(card, char, "", char === laizi);
    row.append(card);
  }
  return row;
}
