// Order never matters between a <service-provider> and the elements inside it: an element defined,
// connected or upgraded before its provider picks the settings up when the provider arrives,
// whether they come as npm modules or as CDN files (each with its own copy of the kit), and it
// follows when it is moved into, out of or between providers.
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/components/provider/provider.js';
import '../../src/components/login-button/login-button.js';
import '../../src/components/trending-list/trending-list.js';
import { ServiceProvider } from '../../src/components/provider/provider.js';
import type { ServiceLoginButton } from '../../src/components/login-button/login-button.js';
import { serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

const appNameOf = (el: Element) => (el as ServiceLoginButton).client.options.appName;
const rows = (el: Element | null | undefined) => el?.shadowRoot?.querySelectorAll('li[part="item"]').length ?? 0;
let tags = 0;

describe('a provider that comes after its elements', () => {
  it('an element inside a provider defined later picks its settings up', async () => {
    const tag = `late-provider-${tags++}`;
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    wrap.innerHTML = `<${tag} app-name="late" host="${serviceUrl}"><service-login-button></service-login-button>
      <service-trending-list limit="2"></service-trending-list></${tag}>`;
    const button = wrap.querySelector('service-login-button')!;
    expect(appNameOf(button), 'before the provider is defined').to.equal(undefined);
    customElements.define(tag, class extends ServiceProvider {});
    await waitFor(() => appNameOf(button) === 'late', 'the button to take the late provider\'s settings');
    await waitFor(() => rows(wrap.querySelector('service-trending-list')) === 2, 'the list to load with the provider\'s host');
  });

  it('follows its element out of a provider, into another, and back', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div>
      <service-provider id="a" app-name="a"><service-login-button></service-login-button></service-provider>
      <service-provider id="b" app-name="b"></service-provider>
    </div>`);
    const button = wrap.querySelector('service-login-button')!;
    expect(appNameOf(button)).to.equal('a');
    wrap.append(button);
    expect(appNameOf(button), 'outside any provider').to.equal(undefined);
    wrap.querySelector('#b')!.append(button);
    expect(appNameOf(button)).to.equal('b');
    wrap.querySelector('#a')!.append(button);
    expect(appNameOf(button)).to.equal('a');
  });
});

/**
 * A page of its own (a same-origin frame: a fresh registry) with `body`, then `scripts` loaded one
 * after another, each once the elements before it have connected; resolves with the frame's document.
 */
async function pageWith(body: string, scripts: string[]): Promise<Document> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><body>${body}</body>`;
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  const doc = frame.contentDocument!;
  for (const src of scripts) {
    const script = Object.assign(doc.createElement('script'), { type: 'module', src });
    const loaded = new Promise((resolve, reject) => {
      script.addEventListener('load', resolve, { once: true });
      script.addEventListener('error', () => reject(new Error(`${src} did not load`)), { once: true });
    });
    doc.body.append(script);
    await loaded;
  }
  return doc;
}

const BODY = () => `<service-provider app-name="ordered" host="${serviceUrl}">
  <service-trending-list limit="2"></service-trending-list><service-login-button></service-login-button>
</service-provider>`;

/** The frame's list loads with the provider's host, and (when defined) its button has the provider's app name. */
async function expectProvided(doc: Document, order: string): Promise<void> {
  try {
    await waitFor(() => rows(doc.querySelector('service-trending-list')) === 2, `${order}: the list to load with the provider's host`);
    const button = doc.querySelector('service-login-button')!;
    if (doc.defaultView!.customElements.get('service-login-button')) {
      await waitFor(() => appNameOf(button) === 'ordered', () => `${order}: the button to have the provider's app name (${appNameOf(button)})`);
    }
  } finally {
    doc.defaultView!.frameElement!.remove();
  }
}

describe('npm modules in any order, in a page of their own', () => {
  const source = (name: string) => `/src/components/${name}/${name}.ts`;
  for (const order of [
    ['trending-list', 'login-button', 'audio-player', 'provider'],
    ['login-button', 'provider', 'trending-list'],
    ['provider', 'trending-list', 'login-button'],
  ]) {
    it(order.join(' > '), async () => expectProvided(await pageWith(BODY(), order.map(source)), order.join(' > ')));
  }
});

describe('CDN files in any order, each with its own copy of the kit', () => {
  let cdn: string;
  before(async function () {
    this.timeout(300_000);
    while (!(await executeServerCommand<boolean, object>('cdn-site-build'))) {
      // still building: each command waits up to 10 s for it
    }
    cdn = '/.data-test/cdn-site/build';
  });

  for (const files of [
    ['service-trending-list.js', 'service-provider.js'],
    ['service-provider.js', 'service-trending-list.js'],
    ['service-trending-list.js', 'service-login-button.js', 'service-provider.js'],
    ['all.js'],
  ]) {
    it(files.join(' > '), async () => expectProvided(await pageWith(BODY(), files.map((f) => `${cdn}/${f}`)), files.join(' > ')));
  }

  // Every element's file alone (the element's own settings), and with the provider's file before and after it.
  const ELEMENTS = ['app-metrics', 'audio-player', 'favorite-button', 'login-button', 'playlist', 'search', 'track-card', 'trending-list', 'user-card'];
  /** Waits until the frame's `tag` element's client has `appName`; removes the frame. */
  async function expectAppName(doc: Document, tag: string, appName: string, order: string): Promise<void> {
    const el = doc.querySelector(tag) as (Element & { client?: { options: { appName?: string } } }) | null;
    try {
      await waitFor(() => el?.client?.options.appName === appName, () => `${order}: <${tag}> to ask as ${appName} (it asks as ${el?.client?.options.appName})`);
    } finally {
      doc.defaultView!.frameElement!.remove();
    }
  }
  for (const name of ELEMENTS) {
    const tag = `service-${name}`;
    it(`${tag}.js alone`, async () => {
      const doc = await pageWith(`<${tag} app-name="own" host="${serviceUrl}"></${tag}>`, [`${cdn}/${tag}.js`]);
      await expectAppName(doc, tag, 'own', `${tag}.js alone`);
    });
    for (const files of [[`${tag}.js`, 'service-provider.js'], ['service-provider.js', `${tag}.js`]]) {
      it(files.join(' > '), async () => {
        const doc = await pageWith(`<service-provider app-name="ordered" host="${serviceUrl}"><${tag}></${tag}></service-provider>`, files.map((f) => `${cdn}/${f}`));
        await expectAppName(doc, tag, 'ordered', files.join(' > '));
      });
    }
  }
});
