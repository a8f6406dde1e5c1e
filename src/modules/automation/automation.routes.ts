import { z } from 'zod';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { idParams } from '../../platform/http/id-params.js';
import { pageSchema } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  automationSettingsBody,
  automationSettingsSchema,
  businessHoursBody,
  businessHoursSchema,
  createRuleBody,
  ruleSchema,
  rulesQuery,
  updateRuleBody,
} from './automation.schemas.js';
import { AutomationService } from './automation.service.js';

const tags = ['automation'];
const rule = { apiObject: 'automationRule' };
const read = { ...rule, permission: 'automation:read' } as const;
const manage = { ...rule, permission: 'automation:manage' } as const;

/** Automated answers: rules, business hours, settings (docs/api.md "Automation"). */
export const automationRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new AutomationService(deps);

  route.get('/automation/rules', {
    config: read,
    summary: "The business's automation rules, newest first, with their uses",
    querystring: rulesQuery,
    data: pageSchema(ruleSchema),
    message: 'Rules fetched',
    handle: (req) => service.list(req.auth, req.query),
  });

  route.post('/automation/rules', {
    config: manage,
    summary: 'Creates a rule: a trigger and a reply',
    description:
      'The reply is validated as the Cloud API does (buttons: 1 to 3, ids up to 256 characters, titles up to 20, unique; lists: 1 to 10 rows in all, titles up to 24, descriptions up to 72, section titles up to 24, ids up to 200, unique; a button label up to 20; bodies up to 1024 for buttons, 4096 for lists): a refusal is a 400 naming the field. A keyword rule needs `matchMode` and `pattern`, a choice rule `choiceId`.',
    body: createRuleBody,
    data: ruleSchema,
    code: 201,
    message: 'Rule created',
    handle: (req) => service.create(req.auth, req.body),
  });

  route.get('/automation/rules/:id', {
    config: read,
    summary: 'One rule',
    params: idParams,
    data: ruleSchema,
    message: 'Rule fetched',
    handle: (req) => service.get(req.auth, req.params.id),
  });

  route.patch('/automation/rules/:id', {
    config: manage,
    summary: 'Changes a rule (fields left out keep their value)',
    params: idParams,
    body: updateRuleBody,
    data: ruleSchema,
    message: 'Rule updated',
    handle: (req) => service.update(req.auth, req.params.id, req.body),
  });

  route.delete('/automation/rules/:id', {
    config: manage,
    summary: 'Deletes a rule (its replies already sent stay in their threads)',
    params: idParams,
    data: z.null(),
    message: 'Rule deleted',
    handle: async (req) => {
      await service.remove(req.auth, req.params.id);
      return null;
    },
  });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const)
    route.post(`/automation/rules/:id/${action}`, {
      config: manage,
      summary: enabled
        ? 'Switches a rule on'
        : 'Switches a rule off: it stops at once, its replies not yet sent included',
      params: idParams,
      data: ruleSchema,
      message: enabled ? 'Rule switched on' : 'Rule switched off',
      handle: (req) => service.setEnabled(req.auth, req.params.id, enabled),
    });

  route.get('/automation/business-hours', {
    config: { apiObject: 'businessHours', permission: 'automation:read' },
    summary: "The business's opening hours; null: none set (no away message is sent)",
    data: businessHoursSchema,
    message: 'Business hours fetched',
    handle: (req) => service.hours(req.auth),
  });

  route.put('/automation/business-hours', {
    config: { apiObject: 'businessHours', permission: 'automation:manage' },
    summary: 'Sets the opening hours: a time zone and, per weekday, open intervals (empty: closed)',
    body: businessHoursBody,
    data: businessHoursBody,
    message: 'Business hours saved',
    handle: (req) => service.saveHours(req.auth, req.body),
  });

  route.get('/automation/settings', {
    config: { apiObject: 'automationSettings', permission: 'automation:read' },
    summary: 'Opt-out words, the cooldown per rule and contact, the daily cap per contact',
    data: automationSettingsSchema,
    message: 'Automation settings fetched',
    handle: (req) => service.settings(req.auth),
  });

  route.put('/automation/settings', {
    config: { apiObject: 'automationSettings', permission: 'automation:manage' },
    summary: 'Saves the automation settings (fields left out keep their value or default)',
    body: automationSettingsBody,
    data: automationSettingsSchema,
    message: 'Automation settings saved',
    handle: (req) => service.saveSettings(req.auth, req.body),
  });
};
