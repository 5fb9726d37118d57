import type { Key } from '../../core/i18n/en.js';
import { html, svg, nothing, type PropertyDeclarations } from 'lit';
import type { AppNameMetric, MetricsTimeRange } from '../../core/index.js';
import { ServiceElement } from '../shared/service-element.js';
import { DataTask } from '../../controllers/data-task.js';
import { readsRtl } from '../../controllers/language.js';
import { taskView } from '../shared/states.js';
import { theme } from '../shared/theme.js';
import { countSetting, formatCount } from '../shared/format.js';
import { appMetricsStyles } from './app-metrics.styles.js';
import { define } from '../shared/configured-element.js';

/** One bar: an app's name and request count, both always present. */
export interface AppMetricRow {
  name: string;
  count: number;
}

/** The names of the windows' words. */
const RANGES: Record<MetricsTimeRange, Key> = { week: 'the last 7 days', month: 'the last 30 days', all_time: 'all time' };
const ROW = 40;
const BAR = 14;
const LABEL_CHARS = 48;

/** Names longer than the chart has room for end in an ellipsis there; the table keeps them whole. */
const shorten = (name: string) => (name.length > LABEL_CHARS ? name.slice(0, LABEL_CHARS - 1) + '…' : name);

/**
 * The apps sending the most requests over a trailing window, as a horizontal bar chart
 * drawn in SVG. The chart is hidden from assistive technology; a real table carries the
 * same numbers for screen readers (visually hidden, or shown with `view="table"`).
 *
 * @summary Requests per app as a bar chart, with a table fallback.
 * @fires service-error - The metrics could not be loaded. Detail: `{ message, status, operation, kind }`.
 * @csspart chart - The SVG bar chart (`aria-hidden`).
 * @csspart bar - One bar.
 * @csspart label - A bar's text: the app's name and its count.
 * @csspart table - The table of the same numbers.
 * @csspart loading - The loading skeleton.
 * @csspart error - The error message.
 * @csspart retry - Retry, where asking again can help: a host that failed or could not be reached (not an item the service does not have).
 * @csspart empty - Shown when no requests are recorded.
 * @cssproperty [--service-accent=#6a14b8] - Bar colour.
 * @cssproperty [--service-text=#17171c] - Text colour.
 * @cssproperty [--service-muted=#55555f] - Count and caption colour.
 * @cssproperty [--service-background=#ffffff] - Background.
 * @cssproperty [--service-surface=#f1f0f5] - The track behind each bar.
 * @cssproperty [--service-border=#d9d7e0] - Table rules.
 * @cssproperty [--service-radius=10px] - Corner radius.
 * @cssproperty [--service-font=system-ui] - Font family.
 */
export class ServiceAppMetrics extends ServiceElement {
  static override styles = [theme, appMetricsStyles];
  static override properties: PropertyDeclarations = {
    timeRange: { attribute: 'time-range', reflect: true },
    limit: { type: Number },
    view: { reflect: true },
    loading: { reflect: true },
  };

  /** The trailing window: `week` (default), `month` or `all_time`. */
  timeRange: MetricsTimeRange = 'week';
  /** How many apps to show, most requests first, 1 to 500; default 10. */
  limit = 10;
  /** `chart` (default) draws the bars; `table` shows the table instead. */
  view: 'chart' | 'table' = 'chart';
  /** `lazy` waits until the element comes into view before fetching. */
  loading: 'lazy' | 'eager' = 'eager';

  readonly #data = new DataTask(this, {
    operation: 'getAppNameMetrics',
    args: () => [this.#range, countSetting(this.limit, 500, 10)] as const,
    fetch: ([range, limit], client, signal) => client.getAppNameMetrics(range, { limit, signal }).then(toRows),
    failed: () => this.i18n.t('Could not load the app metrics.'),
  });

  /** The rows on show, most requests first, once loaded. */
  get metrics(): AppMetricRow[] | undefined {
    return this.#data.value;
  }

  /** Fetches the counts again, past the client's cache. */
  refresh(): void {
    this.client.invalidate('/metrics/app_name/');
    void this.#data.run();
  }

  get #range(): MetricsTimeRange {
    return this.timeRange in RANGES ? this.timeRange : 'week';
  }

  protected override render() {
    const { t } = this.i18n;
    return taskView(this.#data, (rows) => this.#renderMetrics(rows), {
      missing: 'These metrics are not available.',
      loading: 'Loading app metrics',
      empty: 'No requests recorded yet',
      isEmpty: (rows) => rows.length === 0,
    }, t);
  }

  #renderMetrics(rows: AppMetricRow[]) {
    const { t, lang } = this.i18n;
    const number = new Intl.NumberFormat(lang);
    const caption = t('Requests by app, {range}', { range: t(RANGES[this.#range]) });
    const max = Math.max(1, ...rows.map((r) => r.count));
    const table = this.view === 'table';
    // Right to left, names start at the right and bars grow from it (SVG text anchors follow the direction).
    const [start, end] = readsRtl(this) ? ['100%', '0'] : ['0', '100%'];
    // A table does not shrink into the 1px visually-hidden box itself: a wrapper div does the hiding.
    return html`
      ${table
        ? nothing
        : html`<p class="title" aria-hidden="true">${caption}</p>
          <svg part="chart" class="chart" width="100%" height=${rows.length * ROW} aria-hidden="true">
            ${rows.map((row, i) => {
              const y = i * ROW;
              const share = (row.count / max) * 100;
              const name = row.name || t('(no name)');
              return svg`<g>
                <title>${name}: ${number.format(row.count)}</title>
                <text part="label" class="name" x=${start} y=${y + 15}>${shorten(name)}</text>
                <text part="label" class="count" x=${end} y=${y + 15} text-anchor="end">${formatCount(row.count, lang)}</text>
                <rect class="track" y=${y + 21} width="100%" height=${BAR} rx="3"></rect>
                <rect part="bar" class="bar" x=${start == '0' ? 0 : `${100 - share}%`} y=${y + 21} width="${share}%" height=${BAR} rx="3"></rect>
              </g>`;
            })}
          </svg>`}
      <div class=${table ? nothing : 'visually-hidden'}>
        <table part="table" class="table">
          <caption>${caption}</caption>
          <thead>
            <tr><th scope="col">${t('App')}</th><th scope="col">${t('Requests')}</th></tr>
          </thead>
          <tbody>
            ${rows.map((row) => html`<tr><th scope="row">${row.name || t('(no name)')}</th><td>${number.format(row.count)}</td></tr>`)}
          </tbody>
        </table>
      </div>
    `;
  }
}

define('service-app-metrics', ServiceAppMetrics);

/** Fills the contract's optional fields and orders the rows, most requests first. */
function toRows(metrics: AppNameMetric[]): AppMetricRow[] {
  return metrics
    .map((m) => ({ name: typeof m.name === 'string' ? m.name : '', count: Number.isFinite(m.count) ? Math.max(0, m.count!) : 0 }))
    .sort((a, b) => b.count - a.count);
}

declare global {
  interface HTMLElementTagNameMap {
    'service-app-metrics': ServiceAppMetrics;
  }
}
