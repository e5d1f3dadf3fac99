import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { contactInput } from "../../../shared/schemas/contact";
import { useTypedBeforeHydration } from "../../hooks/use-form-fields";
import { fieldErrorsFrom, focusFirstInvalid, type FieldErrors } from "../../lib/form-errors";
import { useHydrating } from "../../lib/render-context";
import { toast } from "../../lib/toast";
import { appErrorCode, serverMessage } from "../../lib/trpc-errors";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../ui/button";
import { SelectField } from "../ui/select-field";
import { TextField } from "../ui/text-field";
import { MessageSent } from "./message-sent";
import { TextAreaField } from "./text-area-field";

type Field = "name" | "email" | "subject" | "message";
type Kind = "message" | "complaint";
const EMPTY: Record<Field, string> = { name: "", email: "", subject: "", message: "" };

/** A flood of messages is refused with a message worth showing; anything else gets the generic text. */
function failureDescription(error: unknown): string {
  const message = serverMessage(error);
  if (appErrorCode(error) === "RATE_LIMITED" && message) return message;
  return "Please try again or contact us directly via email.";
}

/** The contact form: idle, sending, sent (success panel) or failed (toast) (SPEC §4 Contact form). */
export function ContactForm() {
  const trpc = useTRPC();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  useTypedBeforeHydration(formRef, setValues);
  // The page's code takes the form over before it can be sent (see EntryForm).
  const hydrating = useHydrating();
  const [kind, setKind] = useState<Kind>("message");
  /** Null until sent; then the complaint reference, or "" for an ordinary message. */
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation(
    trpc.public.contact.send.mutationOptions({
      onSuccess: (result) => {
        if (result.reference) toast.success("Complaint received", `Your complaint reference is ${result.reference}.`);
        else toast.success("Message sent successfully!", "We'll get back to you within 24-48 hours.");
        setValues(EMPTY);
        setKind("message");
        setSent(result.reference ?? "");
      },
      onError: (error) => toast.error("Failed to send message", failureDescription(error)),
    }),
  );

  const bind = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const next = event.target.value;
      setValues((prev) => ({ ...prev, [name]: next }));
      setErrors((prev) => (prev[name] === undefined ? prev : { ...prev, [name]: undefined }));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = contactInput.safeParse({ ...values, kind });
    if (!parsed.success) {
      setErrors(fieldErrorsFrom<Field>(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    send.mutate(parsed.data);
  };

  if (sent !== null) {
    return (
      <MessageSent
        reference={sent || null}
        onAnother={() => {
          send.reset();
          setErrors({});
          setSent(null);
          requestAnimationFrame(() => formRef.current?.querySelector("input")?.focus());
        }}
      />
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <h2 className="font-sans text-xl font-bold text-field-900">Send us a message</h2>
      <SelectField
        label="What is this about?"
        name="kind"
        value={kind}
        onChange={(e) => setKind(e.target.value === "complaint" ? "complaint" : "message")}
        hint={
          kind === "complaint"
            ? "You'll get a complaint reference straight away and an acknowledgement by email. We respond within 8 weeks at the latest."
            : undefined
        }
      >
        <option value="message">A question or message</option>
        <option value="complaint">A complaint</option>
      </SelectField>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Your Name" autoComplete="name" required {...bind("name")} />
        <TextField label="Email Address" type="email" autoComplete="email" inputMode="email" required {...bind("email")} />
      </div>
      <TextField label="Subject" required {...bind("subject")} />
      <TextAreaField label="Message" rows={6} required {...bind("message")} />
      <Button type="submit" size="lg" pending={send.isPending} disabled={hydrating} className="self-start max-sm:w-full">
        {send.isPending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}
