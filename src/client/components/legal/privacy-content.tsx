import { ContactEmail, type LegalSection } from "./legal-page";

const link = "font-semibold text-field-700 underline underline-offset-4";

/** Our UK GDPR privacy notice, in plain English. */
export const privacySections: LegalSection[] = [
  {
    id: "controller",
    heading: "Who is responsible for your data",
    body: (
      <p>
        Harvest Draws, PO Box 1234, Lincoln LN1 1AA, United Kingdom, is the controller of the personal data described here. For anything to do with your data,
        email <ContactEmail /> or write to us at that address.
      </p>
    ),
  },
  {
    id: "data",
    heading: "What we collect",
    body: (
      <ul>
        <li>
          Account details: your name, email address, password (stored only as a secure hash) and, if you give them, your phone number, date of birth and
          address.
        </li>
        <li>Entries: the competitions you enter, your answers, your ticket numbers and the amounts paid.</li>
        <li>
          Payments: our payment processor handles your card details. We never see or store your full card number; we keep the card's brand, last four digits and
          the processor's fingerprint of it (a code that is the same for the same card, from which the number cannot be worked out).
        </li>
        <li>
          Referrals: if you join through a customer's share link, who referred you and what became of the reward. Your first name and how the referral stands
          are shown to the customer who referred you.
        </li>
        <li>Messages you send us through the contact form or by email.</li>
        <li>Winners: the details we need to deliver your prize and, only if you agree, your photo and a short testimonial.</li>
        <li>Technical data: which competitions you view while signed in, and basic server logs used to keep the site secure.</li>
      </ul>
    ),
  },
  {
    id: "purposes",
    heading: "Why we use it, and our lawful bases",
    body: (
      <ul>
        <li>To run your account, take your entries, run the draws and deliver prizes. Lawful basis: performing our contract with you.</li>
        <li>To check winners are eligible and to keep financial records. Lawful basis: legal obligation.</li>
        <li>
          To keep the site secure, prevent fraud, answer your messages and show you reminders about competitions you have looked at. This includes comparing the
          email address, home address, card fingerprint and internet address of a referred customer's first order with the referrer's, only so that nobody is
          rewarded for referring themselves. Lawful basis: our legitimate interests, which we balance against your rights.
        </li>
        <li>
          To publish a winner's photo and testimonial, and to send marketing emails, including one reminder when you leave a checkout with items in it (we keep
          what was in it, and never send it while you are taking a break, are self-excluded or have reached your spending limit). Lawful basis: your consent,
          which you can withdraw at any time.
        </li>
      </ul>
    ),
  },
  {
    id: "sharing",
    heading: "Who we share it with",
    body: (
      <>
        <ul>
          <li>Our payment processor, to take payments securely.</li>
          <li>Prize suppliers and delivery companies, so they can deliver your prize. They get only your name, address and phone number.</li>
          <li>Our hosting and email providers, who process data for us under contract and only on our instructions.</li>
          <li>The police, regulators or courts, when the law requires it.</li>
        </ul>
        <p>
          We never sell your data. Where a provider stores data outside the UK, we use the safeguards UK law requires, such as the UK's international data
          transfer agreement.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    heading: "How long we keep it",
    body: (
      <ul>
        <li>
          Your account, for as long as it is open. If you ask us to close it, we delete your profile within 30 days, apart from what the next section says we
          keep.
        </li>
        <li>Entry and payment records, for 6 years after the competition, because tax law requires it.</li>
        <li>Contact messages, for 2 years after we last reply.</li>
        <li>Sign-in sessions expire after 30 days without use.</li>
      </ul>
    ),
  },
  {
    id: "closed-accounts",
    heading: "What we keep after an account is closed, and why",
    body: (
      <>
        <p>When an account is closed we keep only what the law or your protection needs:</p>
        <ul>
          <li>Your orders, entries and ticket numbers, for six years, because they are financial records that tax law requires us to keep.</li>
          <li>
            Your name, email address and date of birth, so that a self-exclusion you asked for, or a refusal because someone was under 18, still holds if the
            same person signs up again.
          </li>
        </ul>
        <p>
          Everything else is removed: your phone number and address, your marketing consent, your notifications, any unused links we emailed you (to reset a
          password or confirm an address) and the record of competitions you viewed.
        </p>
        <p>
          While your account is open you can download a copy of your data at any time: sign in, open <strong>My Account</strong>, then <strong>Profile</strong>{" "}
          and choose <strong>Download my data</strong>.
        </p>
      </>
    ),
  },
  {
    id: "rights",
    heading: "Your rights",
    body: (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <ul>
          <li>get a copy of the data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data deleted, where we no longer need to keep it;</li>
          <li>restrict or object to how we use it, including for direct marketing;</li>
          <li>receive data you gave us in a portable format;</li>
          <li>withdraw your consent at any time, without affecting what we did before.</li>
        </ul>
        <p>
          Email <ContactEmail /> to use any of these rights. We will answer within one month and there is no charge.
        </p>
      </>
    ),
  },
  {
    id: "complaints",
    heading: "Complaining to the ICO",
    body: (
      <p>
        If you are unhappy with how we have handled your data, please tell us first so we can put it right. You also have the right to complain to the
        Information Commissioner's Office (ICO), the UK regulator, at{" "}
        <a href="https://ico.org.uk/make-a-complaint/" target="_blank" rel="noopener noreferrer" className={link}>
          ico.org.uk
        </a>{" "}
        or on 0303 123 1113.
      </p>
    ),
  },
  {
    id: "cookies",
    heading: "Cookies and local storage",
    body: (
      <>
        <p>We keep this to the minimum the site needs to work, so we do not ask for cookie consent:</p>
        <ul>
          <li>One session cookie, which keeps you signed in. It is deleted when you sign out or the session expires.</li>
          <li>
            A referral cookie, only when you open a customer's share link: it holds that link's code for 30 days so the account you create is counted as their
            referral, and is deleted when you create it.
          </li>
          <li>
            Your browser's local storage, which remembers your cart between visits, with the sign-in token that goes with the session and small notes so the
            same pop-up is not shown to you twice.
          </li>
        </ul>
        <p>We use no advertising or tracking cookies. You can clear cookies and local storage in your browser settings at any time.</p>
      </>
    ),
  },
  {
    id: "changes",
    heading: "Changes to this notice",
    body: <p>We will update this page if we change how we use your data, and tell you by email about any important change.</p>,
  },
];
