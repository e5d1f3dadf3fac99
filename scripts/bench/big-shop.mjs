// A long-time customer's history, written straight into the shop's database: `orders` paid orders of
// one ticket each in one competition, each with its entry and its ticket, a minute apart and ending
// now. Used by the big-database bench phase and by the tests of lists and exports past SQLite's
// 32,766-variable limit (a purchase through the API would take minutes for this many).
import { randomUUID } from "node:crypto";

/**
 * `db` is a better-sqlite3 connection (a test's `db.$client`, or the bench's own); `firstNumber`
 * continues a competition's numbering when it is called more than once. Returns the number of orders.
 */
export function fillPaidOrders(db, { userId, email, name = "Long Customer", competitionId, orders, firstNumber = 1, pricePence = 100 }) {
  const now = Date.now();
  const insOrder = db.prepare(
    "insert into orders (id, user_id, customer_name, customer_email, status, total_pence, payment_provider, payment_id, created_at, updated_at) values (?, ?, ?, ?, 'paid', ?, 'simulated', ?, ?, ?)",
  );
  const insEntry = db.prepare(
    "insert into entries (id, competition_id, order_id, user_id, customer_name, customer_email, answer, ticket_count, amount_pence, payment_status, entry_method, created_at) values (?, ?, ?, ?, ?, ?, 'green', 1, ?, 'paid', 'online', ?)",
  );
  const insTicket = db.prepare("insert into tickets (competition_id, entry_id, number, created_at) values (?, ?, ?, ?)");
  const BATCH = 10_000;
  for (let start = 0; start < orders; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(orders, start + BATCH); i++) {
        const at = now - (orders - i) * 60_000;
        const orderId = randomUUID();
        const entryId = randomUUID();
        insOrder.run(orderId, userId, name, email, pricePence, `bench_${orderId}`, at, at);
        insEntry.run(entryId, competitionId, orderId, userId, name, email, pricePence, at);
        insTicket.run(competitionId, entryId, String(firstNumber + i), at);
      }
    })();
  }
  db.prepare("update competitions set sold_tickets = sold_tickets + ? where id = ?").run(orders, competitionId);
  return orders;
}
