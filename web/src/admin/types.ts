import type { Data } from '../api/types';

export type AdminBusiness = Data<'/api/v1/admin/businesses', 'get'>['items'][number];
export type AdminBusinessDetail = Data<'/api/v1/admin/businesses/{id}', 'get'>;
export type AdminAccount = Data<'/api/v1/admin/accounts', 'get'>['items'][number];
export type AdminTransaction = Data<'/api/v1/admin/transactions', 'get'>['items'][number];
export type AdminTicket = Data<'/api/v1/tickets/admin', 'get'>['items'][number];
export type Plan = Data<'/api/v1/plans/admin/all', 'get'>[number];
export type ExchangeRate = Data<'/api/v1/exchange-rates', 'get'>[number];
export type AppSettings = Data<'/api/v1/admin/settings', 'get'>;
