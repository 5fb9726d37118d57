// <service-provider> speaks the context protocol's provider side itself: it answers requests,
// hands changes down, and a provider that arrives inside it takes over the elements inside.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/provider/provider.js';
import '../../src/components/login-button/login-button.js';
import { ServiceProvider } from '../../src/components/provider/provider.js';
import type { ServiceLoginButton } from '../../src/components/login-button/login-button.js';

const appNameOf = (el: ServiceLoginButton) => el.client.options.appName;

describe('<service-provider>', () => {
  it('hands its settings down, and every change', async () => {
    const outer = await fixture<ServiceProvider>(html`<service-provider app-name="first"><service-login-button></service-login-button></service-provider>`);
    const button = outer.querySelector('service-login-button')!;
    expect(appNameOf(button)).to.equal('first');
    outer.setAttribute('app-name', 'second');
    await outer.updateComplete;
    expect(appNameOf(button)).to.equal('second');
    // The element's own attribute wins.
    button.setAttribute('app-name', 'own');
    expect(appNameOf(button)).to.equal('own');
  });

  it('the nearest provider wins, also one defined after the elements inside it', async () => {
    const outer = await fixture<ServiceProvider>(html`<service-provider app-name="outer">
      <late-provider app-name="inner"><service-login-button></service-login-button></late-provider>
    </service-provider>`);
    const button = outer.querySelector('service-login-button')!;
    expect(appNameOf(button), 'before the inner provider is defined').to.equal('outer');
    customElements.define('late-provider', class extends ServiceProvider {});
    const inner = outer.querySelector<ServiceProvider>('late-provider')!;
    await inner.updateComplete;
    expect(appNameOf(button), 'the inner provider took over').to.equal('inner');
    outer.setAttribute('app-name', 'outer-2');
    await outer.updateComplete;
    expect(appNameOf(button), 'the outer one no longer reaches it').to.equal('inner');
    inner.setAttribute('app-name', 'inner-2');
    await inner.updateComplete;
    expect(appNameOf(button)).to.equal('inner-2');
  });

  it('an element taken out stops hearing; put back elsewhere, it hears its new provider', async () => {
    const page = await fixture<HTMLElement>(html`<div>
      <service-provider id="a" app-name="a"><service-login-button></service-login-button></service-provider>
      <service-provider id="b" app-name="b"></service-provider>
    </div>`);
    const [a, b] = [...page.querySelectorAll<ServiceProvider>('service-provider')] as [ServiceProvider, ServiceProvider];
    const button = a.querySelector('service-login-button')!;
    b.append(button);
    expect(appNameOf(button)).to.equal('b');
    a.setAttribute('app-name', 'a-2');
    await a.updateComplete;
    expect(appNameOf(button)).to.equal('b');
  });
});
