// The page's words: the bot sends them in its language with the welcome frame.
import type { PageWords } from "./types";

let words: PageWords | null = null;

export function setWords(next: PageWords): void {
  words = next;
  document.documentElement.lang = next.locale;
}

export function hasWords(): boolean {
  return words !== null;
}

/** The sentence ``key`` with its ``{placeholders}`` filled in. */
export function t(key: string, params: Record<string, string | number> = {}): string {
  const text = words?.t[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name: string) =>
    name in params ? String(params[name]) : all);
}

export function cardName(char: string, suit: string): string {
  return words?.cards[suit ? `${char}${suit}` : char] ?? char;
}

export function rankName(char: string): string {
  return words?.ranks[char] ?? char;
}

export function named(group: "variants" | "rooms" | "kinds", key: string): string {
  return words?.[group][key] ?? key;
}

export function levelName(level: number): string {
  return words?.levels[level - 1] ?? String(level);
}

export function cardsLeft(n: number): string {
  return n === 1 ? t("web.cards_left_one") : t("web.cards_left", { n });
}
