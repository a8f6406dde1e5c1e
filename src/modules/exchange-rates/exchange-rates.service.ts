import type { AppDeps } from '../../deps.js';
import { NotFoundError } from '../../platform/http/errors.js';
import { COUNTRIES } from './countries.js';
import {
  deleteExchangeRate,
  type ExchangeRateRow,
  findExchangeRate,
  listExchangeRates,
  upsertExchangeRate,
} from './exchange-rates.repository.js';

export function toExchangeRateDto(row: ExchangeRateRow) {
  return {
    countryCode: row.countryCode,
    currency: row.currency,
    rate: Number(row.rate),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class ExchangeRatesService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  countries() {
    return COUNTRIES;
  }

  async list() {
    return (await listExchangeRates(this.deps.db)).map(toExchangeRateDto);
  }

  async get(code: string) {
    const row = await findExchangeRate(this.deps.db, code);
    if (!row) throw new NotFoundError('Exchange rate for this country');
    return toExchangeRateDto(row);
  }

  async upsert(input: { countryCode: string; currency: string; rate: number }) {
    // The rate arrives as a JSON number; it is stored as numeric from its decimal text, never re-computed.
    return toExchangeRateDto(await upsertExchangeRate(this.deps.db, { ...input, rate: String(input.rate) }));
  }

  async remove(code: string) {
    if (!(await deleteExchangeRate(this.deps.db, code)))
      throw new NotFoundError('Exchange rate for this country');
  }
}
