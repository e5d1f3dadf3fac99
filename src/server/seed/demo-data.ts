/** Demo content for an agricultural UK shop. Dates are relative to the moment of seeding. */

const DAY = 24 * 60 * 60 * 1000;

/** The next Monday at 20:00 (local server time) at least `minDays` from `from`. */
export function nextMondayEvening(from: Date, minDays = 0): Date {
  const d = new Date(from.getTime() + minDays * DAY);
  d.setHours(20, 0, 0, 0);
  const add = (8 - d.getDay()) % 7;
  d.setDate(d.getDate() + add);
  if (d.getTime() < from.getTime() + minDays * DAY) d.setDate(d.getDate() + 7);
  return d;
}

export const CATEGORIES = [
  { name: "Farm Machinery", description: "Tractors, quads, trailers and the kit that does the heavy lifting." },
  { name: "Irrigation", description: "Pivots, drip lines and pumps to keep crops watered." },
  { name: "Training", description: "Courses and certificates for farmers and growers." },
  { name: "Cash Prizes", description: "Tax-free cash, paid straight to the winner." },
  { name: "Tools & Equipment", description: "Workshop and yard equipment." },
];

export interface DemoCompetition {
  title: string;
  description: string;
  image: string;
  category: string;
  pricePence: number;
  maxTickets: number | null;
  sold: number;
  endsInDays: number;
  featured?: boolean;
  showOnHero?: boolean;
  status?: "active" | "closed" | "drawn";
  question: string;
  answer: string;
  prizeDetails: string;
}

export const COMPETITIONS: DemoCompetition[] = [
  {
    title: "Massey Ferguson 5S Tractor",
    description:
      "Win a 145 hp Massey Ferguson 5S with front loader, delivered to your yard anywhere on the UK mainland or in Ireland. A do-it-all tractor for mixed farms.",
    image: "/images/tractor.svg",
    category: "Farm Machinery",
    pricePence: 499,
    maxTickets: 19999,
    sold: 46,
    endsInDays: 12,
    featured: true,
    showOnHero: true,
    question: "How many wheels does a standard farm tractor have?",
    answer: "4",
    prizeDetails: "Massey Ferguson 5S.145 Dyna-6, front loader, 12 months' dealer warranty. Cash alternative £68,000.",
  },
  {
    title: "Honda TRX520 Farm Quad",
    description: "A workhorse ATV for checking stock and fences, with a tow hitch and front and rear racks.",
    image: "/images/quad-bike.svg",
    category: "Farm Machinery",
    pricePence: 199,
    maxTickets: 4999,
    sold: 31,
    endsInDays: 6,
    featured: true,
    question: "What is the plural of sheep?",
    answer: "sheep",
    prizeDetails: "Honda TRX520 FE2 with tow hitch, helmet and first service. Cash alternative £9,500.",
  },
  {
    title: "Centre-Pivot Irrigation System",
    description: "A 10-hectare centre-pivot system, supplied and installed, with remote control from your phone.",
    image: "/images/irrigation.svg",
    category: "Irrigation",
    pricePence: 299,
    maxTickets: 9999,
    sold: 18,
    endsInDays: 9,
    featured: true,
    question: "Which gas do plants take in from the air to make food?",
    answer: "carbon dioxide",
    prizeDetails: "Installed pivot for up to 10 ha, survey and first season's servicing. Cash alternative £32,000.",
  },
  {
    title: "Drip Irrigation Starter Kit for Growers",
    description: "Everything a market garden needs to water 1,000 m² of beds: drip tape, filters, timers and fittings.",
    image: "/images/drip-irrigation.svg",
    category: "Irrigation",
    pricePence: 99,
    maxTickets: 999,
    sold: 22,
    endsInDays: 4,
    question: "What colour is chlorophyll?",
    answer: "green",
    prizeDetails: "Complete drip kit for 1,000 m², with a two-hour setup call. Cash alternative £1,200.",
  },
  {
    title: "£10,000 Tax-Free Cash",
    description: "Ten thousand pounds, paid by bank transfer within 48 hours of the live draw. Spend it on the farm or on yourself.",
    image: "/images/cash.svg",
    category: "Cash Prizes",
    pricePence: 149,
    maxTickets: 14999,
    sold: 57,
    endsInDays: 3,
    featured: true,
    showOnHero: true,
    question: "How many pence are there in a pound?",
    answer: "100",
    prizeDetails: "£10,000 paid by bank transfer.",
  },
  {
    title: "Agronomy & Soil Health Course",
    description: "A BASIS-accredited five-day course on soil health, crop nutrition and regenerative practice, with travel and lodging.",
    image: "/images/training.svg",
    category: "Training",
    pricePence: 50,
    maxTickets: 1999,
    sold: 12,
    endsInDays: 15,
    question: "What do earthworms mostly live in?",
    answer: "soil",
    prizeDetails: "Five-day course, four nights' lodging and rail travel within the UK. Cash alternative £2,400.",
  },
  {
    title: "Ifor Williams Livestock Trailer",
    description: "A 12-foot double-deck livestock trailer, galvanised, with ramp and gates.",
    image: "/images/livestock-trailer.svg",
    category: "Farm Machinery",
    pricePence: 249,
    maxTickets: 7999,
    sold: 9,
    endsInDays: 18,
    question: "What is a young sheep called?",
    answer: "lamb",
    prizeDetails: "Ifor Williams DP120 with sheep decks. Cash alternative £11,000.",
  },
  {
    title: "Solar Water Pump for Remote Fields",
    description: "A solar-powered pump and trough kit for fields without mains power.",
    image: "/images/solar-pump.svg",
    category: "Irrigation",
    pricePence: 129,
    maxTickets: null,
    sold: 5,
    endsInDays: 21,
    question: "What star gives the Earth its daylight?",
    answer: "the sun",
    prizeDetails: "Solar pump, two panels, 1,000-litre trough and float valve. Cash alternative £3,000.",
  },
  {
    title: "Workshop Tool Bundle",
    description: "A professional workshop kit: compressor, welder, socket sets and a rolling tool chest.",
    image: "/images/workshop-tools.svg",
    category: "Tools & Equipment",
    pricePence: 79,
    maxTickets: 2999,
    sold: 14,
    endsInDays: -1,
    status: "closed",
    question: "What tool is used to tighten a nut?",
    answer: "spanner",
    prizeDetails: "Compressor, MIG welder, 200-piece socket set and tool chest. Cash alternative £2,800.",
  },
  {
    title: "Crop Mapping Drone",
    description: "A mapping drone with multispectral camera and a year of field-analysis software.",
    image: "/images/drone.svg",
    category: "Tools & Equipment",
    pricePence: 199,
    maxTickets: 2999,
    sold: 20,
    endsInDays: -10,
    status: "drawn",
    question: "How many legs does a spider have?",
    answer: "8",
    prizeDetails: "Multispectral mapping drone and 12 months of software. Cash alternative £6,500.",
  },
];

export const ENTRANT_NAMES = [
  "Siobhan Murphy",
  "Gareth Evans",
  "Aileen McLeod",
  "Tom Whitfield",
  "Priya Sandhu",
  "Callum Fraser",
  "Bronwen Hughes",
  "Declan O'Brien",
  "Hannah Carter",
  "Rhys Morgan",
  "Fiona Campbell",
  "Joe Pearson",
];

export const WINNERS = [
  { name: "Siobhan M., Co. Cork", testimonial: "Couldn't believe it when the call came. The quad's already earning its keep at lambing." },
  { name: "Gareth E., Powys", testimonial: "Watched the draw live with the whole family. Delivered within the week." },
  { name: "Aileen M., Perthshire", testimonial: "The drip kit has transformed our polytunnels. Thank you!" },
  { name: "Tom W., North Yorkshire", testimonial: "Entered for a laugh, won the trailer. Straightforward from start to finish." },
  { name: "Priya S., Herefordshire", testimonial: "The course was brilliant and the team sorted everything." },
  { name: "Callum F., Aberdeenshire", testimonial: "Cash landed in my account the next morning." },
  { name: "Bronwen H., Ceredigion", testimonial: "Honest draw, lovely people." },
  { name: "Declan O., Co. Tipperary", testimonial: "The tool bundle kitted out the whole workshop." },
];

export const HERO_SLIDES = [
  {
    title: "Win a Massey Ferguson 5S",
    subtitle: "Tickets from £4.99",
    description: "A 145 hp workhorse with front loader, delivered free to your yard.",
    image: "/images/hero-harvest.svg",
    ctaText: "Enter Now",
  },
  {
    title: "Water your fields for free",
    subtitle: "Centre-pivot irrigation up for grabs",
    description: "Installed and serviced for the first season.",
    image: "/images/hero-irrigation.svg",
    ctaText: "See the prize",
  },
  {
    title: "Live draws every Monday",
    subtitle: "Real winners, every week",
    description: "Watch on our social video page. Draws happen whether or not a competition sells out.",
    image: "/images/hero-winners.svg",
    ctaText: "Meet our winners",
    ctaLink: "/winners",
  },
];

export const ABOUT = {
  heroTitle: "Prizes for the people who feed the nation",
  heroSubtitle: "Farm machinery, irrigation, training and cash — won by farmers and growers across the UK and Ireland.",
  mainImage: "/images/about.svg",
  mainImageAlt: "A farmyard with a red barn, a green tractor and a family of farmers",
  contentParagraphs: [
    "Harvest Draws was started by a family of arable farmers in Lincolnshire who were tired of competitions that felt like a lottery with the odds hidden. We run prize draws the way we would want them run for us: clear odds, a free postal route on every draw, and winners chosen live every Monday evening.",
    "Every prize is something we would be glad to have on our own farm — from tractors and quad bikes to irrigation systems and accredited training. Each one is delivered free to addresses in the UK and Ireland, or can be taken as a cash alternative.",
    "We are a small team, and we answer every message ourselves, usually within a day or two.",
  ],
  feature1Title: "Quality prizes",
  feature1Description: "Machinery and kit from trusted dealers, with warranties and free delivery.",
  feature1Icon: "quality",
  feature2Title: "Transparent draws",
  feature2Description: "Live draws every Monday, published odds and a free entry route on every competition.",
  feature2Icon: "transparency",
  feature3Title: "Farming community",
  feature3Description: "Thousands of farmers and growers enter with us — and hundreds have won.",
  feature3Icon: "community",
};

export const POPUP = {
  title: "New: win a Massey Ferguson 5S",
  description: "Our biggest machinery prize yet. Tickets from £4.99 — free postal entry available.",
  image: "/images/tractor.svg",
  ctaText: "Take a look",
  displayPages: ["/"],
  displayDelay: 3000,
  showFrequency: "once_per_session" as const,
  priority: 1,
};

export const DEMO_POSTAL_ADDRESS = "Harvest Draws Free Entry\nPO Box 1234\nLincoln\nLN1 1AA\nUnited Kingdom";
