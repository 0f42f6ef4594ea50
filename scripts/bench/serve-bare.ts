/**
 * A bare node:http server answering every request with the same bytes and headers the app sent:
 * the ceiling the app's throughput is compared with. Prints its port and pid on stdout (its CPU is read
 * from /proc: tsx runs it in a process of its own).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, contentType] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': contentType ?? 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, pid: process.pid }));
});
