import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  countrySchema,
  exchangeRateParams,
  exchangeRateSchema,
  upsertExchangeRateBody,
} from './exchange-rates.schemas.js';
import { ExchangeRatesService } from './exchange-rates.service.js';

const tags = ['exchange-rates'];

export const exchangeRatesRoutes: ModulePlugin = async (app, deps) => {
  const service = new ExchangeRatesService(deps);
  const config = { apiObject: 'exchangeRate' };

  app.get(
    '/exchange-rates/countries',
    {
      config: { ...config, apiObject: 'country', auth: 'public' },
      schema: {
        tags,
        summary: 'Countries (name and ISO code)',
        response: { 200: successSchema(z.array(countrySchema)) },
      },
    },
    async (_req, reply) => sendSuccess(reply, service.countries(), 'Countries fetched'),
  );

  app.get(
    '/exchange-rates',
    {
      config: { ...config, auth: 'public' },
      schema: {
        tags,
        summary: 'All exchange rates',
        response: { 200: successSchema(z.array(exchangeRateSchema)) },
      },
    },
    async (_req, reply) => sendSuccess(reply, await service.list(), 'Exchange rates fetched'),
  );

  app.post(
    '/exchange-rates',
    {
      config: { ...config, auth: 'admin' },
      schema: {
        tags,
        summary: 'Create or update the rate of a country',
        body: upsertExchangeRateBody,
        response: { 200: successSchema(exchangeRateSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.upsert(req.body), 'Exchange rate saved'),
  );

  app.get(
    '/exchange-rates/:code',
    {
      config: { ...config, auth: 'public' },
      schema: {
        tags,
        summary: 'The rate of one country',
        params: exchangeRateParams,
        response: { 200: successSchema(exchangeRateSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.get(req.params.code), 'Exchange rate fetched'),
  );

  app.delete(
    '/exchange-rates/:code',
    {
      config: { ...config, auth: 'admin' },
      schema: {
        tags,
        summary: 'Remove the rate of a country',
        params: exchangeRateParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (req, reply) => {
      await service.remove(req.params.code);
      return sendSuccess(reply, null, 'Exchange rate deleted');
    },
  );
};
