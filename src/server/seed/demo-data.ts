/** Demo content for an agricultural UK shop. Dates are relative to the moment of seeding. */

export const CATEGORIES = [
  { name: "Farm Machinery", description: "Tractors, quads, trailers and the kit that does the heavy lifting." },
  { name: "Irrigation", description: "Pivots, drip lines and pumps to keep crops watered." },
  { name: "Training", description: "Courses and certificates for farmers and growers." },
  { name: "Cash Prizes", description: "Tax-free cash, paid straight to the winner." },
  { name: "Tools & Equipment", description: "Workshop and yard equipment." },
];

/** What every demo competition has, open or long drawn. "Cash alternative £N" in prizeDetails sets the alternative. */
export interface DemoPrize {
  title: string;
  description: string;
  image: string;
  category: string;
  pricePence: number;
  maxTickets: number | null;
  sold: number;
  question: string;
  answer: string;
  prizeDetails: string;
}

/** A competition open (or just closed) at the moment of seeding. */
export interface DemoCompetition extends DemoPrize {
  /** Buyers choose their numbers from a grid (numbers not chosen are drawn at random). */
  pickNumbers?: boolean;
  /** Multibuy prices in pence on top of pricePence. */
  priceTiers?: Array<{ minQuantity: number; pricePence: number }>;
  endsInDays: number;
  featured?: boolean;
  showOnHero?: boolean;
  status?: "active" | "closed";
  /** Instant prizes committed before the first sale (numbers at random from 1 to maxTickets). */
  instantPrizes?: Array<{ name: string; kind: "cash" | "credit" | "physical"; valuePence: number; count: number }>;
}

/** The competition the home page's promotion (the spec's motocross instant win) opens. */
export const PROMOTED_TITLE = "Motocross Bike Instant Win";

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
    priceTiers: [
      { minQuantity: 10, pricePence: 449 },
      { minQuantity: 25, pricePence: 399 },
    ],
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
    pickNumbers: true,
    priceTiers: [
      { minQuantity: 10, pricePence: 179 },
      { minQuantity: 25, pricePence: 149 },
    ],
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
    pickNumbers: true,
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
    // The home page's promotion ("Our Biggest Motocross Instant Win") points here. Launched today:
    // no ticket is out yet, so no instant prize has been won before a real buyer's ticket finds it.
    title: "Motocross Bike Instant Win",
    description:
      "Win a KTM 250 SX-F motocross bike in the live draw, and 260 instant prizes on the way: £5 of site credit, £20 and £100 in cash, won the moment your ticket number comes up.",
    image: "/images/promo.svg",
    category: "Farm Machinery",
    pricePence: 99,
    maxTickets: 9999,
    sold: 0,
    endsInDays: 20,
    question: "How many wheels does a motocross bike have?",
    answer: "2",
    prizeDetails:
      "KTM 250 SX-F motocross bike with kit and first service, plus 260 instant prizes: 200 × £5 site credit, 50 × £20 cash and 10 × £100 cash. Cash alternative £8,000.",
    instantPrizes: [
      { name: "£5 site credit", kind: "credit", valuePence: 500, count: 200 },
      { name: "£20 cash", kind: "cash", valuePence: 2000, count: 50 },
      { name: "£100 cash", kind: "cash", valuePence: 10000, count: 10 },
    ],
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
];

export interface DemoEntrant {
  name: string;
  /** Shown after the first name and last initial in the winners gallery (never a street or an email). */
  county: string;
  /** Their winner's photo, for the people who may win a past draw (see demo-past-draws.ts). */
  photo?: string;
  /** Where a prize would go; only staff see it, on the claim. */
  address?: { line1: string; city: string; postcode: string };
}

/**
 * The people who enter the demo competitions. Past draws are entered only by those with a photo,
 * each photo a portrait of that person, so whoever a draw picks has a face that fits their name.
 */
export const ENTRANTS: DemoEntrant[] = [
  { name: "Tom Whitfield", county: "North Yorkshire", photo: "/images/winner-1.svg", address: { line1: "Low Moor Farm", city: "Thirsk", postcode: "YO7 4LP" } },
  {
    name: "Grace Adeyemi",
    county: "Kent",
    photo: "/images/winner-2.svg",
    address: { line1: "Orchard Cottage, Painters Forstal", city: "Faversham", postcode: "ME13 0EH" },
  },
  {
    name: "Ravi Sandhu",
    county: "Herefordshire",
    photo: "/images/winner-3.svg",
    address: { line1: "Brook House Farm", city: "Leominster", postcode: "HR6 9QT" },
  },
  { name: "Bronwen Hughes", county: "Ceredigion", photo: "/images/winner-4.svg", address: { line1: "Pen-y-Bryn", city: "Lampeter", postcode: "SA48 8NB" } },
  {
    name: "Callum Fraser",
    county: "Aberdeenshire",
    photo: "/images/winner-5.svg",
    address: { line1: "Mains of Balhaggardy", city: "Inverurie", postcode: "AB51 5PR" },
  },
  {
    name: "Yasmin Hussain",
    county: "Lancashire",
    photo: "/images/winner-6.svg",
    address: { line1: "Higher Hodder Farm", city: "Clitheroe", postcode: "BB7 3LW" },
  },
  { name: "Mei Chen", county: "Norfolk", photo: "/images/winner-7.svg", address: { line1: "The Glebe Nursery", city: "Swaffham", postcode: "PE37 8DQ" } },
  { name: "Desmond Clarke", county: "Shropshire", photo: "/images/winner-8.svg", address: { line1: "Upper House Farm", city: "Ludlow", postcode: "SY8 3HZ" } },
  { name: "Siobhan Murphy", county: "Co. Cork" },
  { name: "Gareth Evans", county: "Powys" },
  { name: "Aileen McLeod", county: "Perthshire" },
  { name: "Priya Kaur", county: "Leicestershire" },
  { name: "Declan O'Brien", county: "Co. Tipperary" },
  { name: "Hannah Carter", county: "Somerset" },
  { name: "Rhys Morgan", county: "Carmarthenshire" },
  { name: "Fiona Campbell", county: "Argyll" },
];

/** Each slide opens the competition it shows (by title), or its own link. */
export const HERO_SLIDES: Array<{
  title: string;
  subtitle: string;
  description: string;
  image: string;
  ctaText: string;
  competitionTitle?: string;
  ctaLink?: string;
}> = [
  {
    title: "Win a Massey Ferguson 5S",
    subtitle: "Tickets from £4.99",
    description: "A 145 hp workhorse with front loader, delivered free to your yard.",
    image: "/images/hero-harvest.svg",
    ctaText: "Enter Now",
    competitionTitle: "Massey Ferguson 5S Tractor",
  },
  {
    title: "Water your fields for free",
    subtitle: "Centre-pivot irrigation up for grabs",
    description: "Installed and serviced for the first season.",
    image: "/images/hero-irrigation.svg",
    ctaText: "See the prize",
    competitionTitle: "Centre-Pivot Irrigation System",
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
  /** The competition it advertises. */
  competitionTitle: "Massey Ferguson 5S Tractor",
  displayPages: ["/"],
  displayDelay: 3000,
  showFrequency: "once_per_session" as const,
  priority: 1,
};

export const DEMO_POSTAL_ADDRESS = "Harvest Draws Free Entry\nPO Box 1234\nLincoln\nLN1 1AA\nUnited Kingdom";
