import type { DemoPrize } from "./demo-data";

/**
 * Competitions already drawn when the demo is seeded. Each is drawn for real on its evening (so its
 * public record verifies), and its winner's words are written for that prize and for where their
 * claim has got to: someone still waiting for a trailer does not thank us for delivering it.
 */

/** Where the winner's claim stands on the day of seeding (days counted from the draw). */
export type PastClaim =
  | { status: "notified"; contactNote: string }
  | { status: "claimed"; choice: "prize" | "cash"; claimedAfterDays: number }
  | {
      status: "fulfilled";
      choice: "prize" | "cash";
      claimedAfterDays: number;
      fulfilledAfterDays: number;
      fulfilment: "delivered" | "paid";
      reference: string;
    };

export interface PastDraw extends DemoPrize {
  /** 0 = the last draw evening before the moment of seeding, 1 = the week before, … (all different). */
  weeksAgo: number;
  /** The winner's words, about this prize. */
  testimonial: string;
  claim: PastClaim;
}

/** Oldest first: each is drawn before the next one's entries are written (see past-draws.ts). */
export const PAST_DRAWS: PastDraw[] = [
  {
    title: "Yamaha Grizzly 700 Farm Quad",
    description: "A 700 cc farm ATV with power steering, a tow hitch and front and rear racks: built for hill ground and long days.",
    image: "/images/quad-bike.svg",
    category: "Farm Machinery",
    pricePence: 199,
    maxTickets: 4999,
    sold: 41,
    question: "What is a female sheep called?",
    answer: "ewe",
    prizeDetails: "Yamaha Grizzly 700 EPS with tow hitch, helmet and first service. Cash alternative £9,000.",
    weeksAgo: 5,
    testimonial: "Couldn't believe it when the call came. The quad was on the yard within a fortnight and it's already earning its keep at lambing.",
    claim: {
      status: "fulfilled",
      choice: "prize",
      claimedAfterDays: 1,
      fulfilledAfterDays: 12,
      fulfilment: "delivered",
      reference: "Delivered by the local Yamaha dealer, delivery note YD-48213",
    },
  },
  {
    title: "£5,000 Tax-Free Cash",
    description: "Five thousand pounds, paid by bank transfer within 48 hours of claiming. Spend it on the farm or on yourself.",
    image: "/images/cash.svg",
    category: "Cash Prizes",
    pricePence: 99,
    maxTickets: 9999,
    sold: 58,
    question: "How many pence are there in a pound?",
    answer: "100",
    prizeDetails: "£5,000 paid by bank transfer.",
    weeksAgo: 4,
    testimonial: "The £5,000 landed in our account the morning after I sent my details. It's gone straight on a new roof for the lambing shed.",
    // A cash prize has no alternative: the prize itself is paid.
    claim: { status: "fulfilled", choice: "prize", claimedAfterDays: 0, fulfilledAfterDays: 1, fulfilment: "paid", reference: "Faster Payment FP-20931-HD" },
  },
  {
    title: "Graham Edwards 10ft Livestock Trailer",
    description: "A galvanised 10-foot livestock trailer with a sheep deck, ramp and side gates.",
    image: "/images/livestock-trailer.svg",
    category: "Farm Machinery",
    pricePence: 149,
    maxTickets: 4999,
    sold: 33,
    question: "What is a young cow called?",
    answer: "calf",
    prizeDetails: "Graham Edwards 10ft livestock trailer with sheep deck and gates. Cash alternative £6,800.",
    weeksAgo: 3,
    testimonial: "Entered for a laugh and won the trailer. Delivered to the yard, hitched up and moving ewes the same week.",
    claim: {
      status: "fulfilled",
      choice: "prize",
      claimedAfterDays: 2,
      fulfilledAfterDays: 9,
      fulfilment: "delivered",
      reference: "Dealer delivery, consignment GE-10244",
    },
  },
  {
    title: "Farm Business & Succession Course",
    description: "A three-day course on farm business planning, tenancies and handing the farm on, with travel and lodging.",
    image: "/images/training.svg",
    category: "Training",
    pricePence: 50,
    maxTickets: 1999,
    sold: 24,
    question: "What do bees make?",
    answer: "honey",
    prizeDetails: "Three-day course, two nights' lodging and rail travel within the UK. Cash alternative £1,500.",
    weeksAgo: 2,
    testimonial: "Succession has been on our kitchen table for years. The team are booking my place on the spring course, train and hotel included.",
    claim: { status: "claimed", choice: "prize", claimedAfterDays: 1 },
  },
  {
    title: "Crop Mapping Drone",
    description: "A mapping drone with multispectral camera and a year of field-analysis software.",
    image: "/images/drone.svg",
    category: "Tools & Equipment",
    pricePence: 199,
    maxTickets: 2999,
    sold: 27,
    question: "How many legs does a spider have?",
    answer: "8",
    prizeDetails: "Multispectral mapping drone and 12 months of software. Cash alternative £6,500.",
    weeksAgo: 1,
    testimonial: "We already have our agronomist fly the fields, so I've taken the drone's £6,500 cash alternative. Lovely people to deal with.",
    claim: { status: "claimed", choice: "cash", claimedAfterDays: 2 },
  },
  {
    title: "Polytunnel Drip Irrigation Kit",
    description: "Drip lines, a filter, a pressure regulator and a battery timer for three 30-metre polytunnels.",
    image: "/images/drip-irrigation.svg",
    category: "Irrigation",
    pricePence: 79,
    maxTickets: 999,
    sold: 36,
    question: "What colour is chlorophyll?",
    answer: "green",
    prizeDetails: "Drip kit for three 30 m polytunnels with filter, regulator and timer. Cash alternative £900.",
    weeksAgo: 0,
    testimonial: "Got the call straight after the live draw and I'm still grinning. The drip kit is going into the polytunnels the day it arrives.",
    claim: { status: "notified", contactNote: "Phoned after the live draw; the winner will claim online." },
  },
];
