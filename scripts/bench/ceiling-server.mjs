// The machine's ceiling for the same work, with nothing in the way: plain node:http, one
// better-sqlite3 connection, the same hold-style allocation transaction, a list served from memory
// and a static page. The bench runs it beside the shop so the shop's figures read as a ratio.
import Database from "better-sqlite3";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.argv[2]);
const db = new Database(join(mkdtempSync(join(tmpdir(), "ceiling-")), "c.db"));
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
// The same rows the shop writes: a pending order and entry holding numbers, then, after the
// (instant) payment, the order and entry paid, the counters moved and a confirmation queued.
db.exec(`create table c (id integer primary key, max integer, sold integer, held integer, next integer);
         create table o (id text primary key, status text, total integer, created integer);
         create table e (id text primary key, o text, c integer, q integer, status text);
         create table t (id integer primary key, c integer, e text, n integer, unique(c, n));
         create table m (id integer primary key, "to" text, body text);
         create index e_o on e (o);
         insert into c values (1, 1000000000, 0, 0, 1);`);
const get = db.prepare("select max, sold, held, next from c where id = 1");
const hold = db.prepare("update c set held = held + ?, next = next + ? where id = 1");
const insOrder = db.prepare("insert into o values (?, 'pending', ?, ?)");
const insEntry = db.prepare("insert into e values (?, ?, 1, ?, 'pending')");
const insTicket = db.prepare("insert into t (c, e, n) values (1, ?, ?)");
const paidOrder = db.prepare("update o set status = 'paid' where id = ?");
const paidEntry = db.prepare("update e set status = 'paid' where o = ?");
const sell = db.prepare("update c set held = held - ?, sold = sold + ? where id = 1");
const mail = db.prepare('insert into m ("to", body) values (?, ?)');
const holdTx = db.transaction((q) => {
  const c = get.get();
  if (c.sold + c.held + q > c.max) return null;
  const orderId = crypto.randomUUID();
  const entryId = crypto.randomUUID();
  insOrder.run(orderId, q * 100, Date.now());
  insEntry.run(entryId, orderId, q);
  hold.run(q, q);
  const numbers = [];
  for (let i = 0; i < q; i++) {
    insTicket.run(entryId, c.next + i);
    numbers.push(String(c.next + i));
  }
  return { orderId, numbers };
});
const settleTx = db.transaction((orderId, q, numbers) => {
  paidOrder.run(orderId);
  paidEntry.run(orderId);
  sell.run(q, q);
  mail.run("buyer@example.test", `Your tickets: ${numbers.join(", ")}`);
});
const buy = (q) => {
  const held = holdTx.immediate(q);
  if (!held) return null;
  settleTx.immediate(held.orderId, q, held.numbers);
  return held.numbers;
};
// The very bytes the shop serves: its competition list and its built index.html (paths from the bench).
const list = readFileSync(process.argv[3]);
const one = readFileSync(process.argv[4]);
const html = readFileSync(process.argv[5]);

createServer((req, res) => {
  if (req.method === "POST") {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const q = JSON.parse(body).quantity ?? 1;
      const numbers = buy(q);
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ ticketNumbers: numbers }));
    });
    return;
  }
  if (req.url === "/list") return void res.writeHead(200, { "content-type": "application/json" }).end(list);
  if (req.url === "/one") return void res.writeHead(200, { "content-type": "application/json" }).end(one);
  res.writeHead(200, { "content-type": "text/html" }).end(html);
}).listen(port, "127.0.0.1", () => process.send?.("ready"));
