import type { Db } from '../db/open.js';
import type { AppNameMetric, MetricsTimeRange } from '../../src/core/types.js';

const DAY = 86_400;
const WINDOW_DAYS: Record<MetricsTimeRange, number> = { week: 7, month: 30, all_time: Infinity };

/**
 * The bounds of the counts (README, "How it answers"): at most `namesPerDay` distinct names
 * a day, later new names of that day count under `OTHER`; days older than `keepDays` are
 * folded into one all-time row per name, at most `allTimeNames` of them (the rest into
 * `OTHER`). So the table holds at most keepDays × (namesPerDay + 1) + allTimeNames + 1 rows,
 * however many names arrive.
 */
export interface MetricsLimits {
  namesPerDay: number;
  keepDays: number;
  allTimeNames: number;
}

export const METRICS_LIMITS: MetricsLimits = { namesPerDay: 1000, keepDays: 31, allTimeNames: 10_000 };

/** The row that counts requests past a cap (an app that calls itself this shares it). */
export const OTHER = '(other)';

/** The all-time rows live at this day number, before any real day. */
const FOLDED = -1;

/**
 * Requests per app_name. Counting a request is a map increment; the counts reach SQLite in
 * one small transaction a second, so recording never slows a request down.
 */
export class AppNameMetrics {
  private pending = new Map<string, number>();
  /** Today's names already counted (at most namesPerDay), and which day that is. */
  private today = { day: NaN, names: new Set<string>() };
  private readonly timer: NodeJS.Timeout;
  private readonly upsert;
  private readonly trailingStatement;
  private readonly namesOfDay;
  private readonly fold;

  constructor(
    private readonly db: Db,
    flushEveryMs = 1000,
    private readonly limits: MetricsLimits = METRICS_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.upsert = db.prepare(
      `INSERT INTO app_name_requests (app_name, day, count) VALUES (?, ?, ?)
       ON CONFLICT (app_name, day) DO UPDATE SET count = count + excluded.count`,
    );
    this.trailingStatement = db.prepare<[number, number], { name: string; count: number }>(
      `SELECT app_name AS name, SUM(count) AS count FROM app_name_requests WHERE day >= ?
       GROUP BY app_name ORDER BY count DESC, app_name LIMIT ?`,
    );
    this.namesOfDay = db.prepare<[number, number], { app_name: string }>('SELECT app_name FROM app_name_requests WHERE day = ? LIMIT ?');
    this.fold = foldOldDays(db, limits);
    this.timer = setInterval(() => this.flush(), flushEveryMs);
    this.timer.unref();
  }

  private day(): number {
    return Math.floor(this.now() / 1000 / DAY);
  }

  record(appName: string): void {
    const day = this.day();
    if (day !== this.today.day) {
      this.flush();
      this.fold(day);
      this.today = { day, names: new Set(this.namesOfDay.all(day, this.limits.namesPerDay).map((r) => r.app_name)) };
    }
    const { names } = this.today;
    let name = appName;
    if (name !== OTHER && !names.has(name)) {
      if (names.size < this.limits.namesPerDay) names.add(name);
      else name = OTHER;
    }
    this.pending.set(name, (this.pending.get(name) ?? 0) + 1);
  }

  flush(): void {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const day = Number.isNaN(this.today.day) ? this.day() : this.today.day;
    this.db.transaction(() => {
      for (const [name, count] of batch) this.upsert.run(name, day, count);
    })();
  }

  /** Apps by request count over the trailing window, most first. */
  trailing(range: MetricsTimeRange, limit: number): AppNameMetric[] {
    this.flush();
    const days = WINDOW_DAYS[range];
    return this.trailingStatement.all(Number.isFinite(days) ? this.day() - days + 1 : FOLDED, limit);
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}

/**
 * Folds the days that left the month window into the all-time rows (day FOLDED): a name
 * already there, or while there is room, keeps its own row; the rest add to OTHER.
 */
function foldOldDays(db: Db, limits: MetricsLimits): (today: number) => void {
  const old = db.prepare<[number], { app_name: string; count: number }>(
    'SELECT app_name, SUM(count) AS count FROM app_name_requests WHERE day >= 0 AND day < ? GROUP BY app_name ORDER BY count DESC',
  );
  const folded = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM app_name_requests WHERE day = ${FOLDED}`);
  const has = db.prepare<[string], { one: number }>(`SELECT 1 AS one FROM app_name_requests WHERE day = ${FOLDED} AND app_name = ?`);
  const add = db.prepare<[string, number]>(
    `INSERT INTO app_name_requests (app_name, day, count) VALUES (?, ${FOLDED}, ?)
     ON CONFLICT (app_name, day) DO UPDATE SET count = count + excluded.count`,
  );
  const drop = db.prepare<[number]>('DELETE FROM app_name_requests WHERE day >= 0 AND day < ?');
  return db.transaction((today: number) => {
    const before = today - limits.keepDays + 1;
    const rows = old.all(before);
    if (rows.length === 0) return;
    let size = folded.get()!.n;
    for (const { app_name: name, count } of rows) {
      if (name === OTHER || has.get(name)) add.run(name, count);
      else if (size < limits.allTimeNames) {
        add.run(name, count);
        size += 1;
      } else add.run(OTHER, count);
    }
    drop.run(before);
  });
}
