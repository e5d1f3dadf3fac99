/** COMPLIANCE.md's table, row by row, in words a player would use (COMPLIANCE 3.4). */
export interface Commitment {
  clause: string;
  title: string;
  text: string;
  link?: { to: string; label: string };
}

export const COMMITMENTS: Commitment[] = [
  {
    clause: "1.1",
    title: "Adults only",
    text: "Only people aged 18 or over can enter. We ask for your date of birth before your first entry, paid or by post, and turn away anyone under 18 with a clear message.",
  },
  {
    clause: "1.2",
    title: "A fair complaints process",
    text: "You can raise a complaint from our contact page. You get a reference straight away and an acknowledgement by email, every complaint is tracked by our team until it is resolved, and we respond within 8 weeks at the latest.",
    link: { to: "/contact", label: "Raise a complaint" },
  },
  {
    clause: "1.3",
    title: "Limits on credit cards",
    text: "We take no more than £250 a month from any player by credit card, and we do not accept credit cards at all for instant-win competitions.",
  },
  {
    clause: "1.4",
    title: "Monthly spending limits",
    text: "You can set your own monthly spending limit, including £0, and we invite you to when you register and after your first purchase. A lower limit applies at once; a higher one after a 24-hour cooling-off period. An order that would go over your limit is refused, and we tell you why.",
    link: { to: "/account?tab=limits", label: "Set your limit" },
  },
  {
    clause: "1.5",
    title: "Breaks, self-exclusion and closing your account",
    text: "You can take a break for a week or a month, self-exclude for 6 months, a year or 5 years, or close your account. While paused you cannot enter or buy tickets and we send you no marketing, and a pause cannot be lifted early.",
  },
  {
    clause: "1.6–1.7",
    title: "Looking out for harm",
    text: "We watch for signs that play may be causing harm, such as players reaching their limit, asking to raise it again and again, or spending far more than usual. Where needed we step in, up to stopping play on an account, and we keep a record of why.",
  },
  {
    clause: "1.8",
    title: "Help when you need it",
    text: "Our Safer Play page explains the tools above and lists free, confidential support services in the UK and Ireland. It is linked from the foot of every page, from your account and from every checkout.",
    link: { to: "/safer-play", label: "Safer Play" },
  },
  {
    clause: "1.9",
    title: "Time to decide",
    text: "Every competition stays open for a minimum period, so nobody is rushed into entering.",
  },
  {
    clause: "2.1",
    title: "How each draw works",
    text: "Every competition page explains how its draw works, and that winners are chosen by chance alone.",
  },
  {
    clause: "2.2",
    title: "Random draws anyone can check",
    text: "We fix a secret random seed and publish its fingerprint before sales open, freeze and publish the pool of tickets when sales close, and reveal the seed after the draw. Anyone can recompute the winners, and a Verify button on each draw record does it in your browser. Paid and free postal entries go into the same pool with exactly the same chance.",
  },
  {
    clause: "2.3",
    title: "Clear odds",
    text: "Each competition shows its maximum number of tickets, how many have sold, and the odds per ticket if it sells out (1 in N).",
  },
  {
    clause: "2.4",
    title: "A free way to enter",
    text: "Where a competition can be entered by post, the free route sits beside the buy box and is just as prominent, with the address and exactly what to write. It is no harder than paying.",
  },
  {
    clause: "2.5",
    title: "Prizes as described",
    text: "You get the prize as described or, where offered, its cash alternative. We never cancel a draw, shrink a prize or move the closing date because of low sales: once tickets are sold, the dates, the prize details and the cash alternative are locked.",
  },
  {
    clause: "3.4",
    title: "Telling you what we do",
    text: "This page lists the measures we have in place, so you can hold us to them.",
  },
];
