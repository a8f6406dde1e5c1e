/**
 * An A/B variant's template passes the campaign's own publish checks (approved, of the business's current
 * provider, every variable mapped; a Cloud business sends templates only): a 400 naming the variant, and
 * nothing billed or kept.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns } from '../../src/platform/db/schema/index.js';
import { walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { storeTemplate, templateCampaign } from './category-support.js';
import { useGraph } from './cloud-support.js';
import { cloudSender } from './deliverability-support.js';

describe('A/B variants are checked at publish', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);

  const mapped = { body: [{ field: 'firstName' }] };
  const abTest = { testShare: 0.5, metric: 'readRate', decideAfterMinutes: 60 };

  it.each([
    ['REJECTED', { status: 'REJECTED' }, mapped, 'variants.1.templateId', 'REJECTED'],
    ['PENDING', { status: 'PENDING' }, mapped, 'variants.1.templateId', 'PENDING'],
    ['PAUSED', { status: 'PAUSED' }, mapped, 'variants.1.templateId', 'PAUSED'],
    ['of the former provider', { provider: 'gateway' }, mapped, 'variants.1.templateId', 'former provider'],
    ['with a variable unmapped', {}, { body: [] }, 'variants.1.templateParameters.body', 'not mapped'],
  ] as const)(
    'a variant template %s: 400 naming the variant, nothing billed',
    async (_what, template, params, path, words) => {
      const s = await cloudSender(t, graph.sim, 2, '100');
      const bad = await storeTemplate(t, s, { category: 'MARKETING', ...template });
      const before = (await walletOf(t, s.user.businessId))!.balance;
      for (const url of ['/campaigns', 'draft']) {
        const body = templateCampaign(s.template.id, {
          variants: [
            { name: 'A', templateId: s.template.id, templateParameters: mapped },
            { name: 'B', templateId: bad.id, templateParameters: params },
          ],
          abTest,
        });
        let res: Awaited<ReturnType<typeof t.request>>;
        if (url === 'draft') {
          const draft = await t.request({ url: '/campaigns', token: s.user.accessToken, body });
          expect(draft.status, draft.text).toBe(201);
          res = await t.request({
            url: `/campaigns/${draft.body.data.id}/publish`,
            token: s.user.accessToken,
            body: { paymentMethod: 'credit' },
          });
          expect(
            (await t.db.select().from(campaigns).where(eq(campaigns.id, draft.body.data.id)))[0],
          ).toMatchObject({ isPublished: false, cost: null });
        } else {
          res = await t.request({
            url: '/campaigns',
            token: s.user.accessToken,
            body: { ...body, paymentMethod: 'credit' },
          });
        }
        expect(res.status, res.text).toBe(400);
        expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(path);
        expect(res.body.message).toContain(words);
        expect(res.body.message).toContain('B');
      }
      expect((await walletOf(t, s.user.businessId))!.balance).toBe(before);
      await expectLedgerBalanced(t);
    },
  );

  it('a Cloud business: a text variant is refused (templates only), naming it', async () => {
    const s = await cloudSender(t, graph.sim, 2, '100');
    const res = await t.request({
      url: '/campaigns',
      token: s.user.accessToken,
      body: {
        ...templateCampaign(s.template.id, {
          variants: [
            { name: 'A', templateId: s.template.id, templateParameters: mapped },
            { name: 'B', message: 'Plain text' },
          ],
          abTest,
        }),
        paymentMethod: 'credit',
      },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errorMessage.fields[0].path).toBe('variants.1.templateId');
    expect((await walletOf(t, s.user.businessId))!.balance).toBe('100.0000');
  });

  it('approved variants of the current provider with every variable mapped publish', async () => {
    const s = await cloudSender(t, graph.sim, 2, '100');
    const other = await storeTemplate(t, s, { category: 'MARKETING' });
    const res = await t.request({
      url: '/campaigns',
      token: s.user.accessToken,
      body: {
        ...templateCampaign(s.template.id, {
          variants: [
            { name: 'A', templateId: s.template.id, templateParameters: mapped },
            { name: 'B', templateId: other.id, templateParameters: mapped },
          ],
          abTest,
        }),
        paymentMethod: 'credit',
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ cost: 2, messageType: 'marketing' });
  });
});
