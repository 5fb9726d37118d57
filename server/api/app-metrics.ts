import type { Db } from '../db/open.js';
import type { AppNameMetric, MetricsTimeRange } from '../../src/core/types.js';

const DAY = 86_400;
const WINDOW_DAYS: Record<MetricsTimeRange, number> = { week: 7, month: 30, all_time: Infinity };

/**
 * Requests per app_name. Counting a request is a map increment; the counts reach SQLite in
 * one small transaction a second, so recording never slows a request down.
 */
export class AppNameMetrics {
  private pending = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private readonly upsert;
  private readonly trailingStatement;

  constructor(
    private readonly db: Db,
    flushEveryMs = 1000,
  ) {
    this.upsert = db.prepare(
      `INSERT INTO app_name_requests (app_name, day, count) VALUES (?, ?, ?)
       ON CONFLICT (app_name, day) DO UPDATE SET count = count + excluded.count`,
    );
    this.trailingStatement = db.prepare<[number, number], { name: string; count: number }>(
      `SELECT app_name AS name, SUM(count) AS count FROM app_name_requests WHERE day >= ?
       GROUP BY app_name ORDER BY count DESC, app_name LIMIT ?`,
    );
    this.timer = setInterval(() => this.flush(), flushEveryMs);
    this.timer.unref();
  }

  record(appName: string): void {
    this.pending.set(appName, (this.pending.get(appName) ?? 0) + 1);
  }

  flush(): void {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const day = Math.floor(Date.now() / 1000 / DAY);
    this.db.transaction(() => {
      for (const [name, count] of batch) this.upsert.run(name, day, count);
    })();
  }

  /** Apps by request count over the trailing window, most first. */
  trailing(range: MetricsTimeRange, limit: number): AppNameMetric[] {
    this.flush();
    const today = Math.floor(Date.now() / 1000 / DAY);
    const days = WINDOW_DAYS[range];
    return this.trailingStatement.all(Number.isFinite(days) ? today - days + 1 : 0, limit);
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
