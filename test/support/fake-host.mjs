// A controllable fake API host for the core's fault tests (runs in Node, started by
// web-test-runner.config.mjs). Every path under /h/<behavior>[~tag]/ acts as its own host
// base URL, so one server offers many hosts; the optional ~tag gives a test its own counters.
//
//   /h/<b>/health_check    the selection probe (also /): 200 JSON for every behavior but `down` (503)
//   /h/proxy/v1/...        forwards to the real service
//   /h/heldprobe/v1/...    a proxy whose probes answer only once the test releases the host (/release)
//   /h/hang/v1/...         never answers
//   /h/held/v1/...         a proxy whose answers wait until the test releases them (/release)
//   /h/stall/v1/...        sends headers and half a body, then nothing
//   /h/error500/v1/...     500 {"code":500,"error":"fake failure"}
//   /h/failonce/v1/...     the first request 500 as error500, then every one proxied to the service
//   /h/error404/v1/...     404 {"code":404,"error":"fake not found"}
//   /h/reset/v1/...        sends headers and half a body, then destroys the socket
//   /h/drop/v1/...         destroys the socket before any answer
//   /h/badjson/v1/...      200 application/json with a broken body
//   /h/html/v1/...         200 text/html
//   /h/nodata/v1/...       200 JSON without `data`
//   /h/noise/v1/...        200 audio/mpeg that is not audio (64 KiB of text): a track no engine can decode
//   /h/verify/v1/...       verify_token answers by token: bare, wrapped, undecodable (400), else 404
//   /hosts?list=a,b        {"data": [...]}: `real` is the real service, `dead` a closed port, anything with a colon or a
//                          leading slash (a URL of any scheme, a relative one) itself, any other name <fake>/h/<name>
//   /count/<b~tag>         {"data": {"api": n, "probes": n, "paths": [...]}}; with ?api=N it answers once N API
//                          requests have arrived (or after 20 s, with what it has): a test awaits a request, not a time
//   /release/<b~tag>       releases a `held` host's requests: ?n=K the K-th (from 1, held or still to come), else all
//                          from now on
import { createServer } from 'node:http';

/** The login profile the `verify` behavior answers (contract 2.7). */
export const PROFILE = {
  userId: '7eP5n', sub: '7eP5n', email: 'demo@example.com', name: 'Demo Listener', handle: 'demo',
  verified: false, profilePicture: null, apiKey: null, iat: '1700000000',
};

const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

/** A port nothing listens on: bound once, then closed. */
async function closedPort() {
  const s = createServer();
  const port = await listen(s);
  await new Promise((r) => s.close(r));
  return port;
}

/** Starts the fake host; `serviceUrl` is the real reference service behind `real` and `proxy`. */
export async function startFakeHost(serviceUrl) {
  const counts = new Map();
  /** Per host segment: its held requests' releases by number, and whether all are released. */
  const gates = new Map();
  /** Per host segment: callbacks waiting for the API count to grow. */
  const watchers = new Map();
  const gate = (seg) => gates.get(seg) ?? gates.set(seg, { all: false, released: new Set(), waiting: new Map() }).get(seg);
  const sockets = new Set();
  const deadUrl = `http://127.0.0.1:${await closedPort()}`;
  let base = '';

  const json = (res, status, body, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' });
    res.end(typeof body == 'string' ? body : JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method == 'OPTIONS') {
      // Any method too: the kit's writes (a favourite's DELETE) are preflighted.
      res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' });
      return res.end();
    }
    if (url.pathname == '/hosts') {
      const names = (url.searchParams.get('list') || '').split(',').filter(Boolean);
      const hosts = names.map((n) => (n == 'real' ? serviceUrl : n == 'dead' ? deadUrl : n.includes(':') || n.startsWith('/') ? n : `${base}/h/${n}`));
      return json(res, 200, { data: hosts });
    }
    const count = /^\/count\/([^/]+)$/.exec(url.pathname);
    if (count) {
      const seg = count[1];
      const now = () => counts.get(seg) ?? { api: 0, probes: 0, paths: [] };
      const want = Number(url.searchParams.get('api') ?? 0);
      if (now().api < want) {
        await new Promise((resolve) => {
          const timer = setTimeout(done, 20_000); // a bound for a request that never comes: the test reports it
          const list = watchers.get(seg) ?? watchers.set(seg, []).get(seg);
          const watcher = () => now().api >= want && done();
          list.push(watcher);
          function done() {
            clearTimeout(timer);
            list.splice(list.indexOf(watcher) >>> 0, 1);
            resolve();
          }
        });
      }
      return json(res, 200, { data: now() });
    }
    const release = /^\/release\/([^/]+)$/.exec(url.pathname);
    if (release) {
      const g = gate(release[1]);
      const n = url.searchParams.get('n');
      for (const [k, go] of g.waiting) {
        if (n === null || Number(n) === k) {
          go();
          g.waiting.delete(k);
        }
      }
      if (n === null) g.all = true;
      else g.released.add(Number(n));
      return json(res, 200, { data: { released: n ?? 'all' } });
    }

    const m = /^\/h\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (!m) return json(res, 404, { code: 404, error: 'no such fake route' });
    const [, seg, rest] = m;
    const behavior = seg.split('~')[0];
    const c = counts.get(seg) ?? { api: 0, probes: 0, paths: [] };
    counts.set(seg, c);
    if (rest == '/' || rest == '/health_check') {
      c.probes++;
      if (behavior == 'heldprobe' && !gate(seg).all) await new Promise((resolve) => gate(seg).waiting.set(`probe ${c.probes}`, resolve));
      return behavior == 'down' ? json(res, 503, { code: 503, error: 'down' }) : json(res, 200, { data: [] });
    }
    c.api++;
    c.paths.push(rest + url.search);
    const number = c.api;
    for (const watcher of [...(watchers.get(seg) ?? [])]) watcher();

    switch (behavior) {
      case 'hang':
        return; // the socket stays open until the client gives up or the server closes
      case 'stall':
      case 'reset':
        res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.write('{"data": {"id": "abc", "ti');
        if (behavior == 'reset') setTimeout(() => req.socket.destroy(), 50);
        return;
      case 'drop':
        return req.socket.destroy();
      case 'error500':
        return json(res, 500, { code: 500, error: 'fake failure' });
      case 'failonce': // a host that fails its first request and then answers as the service: Retry works
        return number == 1 ? json(res, 500, { code: 500, error: 'fake failure' }) : proxy();
      case 'error404':
        return json(res, 404, { code: 404, error: 'fake not found' });
      case 'badjson':
        return json(res, 200, '{"data": {"id": "abc", "title": ');
      case 'html':
        return json(res, 200, '<!doctype html><title>Maintenance</title>', 'text/html');
      case 'verify': {
        // token=bare: the contract's bare profile; token=wrapped: production's {data: profile}
        const token = url.searchParams.get('token');
        if (token == 'bare') return json(res, 200, PROFILE);
        if (token == 'wrapped') return json(res, 200, { data: PROFILE });
        if (token == 'undecodable') return json(res, 400, { code: 400, error: 'The JWT signature could not be decoded.' });
        return json(res, 404, { code: 404, error: 'The JWT signature is invalid - wallet could not be recovered.' });
      }
      case 'noise':
        res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': 65536, 'access-control-allow-origin': '*' });
        return res.end(Buffer.alloc(65536, 'this is not audio. '));
      case 'nodata':
        return json(res, 200, { result: 'no data here' });
      case 'held': {
        const g = gate(seg);
        if (!g.all && !g.released.has(number)) await new Promise((resolve) => g.waiting.set(number, resolve));
        return proxy();
      }
      case 'heldprobe':
      case 'proxy':
        return proxy();
      default:
        return json(res, 404, { code: 404, error: `unknown behavior ${behavior}` });
    }

    async function proxy() {
      try {
        const answer = await fetch(serviceUrl + rest + url.search, { redirect: 'manual' });
        const headers = { 'access-control-allow-origin': '*', 'content-type': answer.headers.get('content-type') ?? '' };
        const location = answer.headers.get('location');
        if (location) Object.assign(headers, { location: `${base}/h/${seg}${location}`, 'access-control-expose-headers': 'Location' });
        res.writeHead(answer.status, headers);
        res.end(Buffer.from(await answer.arrayBuffer()));
      } catch (e) {
        json(res, 502, { code: 502, error: String(e) });
      }
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const port = await listen(server);
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    deadUrl,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
