import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
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
  const service = new PriceCardService(deps);

  app.get(
    '/pricing/prices',
    {
      config: { apiObject: 'price', permission: 'wallet:read' },
      schema: {
        tags,
        summary: 'The price in credits of a message, by category and recipient country (`*`: every other)',
        querystring: priceCardQuery,
        response: { 200: successSchema(priceListSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.priceList(req.query), 'Prices fetched'),
  );

  app.get(
    '/admin/price-card',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The rate card: price and provider cost per category and country',
        querystring: priceCardQuery,
        response: { 200: successSchema(priceCardSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.card(req.query), 'Rate card fetched'),
  );

  app.put(
    '/admin/price-card',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Set rows of the rate card (others unchanged); applies to campaigns published after it',
        body: setPricesBody,
        response: { 200: successSchema(priceCardSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.set(req.auth, req.body.rows), 'Rate card saved'),
  );

  app.delete(
    '/admin/price-card/:category/:country',
    {
      config: admin,
      schema: {
        tags,
        summary: "Delete a country's row: the category's default price applies to it again",
        params: priceRowParams,
        response: { 200: successSchema(priceRowSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.remove(req.auth, req.params.category, req.params.country),
        'Price deleted',
      ),
  );

  app.get(
    '/admin/price-card/history',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every change of the rate card, newest first',
        querystring: priceHistoryQuery,
        response: { 200: successSchema(priceHistorySchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.history(req.query), 'Rate card history fetched'),
  );

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

  app.post(
    '/admin/price-card/import',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Set rows from a CSV file, all or nothing (a bad line is reported and nothing applied)',
        body: importPricesBody,
        response: { 200: successSchema(importResultSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.importCsv(req.auth, req.body.csv), 'Rate card imported'),
  );
};
