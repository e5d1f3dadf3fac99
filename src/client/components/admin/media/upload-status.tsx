import type { UploadState } from "./use-media-upload";

/** Progress while sending, then the outcome, announced to screen readers. */
export function UploadStatus({ state }: { state: UploadState }) {
  if (state.status === "uploading") {
    return (
      <div className="flex min-w-40 flex-1 flex-col gap-1" aria-live="polite">
        <p className="text-sm text-stone-700">
          Uploading {state.fileName}… {state.progress}%
        </p>
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.progress}
          className="h-2 overflow-hidden rounded-full bg-cream-200"
        >
          <div className="h-full rounded-full bg-field-600 transition-[width]" style={{ width: `${state.progress}%` }} />
        </div>
      </div>
    );
  }
  if (state.status === "success") {
    return (
      <p className="text-sm font-medium text-field-700" aria-live="polite">
        Uploaded {state.fileName}. Save to keep it.
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <p className="text-sm font-medium text-danger-700" role="alert">
        {state.message}
      </p>
    );
  }
  return null;
}
