// The generated React wrappers (src/react) and the raw tags, rendered by React 19 in every engine
// against the reference service. React is CommonJS: test/support/react-plugin.mjs serves it.
import * as React from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { expect } from '@open-wc/testing';
import { ServiceTrackCard, ServiceLoginButton } from '../../src/react/index.js';
import type { ServiceErrorDetail } from '../../src/components/shared/service-element.js';
import { appName, fakeHost, serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

describe('React wrappers', () => {
  let container: HTMLDivElement;
  let root: Root;
  const render = (node: React.ReactNode) => flushSync(() => root.render(node));
  const card = () => container.querySelector('service-track-card')!;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    root.unmount();
    container.remove();
  });

  it('hands service-error to onServiceError with the 404 detail', async () => {
    const details: ServiceErrorDetail[] = [];
    render(React.createElement(ServiceTrackCard, { trackId: 'zzzzzz', host: serviceUrl, appName, onServiceError: (e) => details.push(e.detail) }));
    await waitFor(() => details.length > 0, 'onServiceError was not called');
    expect(details).to.have.length(1);
    expect(details[0]).to.include({ status: 404, operation: 'getTrack' });
    await waitFor(() => card().shadowRoot!.querySelector('[part="error"]'), 'the card shows the error');
  });

  it('moves the listener when the onX prop changes', async () => {
    const first: ServiceErrorDetail[] = [];
    const second: ServiceErrorDetail[] = [];
    const props = { trackId: 'zzzzzz', host: fakeHost('error500'), appName }; // a 5xx offers Retry
    render(React.createElement(ServiceTrackCard, { ...props, onServiceError: (e) => first.push(e.detail) }));
    await waitFor(() => first.length > 0, 'the first handler was not called');
    render(React.createElement(ServiceTrackCard, { ...props, onServiceError: (e) => second.push(e.detail) }));
    card().shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!.click();
    await waitFor(() => second.length > 0, 'the second handler was not called');
    expect(first).to.have.length(1);
    expect(second[0]!.status).to.equal(500);
  });

  it('sets props as element properties; reflected ones show as attributes', async () => {
    render(React.createElement(ServiceTrackCard, { size: 'compact', theme: 'dark', host: serviceUrl, appName }));
    const el = card();
    expect(el).to.be.instanceOf(customElements.get('service-track-card')!);
    expect(el.size).to.equal('compact');
    expect(el.host).to.equal(serviceUrl);
    await el.updateComplete;
    expect(el.getAttribute('size')).to.equal('compact');
    expect(el.getAttribute('theme')).to.equal('dark');
    // appName is a property that does not reflect: React must not have written `app-name` itself.
    expect(el.appName).to.equal(appName);
    expect(el.hasAttribute('app-name')).to.equal(false);
  });

  it('passes a boolean prop to a reflecting boolean attribute', async () => {
    render(React.createElement(ServiceLoginButton, { disabled: true, customText: 'Sign in to play' }));
    const el = container.querySelector('service-login-button')!;
    await el.updateComplete;
    expect(el.hasAttribute('disabled')).to.equal(true);
    expect(el.shadowRoot!.querySelector('[part="label"]')!.textContent).to.equal('Sign in to play');
    render(React.createElement(ServiceLoginButton, { disabled: false, customText: 'Sign in to play' }));
    await el.updateComplete;
    expect(el.hasAttribute('disabled')).to.equal(false);
  });
});

describe('raw tags in React 19 (the JSX types in src/types/jsx.ts)', () => {
  it('sets `track-id` as an attribute and listens through `onservice-error`', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    try {
      const details: ServiceErrorDetail[] = [];
      const props = { 'track-id': 'zzzzzz', host: serviceUrl, 'app-name': appName, 'onservice-error': (e: CustomEvent<ServiceErrorDetail>) => details.push(e.detail) };
      flushSync(() => root.render(React.createElement('service-track-card', props)));
      const el = container.querySelector('service-track-card')!;
      expect(el.getAttribute('track-id')).to.equal('zzzzzz');
      expect(el.trackId).to.equal('zzzzzz');
      await waitFor(() => details.length > 0, 'onservice-error was not called');
      expect(details[0]).to.include({ status: 404, operation: 'getTrack' });
    } finally {
      root.unmount();
      container.remove();
    }
  });
});
