import { useRef, useState, type ReactNode } from "react";
import type { MediaKind, UploadTarget } from "../../../lib/upload";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { MediaPreview } from "./media-preview";
import { UploadStatus } from "./upload-status";
import { acceptList } from "./use-media-settings";
import { useMediaUpload } from "./use-media-upload";

interface MediaUploadFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  target: UploadTarget;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  uploadLabel?: string;
  previewAlt?: string;
  previewClassName?: string;
}

/** A URL field with an upload button beside it: uploading fills the URL, Save persists it (SPEC §4). */
export function MediaUploadField({ label, value, onChange, target, error, hint, optional, uploadLabel, previewAlt, previewClassName }: MediaUploadFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const { state, upload, media } = useMediaUpload(target);
  const [kind, setKind] = useState<{ url: string; kind: MediaKind } | null>(null);
  const withVideo = target === "campaign-media";
  const buttonText = uploadLabel ?? (withVideo ? "Upload Image or Video" : "Upload Image");

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const done = await upload(file);
    if (fileRef.current) fileRef.current.value = "";
    if (done) {
      setKind(done);
      onChange(done.url);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <TextField
        label={label}
        value={value}
        error={error}
        hint={hint}
        optional={optional}
        onChange={(e) => onChange(e.target.value)}
        inputMode="url"
        autoComplete="off"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" pending={state.status === "uploading"} onClick={() => fileRef.current?.click()}>
          {state.status === "uploading" ? "Uploading..." : buttonText}
        </Button>
        <input
          ref={fileRef}
          type="file"
          className="hidden"
          tabIndex={-1}
          aria-label={buttonText}
          accept={acceptList(media, withVideo)}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <UploadStatus state={state} />
      </div>
      {value ? (
        <MediaPreview
          src={value}
          alt={previewAlt ?? "Preview"}
          kind={kind?.url === value ? kind.kind : undefined}
          className={previewClassName ?? "aspect-video w-full max-w-xs"}
        />
      ) : null}
    </div>
  );
}
