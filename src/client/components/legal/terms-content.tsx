import { Link } from "react-router-dom";
import { ContactEmail, type LegalSection } from "./legal-page";

const link = "font-semibold text-field-700 underline underline-offset-4";

/** Terms & Conditions for Harvest Draws prize competitions, in plain English. */
export const termsSections: LegalSection[] = [
  {
    id: "about",
    heading: "Who we are",
    body: (
      <>
        <p>
          Harvest Draws ("we", "us") runs prize competitions for farmers, growers and anyone who loves the countryside. Our postal address is Harvest Draws, PO
          Box 1234, Lincoln LN1 1AA, United Kingdom, and you can email us at <ContactEmail />.
        </p>
        <p>
          By entering a competition you agree to these terms and to any extra rules shown on that competition's page. If the two differ, the competition's own
          rules apply.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    heading: "Who can enter",
    body: (
      <ul>
        <li>You must be 18 or over and live in the United Kingdom or the Republic of Ireland.</li>
        <li>Our staff, their households and anyone professionally connected with running a competition cannot enter it.</li>
        <li>
          We may ask a winner for proof of age, identity and address before we hand over a prize. If you are not eligible, your entry is void and the prize is
          redrawn.
        </li>
      </ul>
    ),
  },
  {
    id: "entering",
    heading: "How to enter",
    body: (
      <>
        <p>
          Choose a competition, answer its qualifying question, choose how many entries you want and pay online. You can enter up to 100 times in one go, within
          any per-person limit shown on the competition. Each entry gets its own ticket number, which you will see in your account and in your confirmation
          email.
        </p>
        <p>
          An entry counts once we have received your payment. Entries are not refundable once a competition has closed, except where the law says otherwise.
        </p>
      </>
    ),
  },
  {
    id: "discount-codes",
    heading: "Discount codes",
    body: (
      <ul>
        <li>
          We sometimes offer discount codes. A code takes a percentage or an amount off the entries it applies to, after any multibuy price, and only within its
          own terms: the competitions or categories, the dates, the minimum spend, how many times it can be used (in all and by each person) and whether it is
          for a first order only. If a code does not apply, the checkout tells you why before you pay.
        </li>
        <li>
          A card payment is never less than £0.30, so a code never takes an order below that. A code cannot be exchanged for cash or site credit, and we may end
          or change a code at any time, without affecting orders already placed.
        </li>
        <li>
          A discount changes only what a paid entry costs: every entry, paid with or without a code or sent free by post, has the same chance of winning. If an
          order is refunded, you get back what you paid; the code is not given back.
        </li>
      </ul>
    ),
  },
  {
    id: "postal",
    heading: "Free postal entry",
    body: (
      <>
        <p>
          Every competition can be entered free by post. Send your name, address, phone number, email, the competition's name and your answer to the qualifying
          question to the postal address shown on the competition's page. Use one envelope per entry, sent first or second class.
        </p>
        <p>
          A postal entry has exactly the same chance of winning as a paid entry. Postal entries must arrive before the competition closes, and are subject to
          the same limits per person.
        </p>
      </>
    ),
  },
  {
    id: "question",
    heading: "The qualifying question",
    body: (
      <p>
        Each competition has a question you must answer correctly to enter. It is there so the competition is a test of skill and knowledge, not chance alone.
        We check answers without regard to capital letters or extra spaces. An entry with a wrong answer cannot win and is not refunded.
      </p>
    ),
  },
  {
    id: "draws",
    heading: "Closing dates and draws",
    body: (
      <ul>
        <li>Each competition shows its closing date and draw date. Draws are held live every Monday evening on our social video page.</li>
        <li>Every draw goes ahead on its draw date whether or not all the tickets have sold.</li>
        <li>We will never cancel a competition, shorten it or change its draw date because of low sales.</li>
        <li>Winning ticket numbers are chosen at random from all correct paid and postal entries.</li>
      </ul>
    ),
  },
  {
    id: "instant-wins",
    heading: "Instant wins",
    body: (
      <ul>
        <li>
          Some competitions also have instant prizes. Before the first ticket is sold we choose their winning ticket numbers at random and publish a fingerprint
          (a SHA-256 commitment) of each one on the competition's page, with the time it was fixed. The numbers cannot be changed afterwards.
        </li>
        <li>
          Ticket numbers are given out at random (or chosen by you where the competition allows it). If one of your paid or postal tickets carries a winning
          number, you win that prize the moment the ticket is yours, and we tell you straight away. Each prize can be won once.
        </li>
        <li>
          Each winning number and its secret is revealed when it is won, and every one is revealed when sales close, so anyone can check on the competition's
          page that the numbers were fixed before sales began.
        </li>
        <li>
          Unless the competition says otherwise, instant winners' tickets stay in the main draw. Our staff cannot enter a competition with instant prizes,
          because they can see the winning numbers. Instant-win competitions cannot be paid for by credit card.
        </li>
        <li>
          If the order of a winning ticket is refunded in full or its payment is disputed, its instant prize is void. Site credit won with it is taken back; any
          part of it already spent is owed, and comes out of your next site credit (refunds, prizes or goodwill) before you can spend it. A cash or physical
          prize can no longer be claimed. The prize is forfeited: nobody wins it instead. Its number was revealed when it was won, so it goes back on sale as an
          ordinary number that cannot win it again, and the competition's page lists the prize as void (its number and secret still check against the
          fingerprint).
        </li>
      </ul>
    ),
  },
  {
    id: "site-credit",
    heading: "Site credit",
    body: (
      <ul>
        <li>
          Site credit comes from instant prizes, referral rewards, goodwill from us, and refunds of entries that were paid for with site credit. Your balance
          and its history are in your account.
        </li>
        <li>
          At checkout your site credit is used first, if you choose, and your card pays the rest; an order your credit covers needs no card. Entries paid for
          with site credit count towards your monthly spending limit like any other.
        </li>
        <li>
          Site credit has no cash value: it cannot be withdrawn as cash, transferred or sold. A refund of an entry goes back the way it was paid: to your card
          for the part your card paid, and to your site credit for the part your credit paid.
        </li>
        <li>Site credit does not expire unless we tell you otherwise when it is added; if it does, the date it lapses is shown beside it in your account.</li>
      </ul>
    ),
  },
  {
    id: "referrals",
    heading: "Refer a friend",
    body: (
      <ul>
        <li>
          When we run Refer a friend, each customer with a confirmed email address has a share link in their account. If someone new opens it, creates an
          account within 30 days and pays for their first order, both of you receive the site credit shown on your account page, once, after that order has
          stood for the refund window shown there without a refund or a payment dispute. Rewards are site credit only, with no cash value.
        </li>
        <li>
          If that order is refunded (in whole or in part) or its payment is disputed before the reward, there is no reward; if it happens afterwards, the reward
          is taken back from both of you, and any part already spent is owed and comes out of your next site credit.
        </li>
        <li>
          Referring yourself earns nothing: another account of yours, one sharing your email address, your home address, your payment card or your connection.
          Staff cannot refer, and while your account is on a break, self-excluded or restricted your link rests and earns nothing. Each customer may earn a
          limited number of rewards a month, shown on the account page.
        </li>
        <li>
          We may change the rewards or end Refer a friend at any time; a friend whose first order is still in its refund window when it ends receives no reward.
        </li>
      </ul>
    ),
  },
  {
    id: "winners",
    heading: "Winners",
    body: (
      <>
        <p>
          We contact winners within 48 hours of the draw, by phone and email, using the details given on the entry. Please keep them up to date in your account.
          If we cannot reach a winner after reasonable attempts over 28 days, we may redraw the prize.
        </p>
        <p>
          With your agreement, we publish your first name, county and, if you wish, a photo and a few words in our Winners Gallery. We will not publish anything
          about you without asking first.
        </p>
      </>
    ),
  },
  {
    id: "claiming",
    heading: "Claiming a prize",
    body: (
      <ul>
        <li>
          We email every winner a link to claim their prize, and it is in your account under My Wins. Claims are made within 28 days of the draw; we remind you
          after 48 hours and after 7 days. A prize not claimed in time may be redrawn.
        </li>
        <li>
          To claim you confirm your email address and the date of birth on your account (winners must be 18 or over), choose the prize or its cash alternative
          where one is offered, and give a phone number and a delivery address. The details must be yours: we may ask for proof of identity before handing a
          prize over.
        </li>
        <li>
          Delivery is free to the UK mainland and Ireland. For other addresses (including the islands) we will contact you to arrange delivery. We tell you when
          the prize is on its way, with the carrier's reference, or when the cash has been paid, with the payment reference.
        </li>
      </ul>
    ),
  },
  {
    id: "prizes",
    heading: "Prizes and cash alternatives",
    body: (
      <ul>
        <li>Prizes are as described on the competition's page. Delivery is free to addresses in the UK and Ireland.</li>
        <li>Where a cash alternative is shown, you may take it instead of the prize. We pay cash by bank transfer.</li>
        <li>If a prize becomes unavailable for reasons outside our control, we will offer a prize of equal or greater value, or the cash alternative.</li>
        <li>
          Prizes cannot be transferred before they are handed over. You are responsible for any insurance, registration or licences a prize needs once it is
          yours.
        </li>
      </ul>
    ),
  },
  {
    id: "responsible",
    heading: "Playing responsibly",
    body: (
      <p>
        Please only spend what you can afford. If you would like us to close your account or stop you entering for a while, email us and we will do it promptly.
      </p>
    ),
  },
  {
    id: "complaints",
    heading: "Complaints",
    body: (
      <p>
        If something has gone wrong, tell us through our{" "}
        <Link to="/contact" className={link}>
          contact form
        </Link>{" "}
        or by emailing <ContactEmail />, with "Complaint" in the subject. We will acknowledge it within 2 working days and aim to give you a full answer within
        14 days.
      </p>
    ),
  },
  {
    id: "liability",
    heading: "Our responsibility to you",
    body: (
      <p>
        Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else the law does not let
        us exclude. These terms do not affect your statutory rights as a consumer.
      </p>
    ),
  },
  {
    id: "law",
    heading: "Governing law",
    body: (
      <p>
        These terms are governed by the law of England and Wales, and the courts of England and Wales can hear any dispute. If you live in Scotland, Northern
        Ireland or the Republic of Ireland, you may also bring proceedings in your local courts.
      </p>
    ),
  },
];
