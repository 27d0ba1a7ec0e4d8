// The frames of bot/web/protocol.py, as the page reads them.

export interface PlayJson {
  cards: string;
  kind: string;
  main: string;
  resolved: string;
  text?: string;
}

export interface SeatJson {
  index: number;
  empty: boolean;
  user_id?: string | null;
  name?: string;
  label?: string;
  ai?: boolean;
  trustee?: boolean;
  role?: string | null;
  cards_left?: number | null;
  alarm?: "single" | "double" | null;
  shown?: string | null;
  escaped?: boolean;
  played?: boolean;
  last_play?: PlayJson | null;
  last_text?: string | null;
}

export interface DealJson {
  phase: string;
  to_act: number | null;
  landlord: number | null;
  bottom: string | null;
  laizi: string | null;
  multiplier: number;
  total: number;
  multiplier_text: string;
  bid: number;
  bids: [number, number][];
  calls: [number, string][];
  shows: [number, number][];
  show_factor: number;
  to_beat: PlayJson | null;
  to_beat_seat: number | null;
  to_beat_text: string | null;
  laizi_name: string | null;
  over: boolean;
}

export interface TableJson {
  channel_id: string;
  owner_id: string;
  variant: string;
  players: number;
  status: string;
  seq: number;
  deals: number;
  deadline: number | null;
  now: number;
  seats: SeatJson[];
  deal: DealJson | null;
}

// What the seat may do now (bot/web/protocol.py offer_json): the page draws these and
// works out nothing itself. "play" has its plays in YouJson.legal.
export type OfferJson =
  | { action: "play" }
  | { action: "pass" }
  | { action: "bid"; points: number[]; no_bid: boolean }
  | { action: "call" | "grab" | "show" | "double"; factor: number };

// What leaving means now: free, an escape (its cost asked of the server) or a tournament
// seat stepping away; the page asks first when `asks`.
export interface LeavingJson {
  kind: "free" | "escape" | "away";
  asks: boolean;
}

export interface YouJson {
  seat: number;
  hand: string;
  cards: [string, string, number][];
  my_turn: boolean;
  phase: string | null;
  seq: number;
  offers: OfferJson[];
  leaving: LeavingJson;
  legal: PlayJson[];
  cannot_beat: boolean;
  is_leading: boolean;
}

export interface ResultJson {
  game_id: string;
  outcome: string;
  landlord: number | null;
  winners: number[];
  spring: boolean;
  multiplier: number;
  total: number;
  equation: string | null;
  stakes: number[];
  doubles: boolean[];
  notes: string[];
  beans: number[];
  points: number[];
  names: string[];
  labels: string[];
  levels_before: number[];
  levels_after: number[];
  balances_after: number[];
}

export interface Words {
  locale: string;
  t: Record<string, string>;
  cards: Record<string, string>;
  ranks: Record<string, string>;
  kinds: Record<string, string>;
  variants: Record<string, string>;
  rooms: Record<string, string>;
  levels: string[];
}

export interface Answer {
  type: "answer";
  id?: number;
  ok: boolean;
  code?: string;
  error?: string;
  text?: string;
  reason?: string | null;
  index?: number;
  count?: number;
  readings?: PlayJson[];
  hint?: { action: string; cards?: string; kind?: string; main?: string; points?: number;
           yes?: boolean } | null;
  cost?: { beans: number; points: number; final: boolean };
}

export interface Frame {
  type: string;
  [key: string]: any;
}

export interface Participant {
  id: string;
  username: string;
  global_name?: string | null;
  nickname?: string | null;
  avatar?: string | null;
}
