import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { checkFile, objectPathOf, putFile, UploadError, type MediaKind, type UploadTarget } from "../../../lib/upload";
import { useMediaSettings } from "./use-media-settings";

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; fileName: string; progress: number }
  | { status: "success"; fileName: string }
  | { status: "error"; message: string };

export interface UploadedMedia {
  url: string;
  kind: MediaKind;
}

/** idle → uploading (percent) → success or error (SPEC §4 Upload). The caller puts the URL in its form; Save persists it. */
export function useMediaUpload(target: UploadTarget) {
  const trpc = useTRPC();
  const media = useMediaSettings();
  const campaignUrl = useMutation(trpc.admin.media.campaignUploadUrl.mutationOptions());
  const objectUpload = useMutation(trpc.admin.media.objectUpload.mutationOptions());
  const [state, setState] = useState<UploadState>({ status: "idle" });

  async function upload(file: File): Promise<UploadedMedia | null> {
    const check = checkFile(file, media, target);
    if (!check.ok) {
      setState({ status: "error", message: `${check.title}. ${check.description}` });
      toast.error(check.title, check.description);
      return null;
    }
    setState({ status: "uploading", fileName: file.name, progress: 0 });
    try {
      let putUrl: string;
      let value: string;
      if (target === "campaign-media") {
        const grant = await campaignUrl.mutateAsync({ filename: file.name });
        putUrl = grant.uploadUrl;
        value = grant.objectPath;
      } else {
        const grant = await objectUpload.mutateAsync();
        putUrl = grant.uploadURL;
        value = objectPathOf(grant.uploadURL);
      }
      await putFile(putUrl, file, (progress) => setState({ status: "uploading", fileName: file.name, progress }));
      setState({ status: "success", fileName: file.name });
      if (target === "image") toast.success("Image uploaded successfully", "Save your changes to keep the new image.");
      else toast.success("Upload successful", "Save to keep the new media.");
      return { url: value, kind: check.kind };
    } catch (error) {
      if (error instanceof UploadError && (error.status === 413 || error.status === 415)) {
        const title = error.status === 415 ? "Invalid file type" : "File too large";
        setState({ status: "error", message: error.message });
        toast.error(title, error.message);
      } else {
        setState({ status: "error", message: "Upload failed. Please try again or contact support." });
        toast.error("Upload failed", "Please try again or contact support.");
      }
      return null;
    }
  }

  return { state, upload, media, reset: () => setState({ status: "idle" }) };
}
