// The frame Discord shows the page in: focused, picture-in-picture (PiP: the small frame
// while you chat) or a tile of the call's grid, and the screen's orientation. They are set
// on #app as data-layout="focused|pip|grid" and data-orientation="portrait|landscape";
// style.css lays the page out from them (and from the frame's size).
//
// Discord says them through the Embedded App SDK's events (developers/activities/
// development-guides/layout): ACTIVITY_LAYOUT_MODE_UPDATE {layout_mode: 0 focused, 1 PiP,
// 2 grid} and ORIENTATION_UPDATE {screen_orientation: 0 portrait, 1 landscape}. Until
// Discord has said one (outside Discord, or a client without the event), both are derived
// from the frame: a frame too small to hold a hand and its controls (at most 300 px tall
// and 640 px wide, as Discord's PiP frame of about 480×270) is shown as PiP.
import type { DiscordSDK } from "@discord/embedded-app-sdk";
import { wordsLine } from "./announce";
import { t } from "./words";

export type LayoutMode = "focused" | "pip" | "grid";
export type Orientation = "portrait" | "landscape";

const MODES: Record<number, LayoutMode> = { 0: "focused", 1: "pip", 2: "grid" };
const ORIENTATIONS: Record<number, Orientation> = { 0: "portrait", 1: "landscape" };
// OrientationLockStateTypeObject (schema/common): UNLOCKED 1, PORTRAIT 2, LANDSCAPE 3
const UNLOCKED = 1;
const LANDSCAPE = 3;

let said: { mode: LayoutMode | null; orientation: Orientation | null } = {
  mode: null, orientation: null,
};

/** The mode the frame's size suggests when Discord has not said one. */
export function derivedMode(width = window.innerWidth, height = window.innerHeight): LayoutMode {
  return height <= 300 && width <= 640 ? "pip" : "focused";
}

function apply(): void {
  const app = document.getElementById("app");
  if (!app) return;
  const mode = said.mode ?? derivedMode();
  const orientation = said.orientation
    ?? (window.innerWidth > window.innerHeight ? "landscape" : "portrait");
  app.dataset.layout = mode;
  app.dataset.orientation = orientation;
  app.dataset.layoutFrom = said.mode ? "discord" : "frame";
}

/** Follow the frame's size now (before the SDK is ready): derived mode and orientation. */
export function watchFrame(): void {
  apply();
  window.addEventListener("resize", apply);
}

/** Discord's word on the layout mode and orientation (also the tests' way in: the test
 * host dispatches the same events). Failures are quiet: the derived layout stays. */
export async function followDiscord(sdk: DiscordSDK): Promise<void> {
  try {
    // a card table works held either way: unlocked when focused; PiP and grid tiles are
    // landscape, the shape the compact view is drawn for
    await sdk.commands.setOrientationLockState({
      lock_state: UNLOCKED, picture_in_picture_lock_state: LANDSCAPE,
      grid_lock_state: LANDSCAPE,
    });
  } catch {
    // not every client (nor the test host) takes it: the layout handles both anyway
  }
  try {
    await sdk.subscribe("ACTIVITY_LAYOUT_MODE_UPDATE", (event: { layout_mode: number }) => {
      said = { ...said, mode: MODES[event.layout_mode] ?? null };
      apply();
    });
  } catch {
    // an older client: the frame's size decides
  }
  try {
    await sdk.subscribe("ORIENTATION_UPDATE", (event: { screen_orientation: number }) => {
      said = { ...said, orientation: ORIENTATIONS[event.screen_orientation] ?? null };
      apply();
    });
  } catch {
    // the frame's proportions decide
  }
}

/** The compact view shown alone in PiP: whose turn, the play to beat, your cards left,
 * and that the Activity is opened to play (the SDK has no command to leave PiP, so a tap
 * on it does nothing). Hidden in the other layouts. */
export function compactView(turn: string, beat: string, left: string, mine: boolean):
    HTMLElement {
  const box = document.createElement("section");
  box.className = `compact${mine ? " mine" : ""}`;
  // the play to beat as the eye reads it, and in words for a screen reader (announce.ts)
  box.append(wordsLine("c-turn", turn));
  if (beat) box.append(wordsLine("c-beat", beat));
  if (left) box.append(wordsLine("c-left", left));
  box.append(wordsLine("c-open", t("web.pip_open")));
  return box;
}
