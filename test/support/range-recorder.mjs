// A recording, optionally throttling, HTTP proxy for browser tests that must see what an
// <audio> element asks for: its Range headers and the statuses answered. Neither resource
// timing (Chromium lists a media element's first request only, with status 0 as it is
// no-cors) nor the page can see them, so the stream goes through here.
//
//   /p/<port>/<bytesPerSecond>/<path>   forwards <path> to http://127.0.0.1:<port>/<path>,
//                                       streaming the answer at that rate (0: unthrottled),
//                                       and records the exchange
//   /log                                {"data": [{method, path, range, status, contentRange}, ...]}
//
// A slow link keeps the browser from holding the whole file before a seek, as on a real
// network, so seeking past what it has must go out as a new Range request.
// rangeRecorderPlugin() starts it with web-test-runner and serves its URL as the module
// `/__range-recorder.js` (`export const RECORDER_URL`).
import { createServer, request as httpRequest } from 'node:http';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);
const SLICE = 2048;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts the recorder on a free 127.0.0.1 port. */
export async function startRangeRecorder() {
  const log = [];
  const sockets = new Set();
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' });
      return res.end();
    }
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/log') {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      return res.end(JSON.stringify({ data: log }));
    }
    const m = /^\/p\/(\d+)\/(\d+)(\/.*)$/.exec(url.pathname);
    if (!m) {
      res.writeHead(404, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      return res.end(JSON.stringify({ code: 404, error: 'no such recorder route' }));
    }
    const [, port, rate, rest] = m;
    const path = rest + url.search;
    const entry = { method: req.method, path, range: req.headers.range ?? null, status: 0, contentRange: null };
    log.push(entry);
    const headers = { ...req.headers, host: `127.0.0.1:${port}` };
    const upstream = httpRequest({ host: '127.0.0.1', port: Number(port), path, method: req.method, headers }, async (answer) => {
      entry.status = answer.statusCode;
      entry.contentRange = answer.headers['content-range'] ?? null;
      const out = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
      // The service redirects to absolute paths: keep them on this proxy.
      if (typeof out.location === 'string' && out.location.startsWith('/')) out.location = `/p/${port}/${rate}${out.location}`;
      res.writeHead(answer.statusCode, out);
      try {
        for await (const chunk of answer) {
          if (Number(rate) === 0) {
            if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
            continue;
          }
          for (let at = 0; at < chunk.length; at += SLICE) {
            if (res.destroyed) return answer.destroy();
            res.write(chunk.subarray(at, at + SLICE));
            await sleep((Math.min(SLICE, chunk.length - at) / Number(rate)) * 1000);
          }
        }
        res.end();
      } catch {
        res.destroy();
      }
    });
    upstream.on('error', () => {
      entry.status = 502;
      if (!res.headersSent) res.writeHead(502, { 'access-control-allow-origin': '*' });
      res.end();
    });
    res.on('close', () => upstream.destroy()); // the browser dropped the request (it does on seeks)
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A web-test-runner plugin: the recorder for the run, its URL served as `/__range-recorder.js`. */
export function rangeRecorderPlugin() {
  let recorder;
  return {
    name: 'range-recorder',
    async serverStart() {
      recorder = await startRangeRecorder();
    },
    async serverStop() {
      await recorder?.stop();
    },
    serve(context) {
      if (context.path !== '/__range-recorder.js') return undefined;
      return { body: `export const RECORDER_URL = ${JSON.stringify(recorder.url)};\n`, type: 'js' };
    },
  };
}
