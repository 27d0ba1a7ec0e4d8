// The table's WebSocket: sends the auth frame on every (re)connection, reconnects by
// itself with a growing pause, and matches each action to its answer by id.
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
      const pause = PAUSES[Math.min(this.tries, PAUSES.length - 1)];
      this.tries += 1;
      setTimeout(() => this.open(), pause);
    };
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
