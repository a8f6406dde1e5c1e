import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * What a window of a benchmark cost, measured so that a shared machine's load does not hide it: the
 * statements its database ran (pg_stat_statements, this database only: calls and mean time per statement),
 * the CPU seconds of this process and of this database's own backends, and, with BENCH_CPU_PROFILE=<file>,
 * a V8 CPU profile of this process over the window alone.
 *
 * The statement figures need the pg_stat_statements extension loaded on the server; without it they are left
 * out.
 */

// biome-ignore lint/suspicious/noExplicitAny: any drizzle PostgreSQL database
type AnyDb = PgDatabase<PgQueryResultHKT, any>;

interface Statement {
  queryid: string;
  query: string;
  calls: number;
  total: number;
  rows: number;
}

async function rows<T>(db: AnyDb, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The statements run in `db`'s database so far, read through the server's maintenance database (where the
 * extension is usually created; the view shows every database's statements).
 */
async function statements(db: AnyDb): Promise<Map<string, Statement> | null> {
  const server = process.env.BENCH_STATEMENTS_URL ?? process.env.TEST_DATABASE_URL;
  if (!server) return null;
  const [row] = await rows<{ name: string }>(db, sql`SELECT current_database() AS name`);
  const client = new pg.Client({ connectionString: server });
  try {
    await client.connect();
    const { rows: list } = await client.query<Statement>(
      `SELECT queryid::text AS queryid, query, calls::float8 AS calls, total_exec_time AS total,
              rows::float8 AS rows
       FROM pg_stat_statements
       WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1)`,
      [row!.name],
    );
    return new Map(list.map((s) => [s.queryid, s]));
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** CPU seconds (user + system) of this database's backends, by pid. */
async function backendCpu(db: AnyDb): Promise<Map<number, number>> {
  const pids = await rows<{ pid: number }>(
    db,
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
  );
  const cpu = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // a backend on another machine, or gone
    }
  }
  return cpu;
}

export async function startIngestProbe(db: AnyDb) {
  const before = await statements(db);
  const pgBefore = await backendCpu(db);
  const ownBefore = process.cpuUsage();
  const profileFile = process.env.BENCH_CPU_PROFILE;
  let session: Session | null = null;
  if (profileFile) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  const startedAt = performance.now();

  /** Ends the window and prints its figures, per delivery (`units`, e.g. the bodies posted). */
  return async function stop(units: number, unitName: string, unitSingular: string) {
    const seconds = (performance.now() - startedAt) / 1000;
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(profileFile!, JSON.stringify(profile));
      session.disconnect();
    }
    const own = process.cpuUsage(ownBefore);
    const pgAfter = await backendCpu(db);
    let pg = 0;
    for (const [pid, s] of pgAfter) pg += s - (pgBefore.get(pid) ?? 0);
    const after = await statements(db);
    const ms = (s: number) => `${((s * 1000) / units).toFixed(2)} ms`;
    console.log(
      `probe: ${units} ${unitName} in ${seconds.toFixed(1)} s; CPU per ${unitSingular}: ` +
        `this process ${ms((own.user + own.system) / 1e6)}, its PostgreSQL backends ${ms(pg)}`,
    );
    if (!before || !after) return;
    const diff: Statement[] = [];
    for (const [id, s] of after) {
      const b = before.get(id);
      const calls = s.calls - (b?.calls ?? 0);
      if (calls <= 0) continue;
      diff.push({ ...s, calls, total: s.total - (b?.total ?? 0), rows: s.rows - (b?.rows ?? 0) });
    }
    diff.sort((a, b) => b.total - a.total);
    const calls = diff.reduce((n, s) => n + s.calls, 0);
    const total = diff.reduce((n, s) => n + s.total, 0);
    console.log(
      `probe: ${(calls / units).toFixed(2)} statements per ${unitSingular}, ` +
        `${(total / units).toFixed(2)} ms of statement time each`,
    );
    for (const s of diff.slice(0, Number(process.env.BENCH_PROBE_TOP ?? 15))) {
      const text = s.query.replace(/\s+/g, ' ').slice(0, 110);
      console.log(
        `  ${(s.calls / units).toFixed(2).padStart(6)}/${unitSingular} ` +
          `mean ${(s.total / s.calls).toFixed(2).padStart(7)} ms  total ${(s.total / 1000).toFixed(1).padStart(6)} s  ${text}`,
      );
    }
  };
}
