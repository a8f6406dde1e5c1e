import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import type { ModulePlugin } from '../module-plugin.js';
import { ContactTransferService } from './contact-transfer.service.js';
import {
  bulkDeleteBody,
  bulkDeleteResultSchema,
  bulkTagBody,
  bulkTagResultSchema,
  contactPageSchema,
  contactParams,
  contactSchema,
  createContactBody,
  exportContactsQuery,
  importContactsBody,
  importFileBody,
  importReportSchema,
  listContactsQuery,
  tagCountSchema,
  updateContactBody,
} from './contacts.schemas.js';
import { ContactsService } from './contacts.service.js';
import type { ImportReport } from './import/contact-import.js';

const tags = ['contacts'];
const config = { apiObject: 'contact' };

/**
 * The report as docs/api.md "Contact import and export" shapes it; when failures are too many to list, the message
 * gives their number.
 */
function sendReport(reply: Parameters<typeof sendSuccess>[0], r: ImportReport) {
  const more =
    r.failedCount > r.failed.length
      ? ` (${r.failedCount} rows failed; the first ${r.failed.length} are listed)`
      : '';
  const data = {
    imported: r.imported,
    duplicatesSkipped: r.duplicatesSkipped,
    failed: r.failed,
    rejectedValues: r.rejectedValues,
  };
  return sendSuccess(reply, data, `Import finished${more}`);
}

export const contactsRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new ContactsService(deps);
  const transfer = new ContactTransferService(deps);
  app.addHook('onClose', () => transfer.close());

  route.get('/contacts', {
    config: { ...config, permission: 'contacts:read' },
    summary: 'Contacts, newest first; search by name or phone, filter by opt-in or tag',
    description:
      'Totals are exact up to 100,000 contacts (1,000 with search or tag); beyond, an estimate flagged by totalIsEstimate.',
    querystring: listContactsQuery,
    data: contactPageSchema,
    message: 'Contacts fetched',
    handle: (req) => service.list(req.auth, req.query),
  });

  route.post('/contacts', {
    config: { ...config, permission: 'contacts:write', idempotent: true },
    summary: 'Create a contact',
    body: createContactBody,
    data: contactSchema,
    code: 201,
    message: 'Contact created',
    handle: (req) => service.create(req.auth, req.body),
  });

  route.get('/contacts/tags', {
    config: { apiObject: 'contactTag', permission: 'contacts:read' },
    summary: "The business's tags with how many contacts (and opted-in contacts) carry each, most used first",
    data: z.array(tagCountSchema),
    message: 'Contact tags fetched',
    handle: (req) => service.tags(req.auth),
  });

  app.get(
    '/contacts/export',
    {
      config: { ...config, permission: 'contacts:export' },
      schema: {
        tags,
        summary:
          'Download contacts as CSV or XLSX (columns firstName, lastName, phoneNumber, tags, optIn, then one per contact field)',
        querystring: exportContactsQuery,
      },
    },
    async (req, reply) => {
      const file = await transfer.export(req.auth, req.query);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('X-Record-Count', String(file.count))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/contacts/import',
    {
      // Text PostgreSQL cannot store fails its own row (import rule: one bad row never stops the rest).
      config: { ...config, checksOwnBodyText: true, permission: 'contacts:write', idempotent: true },
      schema: {
        tags,
        summary: 'Import contacts from a JSON array',
        body: importContactsBody,
        response: { 200: successSchema(importReportSchema) },
      },
    },
    async (req, reply) => sendReport(reply, await transfer.importRows(req.auth, req.body.contacts)),
  );

  app.post(
    '/contacts/import-file',
    {
      config: { ...config, permission: 'contacts:write', idempotent: true },
      schema: {
        tags,
        summary: 'Import contacts from a CSV or XLSX file at a URL',
        body: importFileBody,
        response: { 200: successSchema(importReportSchema) },
      },
    },
    async (req, reply) => sendReport(reply, await transfer.importFile(req.auth, req.body.fileUrl)),
  );

  route.post('/contacts/bulk-delete', {
    config: { ...config, permission: 'contacts:write' },
    summary: "Delete several of the business's contacts",
    body: bulkDeleteBody,
    data: bulkDeleteResultSchema,
    handle: (req) => service.bulkDelete(req.auth, req.body.ids),
    message: (result) => `${result.deleted} contacts deleted`,
  });

  route.post('/contacts/bulk-tag', {
    config: { ...config, permission: 'contacts:write' },
    summary: 'Add tags to the contacts of a segment or of an unsaved filter',
    body: bulkTagBody,
    data: bulkTagResultSchema,
    handle: (req) => service.bulkTag(req.auth, req.body),
    message: (result) => `${result.tagged} contacts tagged`,
  });

  route.get('/contacts/:id', {
    config: { ...config, permission: 'contacts:read' },
    summary: 'One contact',
    params: contactParams,
    data: contactSchema,
    message: 'Contact fetched',
    handle: (req) => service.get(req.auth, req.params.id),
  });

  route.patch('/contacts/:id', {
    config: { ...config, permission: 'contacts:write' },
    summary: 'Update a contact',
    params: contactParams,
    body: updateContactBody,
    data: contactSchema,
    message: 'Contact updated',
    handle: (req) => service.update(req.auth, req.params.id, req.body),
  });

  route.delete('/contacts/:id', {
    config: { ...config, permission: 'contacts:write' },
    summary: 'Delete a contact',
    params: contactParams,
    data: z.null(),
    message: 'Contact deleted',
    handle: async (req) => {
      await service.remove(req.auth, req.params.id);
      return null;
    },
  });
};
