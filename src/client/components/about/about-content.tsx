import type { AboutPage } from "../../../shared/schemas/content";
import { FieldIllustration } from "../home/field-illustration";
import { IMAGE_SIZES } from "../../lib/picture";
import { SafeImage } from "../home/safe-image";
import { Container } from "../ui/page-header";
import { FeatureCard } from "./feature-card";

/** The About page's content as the admin wrote it. */
export function AboutContent({ about }: { about: AboutPage }) {
  const features = [
    { title: about.feature1Title, description: about.feature1Description, icon: about.feature1Icon },
    { title: about.feature2Title, description: about.feature2Description, icon: about.feature2Icon },
    { title: about.feature3Title, description: about.feature3Description, icon: about.feature3Icon },
  ];

  return (
    <>
      <section className="on-dark bg-field-800 text-white">
        <Container className="py-14 text-center sm:py-20">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold leading-tight text-white sm:text-5xl">{about.heroTitle}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-field-100">{about.heroSubtitle}</p>
        </Container>
      </section>

      <Container className="py-12 sm:py-16">
        <div className="grid items-start gap-10 lg:grid-cols-2">
          <SafeImage
            src={about.mainImage}
            alt={about.mainImageAlt}
            fallback={
              <div role="img" aria-label={about.mainImageAlt}>
                <FieldIllustration className="w-full" />
              </div>
            }
            loading="eager"
            sizes={IMAGE_SIZES.half}
            width={800}
            height={600}
            className="aspect-[4/3] w-full rounded-2xl bg-cream-100 object-cover shadow-sm"
          />
          <div className="flex flex-col gap-4 text-lg leading-relaxed text-stone-800">
            <h2 className="text-3xl font-bold">Our story</h2>
            {about.contentParagraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </div>

        <section aria-labelledby="about-features" className="mt-16">
          <h2 id="about-features" className="text-center text-3xl font-bold">
            What we stand for
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {features.map((f, i) => (
              <FeatureCard key={i} {...f} />
            ))}
          </ul>
        </section>
      </Container>
    </>
  );
}
