// Login tokens: the exact production format, the verify endpoint's answers, and accounts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { authService, seedUsers, type AuthService } from './auth-fixture.js';
import { openMemoryDatabase } from '../../server/db/open.js';
import { DEMO_ACCOUNT, GENERATED_PASSWORD, ensureAccounts } from '../../server/auth/store/accounts.js';
import { loginClaims, signLoginToken, TOKEN_ERRORS } from '../../server/auth/tokens/jwt.js';
import { verifyPassword, needsRehash } from '../../server/auth/store/passwords.js';
import { recoverPersonalSigner, signPersonalMessage } from '../../server/auth/tokens/wallet.js';

let service: AuthService;
type Row = { id: number; handle: string; name: string; email: string; wallet: string; wallet_key: string; password_hash: string };
const row = (id: number) => service.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as Row;
const b64 = (text: string) => Buffer.from(text).toString('base64url');

function tokenFor(id: number, overrides: Record<string, unknown> = {}, key = row(id).wallet_key): string {
  const user = row(id);
  const claims = { ...loginClaims({ ...user, verified: false, profilePicture: null }, 'some-app-key'), ...overrides };
  return signLoginToken(claims as ReturnType<typeof loginClaims>, key);
}

async function verify(token: string) {
  const res = await service.app.inject({ method: 'GET', url: `/v1/users/verify_token?token=${encodeURIComponent(token)}` });
  return { status: res.statusCode, body: res.json() as { data?: Record<string, unknown>; code?: number; error?: string } };
}

before(async () => {
  service = await authService();
});
after(() => service.close());

describe('EIP-191 signatures', () => {
  test('match a known Ethereum personal_sign vector', () => {
    // Hardhat's first account signs "hello" (eth_sign / personal_sign).
    const key = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    const signature = signPersonalMessage('hello', key);
    assert.equal(
      signature,
      '0xf16ea9a3478698f695fd1401bfe27e9e4a7e8e3da94aa72b021125e31fa899cc573c48ea3fe1d4ab61a9db10c19032026e3ed2dbccba5a178235ac27f94504311c',
    );
    assert.equal(recoverPersonalSigner('hello', signature), '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    assert.notEqual(recoverPersonalSigner('hellO', signature), '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });
});

describe('accounts', () => {
  test('every user gets an email, a salted scrypt hash and a wallet whose address is its key\'s', async () => {
    const rows = service.db.prepare('SELECT * FROM users ORDER BY id').all() as Row[];
    assert.equal(rows.length, 4);
    for (const user of rows) {
      assert.match(user.email, /@/);
      assert.match(user.password_hash, /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      assert.match(user.wallet, /^0x[0-9a-f]{40}$/);
      const pub = secp256k1.getPublicKey(Buffer.from(user.wallet_key, 'hex'), false);
      assert.equal(user.wallet, `0x${bytesToHex(keccak_256(pub.subarray(1)).subarray(12))}`);
    }
    assert.equal(rows[2]!.email, 'sam@example.com', 'a missing email becomes <handle>@example.com');
    assert.equal(new Set(rows.map((r) => r.password_hash.split('$')[4])).size, 4, 'one salt per user');
    assert.equal(new Set(rows.map((r) => r.wallet)).size, 4);
  });

  test('the demo account has the documented password at full cost; generated accounts the shared one', async () => {
    assert.ok(await verifyPassword(DEMO_ACCOUNT.password, row(1).password_hash));
    assert.equal(needsRehash(row(1).password_hash), false);
    assert.match(row(1).password_hash, /^scrypt\$14\$8\$1\$/);
    assert.match(row(2).password_hash, /^scrypt\$7\$8\$1\$/, 'generated accounts start at the bootstrap cost');
    assert.ok(await verifyPassword(GENERATED_PASSWORD, row(2).password_hash));
    assert.equal(await verifyPassword(DEMO_ACCOUNT.password, row(2).password_hash), false);
    assert.equal(await verifyPassword('', row(1).password_hash), false);
  });

  test('a second run changes nothing, and 1,000 users are filled quickly', () => {
    const before = service.db.prepare('SELECT wallet, password_hash FROM users ORDER BY id').all();
    assert.equal(ensureAccounts(service.db).filled, 0);
    assert.deepEqual(service.db.prepare('SELECT wallet, password_hash FROM users ORDER BY id').all(), before);

    const db = openMemoryDatabase();
    seedUsers(db);
    const insert = db.prepare('INSERT INTO users (id, handle, name, created_at) VALUES (?, ?, ?, 0)');
    for (let id = 10; id < 1010; id++) insert.run(id, `user${id}`, `User ${id}`);
    const stats = ensureAccounts(db);
    assert.equal(stats.filled, 1004);
    const missing = db.prepare('SELECT count(*) AS n FROM users WHERE email IS NULL OR password_hash IS NULL OR wallet IS NULL').get() as { n: number };
    assert.equal(missing.n, 0);
    db.close();
  });
});

describe('GET /v1/users/verify_token', () => {
  test('a token round-trips: header, payload of 2.7, 132-character signature', async () => {
    const token = tokenFor(1);
    const [header, payload, signature] = token.split('.');
    assert.equal(Buffer.from(header!, 'base64url').toString(), '{"typ":"JWT","alg":"keccak256"}');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    assert.deepEqual(Object.keys(claims), ['userId', 'email', 'name', 'handle', 'verified', 'profilePicture', 'apiKey', 'sub', 'iat']);
    assert.equal(typeof claims.iat, 'number');
    const sig = Buffer.from(signature!, 'base64url').toString();
    assert.match(sig, /^0x[0-9a-f]{128}(1b|1c)$/);
    assert.equal(recoverPersonalSigner(`${header}.${payload}`, sig), row(1).wallet);

    const { status, body } = await verify(token);
    assert.equal(status, 200);
    assert.deepEqual(body.data, { ...claims, iat: String(claims.iat) });
    assert.equal(body.data!.userId, '7eP5n');
    assert.equal(body.data!.email, 'demo@example.com');
  });

  test('app_name is accepted and the route does not clash with /v1/users/:user_id', async () => {
    const res = await service.app.inject({ url: `/v1/users/verify_token?app_name=x&token=${tokenFor(2)}` });
    assert.equal(res.statusCode, 200);
    assert.equal((res.json() as { data: { handle: string } }).data.handle, 'riley');
    const user = await service.app.inject({ url: '/v1/users/7eP5n?app_name=x' });
    assert.equal((user.json() as { data: { handle: string } }).data.handle, 'demo');
  });

  test('a tampered payload is refused with 404', async () => {
    const [header, payload, signature] = tokenFor(2).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    for (const change of [{ email: 'attacker@example.com' }, { verified: true }, { userId: '7eP5n', sub: '7eP5n' }]) {
      const { status, body } = await verify(`${header}.${b64(JSON.stringify({ ...claims, ...change }))}.${signature}`);
      assert.equal(status, 404, JSON.stringify(change));
      assert.equal(body.code, 404);
      assert.match(body.error!, /^The JWT signature is invalid/);
    }
  });

  test('a signature by another wallet is refused with 404', async () => {
    const stranger = bytesToHex(secp256k1.utils.randomSecretKey());
    let result = await verify(tokenFor(1, {}, stranger));
    assert.deepEqual([result.status, result.body.error], [404, TOKEN_ERRORS.unknownWallet]);
    result = await verify(tokenFor(1, {}, row(2).wallet_key)); // riley signs a token naming demo
    assert.deepEqual([result.status, result.body.error], [404, TOKEN_ERRORS.wrongUser]);
  });

  test('a signature from which no wallet can be recovered is a 404 with production\'s message', async () => {
    const [header, payload] = tokenFor(1).split('.');
    for (const sig of [`0x${'0'.repeat(128)}1b`, `0x${'f'.repeat(128)}1c`, `0x${'1'.repeat(128)}05`]) {
      const result = await verify(`${header}.${payload}.${b64(sig)}`);
      assert.deepEqual([result.status, result.body.error], [404, TOKEN_ERRORS.unrecoverable], sig);
    }
  });

  test('garbage is a 400, never a 500', async () => {
    const good = tokenFor(1).split('.');
    const cases: Array<[string, string]> = [
      ['x', TOKEN_ERRORS.undecodableSignature],
      ['a.b', TOKEN_ERRORS.undecodableSignature],
      ['a.b.c.d', TOKEN_ERRORS.undecodableSignature],
      ['..', TOKEN_ERRORS.undecodableSignature],
      [`${good[0]}.${good[1]}.`, TOKEN_ERRORS.undecodableSignature],
      [`${good[0]}.${good[1]}.${b64('0x1234')}`, TOKEN_ERRORS.undecodableSignature],
      [`${good[0]}.${good[1]}.${good[2]}!`, TOKEN_ERRORS.undecodableSignature],
      [`${good[0]}.${good[1]}.${b64(`0x${'g'.repeat(130)}`)}`, TOKEN_ERRORS.undecodableSignature],
      [`${good[0]}.${good[1]}.${b64(`${'a'.repeat(132)}`)}`, TOKEN_ERRORS.undecodableSignature],
      [`${good[0]}.not json.${good[2]}`, TOKEN_ERRORS.undecodablePayload],
      [`${good[0]}.${b64('not json')}.${good[2]}`, TOKEN_ERRORS.undecodablePayload],
      [`${good[0]}.${b64('[1,2]')}.${good[2]}`, TOKEN_ERRORS.undecodablePayload],
      [`${good[0]}.${b64('null')}.${good[2]}`, TOKEN_ERRORS.undecodablePayload],
      [`${good[0]}..${good[2]}`, TOKEN_ERRORS.undecodablePayload],
      [`${b64('{')}.${good[1]}.${good[2]}`, TOKEN_ERRORS.undecodableHeader],
      [`x`.repeat(20_000), TOKEN_ERRORS.undecodableSignature],
    ];
    for (const [token, message] of cases) {
      const { status, body } = await verify(token);
      assert.deepEqual([status, body.error], [400, message], token.slice(0, 60));
    }
    const missing = await service.app.inject({ url: '/v1/users/verify_token' });
    assert.equal(missing.statusCode, 400);
    const twice = await service.app.inject({ url: '/v1/users/verify_token?token=a&token=b' });
    assert.equal(twice.statusCode, 400);
  });

  test('random input never gets a 500', async () => {
    const alphabet = 'AZaz09-_.=~%!"\'<>\\ 0x1b';
    const parts = tokenFor(1).split('.');
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let i = 0; i < 300; i++) {
      const token =
        i % 3 === 0
          ? Array.from({ length: rand(80) }, () => alphabet[rand(alphabet.length)]).join('')
          : parts.map((p) => (rand(3) === 0 ? p.slice(0, rand(p.length)) + alphabet[rand(alphabet.length)] + p.slice(rand(p.length)) : p)).join('.');
      const { status } = await verify(token);
      assert.ok(status === 200 || status === 400 || status === 404, `${status} for ${JSON.stringify(token)}`);
    }
  });
});
