// The shop's tables for PostgreSQL, each derived from its one description in db/schema (./derive.ts).
// Named one by one, as drizzle-kit reads a schema module's exports; tests/integration/schema-engines.test.ts
// fails when a table of the description is missing here.
import * as description from "../schema";
import { pgTableOf } from "./derive";

export const aboutPage = pgTableOf(description.aboutPage);
export const auditLog = pgTableOf(description.auditLog);
export const authTokens = pgTableOf(description.authTokens);
export const categories = pgTableOf(description.categories);
export const checkoutReminders = pgTableOf(description.checkoutReminders);
export const competitionViews = pgTableOf(description.competitionViews);
export const competitions = pgTableOf(description.competitions);
export const contactMessages = pgTableOf(description.contactMessages);
export const customerNotes = pgTableOf(description.customerNotes);
export const discountCodes = pgTableOf(description.discountCodes);
export const discountRedemptions = pgTableOf(description.discountRedemptions);
export const draws = pgTableOf(description.draws);
export const entries = pgTableOf(description.entries);
export const healthProbe = pgTableOf(description.healthProbe);
export const heroSlides = pgTableOf(description.heroSlides);
export const instantPrizes = pgTableOf(description.instantPrizes);
export const mediaChunks = pgTableOf(description.mediaChunks);
export const mediaObjects = pgTableOf(description.mediaObjects);
export const mailOutbox = pgTableOf(description.mailOutbox);
export const notificationReceipts = pgTableOf(description.notificationReceipts);
export const notifications = pgTableOf(description.notifications);
export const orders = pgTableOf(description.orders);
export const paymentEvents = pgTableOf(description.paymentEvents);
export const popups = pgTableOf(description.popups);
export const rateCounters = pgTableOf(description.rateCounters);
export const prizeClaims = pgTableOf(description.prizeClaims);
export const protectionEvents = pgTableOf(description.protectionEvents);
export const refunds = pgTableOf(description.refunds);
export const referrals = pgTableOf(description.referrals);
export const releasedTicketNumbers = pgTableOf(description.releasedTicketNumbers);
export const sessions = pgTableOf(description.sessions);
export const settings = pgTableOf(description.settings);
export const simulatedPayments = pgTableOf(description.simulatedPayments);
export const statistics = pgTableOf(description.statistics);
export const ticketBlocks = pgTableOf(description.ticketBlocks);
export const tickets = pgTableOf(description.tickets);
export const users = pgTableOf(description.users);
export const walletEntries = pgTableOf(description.walletEntries);
export const winners = pgTableOf(description.winners);
