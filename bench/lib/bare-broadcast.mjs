// The baseline for live fan-out: a bare `ws` server beside a bare HTTP route, doing only what a
// broadcast needs. `POST /broadcast` with a frame sends it to every connected socket, as a write
// to Ordo makes it push a change to every subscriber. No auth, rights, database or batching.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/broadcast') {
    res.writeHead(req.url === '/ready' ? 200 : 404).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const frame = Buffer.concat(chunks).toString();
    for (const socket of sockets.clients) socket.send(frame);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
const sockets = new WebSocketServer({ server });
server.listen(Number(process.env.PORT ?? 3596), '127.0.0.1');
