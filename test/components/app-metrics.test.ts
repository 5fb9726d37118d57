import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/components/app-metrics/app-metrics.js';
import type { ServiceAppMetrics } from '../../src/components/app-metrics/app-metrics.js';
import { configure, type AppNameMetric } from '../../src/core/index.js';
import { announcerRegion } from '../../src/core/announcer.js';
import { appName, fakeCount, fakeHost, serviceUrl } from '../support/service.js';
import { waitFor } from '../support/waits.js';

const DISTINCT = 'metrics-el-test';
const MARKUP = '<b>metrics</b><img src=x onerror=alert(1)>';

const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const $$ = (el: ServiceAppMetrics, selector: string) => [...el.shadowRoot!.querySelectorAll(selector)];
const loaded = (el: ServiceAppMetrics) =>
  waitFor(() => el.shadowRoot!.querySelector('[part="table"], [part="empty"], [part="error"]'), 'the metrics settle');

/** The table's rows as [name, count]. */
const tableRows = (el: ServiceAppMetrics) =>
  $$(el, '[part="table"] tbody tr').map((tr) => [text(tr.querySelector('th')), Number(text(tr.querySelector('td')).replace(/\D/g, ''))] as const);

/** A week count straight from the service, read under an app name of its own so the read is not counted. */
async function weekCount(name: string): Promise<number> {
  const res = await fetch(`${serviceUrl}/v1/metrics/app_name/trailing/week?app_name=${appName}&limit=500`);
  const { data } = (await res.json()) as { data: AppNameMetric[] };
  return data.find((m) => m.name === name)?.count ?? 0;
}

async function requestsAs(name: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${serviceUrl}/v1/tracks/trending?limit=1&app_name=${encodeURIComponent(name)}`);
    expect(res.status).to.equal(200);
  }
}

// Each element gets an app name of its own, hence its own client and cache: every test reads fresh counts.
let mounts = 0;
const mount = (attrs: { host?: string; timeRange?: string; limit?: number; view?: string } = {}) =>
  fixture<ServiceAppMetrics>(html`<service-app-metrics
    host=${attrs.host ?? serviceUrl}
    app-name=${`${appName}-metrics-${mounts++}`}
    time-range=${attrs.timeRange ?? 'week'}
    limit=${attrs.limit ?? 500}
    view=${attrs.view ?? 'chart'}
  ></service-app-metrics>`);

describe('<service-app-metrics>', () => {
  let earlier: number;

  before(async () => {
    earlier = await weekCount(DISTINCT);
    await requestsAs(DISTINCT, 3);
    await requestsAs(MARKUP, 1);
  });

  it('shows a loading skeleton while the counts are on their way', async () => {
    const el = await mount({ host: fakeHost('hang') });
    expect(el.shadowRoot!.querySelector('[part="loading"]')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('draws a bar per app, labelled with its name, and the table row has its count', async () => {
    const el = await mount();
    await loaded(el);
    const svg = el.shadowRoot!.querySelector('svg[part="chart"]')!;
    expect(svg.getAttribute('aria-hidden')).to.equal('true');
    const names = $$(el, 'text[part="label"].name').map(text);
    expect(names).to.include(DISTINCT);
    expect($$(el, 'rect[part="bar"]')).to.have.length(names.length);

    const row = tableRows(el).find(([name]) => name === DISTINCT)!;
    expect(row, 'a table row for the app').to.exist;
    expect(row[1]).to.equal(earlier + 3);
    expect(row[1]).to.be.at.least(3);
    expect(el.shadowRoot!.querySelector('[part="table"] caption')!.textContent).to.equal('Requests by app, the last 7 days');
    expect($$(el, '[part="table"] th[scope="col"]').map(text)).to.deep.equal(['App', 'Requests']);
    await expect(el).to.be.accessible();
  });

  it('orders bars by count, longest first, scaled to the largest', async () => {
    const el = await mount();
    await loaded(el);
    const counts = tableRows(el).map(([, count]) => count);
    expect(counts.length).to.be.greaterThan(1);
    expect(counts).to.deep.equal([...counts].sort((a, b) => b - a));
    const widths = $$(el, 'rect[part="bar"]').map((r) => parseFloat(r.getAttribute('width')!));
    expect(widths[0]).to.equal(100);
    widths.forEach((w, i) => expect(w).to.be.closeTo((counts[i]! / counts[0]!) * 100, 0.01));
    // The chart's names follow the table's order.
    expect($$(el, 'text[part="label"].name').map(text)).to.deep.equal(tableRows(el).map(([name]) => name.length > 48 ? name.slice(0, 47) + '…' : name));
  });

  it('renders markup in app names as text', async () => {
    const el = await mount();
    await loaded(el);
    expect($$(el, 'text[part="label"].name').map(text)).to.include(MARKUP);
    expect(tableRows(el).map(([name]) => name)).to.include(MARKUP);
    expect(el.shadowRoot!.querySelector('b, img')).to.equal(null);
  });

  it('view="table" shows the table instead of the chart', async () => {
    const el = await mount({ view: 'table' });
    await loaded(el);
    expect(el.shadowRoot!.querySelector('svg')).to.equal(null);
    const table = el.shadowRoot!.querySelector<HTMLTableElement>('[part="table"]')!;
    expect(table.getBoundingClientRect().width).to.be.greaterThan(100);
    expect(table.parentElement!.getBoundingClientRect().width).to.be.greaterThan(100);
    await expect(el).to.be.accessible();
  });

  it('the table is visually hidden under the chart', async () => {
    const el = await mount();
    await loaded(el);
    const table = el.shadowRoot!.querySelector<HTMLTableElement>('[part="table"]')!;
    // Still in the accessibility tree (not display:none), but clipped to nothing and taking no room.
    expect(getComputedStyle(table).display).not.to.equal('none');
    const box = table.parentElement!;
    expect(box.getBoundingClientRect().width).to.be.at.most(1);
    expect(getComputedStyle(box).overflow).to.equal('hidden');
    const chart = el.shadowRoot!.querySelector('svg')!.getBoundingClientRect();
    expect(el.getBoundingClientRect().bottom).to.be.closeTo(chart.bottom, 2);
  });

  it('time-range switches the window', async () => {
    const host = fakeHost('proxy');
    const el = await mount({ host, timeRange: 'week' });
    await loaded(el);
    const week = tableRows(el).find(([name]) => name === DISTINCT)![1];
    el.timeRange = 'all_time';
    await waitFor(() => text(el.shadowRoot!.querySelector('caption')) === 'Requests by app, all time', 'the all-time counts');
    const allTime = tableRows(el).find(([name]) => name === DISTINCT)![1];
    expect(allTime).to.be.at.least(week);
    el.setAttribute('time-range', 'month');
    await waitFor(() => text(el.shadowRoot!.querySelector('caption')) === 'Requests by app, the last 30 days', 'the month counts');
    const paths = (await fakeCount(host)).paths.map((p) => p.split('?')[0]);
    expect(paths).to.deep.equal([
      '/v1/metrics/app_name/trailing/week',
      '/v1/metrics/app_name/trailing/all_time',
      '/v1/metrics/app_name/trailing/month',
    ]);
    expect((await fakeCount(host)).paths[0]).to.contain('limit=500');
  });

  it('shows an error with Retry and fires service-error when the host fails', async () => {
    const host = fakeHost('error500');
    const el = document.createElement('service-app-metrics');
    el.host = host;
    el.appName = appName;
    const failed = oneEvent(el, 'service-error');
    document.body.append(el);
    try {
      const { detail } = await failed;
      expect(detail.status).to.equal(500);
      expect(detail.operation).to.equal('getAppNameMetrics');
      await el.updateComplete;
      // The page's one live region says it, naming the element (the error state itself is no second alert).
      await waitFor(() => announcerRegion()?.textContent?.includes('Could not load the app metrics.'), 'the live region to name the app metrics');
      await expect(el).to.be.accessible();
      const again = oneEvent(el, 'service-error');
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part="retry"]')!.click();
      await again;
      expect((await fakeCount(host)).api).to.equal(2);
    } finally {
      el.remove();
    }
  });

  it('says so when no requests are recorded', async () => {
    // The real service counts every request, so it never answers an empty list; a page-wide
    // fetch that answers one for the metrics stands in for a fresh service.
    const paths: string[] = [];
    configure({
      host: serviceUrl,
      appName,
      fetch: (input) => {
        paths.push(String(input));
        return Promise.resolve(new Response('{"data":[]}', { status: 200, headers: { 'content-type': 'application/json' } }));
      },
    });
    try {
      const el = await fixture<ServiceAppMetrics>(html`<service-app-metrics></service-app-metrics>`);
      await loaded(el);
      expect(text(el.shadowRoot!.querySelector('[part="empty"]'))).to.equal('No requests recorded yet');
      expect(el.shadowRoot!.querySelector('svg, table')).to.equal(null);
      expect(paths.some((p) => p.includes('/v1/metrics/app_name/trailing/week'))).to.equal(true);
      await expect(el).to.be.accessible();
    } finally {
      configure({ host: undefined, appName: undefined, fetch: undefined });
    }
  });

  it('refresh() reads the counts again, past the cache', async () => {
    const el = await mount();
    await loaded(el);
    const first = tableRows(el).find(([name]) => name === DISTINCT)![1];
    await requestsAs(DISTINCT, 2);
    el.refresh();
    await waitFor(() => tableRows(el).find(([name]) => name === DISTINCT)?.[1] === first + 2, 'the new count');
  });
});
