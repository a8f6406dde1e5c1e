// The exchange-rates module's public surface: other modules import from here, never from its
// inner files.
export { type ExchangeRateRow, findExchangeRate } from './exchange-rates.repository.js';
export { exchangeRatesRoutes } from './exchange-rates.routes.js';
export { countryCodeSchema } from './exchange-rates.schemas.js';
