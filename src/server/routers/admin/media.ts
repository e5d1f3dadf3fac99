import { z } from "zod";
import { campaignUploadGrant, campaignUploadInput, imageUploadGrant } from "../../../shared/schemas/media";
import { issueUploadUrl } from "../../services/content/manage";
import { adminProcedure, router } from "../../trpc/procedures";

export const mediaRouter = router({
  campaignUploadUrl: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/campaign-media/upload-url",
        tags: ["admin"],
        summary: "A one-time URL to PUT an image or video to",
        description: "PUT the file's bytes to uploadUrl (same session) within 15 minutes; objectPath is then the media value.",
      },
    })
    .input(campaignUploadInput)
    .output(campaignUploadGrant)
    .mutation(({ ctx, input }) =>
      issueUploadUrl(
        ctx.db,
        ctx.actor,
        ctx.services.uploads,
        "campaign-media",
        "admin.media.campaignUploadUrl",
        { filename: input.filename },
        ctx.now().getTime(),
      ),
    ),

  objectUpload: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/objects/upload",
        tags: ["admin"],
        summary: "A one-time URL to PUT an image (winner photo, About page) to",
        description: "PUT one image of at most 10 MB to uploadURL (same session); it is then served at the URL's path.",
      },
    })
    .input(z.void())
    .output(imageUploadGrant)
    .mutation(async ({ ctx }) => ({
      uploadURL: (await issueUploadUrl(ctx.db, ctx.actor, ctx.services.uploads, "image", "admin.media.objectUpload", {}, ctx.now().getTime())).uploadUrl,
    })),
});
