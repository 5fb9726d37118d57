/**
 * The read operations a production client makes (contract 4.1, 4.3 and the 15 of 4.5: 18 in
 * all), made as that client makes them, each answer checked against production's models
 * (production-shapes.ts). Used by production-shapes.test.ts and scripts/production-check.ts.
 */
import type { Db } from '../../server/db/open.js';
import { accountQueries } from '../../server/auth/store/accounts.js';
import { DEMO_APP } from '../../server/auth/store/apps.js';
import { loginClaims, signLoginToken } from '../../server/auth/tokens/jwt.js';
import { checkModel, checkType, noFindings, type Findings } from './production-shapes.js';

export interface OperationResult {
  name: string;
  /** A production client reads the answer: it arrived, and nothing required is missing or mistyped. */
  parsed: boolean;
  findings: Findings;
  /** Why it did not parse, when the answer never reached the model check. */
  error?: string;
}

/** The demo user of every catalog (reference-notes: 1 is `7eP5n`). */
const DEMO = '7eP5n';

/**
 * Runs the 18 operations against `base`. `token` is a login token of the demo user (for verify).
 * Like production clients, every request carries `app_name` but the stream URL.
 */
export async function checkOperations(base: string, token: string, appName = 'production-check'): Promise<OperationResult[]> {
  const results: OperationResult[] = [];
  const api = (path: string) => `${base}${path}${path.includes('?') ? '&' : '?'}app_name=${encodeURIComponent(appName)}`;

  /** GETs `url` and reads its JSON body; a non-200 or a body without `data` fails the operation. */
  async function op(name: string, url: string, check: (body: Record<string, unknown>, found: Findings) => Promise<void> | void): Promise<void> {
    const found = noFindings();
    try {
      const res = await fetch(url);
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
      const body = (await res.json()) as Record<string, unknown>;
      if (body === null || typeof body !== 'object' || body.data === undefined) throw new Error('no data');
      await check(body, found);
      results.push({ name, parsed: found.missing.length === 0 && found.mistyped.length === 0, findings: found });
    } catch (error) {
      results.push({ name, parsed: false, findings: found, error: (error as Error).message });
    }
  }
  const data = (type: string) => (body: Record<string, unknown>, found: Findings) => checkType(body.data, type, 'data', found);
  const sample: { track?: Record<string, string>; playlist?: Record<string, string> } = {};

  await op('host list (GET /)', `${base}/`, data('Array<string>'));
  await op('health check (GET /health_check)', `${base}/health_check`, (body, found) => {
    // What production clients' host selection requires of a host before it uses it.
    const health = body.data as Record<string, unknown>;
    const comms = (body.comms ?? health.comms) as { healthy?: boolean } | undefined;
    if (health.service !== 'discovery-node') found.mistyped.push(`data.service: ${JSON.stringify(health.service)}, not discovery-node`);
    if (typeof health.version !== 'string') found.mistyped.push('data.version: not a version');
    if (!comms?.healthy) found.mistyped.push('comms.healthy: not true');
    if ((health.chain_health as { status?: string } | undefined)?.status === 'Unhealthy') found.mistyped.push('data.chain_health: Unhealthy');
    if (health.discovery_provider_healthy !== true) found.mistyped.push('data.discovery_provider_healthy: not true');
  });
  await op('verify token', api(`/v1/users/verify_token?token=${encodeURIComponent(token)}`), data('DecodedUserToken'));
  await op('search users', api('/v1/users/search?query=demo'), data('Array<User>'));
  await op('get user', api(`/v1/users/${DEMO}`), data('User'));
  await op('user favorites', api(`/v1/users/${DEMO}/favorites`), data('Array<Favorite>'));
  await op('user reposts', api(`/v1/users/${DEMO}/reposts?limit=50`), (body, found) => {
    checkType(body.data, 'Array<Activity>', 'data', found);
    for (const [i, activity] of (body.data as Record<string, unknown>[]).entries()) {
      const kind = activity.item_type as string | { kind?: string };
      const model = (typeof kind === 'string' ? kind : kind?.kind) === 'track' ? 'Track' : 'Playlist';
      checkModel(activity.item, model, `data[${i}].item`, found);
    }
  });
  await op('user tags', api(`/v1/users/${DEMO}/tags?limit=5`), data('Array<string>'));
  await op('user tracks', api(`/v1/users/${DEMO}/tracks`), data('Array<Track>'));
  await op('search playlists', api('/v1/playlists/search?query=a&limit=5'), (body, found) => {
    checkType(body.data, 'Array<Playlist>', 'data', found);
    sample.playlist = (body.data as Record<string, string>[])[0];
  });
  // Production sends the playlist in a one-element array; every production client reads data[0].
  await op('get playlist', api(`/v1/playlists/${sample.playlist?.id}`), data('Array<Playlist>'));
  await op('playlist tracks', api(`/v1/playlists/${sample.playlist?.id}/tracks`), data('Array<Track>'));
  await op('search tracks', api('/v1/tracks/search?query=a&limit=20'), data('Array<Track>'));
  await op('trending tracks', api('/v1/tracks/trending'), (body, found) => {
    checkType(body.data, 'Array<Track>', 'data', found);
    sample.track = (body.data as Record<string, string>[])[0];
  });
  await op('get track', api(`/v1/tracks/${sample.track?.id}`), data('Track'));
  // A production client builds the stream URL without app_name and asks for the audio's URL as JSON.
  await op('stream track', `${base}/v1/tracks/${sample.track?.id}/stream?no_redirect=true`, async (body, found) => {
    checkType(body.data, 'string', 'data', found);
    const audio = await fetch(body.data as string, { headers: { range: 'bytes=0-99' } });
    await audio.arrayBuffer();
    if (audio.status !== 206 || audio.headers.get('content-type') !== 'audio/mpeg') found.mistyped.push(`data: plays ${audio.status}`);
  });
  await op('app-name trailing metrics', api('/v1/metrics/app_name/trailing/week'), (body, found) => {
    checkType(body.data, 'Array<object>', 'data', found);
    for (const [i, metric] of (body.data as Record<string, unknown>[]).entries()) {
      checkType(metric.name, 'string', `data[${i}].name`, found);
      checkType(metric.count, 'number', `data[${i}].count`, found);
    }
  });
  // Resolve follows the 302 (as fetch does); a permalink must lead back to its own resource.
  await op('resolve', api(`/v1/resolve?url=${encodeURIComponent(sample.track?.permalink ?? '/')}`), (body, found) => {
    checkType(body.data, 'Track', 'data', found);
    if ((body.data as { id?: string }).id !== sample.track?.id) found.mistyped.push('data.id: the permalink resolved to another track');
  });
  return results;
}

/** The closing line: operations parsed, and distinct required fields missing (indices folded). */
export function summarize(results: OperationResult[]): { parsed: number; total: number; missing: string[] } {
  const missing = new Set(results.flatMap((r) => r.findings.missing.map((path) => `${r.name}: ${path.replace(/\[\d+\]/g, '[]')}`)));
  return { parsed: results.filter((r) => r.parsed).length, total: results.length, missing: [...missing] };
}

/** A login token of the demo user for the demo app, signed with the user's wallet, as the login page makes it. */
export function demoToken(db: Db): string {
  const account = accountQueries(db).byId(1)!;
  const user = { ...account, verified: account.is_verified === 1, profilePicture: null };
  return signLoginToken(loginClaims(user, DEMO_APP.apiKey), account.wallet_key);
}
