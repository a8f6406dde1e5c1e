import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import type { ModulePlugin } from '../module-plugin.js';
import { PriceCardService } from './price-card.service.js';
import {
  importPricesBody,
  importResultSchema,
  priceCardQuery,
  priceCardSchema,
  priceHistoryQuery,
  priceHistorySchema,
  priceListSchema,
  priceRowParams,
  priceRowSchema,
  setPricesBody,
} from './pricing.schemas.js';

const tags = ['pricing'];
const admin = { apiObject: 'price', auth: 'admin' as const };

/** The rate card (docs/api.md "Rate card"): administrators keep it, businesses read their prices. */
export const pricingRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new PriceCardService(deps);

  route.get('/pricing/prices', {
    config: { apiObject: 'price', permission: 'wallet:read' },
    summary: 'The price in credits of a message, by category and recipient country (`*`: every other)',
    querystring: priceCardQuery,
    data: priceListSchema,
    message: 'Prices fetched',
    handle: (req) => service.priceList(req.query),
  });

  route.get('/admin/price-card', {
    config: admin,
    summary: 'The rate card: price and provider cost per category and country',
    querystring: priceCardQuery,
    data: priceCardSchema,
    message: 'Rate card fetched',
    handle: (req) => service.card(req.query),
  });

  route.put('/admin/price-card', {
    config: admin,
    summary: 'Set rows of the rate card (others unchanged); applies to campaigns published after it',
    body: setPricesBody,
    data: priceCardSchema,
    message: 'Rate card saved',
    handle: (req) => service.set(req.auth, req.body.rows),
  });

  route.delete('/admin/price-card/:category/:country', {
    config: admin,
    summary: "Delete a country's row: the category's default price applies to it again",
    params: priceRowParams,
    data: priceRowSchema,
    message: 'Price deleted',
    handle: (req) => service.remove(req.auth, req.params.category, req.params.country),
  });

  route.get('/admin/price-card/history', {
    config: admin,
    summary: 'Every change of the rate card, newest first',
    querystring: priceHistoryQuery,
    data: priceHistorySchema,
    message: 'Rate card history fetched',
    handle: (req) => service.history(req.query),
  });

  app.get(
    '/admin/price-card/export',
    {
      config: admin,
      schema: { tags, summary: 'The rate card as CSV: country,category,price,cost' },
    },
    async (_req, reply) => {
      const file = await service.exportCsv();
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="price-card.csv"')
        .header('X-Record-Count', String(file.count))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );

  route.post('/admin/price-card/import', {
    config: admin,
    summary: 'Set rows from a CSV file, all or nothing (a bad line is reported and nothing applied)',
    body: importPricesBody,
    data: importResultSchema,
    message: 'Rate card imported',
    handle: (req) => service.importCsv(req.auth, req.body.csv),
  });
};
