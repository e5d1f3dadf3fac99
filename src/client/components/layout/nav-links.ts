export interface NavLinkItem {
  to: string;
  label: string;
  /** Match the path exactly (for "/" and "/admin"). */
  end?: boolean;
}

export interface AdminLinkItem extends NavLinkItem {
  description: string;
}

/** Header links (SPEC §2 Header). */
export const mainLinks: NavLinkItem[] = [
  { to: "/", label: "Home", end: true },
  { to: "/about", label: "About Us" },
  { to: "/competitions", label: "Competitions" },
  { to: "/winners", label: "Winners" },
  { to: "/contact", label: "Contact" },
  { to: "/account", label: "My Account" },
];

/** The admin menu, in the order the spec lists it. */
export const adminMenuLinks: NavLinkItem[] = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/notifications", label: "Notifications" },
  { to: "/admin/about-page", label: "About Page" },
  { to: "/admin/winners", label: "Winners" },
  { to: "/admin/live", label: "Live Draw" },
  { to: "/admin/campaigns", label: "Campaigns" },
  { to: "/admin/hero-slides", label: "Hero Slides" },
  { to: "/admin/popups", label: "Pop-ups" },
  { to: "/admin/discount-codes", label: "Discount Codes" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/entries", label: "All Entries" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/referrals", label: "Referrals" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/mail", label: "Mail" },
  { to: "/admin/player-protection", label: "Player Protection" },
  { to: "/admin/complaints", label: "Complaints" },
  { to: "/admin/audit-log", label: "Audit Log" },
];

/** The admin dashboard's tool grid. */
export const adminTools: AdminLinkItem[] = [
  { to: "/admin/campaigns", label: "Campaigns", description: "Create, edit and close prize competitions." },
  { to: "/admin/analytics", label: "Analytics", description: "Revenue, entries and conversion at a glance." },
  { to: "/admin/hero-slides", label: "Hero Slides", description: "The slides at the top of the home page." },
  { to: "/admin/popups", label: "Pop-ups", description: "Timed announcements shown on chosen pages." },
  { to: "/admin/discount-codes", label: "Discount Codes", description: "Money-off codes for checkout, with their limits and uses." },
  { to: "/admin/notifications", label: "Notifications", description: "Message every customer or just one." },
  { to: "/admin/settings", label: "Settings", description: "Site-wide settings and upload limits." },
  { to: "/admin/categories", label: "Categories", description: "The categories competitions are filed under." },
  { to: "/admin/about-page", label: "About Page", description: "The story and feature cards on /about." },
  { to: "/admin/winners", label: "Winners", description: "The public winners gallery." },
  { to: "/admin/entries", label: "All Entries", description: "Search, filter and export every entry." },
  { to: "/admin/customers", label: "Customers", description: "Find a customer and see their whole record." },
  { to: "/admin/referrals", label: "Referrals", description: "Share links, who joined and what they earned; on or off." },
  { to: "/admin/messages", label: "Messages", description: "Contact messages and the mail outbox." },
  { to: "/admin/mail", label: "Mail", description: "Preview every email template; retry mail that failed." },
  { to: "/admin/player-protection", label: "Player Protection", description: "Signs of harm, restrictions and signing players out." },
  { to: "/admin/complaints", label: "Complaints", description: "The complaints queue with response deadlines." },
  { to: "/admin/audit-log", label: "Audit Log", description: "Every back-office change: who, what and why." },
];
