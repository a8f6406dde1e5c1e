import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unescapeCell } from '../../src/modules/contacts/spreadsheet-cells.js';
import { campaignMessages } from '../../src/platform/db/schema/index.js';
import { createContacts, createUser, setMessagingCredentials, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { parseCsv, readXlsx } from './contacts-fixtures.js';

/**
 * A campaign's messages: the list with the receipt states and timestamps and a search by phone or name,
 * and the CSV/XLSX export of the same rows.
 */
describe('campaign messages: states, search and export', () => {
  const t = useTestApp();

  async function sender(): Promise<TestUser> {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await setMessagingCredentials(t, user.businessId);
    return user;
  }

  /** Ada Obi (read), Bola Ade (failed after sent), Ada Lovelace (queued). */
  async function campaignWithOutcomes(user: TestUser) {
    await createContacts(t, user.businessId, 1, {
      firstName: 'Ada',
      lastName: 'Obi',
      phoneNumber: '+2348031110001',
    });
    await createContacts(t, user.businessId, 1, {
      firstName: 'Bola',
      lastName: 'Ade',
      phoneNumber: '+2348091110002',
    });
    await createContacts(t, user.businessId, 1, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+2348051110003',
    });
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Launch',
        message: 'Hi',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    await t.db.execute(sql`
      UPDATE campaign_messages SET status = 'read', provider_message_id = 'p1',
        sent_at = '2026-01-10T09:00:00Z', delivered_at = '2026-01-10T09:00:05Z', read_at = '2026-01-10T09:10:00Z'
      WHERE campaign_id = ${id} AND phone_number = '+2348031110001'`);
    await t.db.execute(sql`
      UPDATE campaign_messages SET status = 'failed', provider_message_id = 'p2', sent_at = '2026-01-10T09:00:00Z',
        failed_at = '2026-01-10T09:01:00Z', error = 'Handset unreachable', error_code = '1026'
      WHERE campaign_id = ${id} AND phone_number = '+2348091110002'`);
    return id;
  }

  const list = (user: TestUser, id: string, query = '') =>
    t.request({ url: `/campaigns/${id}/messages${query}`, token: user.accessToken });

  it('lists each recipient with its state, timestamps, error code and reason', async () => {
    const user = await sender();
    const id = await campaignWithOutcomes(user);
    const res = await list(user, id);
    expect(res.status).toBe(200);
    const byPhone = Object.fromEntries(
      res.body.data.items.map((m: { phoneNumber: string }) => [m.phoneNumber, m]),
    );
    expect(byPhone['+2348031110001']).toMatchObject({
      status: 'read',
      sentAt: '2026-01-10T09:00:00.000Z',
      deliveredAt: '2026-01-10T09:00:05.000Z',
      readAt: '2026-01-10T09:10:00.000Z',
      failedAt: null,
      failureReason: null,
      errorCode: null,
    });
    expect(byPhone['+2348091110002']).toMatchObject({
      status: 'failed',
      failedAt: '2026-01-10T09:01:00.000Z',
      failureReason: 'Handset unreachable',
      errorCode: '1026',
    });
    expect(byPhone['+2348051110003']).toMatchObject({ status: 'queued', sentAt: null, deliveredAt: null });
    const read = await list(user, id, '?status=read');
    expect(read.body.data.items.map((m: { phoneNumber: string }) => m.phoneNumber)).toEqual([
      '+2348031110001',
    ]);
  });

  it.each([
    ['phone digits in national form', '0809 111', ['+2348091110002']],
    ['phone digits anywhere', '1110003', ['+2348051110003']],
    ['a first name, any case', 'ada', ['+2348031110001', '+2348051110003']],
    ['first and last name', 'Ada Love', ['+2348051110003']],
    ['the start of a last name', 'ob', ['+2348031110001']],
    ['nobody', 'Zed', []],
    ['a LIKE wildcard taken literally', '%', []],
  ])('searches by %s', async (_, term, phones) => {
    const user = await sender();
    const id = await campaignWithOutcomes(user);
    const res = await list(user, id, `?search=${encodeURIComponent(term)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((m: { phoneNumber: string }) => m.phoneNumber).sort()).toEqual(phones);
    expect(res.body.data.total).toBe(phones.length);
  });

  it('exports the same rows as CSV and XLSX, filtered like the list', async () => {
    const user = await sender();
    const id = await campaignWithOutcomes(user);
    const csv = await t.request({ url: `/campaigns/${id}/messages/export`, token: user.accessToken });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['x-record-count']).toBe('3');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="campaign-.*-messages-.*\.csv"/);
    // Cells are escaped against formula injection as in the contact export (`+234...` gets a leading ').
    const rows = parseCsv(csv.text).map((r) => r.map(unescapeCell));
    expect(rows[0]).toEqual([
      'firstName',
      'lastName',
      'phoneNumber',
      'status',
      'sentAt',
      'deliveredAt',
      'readAt',
      'clickedAt',
      'failedAt',
      'errorCode',
      'failureReason',
    ]);
    const failed = rows.find((r) => r[2] === '+2348091110002');
    expect(failed).toEqual([
      'Bola',
      'Ade',
      '+2348091110002',
      'failed',
      '2026-01-10T09:00:00.000Z',
      '',
      '',
      '',
      '2026-01-10T09:01:00.000Z',
      '1026',
      'Handset unreachable',
    ]);
    expect(rows.slice(1).length).toBe(3);

    const xlsx = await t.request({
      url: `/campaigns/${id}/messages/export?format=xlsx&search=ada`,
      token: user.accessToken,
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['x-record-count']).toBe('2');
    const sheet = await readXlsx(xlsx.raw.rawPayload);
    expect(
      sheet
        .slice(1)
        .map((r) => unescapeCell(String(r[2])))
        .sort(),
    ).toEqual(['+2348031110001', '+2348051110003']);
    expect(sheet.find((r) => unescapeCell(String(r[2])) === '+2348031110001')?.[3]).toBe('read');
  });

  it('refuses a bad format, status or an over-long search with a 400; another business gets 404', async () => {
    const user = await sender();
    const other = await sender();
    const id = await campaignWithOutcomes(user);
    for (const query of ['?format=pdf', '?status=opened', `?search=${'x'.repeat(101)}`]) {
      const res = await t.request({
        url: `/campaigns/${id}/messages/export${query}`,
        token: user.accessToken,
      });
      expect(res.status, query).toBe(400);
    }
    expect((await list(user, id, `?search=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await list(other, id)).status).toBe(404);
    expect(
      (await t.request({ url: `/campaigns/${id}/messages/export`, token: other.accessToken })).status,
    ).toBe(404);
    // Nothing about the messages changed.
    const rows = await t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, id));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'queued', 'read']);
  });
});
