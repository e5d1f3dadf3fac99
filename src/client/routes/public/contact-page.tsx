import { ContactDetails } from "../../components/contact/contact-details";
import { ContactFaq } from "../../components/contact/contact-faq";
import { ContactForm } from "../../components/contact/contact-form";
import { Card } from "../../components/ui/card";
import { Container, PageHeader } from "../../components/ui/page-header";
import { PAGE_TITLES } from "../../../shared/page-titles";

/** /contact (SPEC §2 Contact page). */
export function ContactPage() {
  return (
    <Container className="py-10 sm:py-14">
      <title>{PAGE_TITLES.contact}</title>
      <PageHeader title="Contact Us" lead="Questions about a competition, your entries or a prize? We reply within 24-48 hours." />
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <Card className="p-5 sm:p-8">
          <ContactForm />
        </Card>
        <ContactDetails />
      </div>
      <ContactFaq />
    </Container>
  );
}
