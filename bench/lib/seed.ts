import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { insertAccountGraph } from '../../src/modules/auth/registration.repository.js';
import { openSession } from '../../src/modules/auth/sessions.js';
import type { TokenService } from '../../src/platform/auth/tokens.js';
import type { Db } from '../../src/platform/db/client.js';
import { FIRST, LAST } from './contacts-file.js';

export interface BenchBusiness {
  businessId: string;
  accessToken: string;
}

/** An account with its business (country NG) and a session, written straight to the database. */
export async function createBenchBusiness(db: Db, tokens: TokenService): Promise<BenchBusiness> {
  const { account, business } = await db.transaction((tx) =>
    insertAccountGraph(tx, {
      name: 'Bench',
      email: `bench.${randomBytes(5).toString('hex')}@example.test`,
      verified: true,
      countryCode: 'NG',
    }),
  );
  const session = await openSession(db, tokens, account.id);
  return { businessId: business.id, accessToken: session.accessToken };
}

/**
 * `n` contacts for one business in a single SQL statement (generate_series), not through the API: names
 * from two lists (2,000 combinations), unique valid Nigerian mobile numbers (as benchPhone) with their
 * country (as every write through the service derives it; left empty, a service started with its worker
 * would spend the run deriving it), a tenth tagged `vip`, three quarters opted in, created one second
 * apart (or, with `oneImport`, all at one time in phone order, as one import writes them). `offset` keeps
 * numbers unique across calls.
 */
export async function seedContacts(
  pool: pg.Pool,
  businessId: string,
  n: number,
  offset = 0,
  opts: { oneImport?: boolean } = {},
): Promise<void> {
  await pool.query(
    `INSERT INTO contacts (business_id, first_name, last_name, phone_number, country_code, tags, opt_in, created_at)
     SELECT $1::uuid,
            ($2::text[])[1 + abs(hashint4(i)) % cardinality($2::text[])],
            ($3::text[])[1 + abs(hashint4(i + 7)) % cardinality($3::text[])],
            '+234' || (ARRAY['803','806','813','816','703','706','810','814'])[1 + i % 8] || lpad((i / 8)::text, 7, '0'),
            'NG',
            CASE WHEN i % 10 = 0 THEN ARRAY['vip','lagos'] WHEN i % 3 = 0 THEN ARRAY['customer'] ELSE '{}'::text[] END,
            i % 4 <> 0,
            ${opts.oneImport ? 'now()' : 'now() - make_interval(secs => i)'}
       FROM generate_series($4::int + 1, $4::int + $5::int) AS i
       ${opts.oneImport ? 'ORDER BY 4' : ''}`,
    [businessId, FIRST, LAST, offset, n],
  );
  await pool.query('VACUUM ANALYZE contacts');
}
