import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AdminPage } from "../../components/admin/admin-page";
import { NEW_SLIDE, slideFormFrom } from "../../components/admin/hero-slides/hero-slide-form-state";
import { HeroSlideForm } from "../../components/admin/hero-slides/hero-slide-form";
import { HeroSlideRow } from "../../components/admin/hero-slides/hero-slide-row";
import { EmptyState, LoadError } from "../../components/admin/ui/feedback";
import { LoadingState } from "../../components/ui/spinner";
import { useTRPC } from "../../lib/trpc";

export function AdminHeroSlidesPage() {
  const trpc = useTRPC();
  const slides = useQuery(trpc.admin.heroSlides.list.queryOptions());
  const campaigns = useQuery(trpc.admin.competitions.list.queryOptions());
  const [editingId, setEditingId] = useState<string | null>(null);
  const ordered = [...(slides.data ?? [])].sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt));
  const editing = ordered.find((s) => s.id === editingId) ?? null;
  const campaignLinks = (campaigns.data ?? []).map((c) => `/competition/${c.id}`);

  return (
    <AdminPage title="Manage Hero Slides" lead="The slides at the top of the home page, shown in order.">
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <HeroSlideForm
          key={editing ? `${editing.id}-${campaigns.isSuccess}` : "new"}
          slide={editing}
          initial={editing ? slideFormFrom(editing, campaignLinks) : NEW_SLIDE}
          onDone={() => setEditingId(null)}
        />
        <section aria-labelledby="slides-heading">
          <h2 id="slides-heading" className="mb-4 text-xl font-bold">
            Slides ({ordered.length})
          </h2>
          {slides.isPending ? (
            <LoadingState label="Loading slides..." />
          ) : slides.isError ? (
            <LoadError what="Hero slides" error={slides.error} />
          ) : ordered.length === 0 ? (
            <EmptyState title="No slides yet">Add a slide and it appears on the home page.</EmptyState>
          ) : (
            <ul className="flex flex-col gap-4">
              {ordered.map((slide, i) => (
                <HeroSlideRow
                  key={slide.id}
                  slide={slide}
                  last={i === ordered.length - 1}
                  previous={ordered[i - 1]}
                  next={ordered[i + 1]}
                  onEdit={() => setEditingId(slide.id)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
    </AdminPage>
  );
}
