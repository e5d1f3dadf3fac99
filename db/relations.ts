import { relations } from "drizzle-orm";
import { competitions, entries, notifications, orders, sessions, tickets, users, winners } from "./schema";

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  entries: many(entries),
  orders: many(orders),
  notifications: many(notifications),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const competitionsRelations = relations(competitions, ({ many }) => ({
  entries: many(entries),
  tickets: many(tickets),
  winners: many(winners),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  entries: many(entries),
}));

export const entriesRelations = relations(entries, ({ one, many }) => ({
  competition: one(competitions, { fields: [entries.competitionId], references: [competitions.id] }),
  order: one(orders, { fields: [entries.orderId], references: [orders.id] }),
  user: one(users, { fields: [entries.userId], references: [users.id] }),
  tickets: many(tickets),
}));

export const ticketsRelations = relations(tickets, ({ one }) => ({
  entry: one(entries, { fields: [tickets.entryId], references: [entries.id] }),
  competition: one(competitions, { fields: [tickets.competitionId], references: [competitions.id] }),
}));

export const winnersRelations = relations(winners, ({ one }) => ({
  competition: one(competitions, { fields: [winners.competitionId], references: [competitions.id] }),
  entry: one(entries, { fields: [winners.entryId], references: [entries.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));
