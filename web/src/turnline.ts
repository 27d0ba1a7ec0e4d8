// The table's one line of the moment: whose turn, what to beat, or between deals what is
// missing before one can start.
import type { TableJson, YouJson } from "./types";
import { t } from "./words";

export function turnLine(table: TableJson, you: YouJson | null): string {
  const deal = table.deal;
  if (!deal || deal.over) return lobbyLine(table);
  const phase = t(`phase.${deal.phase}`);
  const who = deal.to_act;
  let line = who === null ? phase : who === you?.seat
    ? t("web.your_turn", { phase })
    : t("web.turn_of", { name: table.seats[who]?.label ?? "", phase });
  if (deal.phase === "play" && deal.to_beat_text && deal.to_beat_seat !== null) {
    line += " · " + (deal.to_beat_seat === you?.seat
      ? t("web.your_play_stands", { play: deal.to_beat_text })
      : t("web.to_beat", { play: deal.to_beat_text,
                           name: table.seats[deal.to_beat_seat]?.label ?? "" }));
  } else if (deal.phase === "play" && who === you?.seat && you?.is_leading) {
    line += " · " + t("web.you_lead");
  }
  return line;
}

/** Between deals: what is missing before one can start, or Start when nothing is
 * ("Press Start for the next deal" only after a first deal). */
export function lobbyLine(table: TableJson): string {
  const missing = table.seats.filter((s) => s.empty).length;
  if (missing > 0) {
    const taken = table.seats.length - missing;
    return `${t("web.waiting", { n: taken, total: table.players })} ${
      missing === 1 ? t("web.missing_one") : t("web.missing", { n: missing })}`;
  }
  return table.deals > 0 ? t("web.between") : t("web.ready");
}
