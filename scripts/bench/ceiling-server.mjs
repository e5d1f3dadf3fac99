// The machine's ceiling for the same work, with nothing in the way: plain node:http, one
// better-sqlite3 connection, the same hold-style allocation transaction, a list served from memory
// and a static page. The bench runs it beside the shop so the shop's figures read as a ratio.
import Database from "better-sqlite3";
import { createServer } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = Number(process.argv[2]);
const db = new Database(join(mkdtempSync(join(tmpdir(), "ceiling-")), "c.db"));
db.pragma("journal_mode = WAL");
db.pragma("synchronous = NORMAL");
db.exec(`create table c (id integer primary key, max integer, sold integer, next integer);
         create table t (id integer primary key, c integer, n integer, unique(c, n));
         insert into c values (1, 1000000000, 0, 1);`);
const get = db.prepare("select max, sold, next from c where id = 1");
const upd = db.prepare("update c set sold = sold + ?, next = next + ? where id = 1");
const ins = db.prepare("insert into t (c, n) values (1, ?)");
const buy = db.transaction((q) => {
  const c = get.get();
  if (c.sold + q > c.max) return null;
  upd.run(q, q);
  const numbers = [];
  for (let i = 0; i < q; i++) {
    ins.run(c.next + i);
    numbers.push(String(c.next + i));
  }
  return numbers;
});
const list = JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ id: String(i), title: `Prize ${i}`, description: "x".repeat(300), price: "2.50", soldTickets: 10 })));
const html = `<!doctype html><html><head><title>x</title><script type="module" src="/a.js"></script></head><body><div id="root"></div></body></html>`;

createServer((req, res) => {
  if (req.method === "POST") {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const q = JSON.parse(body).quantity ?? 1;
      const numbers = buy.immediate(q);
      res.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify({ ticketNumbers: numbers }));
    });
    return;
  }
  if (req.url === "/list") return void res.writeHead(200, { "content-type": "application/json" }).end(list);
  res.writeHead(200, { "content-type": "text/html" }).end(html);
}).listen(port, "127.0.0.1", () => process.send?.("ready"));
