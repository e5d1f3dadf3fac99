import { MediaPreview } from "../media/media-preview";
import { AdminDialog } from "../ui/admin-dialog";
import type { AboutValues, FeatureNumber } from "./about-form-state";

const NUMBERS: FeatureNumber[] = [1, 2, 3];

/** The unsaved content laid out like the About page, so it can be checked before saving. */
export function AboutPreviewDialog({ open, values, onClose }: { open: boolean; values: AboutValues; onClose: () => void }) {
  return (
    <AdminDialog open={open} onClose={onClose} title="Preview Changes" description="Not saved yet: this is how the About page will read." size="xl">
      <article className="flex flex-col gap-6 rounded-xl bg-cream-50 p-4 sm:p-6">
        <header className="text-center">
          <h2 className="text-3xl font-bold">{values.heroTitle || "Hero title"}</h2>
          <p className="mt-2 text-lg text-stone-700">{values.heroSubtitle}</p>
        </header>
        {values.mainImage ? <MediaPreview src={values.mainImage} alt={values.mainImageAlt} kind="image" className="aspect-[16/7] w-full" /> : null}
        <div className="flex flex-col gap-3 text-stone-800">
          {values.contentParagraphs
            .filter((p) => p.trim())
            .map((p, i) => (
              <p key={i}>{p}</p>
            ))}
        </div>
        <ul className="grid gap-4 sm:grid-cols-3">
          {NUMBERS.map((n) => (
            <li key={n} className="rounded-2xl border border-cream-200 bg-white p-5 text-center shadow-sm">
              <p className="text-xs font-semibold uppercase tracking-wide text-field-600">{values[`feature${n}Icon`] || "quality"}</p>
              <h3 className="mt-2 font-sans text-lg font-bold text-field-900">{values[`feature${n}Title`]}</h3>
              <p className="mt-1 text-sm text-stone-700">{values[`feature${n}Description`]}</p>
            </li>
          ))}
        </ul>
      </article>
    </AdminDialog>
  );
}
