/**
 * A bare node:http server answering every request with the same bytes and headers the app sent:
 * the ceiling the app's throughput is compared with. Its arguments: the body's file and a JSON
 * file of the app's headers (node sets date, connection and content-length itself). Prints its
 * port and pid on stdout (its CPU is read from /proc: tsx runs it in a process of its own).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, headersFile] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const headers = JSON.parse(readFileSync(headersFile!, 'utf8')) as Record<string, string>;
const server = http.createServer((_req, res) => {
  res.writeHead(200, { ...headers, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, pid: process.pid }));
});
