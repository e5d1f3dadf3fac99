import { z } from "zod";

/** The live draw evening (issue #17): the next draw time, the stream and the competitions due. */
export const liveWinner = z.object({ ticketNumber: z.string(), displayName: z.string() });

export const liveCompetition = z.object({
  id: z.string(),
  title: z.string(),
  image: z.string(),
  prize: z.string(),
  status: z.enum(["active", "closed", "drawn"]),
  drawDate: z.string(),
  soldTickets: z.number().int(),
  maxTickets: z.number().int().nullable(),
  /** Tickets in the frozen pool once sales have closed; null while still open. */
  poolSize: z.number().int().nullable(),
  drawnAt: z.string().nullable(),
  winners: z.array(liveWinner),
  /** The draw's public record, where anyone can check it. */
  verifyUrl: z.string(),
});
export type LiveCompetition = z.infer<typeof liveCompetition>;

export const liveStream = z.object({
  /** The video page as the operator set it. */
  url: z.string(),
  provider: z.enum(["youtube", "facebook"]),
  /** The player to frame on /live (youtube-nocookie.com or facebook.com/plugins). */
  embedUrl: z.string(),
});
export type LiveStream = z.infer<typeof liveStream>;

/** GET /live. */
export const liveEvening = z.object({
  /** Tonight's draw while it is on (until 6 hours after its start), else the next one. */
  drawAt: z.string(),
  /** e.g. "Monday 20:00" (UK time). */
  scheduleLabel: z.string(),
  stream: liveStream.nullable(),
  /** Due that evening, in running order (draw time, then title). */
  competitions: z.array(liveCompetition),
});
export type LiveEvening = z.infer<typeof liveEvening>;

/** GET /admin/live: the running order with what stops each draw from running now. */
export const adminLiveCompetition = liveCompetition.extend({
  drawMode: z.enum(["auto", "live"]),
  heldTickets: z.number().int(),
  /** Null when Run draw may be pressed; else why not ("Already drawn", "No entries to draw from", …). */
  blockedReason: z.string().nullable(),
});
export const adminLiveEvening = liveEvening.extend({ competitions: z.array(adminLiveCompetition) });
export type AdminLiveEvening = z.infer<typeof adminLiveEvening>;

/** GET /promotion: the home page's promotion dialog, set by admins. */
export const promotion = z.object({
  /** False when switched off, or when the promoted competition is not on sale (the dialog hides itself). */
  enabled: z.boolean(),
  title: z.string(),
  text: z.string(),
  /** Where ENTER NOW goes: the promoted competition's page (/competitions only while hidden). */
  link: z.string(),
  competitionId: z.string().nullable(),
});
export type Promotion = z.infer<typeof promotion>;
