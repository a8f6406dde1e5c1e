import { z } from 'zod';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
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
  const route = envelopeRoutes(app, tags);

  const service = new ExchangeRatesService(deps);
  const config = { apiObject: 'exchangeRate' };

  route.get('/exchange-rates/countries', {
    config: { ...config, apiObject: 'country', auth: 'public' },
    summary: 'Countries (name and ISO code)',
    data: z.array(countrySchema),
    message: 'Countries fetched',
    handle: () => service.countries(),
  });

  route.get('/exchange-rates', {
    config: { ...config, auth: 'public' },
    summary: 'All exchange rates',
    data: z.array(exchangeRateSchema),
    message: 'Exchange rates fetched',
    handle: () => service.list(),
  });

  route.post('/exchange-rates', {
    config: { ...config, auth: 'admin' },
    summary: 'Create or update the rate of a country',
    body: upsertExchangeRateBody,
    data: exchangeRateSchema,
    message: 'Exchange rate saved',
    handle: (req) => service.upsert(req.body),
  });

  route.get('/exchange-rates/:code', {
    config: { ...config, auth: 'public' },
    summary: 'The rate of one country',
    params: exchangeRateParams,
    data: exchangeRateSchema,
    message: 'Exchange rate fetched',
    handle: (req) => service.get(req.params.code),
  });

  route.delete('/exchange-rates/:code', {
    config: { ...config, auth: 'admin' },
    summary: 'Remove the rate of a country',
    params: exchangeRateParams,
    data: z.null(),
    message: 'Exchange rate deleted',
    handle: async (req) => {
      await service.remove(req.params.code);
      return null;
    },
  });
};
