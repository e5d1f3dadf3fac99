import { z } from "zod";

/** POST /campaign-media/upload-url: the name of the image or video about to be uploaded. */
export const campaignUploadInput = z.strictObject({ filename: z.string().trim().min(1).max(255) });

export const campaignUploadGrant = z.object({ uploadUrl: z.string(), objectPath: z.string() });

/** POST /objects/upload (SPEC §7 spells it uploadURL). */
export const imageUploadGrant = z.object({ uploadURL: z.string() });
