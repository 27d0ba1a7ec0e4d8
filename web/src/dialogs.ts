// The page's dialogs: the deal's result, the choice of a wild play's reading and the
// escape's cost confirmed before leaving. Each is a <dialog> named by its heading; when
// one closes, focus goes back to the hand or the controls (hand.ts), never the page.
import { playSpoken, signed } from "./announce";
import type { ReadingJson, ResultJson } from "./types";
import { levelName, t } from "./words";

export interface ResultActions {
  start: () => unknown;
  leave: () => unknown;
}

export class Dialogs {
  private current: HTMLDialogElement | null = null;
  private kind = "";

  get showingResult(): boolean {
    return this.kind === "result" && this.current !== null;
  }

  close(): void {
    const was = this.current;
    this.current?.close();
    this.current?.remove();
    this.current = null;
    this.kind = "";
    if (was) document.dispatchEvent(new Event("ddz:dialog-closed"));
  }

  private open(kind: string, title: string, body: HTMLElement[],
               buttons: [string, () => unknown, string, string?][]): HTMLDialogElement {
    this.close();
    const dialog = document.createElement("dialog");
    dialog.className = `dialog ${kind}`;
    const id = `dlg-${kind}`;
    const heading = document.createElement("h2");
    heading.id = id;
    heading.textContent = title;
    dialog.setAttribute("aria-labelledby", id);
    dialog.append(heading, ...body);
    const row = document.createElement("div");
    row.className = "controls";
    for (const [label, run, cls, spoken] of buttons) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      if (spoken && spoken !== label) b.setAttribute("aria-label", spoken);  // in words
      if (cls) b.className = cls;
      b.addEventListener("click", () => { this.close(); void run(); });
      row.append(b);
    }
    dialog.append(row);
    dialog.addEventListener("cancel", () => this.close());
    document.body.append(dialog);
    dialog.showModal();
    this.current = dialog;
    this.kind = kind;
    return dialog;
  }

  /** Start shown or hidden in the result while it stays open (the table frame after the
   * result says whether every seat is still taken). */
  setStartable(can: boolean): void {
    if (!this.showingResult || !this.current) return;
    const start = this.current.querySelector<HTMLButtonElement>("button.start");
    if (start) start.hidden = !can;
  }

  result(result: ResultJson, mySeat: number | null, actions: ResultActions,
         canStart: boolean): void {
    const outcome = result.outcome === "landlord" ? t("result.landlord")
      : result.outcome === "farmers" ? t("result.farmers") : "";
    const body: HTMLElement[] = [];
    if (result.escape_text) {  // who left and what it cost them
      const p = document.createElement("p");
      p.className = "escape";
      p.textContent = result.escape_text;
      body.push(p);
    }
    if (outcome) {
      const p = document.createElement("p");
      p.className = "outcome";
      p.textContent = outcome;
      body.push(p);
      const eq = document.createElement("p");
      eq.className = "equation";
      eq.textContent = result.equation ?? `×${result.total}`;  // 抢×2 炸弹×2 = ×8
      body.push(eq);
    }
    const list = document.createElement("ul");
    list.className = "scores";
    result.labels.forEach((label, i) => {
      const li = document.createElement("li");
      if (i === mySeat) li.className = "me";
      if (result.winners.includes(i)) li.classList.add("won");
      const role = i === result.landlord ? t("web.landlord") : t("web.farmer");
      const before = result.levels_before[i];
      const after = result.levels_after[i];
      const level = before && after && before !== after
        ? t("web.level", { a: levelName(before), b: levelName(after) })
        : after ? t("web.level_same", { a: levelName(after) }) : "";
      li.innerHTML = "";
      const who = document.createElement("b");
      who.textContent = `${label} (${role})`;
      const beans = document.createElement("span");
      beans.className = result.beans[i] >= 0 ? "gain" : "loss";
      beans.textContent = t("web.beans", { n: signed(result.beans[i]) });
      const points = document.createElement("span");
      points.textContent = t("web.points", { n: signed(result.points[i]) });
      const lv = document.createElement("small");
      const doubled = result.doubles?.some(Boolean) && result.stakes?.[i];
      lv.textContent = [level, doubled ? `×${result.stakes[i]}${result.doubles[i]
        ? ` ${t("btn.double")}` : ""}` : ""].filter(Boolean).join(" · ");
      li.append(who, beans, points, lv);
      if (result.notes?.[i]) {  // why a number stopped short: "capped: Bo had 1,230 beans"
        const note = document.createElement("small");
        note.className = "note";
        note.textContent = result.notes[i];
        li.append(note);
      }
      list.append(li);
    });
    body.push(list);
    const buttons: [string, () => unknown, string][] = [];
    // the next deal's buttons only for who can use them: not the one who left
    if (mySeat !== null && mySeat !== result.escaper) {
      buttons.push([t("btn.start"), actions.start, "primary start"],
                   [t("btn.leave"), actions.leave, "quiet"]);
    }
    buttons.push([t("web.close"), () => undefined, "quiet keep"]);
    const dialog = this.open("result", t("result.title"), body, buttons);
    const start = dialog.querySelector<HTMLButtonElement>("button.start");
    if (start) start.hidden = !canStart;
  }

  readings(readings: ReadingJson[]): Promise<ReadingJson | null> {
    return new Promise((resolve) => {
      // as the eye reads a play (QQQ + 3), named in words for a screen reader
      const buttons: [string, () => unknown, string, string?][] = readings.map((r) => [
        r.text ?? playSpoken(r), () => resolve(r), "", playSpoken(r, r.text)]);
      buttons.push([t("web.cancel"), () => resolve(null), "quiet keep"]);
      const dialog = this.open("readings", t("web.which"), [], buttons);
      dialog.addEventListener("close", () => resolve(null));
    });
  }

  confirmLeave(text: string): Promise<boolean> {
    return new Promise((resolve) => {
      const p = document.createElement("p");
      p.textContent = text;
      const dialog = this.open("leave", t("btn.leave"), [p], [
        [t("btn.leaveok"), () => resolve(true), "danger"],
        [t("btn.stay"), () => resolve(false), "primary keep"]]);
      dialog.addEventListener("close", () => resolve(false));
    });
  }
}
