import type { Setting } from "./settings-types";

/** SPEC §9 media defaults, used when a setting has not been saved. */
const DEFAULTS = {
  max_image_size_mb: "10",
  max_video_size_mb: "300",
  allowed_image_types: "jpeg, jpg, png",
  allowed_video_types: "mp4, webm, quicktime",
} as const;

type MediaKey = keyof typeof DEFAULTS;

/** Sizes of 1000 MB or more read in GB. */
export function formatMegabytes(value: string): string {
  const mb = Number(value);
  if (!Number.isFinite(mb)) return value;
  return mb >= 1000 ? `${(mb / 1000).toFixed(mb % 1000 === 0 ? 0 : 1)} GB` : `${mb} MB`;
}

function readableList(value: string): string {
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

export function UploadLimits({ settings }: { settings: Setting[] }) {
  const value = (key: MediaKey) => settings.find((s) => s.key === key)?.value ?? DEFAULTS[key];
  const rows = [
    { label: "Maximum image size", value: formatMegabytes(value("max_image_size_mb")) },
    { label: "Maximum video size", value: formatMegabytes(value("max_video_size_mb")) },
    { label: "Allowed image types", value: readableList(value("allowed_image_types")) },
    { label: "Allowed video types", value: readableList(value("allowed_video_types")) },
  ];
  return (
    <section aria-labelledby="upload-limits" className="rounded-2xl border border-field-200 bg-field-50 p-5">
      <h2 id="upload-limits" className="font-sans text-lg font-bold text-field-900">
        Current Upload Limits
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-sm text-stone-700">{row.label}</dt>
            <dd className="font-semibold text-field-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
