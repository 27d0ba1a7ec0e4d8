// The Activity's start-up: the SDK's handshake and sign-in, then the table's socket.
// Everything the page shows comes from the bot's frames (bot/web/protocol.py).
import { DiscordSDK } from "@discord/embedded-app-sdk";
import { followDiscord, watchFrame } from "./layout";
import { Table } from "./table";
import { Socket } from "./socket";
import type { Participant } from "./types";
import { hasBootWord, pageLocale, setBootLocale, t } from "./words";

const inDiscord = location.hostname.endsWith(".discordsays.com");
const API = inDiscord ? "/.proxy/api" : "/api";
const CDN = inDiscord ? "/.proxy/discord-cdn" : "https://cdn.discordapp.com";

watchFrame();  // data-layout and data-orientation from the frame until Discord says them

setBootLocale(navigator.language);  // until Discord says the user's language

function fail(message: string): void {
  const app = document.getElementById("app")!;
  app.dataset.state = "error";
  app.removeAttribute("aria-busy");
  app.replaceChildren();
  const p = document.createElement("p");
  p.className = "fatal";
  p.setAttribute("role", "alert");
  p.textContent = message;
  app.append(p);
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
    throw new Error(code && hasBootWord(code) ? t(code)
      : t("boot.http", { status: `HTTP ${response.status}` }));
  }
  return body;
}

async function start(): Promise<void> {
  const { client_id: clientId } = await json(`${API}/config`);
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
  });
  const { access_token: token } = await json(`${API}/token`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  await sdk.commands.authenticate({ access_token: token });
  let locale = "en";
  try {
    locale = pageLocale((await sdk.commands.userSettingsGetLocale()).locale);
  } catch {
    locale = "en";  // the rule: the language the SDK reports, otherwise English
  }
  setBootLocale(locale);
  document.documentElement.lang = locale;
  void followDiscord(sdk);  // layout mode, orientation, the orientation lock
  const table = new Table(document.getElementById("app")!, document.getElementById("announce")!,
                          CDN);
  const seen = (participants: Participant[]) => table.setParticipants(participants);
  try {
    seen((await sdk.commands.getInstanceConnectedParticipants()).participants);
    await sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE",
                        (event: { participants: Participant[] }) => seen(event.participants));
  } catch {
    // avatars are a nicety: initials stand in for them
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new Socket(`${scheme}://${location.host}${API}/ws`, {
    type: "auth", token, instance_id: sdk.instanceId, channel_id: sdk.channelId, locale,
  }, table);
  table.attach(socket);
  socket.open();
}

start().catch((err: unknown) => {
  const text = err instanceof Error ? err.message : (err as { message?: string })?.message;
  fail(t("boot.failed", { error: text || String(err) }));
});
