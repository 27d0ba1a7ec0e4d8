// Feedback where the eye is: an action's refusal beside the button that sent it (with the
// daily bonus or relief a player short of beans may claim there), why a selection cannot
// be played beside Play (the server's check, in the engine's words), and the page offline:
// a banner with Retry, every control disabled. The table redraws itself from each frame;
// these parts are kept here and put back beside their buttons after each drawing.
import { wordsLine } from "./announce";
import { el } from "./dom";
import type { Answer, ClaimName } from "./types";
import { t } from "./words";

const CHECK_MS = 250; // a selection is checked once it has settled this long
// refusals a check may meet that say nothing about the cards (nothing is shown for them)
const QUIET = new Set(["rate_limited", "offline", "timeout", "stale"]);
// an action whose button carries another action's key (Leave asks its cost first; the
// open form's submit button is drawn without one)
const ANCHORS: Record<string, string> = {
  cost: "[data-act=\"leave\"]",
  open: "form.open button[type=submit]",
};

/** The key of the button an action comes from: its name, and the choice of those drawn
 * as several buttons (a bid's points, a question's yes or no). */
export function actKey(action: string, fields?: object): string {
  const f = (fields ?? {}) as { points?: unknown; yes?: unknown };
  if (action === "bid") return `bid:${String(f.points ?? 0)}`;
  if (typeof f.yes === "boolean") return `${action}:${f.yes ? "yes" : "no"}`;
  return action;
}

function anchorOf(root: HTMLElement, key: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-act="${CSS.escape(key)}"]`)
    ?? (ANCHORS[key] ? root.querySelector<HTMLElement>(ANCHORS[key]) : null);
}

/** ``box`` on a line of its own right under ``button``'s row (the end of the controls,
 * so no button moves), its pointer at the button's middle. */
function beside(button: HTMLElement, box: HTMLElement): void {
  const row = button.closest(".controls");
  if (row) {
    if (box.parentElement !== row) row.append(box);
  } else if (button.nextElementSibling !== box) {
    button.after(box);
  }
  const at = button.getBoundingClientRect();
  const own = box.getBoundingClientRect();
  box.style.setProperty("--at", `${Math.round(at.left + at.width / 2 - own.left)}px`);
}

interface Refusal {
  key: string;
  text: string;
  claims: ClaimName[];
  seq: number | null; // the turn it was met at: a new turn clears it
}

export interface FeedbackRuns {
  /** Ask the server (check, daily, relief) without the table's busy state. */
  ask(action: "daily" | "relief"): Promise<Answer>;
  check(cards: string, seq: number | undefined): Promise<Answer>;
  /** Something shown changed: put the parts back in place. */
  changed(): void;
}

export class Feedback {
  private refusal: Refusal | null = null;
  private box: HTMLElement | null = null;
  private claimed = ""; // the answer to a claim, said in the refusal's box
  private whyKey = ""; // the selection (with its turn) checked or waiting to be
  private whyText = "";
  private whyBox: HTMLElement | null = null;
  private timer: number | undefined;

  constructor(private runs: FeedbackRuns) {}

  // ------------------------------------------------------------- refusals
  /** An action (its button's ``key``) was refused at turn ``seq``: said beside it. */
  refuse(key: string, answer: Answer, seq: number | null): void {
    if (answer.ok) return;
    const text = answer.code === "offline" ? t("feedback.not_sent")
      : answer.code === "timeout" ? t("feedback.timeout") : answer.error;
    const claims = "claims" in answer ? answer.claims ?? [] : [];
    this.refusal = text ? { key, text, claims, seq } : null;
    this.claimed = "";
    this.drop();
  }

  /** A new action was sent: the last refusal is done with. */
  clear(): void {
    this.refusal = null;
    this.claimed = "";
    this.drop();
  }

  /** The refusal's box off the page (made again, as it is now, when placed). */
  private drop(): void {
    this.box?.remove();
    this.box = null;
  }

  get refused(): string {
    return this.refusal?.text ?? "";
  }

  private refusalBox(refusal: Refusal): HTMLElement {
    const box = el("div", "refusal");
    box.dataset.for = refusal.key;
    const said = wordsLine("why", refusal.text);
    said.setAttribute("role", "alert");
    box.append(said);
    if (refusal.claims.length && !this.claimed) {
      const row = el("div", "claims");
      row.append(el("span", "", t("feedback.short")));
      for (const name of refusal.claims) {
        const b = el("button", "primary claim", t(`feedback.claim_${name}`));
        b.type = "button";
        b.dataset.claim = name;
        b.addEventListener("click", () => void this.claim(name));
        row.append(b);
      }
      box.append(row);
    }
    if (this.claimed) {
      const done = el("p", "claimed", this.claimed);
      done.setAttribute("role", "status");
      box.append(done);
    }
    return box;
  }

  private async claim(name: ClaimName): Promise<void> {
    for (const b of this.box?.querySelectorAll("button") ?? []) b.disabled = true;
    const answer = await this.runs.ask(name);
    this.claimed = answer.ok ? answer.text ?? "" : answer.error || t("feedback.timeout");
    this.drop();
    this.runs.changed();
  }

  // ----------------------------------------------------------- selections
  /** The selection changed (or the turn): ``chosen`` its cards, ``legal`` whether it is
   * one of the seat's legal plays, ``seq`` the turn (null: not the seat's play turn).
   * A selection that is not legal is checked once it settles; a late answer is dropped. */
  select(chosen: string, legal: boolean, seq: number | null): void {
    const key = seq === null || !chosen || legal ? "" : `${seq}:${chosen}`;
    if (key === this.whyKey) return;
    this.whyKey = key;
    this.whyText = "";
    window.clearTimeout(this.timer);
    if (!key) return;
    this.timer = window.setTimeout(async () => {
      const answer = await this.runs.check(chosen, seq ?? undefined);
      if (this.whyKey !== key) return; // the selection moved on meanwhile
      this.whyText = !answer.ok && !QUIET.has(answer.code)
        ? t("feedback.why_not", { reason: answer.error }) : "";
      this.runs.changed();
    }, CHECK_MS);
  }

  // ------------------------------------------------------------ placement
  /** After a drawing: the refusal beside its button (at the top when the button is not
   * drawn now), the reason beside Play; a refusal of an older turn is dropped. */
  place(root: HTMLElement, seq: number | null): void {
    if (this.refusal && this.refusal.seq !== seq) this.clear();
    if (this.refusal) {
      this.box ??= this.refusalBox(this.refusal);
      const button = anchorOf(root, this.refusal.key);
      this.box.classList.toggle("top", !button);
      if (button) beside(button, this.box);
      else if (root.firstElementChild !== this.box) root.prepend(this.box);
    } else {
      this.drop();
    }
    const play = root.querySelector<HTMLElement>("button.play");
    if (this.whyText && play) {
      // the engine's sentence as the eye reads it ("3A is not a pattern…"), and in words
      // for a screen reader ("3, Ace is not…": announce.ts)
      if (this.whyBox?.dataset.text !== this.whyText) {
        this.whyBox?.remove();
        this.whyBox = wordsLine("why-not", this.whyText);
        this.whyBox.dataset.text = this.whyText;
        this.whyBox.setAttribute("role", "status");
      }
      beside(play, this.whyBox);
    } else {
      this.whyBox?.remove();
    }
  }
}

/** The banner of a page offline: what it means, and Retry (reconnect at once). */
export function offlineBanner(retry: () => void): HTMLElement {
  const banner = el("div", "banner offline");
  const said = el("p", "", t("feedback.offline"));
  said.setAttribute("role", "status");
  const again = el("button", "retry", t("feedback.retry"));
  again.type = "button";
  again.addEventListener("click", retry);
  banner.append(said, again);
  return banner;
}

/** Offline, every control of the page but Retry is disabled (nothing could be sent), and
 * of a dialog every button but those that only close it (class ``keep``); back online,
 * those it disabled (kept elements: the hand's cards) are enabled again. */
export function offlineControls(root: HTMLElement, offline: boolean): void {
  if (!offline) {
    for (const c of root.querySelectorAll<HTMLButtonElement>("[data-offline]")) {
      delete c.dataset.offline;
      c.disabled = false;
      c.removeAttribute("aria-disabled");
    }
    return;
  }
  for (const c of root.querySelectorAll<HTMLButtonElement | HTMLSelectElement>(
    "button, select, input")) {
    if (c.classList.contains("retry") || c.classList.contains("keep") || c.disabled) continue;
    c.dataset.offline = "true";
    c.disabled = true;
    c.setAttribute("aria-disabled", "true");
  }
}
