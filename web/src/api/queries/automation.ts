import { api } from '../client';
import type { Body, Data } from '../types';
import { apiQuery } from './api-query';

/** Every automation query starts with this key: a change to a rule, the hours or the settings refreshes them. */
export const automationKeys = { all: ['automation'] as const };

export type AutomationRule = Data<'/api/v1/automation/rules', 'get'>['items'][number];
export type RuleBody = Body<'/api/v1/automation/rules', 'post'>;
export type BusinessHours = NonNullable<Data<'/api/v1/automation/business-hours', 'get'>>;
export type AutomationSettings = Data<'/api/v1/automation/settings', 'get'>;

export const automationRulesQuery = (page: number) =>
  apiQuery([...automationKeys.all, 'rules', page], () =>
    api.GET('/api/v1/automation/rules', { params: { query: { page, pageSize: 50 } } }),
  );

export const automationRuleQuery = (id: string) =>
  apiQuery([...automationKeys.all, 'rule', id], () =>
    api.GET('/api/v1/automation/rules/{id}', { params: { path: { id } } }),
  );

export const businessHoursQuery = apiQuery([...automationKeys.all, 'hours'], () =>
  api.GET('/api/v1/automation/business-hours'),
);

export const automationSettingsQuery = apiQuery([...automationKeys.all, 'settings'], () =>
  api.GET('/api/v1/automation/settings'),
);
