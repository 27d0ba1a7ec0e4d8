// The table's WebSocket: sends the auth frame on every (re)connection, reconnects by
// itself with a growing pause (at once on the page's Retry), and matches each action to
// its answer by id.
import type { ActionArgs, ActionName, Answer, Frame } from "./types";

export interface FrameSink {
  onFrame(frame: Frame): void;
  onOffline(): void;
}

const PAUSES = [500, 1000, 2000, 5000]; // ms before each new try (the last repeats)
const ANSWER_MS = 10000; // an action not answered by then is given up
// refusals that a new try would meet again: the page stops and shows why (a busy server,
// "discord_busy", "auth_limited" or "server_full", is tried again after the pauses)
const STOP = new Set(["auth_failed", "bad_token", "bad_instance", "foreign_token",
  "token_revoked", "not_in_instance", "wrong_channel", "too_many_sockets"]);

export class Socket {
  private ws: WebSocket | null = null;
  private tries = 0;
  private nextId = 1;
  private waiting = new Map<number | string, (answer: Answer) => void>();
  private stopped = false;
  private pending: number | undefined; // the timer of the next try, while one waits
  private hurry = false; // Retry was pressed during a try: the next one goes at once

  constructor(private url: string, private auth: object, private sink: FrameSink) {}

  open(): void {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify(this.auth));
    ws.onmessage = (event) => {
      let frame: Frame;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      switch (frame.type) {
        case "welcome":
          this.tries = 0;
          this.hurry = false;
          break;
        case "answer":
          if (frame.id !== null) {
            const done = this.waiting.get(frame.id);
            this.waiting.delete(frame.id);
            done?.(frame);
          }
          break;
        case "error":
          if (STOP.has(frame.code)) this.stopped = true; // a new try would be refused too
          break;
      }
      this.sink.onFrame(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      for (const done of this.waiting.values()) {
        done({ type: "answer", ok: false, code: "offline", error: "" });
      }
      this.waiting.clear();
      if (this.stopped) return;
      this.sink.onOffline();
      const pause = this.hurry ? 0 : PAUSES[Math.min(this.tries, PAUSES.length - 1)];
      this.hurry = false;
      this.tries += 1;
      this.pending = window.setTimeout(() => {
        this.pending = undefined;
        this.open();
      }, pause);
    };
  }

  /** Reconnect at once (the page's Retry): the pause under way is cancelled; during a
   * try, a failed one is followed at once by the next. Nothing once a refusal stopped
   * the socket. */
  retryNow(): void {
    if (this.stopped) return;
    if (this.ws) {
      this.hurry = true;
      return;
    }
    if (this.pending === undefined) return;
    window.clearTimeout(this.pending);
    this.pending = undefined;
    this.open();
  }

  /** Send an action; resolves with the server's answer (or "offline"). */
  act<A extends ActionName>(action: A, ...[fields]: ActionArgs<A>): Promise<Answer> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      return Promise.resolve({ type: "answer", ok: false, code: "offline", error: "" });
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      ws.send(JSON.stringify({ type: "action", id, action, ...fields }));
      setTimeout(() => {  // never a dead button: an unanswered action gives up
        if (!this.waiting.delete(id)) return;
        resolve({ type: "answer", ok: false, code: "timeout", error: "" });
      }, ANSWER_MS);
    });
  }
}
