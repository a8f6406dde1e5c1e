import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
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
  const service = new AutomationService(deps);

  app.get(
    '/automation/rules',
    {
      config: read,
      schema: {
        tags,
        summary: "The business's automation rules, newest first, with their uses",
        querystring: rulesQuery,
        response: { 200: successSchema(pageSchema(ruleSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.auth, req.query), 'Rules fetched'),
  );

  app.post(
    '/automation/rules',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Creates a rule: a trigger and a reply',
        description:
          'The reply is validated as the Cloud API does (buttons: 1 to 3, ids up to 256 characters, titles up to 20, unique; lists: 1 to 10 rows in all, titles up to 24, descriptions up to 72, section titles up to 24, ids up to 200, unique; a button label up to 20; bodies up to 1024 for buttons, 4096 for lists): a refusal is a 400 naming the field. A keyword rule needs `matchMode` and `pattern`, a choice rule `choiceId`.',
        body: createRuleBody,
        response: { 201: successSchema(ruleSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.create(req.auth, req.body), 'Rule created', 201),
  );

  app.get(
    '/automation/rules/:id',
    {
      config: read,
      schema: { tags, summary: 'One rule', params: idParams, response: { 200: successSchema(ruleSchema) } },
    },
    async (req, reply) => sendSuccess(reply, await service.get(req.auth, req.params.id), 'Rule fetched'),
  );

  app.patch(
    '/automation/rules/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Changes a rule (fields left out keep their value)',
        params: idParams,
        body: updateRuleBody,
        response: { 200: successSchema(ruleSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.update(req.auth, req.params.id, req.body), 'Rule updated'),
  );

  app.delete(
    '/automation/rules/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Deletes a rule (its replies already sent stay in their threads)',
        params: idParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (req, reply) => {
      await service.remove(req.auth, req.params.id);
      return sendSuccess(reply, null, 'Rule deleted');
    },
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const)
    app.post(
      `/automation/rules/:id/${action}`,
      {
        config: manage,
        schema: {
          tags,
          summary: enabled
            ? 'Switches a rule on'
            : 'Switches a rule off: it stops at once, its replies not yet sent included',
          params: idParams,
          response: { 200: successSchema(ruleSchema) },
        },
      },
      async (req, reply) =>
        sendSuccess(
          reply,
          await service.setEnabled(req.auth, req.params.id, enabled),
          enabled ? 'Rule switched on' : 'Rule switched off',
        ),
    );

  app.get(
    '/automation/business-hours',
    {
      config: { apiObject: 'businessHours', permission: 'automation:read' },
      schema: {
        tags,
        summary: "The business's opening hours; null: none set (no away message is sent)",
        response: { 200: successSchema(businessHoursSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.hours(req.auth), 'Business hours fetched'),
  );

  app.put(
    '/automation/business-hours',
    {
      config: { apiObject: 'businessHours', permission: 'automation:manage' },
      schema: {
        tags,
        summary: 'Sets the opening hours: a time zone and, per weekday, open intervals (empty: closed)',
        body: businessHoursBody,
        response: { 200: successSchema(businessHoursBody) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.saveHours(req.auth, req.body), 'Business hours saved'),
  );

  app.get(
    '/automation/settings',
    {
      config: { apiObject: 'automationSettings', permission: 'automation:read' },
      schema: {
        tags,
        summary: 'Opt-out words, the cooldown per rule and contact, the daily cap per contact',
        response: { 200: successSchema(automationSettingsSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.settings(req.auth), 'Automation settings fetched'),
  );

  app.put(
    '/automation/settings',
    {
      config: { apiObject: 'automationSettings', permission: 'automation:manage' },
      schema: {
        tags,
        summary: 'Saves the automation settings (fields left out keep their value or default)',
        body: automationSettingsBody,
        response: { 200: successSchema(automationSettingsSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.saveSettings(req.auth, req.body), 'Automation settings saved'),
  );
};
