// The people at the table as the page draws them: a seat's avatar (a person's Discord
// avatar, an AI's robot face drawn here), the name shown (the Discord participant's
// nickname or display name, else the server's label), the whole of a long name on a tap,
// and the Invite button (the SDK's invite dialog).
import { el } from "./dom";
import type { Participant, SeatJson } from "./types";
import { t } from "./words";

const SVG = "http://www.w3.org/2000/svg";
const AI_LEVEL = /\((easy|normal|hard)\)\s*$/;  // the server's AI names: "AI 🤖 Ada (hard)"

/** The participant sitting in a seat, when Discord said who is in the Activity. */
export function participantOf(participants: Map<string, Participant>,
                              seat: SeatJson): Participant | undefined {
  return seat.user_id && !seat.ai ? participants.get(seat.user_id) : undefined;
}

/** The name a seat shows: the participant's nickname, else their display name, else the
 * server's label. */
export function shownName(participants: Map<string, Participant>, seat: SeatJson): string {
  const who = participantOf(participants, seat);
  return who?.nickname || who?.global_name || seat.label || seat.name || "";
}

/** Discord's default avatar for a user without one: embed/avatars/N.png, N from the id
 * as Discord computes it for the new usernames, (id >> 22) % 6. */
export function defaultAvatar(cdn: string, userId: string): string {
  let n = 0;
  try {
    n = Number((BigInt(userId) >> 22n) % 6n);
  } catch {
    n = 0;  // not a number: the first of them
  }
  return `${cdn}/embed/avatars/${n}.png`;
}

/** A person's avatar URL: theirs from the participant's hash, else Discord's default. */
export function avatarUrl(cdn: string, userId: string, hash?: string | null): string {
  return hash ? `${cdn}/avatars/${userId}/${hash}.png?size=64` : defaultAvatar(cdn, userId);
}

/** A small stable number from a text (FNV-1a): what an AI's face is drawn from. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>):
    SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

/** An AI's face, drawn: its colour and eyes from its name, its antennae from its level
 * (one for easy, two for normal, three for hard). */
export function robotFace(name: string, level: string): SVGSVGElement {
  const h = hashOf(name);
  const hue = h % 360;
  const face = svg("svg", { viewBox: "0 0 32 32", class: "robot", "aria-hidden": "true",
                            focusable: "false" });
  face.dataset.face = `${hue}-${(h >> 9) % 3}-${(h >> 11) % 3}-${level}`;
  const ink = `hsl(${hue} 30% 16%)`;
  const antennae = level === "easy" ? [16] : level === "hard" ? [9, 16, 23] : [11, 21];
  for (const x of antennae) {
    face.append(svg("line", { x1: x, y1: 9, x2: x, y2: 4, stroke: ink, "stroke-width": 1.5 }));
    face.append(svg("circle", { cx: x, cy: 3.5, r: 2, fill: `hsl(${(hue + 150) % 360} 80% 60%)` }));
  }
  face.append(svg("rect", { x: 5, y: 8, width: 22, height: 19, rx: 5,
                            fill: `hsl(${hue} 60% 62%)`, stroke: ink, "stroke-width": 1.5 }));
  const eye = (cx: number) => {
    switch ((h >> 9) % 3) {
      case 0: return svg("circle", { cx, cy: 16, r: 3, fill: ink });
      case 1: return svg("rect", { x: cx - 3, y: 13.5, width: 6, height: 5, rx: 1, fill: ink });
      default: return svg("rect", { x: cx - 3.5, y: 15, width: 7, height: 2.5, rx: 1.2,
                                    fill: ink });
    }
  };
  face.append(eye(11.5), eye(20.5));
  const mouth = (h >> 11) % 3;
  face.append(mouth === 0
    ? svg("rect", { x: 11, y: 21.5, width: 10, height: 2.5, rx: 1, fill: ink })
    : mouth === 1
      ? svg("path", { d: "M11 21 Q16 25.5 21 21", stroke: ink, "stroke-width": 1.8,
                      fill: "none" })
      : svg("path", { d: "M11 22.5 h2 v-1.5 h2 v1.5 h2 v-1.5 h2 v1.5 h2", stroke: ink,
                      "stroke-width": 1.3, fill: "none" }));
  return face;
}

/** A seat's avatar: the AI's drawn face, a person's Discord avatar (their initial under it
 * until it loads, or when it cannot). Decorative: the seat's name says who it is. */
export function avatar(cdn: string, participants: Map<string, Participant>,
                       seat: SeatJson): HTMLElement {
  const box = el("span", "avatar");
  box.setAttribute("aria-hidden", "true");
  const name = seat.label ?? seat.name ?? "";
  if (seat.ai) {
    box.classList.add("ai");
    const level = AI_LEVEL.exec(seat.name ?? "")?.[1] ?? "normal";
    box.append(robotFace(seat.name ?? name, level));
    return box;
  }
  box.textContent = [...(shownName(participants, seat) || "?")][0] ?? "?";
  if (seat.user_id) {
    const img = el("img");
    img.alt = "";
    img.src = avatarUrl(cdn, seat.user_id, participantOf(participants, seat)?.avatar);
    img.onerror = () => img.remove();
    box.append(img);
  }
  return box;
}

// ------------------------------------------------------------------ the whole name
let opened: string | null = null;  // the seat whose whole name shows (kept across redraws)

function closeName(): void {
  if (opened === null) return;
  opened = null;
  for (const pop of document.querySelectorAll(".fullname")) pop.remove();
  for (const tag of document.querySelectorAll(".name[aria-expanded]")) {
    tag.setAttribute("aria-expanded", "false");
  }
}

let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  // a tap anywhere else, or Escape, puts the whole name away
  document.addEventListener("pointerdown", (e) => {
    if (!(e.target as Element | null)?.closest?.(".name, .fullname")) closeName();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && opened !== null) closeName();
  });
}

function fullName(name: string): HTMLElement {
  const pop = el("span", "fullname", name);
  pop.setAttribute("role", "status");  // said when it appears
  return pop;
}

/** A seat's name: cut by CSS when long; a tap (or Enter) shows the whole of it beside it,
 * until a tap elsewhere or Escape. ``key`` names the seat across redraws. */
export function nameTag(key: string, name: string): HTMLElement[] {
  listen();
  // a span acting as a button: it keeps the name's layout (wrapped, clamped) as CSS says
  const tag = el("span", "name", name);
  tag.setAttribute("role", "button");
  tag.tabIndex = 0;
  tag.title = name;
  tag.dataset.key = key;
  tag.setAttribute("aria-expanded", String(opened === key));
  const toggle = () => {
    const again = opened === key;
    closeName();
    if (again) return;
    opened = key;
    tag.setAttribute("aria-expanded", "true");
    tag.after(fullName(name));
  };
  tag.addEventListener("click", toggle);
  tag.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    toggle();
  });
  return opened === key ? [tag, fullName(name)] : [tag];
}

// ------------------------------------------------------------------ the Invite button
/** The Invite button: Discord's invite dialog through the SDK (``open``, set by main.ts
 * once the SDK is ready); a failure said in words beside it until the next press. */
export class Invite {
  open: (() => Promise<unknown>) | null = null;
  private failed = "";
  // a failure is said until the next press, or a tap elsewhere or Escape puts it away
  private away = (e: Event) => {
    if (e instanceof KeyboardEvent ? e.key !== "Escape"
      : (e.target as Element | null)?.closest?.(".invite")) return;
    this.say("");
  };

  /** The button and its line, or nothing while there is no SDK to ask. */
  box(): HTMLElement | null {
    if (!this.open) return null;
    const box = el("span", "invite");
    const button = el("button", "invite-button", t("people.invite"));
    button.type = "button";
    button.setAttribute("aria-label", t("people.invite_label"));
    const note = el("span", "invite-note", this.failed);
    note.setAttribute("role", "status");
    button.addEventListener("click", () => void this.press());
    box.append(button, note);
    return box;
  }

  private async press(): Promise<void> {
    this.say("");
    try {
      await this.open?.();
    } catch (err: unknown) {
      const reason = (err as { message?: string } | null)?.message || t("people.invite_unknown");
      this.say(t("people.invite_failed", { error: reason }));
    }
  }

  /** The failure's line in the box drawn now (a redraw since the press drew a new one). */
  private say(text: string): void {
    this.failed = text;
    for (const line of document.querySelectorAll(".invite-note")) line.textContent = text;
    const listen = text ? document.addEventListener : document.removeEventListener;
    listen.call(document, "pointerdown", this.away);
    listen.call(document, "keydown", this.away);
  }
}
