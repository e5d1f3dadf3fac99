import { useMediaSettings } from "../media/use-media-settings";
import { formatMegabytes } from "./settings-groups";

/** What uploads accept right now, as the upload buttons read it. */
export function UploadLimits() {
  const media = useMediaSettings();
  const rows = [
    { label: "Maximum image size", value: formatMegabytes(media.maxImageSizeMB) },
    { label: "Maximum video size", value: formatMegabytes(media.maxVideoSizeMB) },
    { label: "Allowed image types", value: media.allowedImageTypes.join(", ") },
    { label: "Allowed video types", value: media.allowedVideoTypes.join(", ") },
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
