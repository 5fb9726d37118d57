// Each CDN file copied alone into a site folder logs in end to end (test/support/cdn-site.mjs):
// a page with only that file, a real mouse click, the real prompt page and verify endpoint.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { serverCommand } from '../support/commands.js';

interface SiteLogin {
  kind: 'success' | 'error';
  email?: string;
  message?: string;
  tokenParts?: number;
  found?: string;
  files: string[];
  requested: string[];
  errors: string[];
}

const siteLogin = (file: string, page: string, twice = false) =>
  serverCommand<SiteLogin>('cdn-site-login', { file, page, twice });

function expectLoggedIn(r: SiteLogin, file: string) {
  expect(r.errors, 'page errors').to.deep.equal([]);
  expect(r.kind, r.message).to.equal('success');
  expect(r.email).to.equal('demo@example.com');
  expect(r.tokenParts).to.equal(3);
  expect(r.files, 'the site folder').to.deep.equal([file, 'index.html'].sort());
  // The page asked for its HTML and the one file, and got both: nothing else exists to load.
  expect(r.requested).to.deep.equal(['/ 200', `/${file} 200`]);
  expect(r.found, "document.getElementById('service-login-button')").to.equal('service-login-button');
}

// The CDN build of the current sources, made once for this file's tests.
before(async function () {
  this.timeout(300_000);
  while (!(await executeServerCommand<boolean, object>('cdn-site-build'))) {
    // still building: each command waits up to 10 s for it
  }
});

describe('one CDN file, copied alone, logs in', function () {
  // A whole login in a page of its own: each of its steps gives up after 30 s and names itself
  // (test/support/cdn-site.mjs), so the test's own bound only has to outlast their sum.
  this.timeout(240_000);

  for (const file of ['all.js', 'service-login-button.js']) {
    it(`${file}: the <service-login-button> tag`, async () => expectLoggedIn(await siteLogin(file, 'element'), file));
  }

  it('sdk.iife.js: a classic script, serviceKit.init + renderButton', async () => {
    expectLoggedIn(await siteLogin('sdk.iife.js', 'sdk-script'), 'sdk.iife.js');
  });

  it('sdk.iife.js loaded twice: still one serviceKit, still logs in', async () => {
    const r = await siteLogin('sdk.iife.js', 'sdk-script', true);
    expect(r.requested.filter((p) => p.startsWith('/sdk.iife.js')).length).to.be.greaterThan(0);
    expect(r.errors).to.deep.equal([]);
    expect(r.kind, r.message).to.equal('success');
    expect(r.found).to.equal('service-login-button');
  });
});

describe('sdk.js, copied alone, logs in', function () {
  // A whole login in a page of its own: each of its steps gives up after 30 s and names itself
  // (test/support/cdn-site.mjs), so the test's own bound only has to outlast their sum.
  this.timeout(240_000);

  it('an ES module: import { init, renderButton } from ./sdk.js', async () => {
    expectLoggedIn(await siteLogin('sdk.js', 'sdk-module'), 'sdk.js');
  });
});
