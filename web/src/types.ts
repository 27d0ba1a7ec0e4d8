// The page's types. The frames are the wire's, generated from bot/web/wire.py into
// ./wire.ts (`python -m bot.web.wire_ts`); only what the page makes itself is declared here.
import type { ActionFrame, ActionName, AnswerFrame, ServerFrame } from "./wire";

export type * from "./wire";

/** Every frame the server sends, told apart by its `type`. */
export type Frame = ServerFrame;

/** An action the server never answered: the socket closed ("offline") or no answer came
 * in time ("timeout"). The page makes these itself. */
export interface Unanswered {
  type: "answer";
  ok: false;
  code: "offline" | "timeout";
  error: "";
}

/** What an action hears back: the server's answer or the page's own Unanswered. */
export type Answer = AnswerFrame | Unanswered;

/** The fields an action takes (its frame without the frame's own keys). */
export type ActionFields<A extends ActionName> =
  Omit<Extract<ActionFrame, { action: A }>, "type" | "id" | "action">;

/** An action's fields as the call's arguments: none to pass when it takes none needed. */
export type ActionArgs<A extends ActionName> =
  {} extends ActionFields<A> ? [fields?: ActionFields<A>] : [fields: ActionFields<A>];

export interface Participant {
  id: string;
  username: string;
  global_name?: string | null;
  nickname?: string | null;
  avatar?: string | null;
}
