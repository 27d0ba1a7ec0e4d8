// The Activity's start-up: the SDK's handshake and sign-in, then the table's socket, each
// step said on the page as it goes; a failure is said with a Retry that runs the start
// again in the page (Discord's frame is not reloaded). Everything the page shows after
// that comes from the bot's frames (bot/web/protocol.py).
//
// Opened outside Discord (no frame_id in the URL, the SDK's own test), the page uses the
// SDK's DiscordSDKMock and signs in through the bot's developer door (POST /api/dev-token,
// only when the bot runs with DDZ_ACTIVITY_DEV_LOGIN=1 on the loopback: bot/web/devlogin.py;
// docs/activity-development.md). ?dev_user=Name picks the developer, ?locale=zh-CN the
// language.
import { DiscordSDK, DiscordSDKMock } from "@discord/embedded-app-sdk";
import type { IDiscordSDK } from "@discord/embedded-app-sdk";
import { followDiscord, watchFrame } from "./layout";
import { Table } from "./table";
import { Socket } from "./socket";
import type { Participant } from "./types";
import { hasBootWord, pageLocale, setBootLocale, t } from "./words";

const query = new URLSearchParams(location.search);
const embedded = query.has("frame_id");  // Discord names the frame it opens the page in
const inDiscord = location.hostname.endsWith(".discordsays.com");
const API = inDiscord ? "/.proxy/api" : "/api";
const CDN = inDiscord ? "/.proxy/discord-cdn" : "https://cdn.discordapp.com";
const STEPS = ["discord", "signin", "table"] as const;
type Step = typeof STEPS[number];
const STEP_WORDS: Record<Step, string> = {
  discord: "boot.step_discord", signin: "boot.step_signin", table: "boot.step_table",
};

watchFrame();  // data-layout and data-orientation from the frame until Discord says them

// until Discord says the user's language (outside Discord, ?locale= says it)
const devLocale = embedded ? null : query.get("locale");
setBootLocale(devLocale ?? navigator.language);

const app = document.getElementById("app")!;
let step: Step = "discord";
let devNote = "";  // outside Discord: who the page plays as

/** The start-up's steps, the one under way marked (aria-current), the done ones ticked. */
function steps(failed = false): HTMLOListElement {
  const list = document.createElement("ol");
  list.className = "boot-steps";
  list.setAttribute("aria-label", t("boot.steps"));
  const at = STEPS.indexOf(step);
  STEPS.forEach((name, i) => {
    const item = document.createElement("li");
    item.dataset.step = name;
    item.className = i < at ? "done" : i > at ? "todo" : failed ? "failed" : "now";
    if (i === at) item.setAttribute("aria-current", "step");
    item.textContent = t(STEP_WORDS[name]);
    list.append(item);
  });
  return list;
}

function progress(next: Step): void {
  step = next;
  app.dataset.state = "loading";
  app.dataset.step = next;
  app.setAttribute("aria-busy", "true");
  const splash = document.createElement("p");
  splash.className = "splash";
  splash.textContent = "斗地主 · Dou Dizhu";
  const parts: HTMLElement[] = [splash, steps()];
  if (devNote) {
    const dev = document.createElement("p");
    dev.className = "boot-dev";
    dev.textContent = devNote;
    parts.push(dev);
  }
  app.replaceChildren(...parts);
}

function fail(message: string): void {
  app.dataset.state = "error";
  app.removeAttribute("aria-busy");
  const p = document.createElement("p");
  p.className = "fatal";
  p.setAttribute("role", "alert");
  p.textContent = message;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "retry";
  retry.textContent = t("boot.retry");
  retry.addEventListener("click", () => void boot());
  app.replaceChildren(p, retry, steps(true));
  retry.focus({ preventScroll: true });
}

class HttpError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

async function json(url: string, init?: RequestInit): Promise<any> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new Error(t("boot.unreachable"));
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {  // a refusal in the reader's words when the page has them
    const code = typeof body.code === "string" ? `door.${body.code}` : "";
    throw new HttpError(code && hasBootWord(code) ? t(code)
      : t("boot.http", { status: `HTTP ${response.status}` }), response.status);
  }
  return body;
}

/** A refusal of an SDK command in words (Discord's own message, or its code). */
function discordError(err: unknown): Error {
  const said = err as { message?: string; code?: number } | null;
  return new Error(t("boot.discord", {
    error: said?.message || (said?.code !== undefined ? String(said.code) : String(err)),
  }));
}

async function sdkStep<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw discordError(err);
  }
}

interface SignedIn {
  sdk: IDiscordSDK;
  token: string;
}

let clientId: string | null = null;
let discord: DiscordSDK | null = null;  // made once: a second one would shake hands again

/** Inside Discord: the SDK's handshake, its authorize, the code exchanged for a token. */
async function signInDiscord(): Promise<SignedIn> {
  clientId ??= String((await json(`${API}/config`)).client_id);
  discord ??= new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  const sdk = discord;
  await sdk.ready();
  progress("signin");
  const { code } = await sdkStep(() => sdk.commands.authorize({
    client_id: clientId!, response_type: "code", state: "", prompt: "none",
    scope: ["identify"],
  }));
  const { access_token: token } = await json(`${API}/token`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  await sdkStep(() => sdk.commands.authenticate({ access_token: token }));
  return { sdk, token };
}

/** Outside Discord: the SDK's mock, signed in as a developer at the bot's developer door. */
async function signInOutside(): Promise<SignedIn> {
  clientId ??= String((await json(`${API}/config`)).client_id);
  progress("signin");
  let dev: { access_token: string; user_id: string; name: string; guild_id: string;
             channel_id: string };
  try {
    dev = await json(`${API}/dev-token`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: query.get("dev_user") ?? "" }),
    });
  } catch (err) {  // no such door (off), or shut to this request
    throw err instanceof HttpError && [403, 404, 405].includes(err.status)
      ? new Error(t("boot.no_dev")) : err;
  }
  devNote = t("boot.dev", { name: dev.name });
  progress("signin");
  const sdk = new DiscordSDKMock(clientId, dev.guild_id, dev.channel_id, null);
  const me = { id: dev.user_id, username: dev.name, global_name: dev.name, avatar: null,
               discriminator: "0", bot: false, flags: 0, avatar_decoration_data: null };
  sdk._updateCommandMocks({
    userSettingsGetLocale: async () => ({ locale: devLocale ?? navigator.language }),
    getInstanceConnectedParticipants: async () => ({ participants: [me] }),
  } as Partial<IDiscordSDK["commands"]>);
  return { sdk, token: dev.access_token };
}

let table: Table | null = null;
let socket: Socket | null = null;

async function start(): Promise<void> {
  progress("discord");
  const { sdk, token } = embedded ? await signInDiscord() : await signInOutside();
  let locale = "en";
  try {
    locale = pageLocale((await sdk.commands.userSettingsGetLocale()).locale);
  } catch {
    locale = "en";  // the rule: the language the SDK reports, otherwise English
  }
  setBootLocale(locale);
  document.documentElement.lang = locale;
  progress("table");
  if (sdk instanceof DiscordSDK) void followDiscord(sdk);  // layout, orientation, its lock
  table ??= new Table(app, document.getElementById("announce")!, CDN);
  const shown = table;
  const seen = (participants: Participant[]) => shown.setParticipants(participants);
  try {
    seen((await sdk.commands.getInstanceConnectedParticipants()).participants);
    await sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE",
                        (event: { participants: Participant[] }) => seen(event.participants));
  } catch {
    // avatars are a nicety: Discord's default ones and initials stand in for them
  }
  shown.setInvite(() => sdk.commands.openInviteDialog());
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new Socket(`${scheme}://${location.host}${API}/ws`, {
    type: "auth", token, instance_id: sdk.instanceId, channel_id: sdk.channelId, locale,
  }, shown);
  shown.attach(socket);
  socket.open();  // the table's first frame draws over the steps
}

let starting = false;

async function boot(): Promise<void> {
  if (starting) return;
  starting = true;
  try {
    await start();
  } catch (err: unknown) {
    const text = err instanceof Error ? err.message : (err as { message?: string })?.message;
    fail(t("boot.failed", { error: text || String(err) }));
  } finally {
    starting = false;
  }
}

void boot();
