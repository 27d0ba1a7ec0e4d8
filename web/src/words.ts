// The page's words: the bot sends them in its language with the welcome frame; the few
// a page needs before it is signed in are built in (BOOT_WORDS, generated from bot/words).
import type { PageWords } from "./types";
import { BOOT_WORDS } from "./wire";

let words: PageWords | null = null;
let bootLocale = "en";

/** The page's language before the welcome frame says it: en, zh-CN or zh-TW (a zh-HK or
 * zh-Hant reader reads zh-TW, any other Chinese zh-CN). */
export function pageLocale(value: string | undefined | null): string {
  const v = (value ?? "").toLowerCase();
  if (!v.startsWith("zh")) return "en";
  return /^zh-(tw|hk|mo|hant)/.test(v) ? "zh-TW" : "zh-CN";
}

export function setBootLocale(locale: string): void {
  bootLocale = pageLocale(locale);
  if (!words) document.documentElement.lang = bootLocale;
}

/** Is there a built-in word for ``key`` (a sign-in refusal's ``door.<code>``)? */
export function hasBootWord(key: string): boolean {
  return key in (BOOT_WORDS.en ?? {});
}

export function setWords(next: PageWords): void {
  words = next;
  document.documentElement.lang = next.locale;
}

export function hasWords(): boolean {
  return words !== null;
}

/** The sentence ``key`` with its ``{placeholders}`` filled in. */
export function t(key: string, params: Record<string, string | number> = {}): string {
  const text = words?.t[key] ?? BOOT_WORDS[words?.locale ?? bootLocale]?.[key]
    ?? BOOT_WORDS.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name: string) =>
    name in params ? String(params[name]) : all);
}

export function cardName(char: string, suit: string): string {
  return words?.cards[suit ? `${char}${suit}` : char] ?? char;
}

export function rankName(char: string): string {
  return words?.ranks[char] ?? char;
}

/** Cards in words for a screen reader ("Big Joker, 2, 10"; 大王、2、10): never the
 * notation ("B2T"). */
export function cardsSpoken(chars: string[]): string {
  const sep = (words?.locale ?? bootLocale).startsWith("zh") ? "、" : ", ";
  return chars.map((c) => (cardName(c, "") !== c ? cardName(c, "") : rankName(c))).join(sep);
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
