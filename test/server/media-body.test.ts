// A stream's body (server/media/body.ts): exact bytes, a small first chunk, and one chunk per
// turn of the event loop, so one response never holds the loop while the socket takes megabytes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { BodyStream, CHUNK, FIRST_CHUNK, type CopyBytes } from '../../server/media/body.js';

const FILE = randomBytes(FIRST_CHUNK + 5 * CHUNK + 777);
const copyFrom =
  (file: Buffer): CopyBytes =>
  (start, end, target, at = 0) =>
    file.copy(target, at, start, end + 1);

/** One turn of the event loop: an immediate queued now runs after every immediate already queued. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Reads the stream in flowing mode, noting how many chunks had arrived at each turn. */
async function readByTurns(body: BodyStream): Promise<{ chunks: Buffer[]; perTurn: number[] }> {
  const chunks: Buffer[] = [];
  const perTurn: number[] = [];
  let ended = false;
  body.on('data', (chunk: Buffer) => chunks.push(chunk));
  body.on('end', () => (ended = true));
  for (let seen = 0; !ended; ) {
    await turn();
    perTurn.push(chunks.length - seen);
    seen = chunks.length;
    assert.ok(perTurn.length < 1000, 'the stream ends');
  }
  return { chunks, perTurn };
}

describe('stream body', () => {
  test('the whole file: a first chunk of FIRST_CHUNK bytes, then CHUNK-byte chunks, one per turn, adding up to the file', async () => {
    const { chunks, perTurn } = await readByTurns(new BodyStream(copyFrom(FILE), 0, FILE.length - 1));
    assert.deepEqual(Buffer.concat(chunks), FILE);
    assert.deepEqual(
      chunks.map((chunk) => chunk.length),
      [FIRST_CHUNK, CHUNK, CHUNK, CHUNK, CHUNK, CHUNK, 777],
    );
    assert.ok(Math.max(...perTurn) <= 1, `chunks per turn: ${perTurn.join()}`);
  });

  test('a range is exactly that slice, wherever it starts and ends', async () => {
    const ranges: Array<[number, number]> = [
      [0, 0],
      [5, 5 + FIRST_CHUNK - 1],
      [5, 5 + FIRST_CHUNK],
      [FIRST_CHUNK - 1, FIRST_CHUNK + CHUNK + 1],
      [123_456, FILE.length - 1],
      [FILE.length - 1, FILE.length - 1],
    ];
    for (const [start, end] of ranges) {
      const { chunks, perTurn } = await readByTurns(new BodyStream(copyFrom(FILE), start, end));
      assert.deepEqual(Buffer.concat(chunks), FILE.subarray(start, end + 1), `${start}-${end}`);
      assert.ok(chunks[0]!.length <= FIRST_CHUNK, `${start}-${end}: first chunk of ${chunks[0]!.length} bytes`);
      assert.ok(Math.max(...perTurn) <= 1, `${start}-${end}: chunks per turn ${perTurn.join()}`);
    }
  });

  test('a reader that does not read: the stream holds at most one chunk ahead', async () => {
    let copied = 0;
    const copy: CopyBytes = (start, end, target, at) => {
      copied += end - start + 1;
      copyFrom(FILE)(start, end, target, at);
    };
    const body = new BodyStream(copy, 0, FILE.length - 1);
    body.pause();
    body.read(0); // start reading without consuming
    for (let i = 0; i < 10; i++) await turn();
    assert.ok(copied <= FIRST_CHUNK + CHUNK, `copied ${copied} bytes for a reader that took none`);
    body.destroy();
  });

  test('destroyed mid-stream: nothing more is copied, and no error', async () => {
    let copies = 0;
    const body = new BodyStream(
      (start, end, target, at) => {
        copies++;
        copyFrom(FILE)(start, end, target, at);
      },
      0,
      FILE.length - 1,
    );
    const errors: unknown[] = [];
    body.on('error', (error) => errors.push(error));
    body.on('data', () => {
      if (copies === 2) body.destroy();
    });
    for (let i = 0; i < 10; i++) await turn();
    assert.equal(copies, 2);
    assert.equal(body.destroyed, true);
    assert.deepEqual(errors, []);
  });
});
