// One client per set of settings (src/core/config.ts perSettings): what the elements' clientFor and
// the login's authClientFor share, so elements with the same settings share a cache and a host choice.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientFor, configure, getClient } from '../../src/core/client.js';
import { perSettings } from '../../src/core/config.js';

describe('one client per set of settings', () => {
  it('gives the same client for the same settings, in any order, with unset values ignored', () => {
    const a = clientFor({ appName: 'one', host: 'http://127.0.0.1:9' });
    assert.equal(clientFor({ host: 'http://127.0.0.1:9', appName: 'one', apiKey: '', authUrl: undefined }), a);
    assert.notEqual(clientFor({ appName: 'two', host: 'http://127.0.0.1:9' }), a);
    assert.equal(a.options.appName, 'one');
  });

  it('gives the page client when nothing is set', () => {
    assert.equal(clientFor({}), getClient());
    assert.equal(clientFor({ appName: '', host: undefined }), getClient());
  });

  it('makes clients anew once configure() changes the page defaults, as getClient() does', () => {
    const before = clientFor({ appName: 'three' });
    configure({ timeout: 1234 });
    const after = clientFor({ appName: 'three' });
    assert.notEqual(after, before);
    assert.equal(after.options.timeout, 1234);
    assert.equal(clientFor({ appName: 'three' }), after);
  });

  it('without a fallback, makes one for no settings too, once', () => {
    let made = 0;
    const forSettings = perSettings((options) => ({ options, n: ++made }));
    assert.equal(forSettings(), forSettings({ appName: '' }));
    assert.equal(made, 1);
  });
});
