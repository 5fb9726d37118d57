// The start time of a link (`t=`, the elements' `t` attribute): src/core/start-time.ts, one parser
// for the track card, the playlist and the embed page's options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseStartTime } from '../../src/core/start-time.js';

test('seconds, a clock and units all say the same time', () => {
  for (const value of ['90', '1:30', '01:30', '1m30s', '0h1m30s', ' 1:30 ', '1M30S']) assert.equal(parseStartTime(value), 90, value);
  assert.equal(parseStartTime('1h2m3s'), 3723);
  assert.equal(parseStartTime('1:02:03'), 3723);
  assert.equal(parseStartTime('45s'), 45);
  assert.equal(parseStartTime('2m'), 120);
  assert.equal(parseStartTime('1h'), 3600);
  assert.equal(parseStartTime('1h30s'), 3630);
  assert.equal(parseStartTime('0'), 0);
  assert.equal(parseStartTime('75:00'), 4500, 'a clock\'s first field may pass 59');
});

test('anything else is no time, not an error', () => {
  for (const value of [undefined, null, '', ' ', 'abc', '1.5', '-1', '+90', '1:60', '1:61:00', '1:30:', ':30', '::', '1m30', '1s30m', '1h1h', 'm', '90x', '1e3', '0x10'])
    assert.equal(parseStartTime(value), undefined, String(value));
});
