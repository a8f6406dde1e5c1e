// The pricing module's public surface: the rate card (price per message by category and recipient country)
// and its lookups for billing. Other modules import from here, never from its inner files.
export { listPriceCard, type PriceCategory, setDefaultPrices } from './price-card.repository.js';
export {
  type CategoryCard,
  type CountryCharge,
  categoryCard,
  priceByCountry,
  priceIn,
} from './price-lookup.js';
export { pricingRoutes } from './pricing.routes.js';
