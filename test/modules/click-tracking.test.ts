import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { queryRows } from '../../src/platform/db/client.js';
import { campaignMessages } from '../../src/platform/db/schema/index.js';
import { useTestApp } from '../harness.js';
import { queuedCampaign, testDispatcher, useGateway } from '../jobs/helpers.js';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const TRACKED = /http:\/\/127\.0\.0\.1:4000\/l\/([A-Za-z0-9_-]{55})/g;

/**
 * Click tracking end to end: a campaign's links go out as one tracked link per message and link, a person
 * following one is sent on with a 302 and counted (the message once, every follow in the link's clicks),
 * previews and prefetches are sent on but not counted, and the `clicked` milestone shows in the report, the
 * list, the export, the timeline, the overview and the live progress.
 */
describe('click tracking', () => {
  const t = useTestApp();
  const sim = useGateway();
  const running: Dispatcher[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((d) => d.stop()));
    sim.gateway.reset();
  });

  /** A campaign of `count` recipients with a button and two body links, sent through the gateway. */
  async function sent(count: number, overrides: Parameters<typeof queuedCampaign>[2] = {}) {
    const q = await queuedCampaign(t, count, {
      message:
        'Hi {{firstName}}, see https://shop.example/sale. Also https://shop.example/faq?x=1 and https://shop.example/sale',
      actionButtonTitle: 'Shop now',
      actionButtonUrl: 'https://shop.example/buy',
      ...overrides,
    });
    running.push(testDispatcher(t, sim.adapter).start());
    await vi.waitFor(() => expect(sim.gateway.accepted.length).toBe(count), { timeout: 10_000 });
    const sends = sim.gateway.accepted.map((a) => ({
      to: `+${a.form.send_to}`,
      text: a.form.msg ?? '',
      button: a.form.action ? (JSON.parse(a.form.action) as { url: string }).url : null,
    }));
    return { ...q, sends };
  }

  const tokensIn = (text: string) => [...text.matchAll(TRACKED)].map((m) => m[1]!);
  const follow = (
    token: string,
    headers: Record<string, string> = { 'user-agent': BROWSER },
    method: 'GET' | 'HEAD' = 'GET',
  ) => t.request({ url: `/l/${token}`, method, headers });
  const flush = () => t.deps.clickRecorder.flush();
  const report = async (user: { accessToken: string }, id: string) =>
    (await t.request({ url: `/campaigns/${id}/report`, token: user.accessToken })).body.data;

  it('sends one tracked link per message and link, in the body and the button', async () => {
    const { sends } = await sent(2);
    for (const s of sends) {
      expect(s.text).not.toContain('shop.example');
      // The sale link appears twice in the body and is the same link (one token), the FAQ link another.
      const body = tokensIn(s.text);
      expect(body).toHaveLength(3);
      expect(body[0]).toBe(body[2]);
      expect(body[0]).not.toBe(body[1]);
      expect(s.text).toMatch(/\/l\/[A-Za-z0-9_-]{55}\. Also/);
      const button = tokensIn(s.button ?? '');
      expect(button).toHaveLength(1);
      expect(body).not.toContain(button[0]);
    }
    const [a, b] = sends.map((s) => tokensIn(s.text)[0]);
    expect(a).not.toBe(b);
  });

  it('answers a 302 to the original URL and counts a message once per link, every follow in clicks', async () => {
    const { user, campaign, sends } = await sent(3);
    const [first] = sends;
    const [sale, faq] = tokensIn(first!.text);
    const [buy] = tokensIn(first!.button!);

    const res = await follow(sale!);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://shop.example/sale');
    expect(res.headers['cache-control']).toBe('no-store');
    await follow(sale!);
    await follow(sale!);
    await flush();
    await follow(buy!);
    expect((await follow(faq!)).headers.location).toBe('https://shop.example/faq?x=1');
    await flush();

    const r = await report(user, campaign.id);
    expect(r.reached.clicked).toBe(1);
    expect(r.clickRate).toBe(0); // no delivery reports yet: clicked / delivered
    expect(r.links).toEqual([
      { position: 0, url: 'https://shop.example/buy', clicked: 1, clicks: 1 },
      { position: 1, url: 'https://shop.example/sale', clicked: 1, clicks: 3 },
      { position: 2, url: 'https://shop.example/faq?x=1', clicked: 1, clicks: 1 },
    ]);
    const [message] = await t.db
      .select()
      .from(campaignMessages)
      .where(eq(campaignMessages.phoneNumber, first!.to));
    expect(message!.clickedAt).toBeInstanceOf(Date);
    const firstClick = message!.clickedAt!.getTime();

    // A second recipient clicks later: two messages clicked; the first one's time is kept.
    await follow(tokensIn(sends[1]!.text)[0]!);
    await flush();
    const again = await report(user, campaign.id);
    expect(again.reached.clicked).toBe(2);
    expect(again.links[1]).toMatchObject({ clicked: 2, clicks: 4 });
    const [kept] = await t.db.select().from(campaignMessages).where(eq(campaignMessages.id, message!.id));
    expect(kept!.clickedAt!.getTime()).toBe(firstClick);
  });

  it('sends previews, prefetches and HEAD requests on without counting them', async () => {
    const { user, campaign, sends } = await sent(1);
    const [token] = tokensIn(sends[0]!.text);
    const fetchers: Record<string, string>[] = [
      { 'user-agent': 'WhatsApp/2.23.20.0 A' },
      { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' },
      { 'user-agent': 'TelegramBot (like TwitterBot)' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': BROWSER, 'sec-purpose': 'prefetch' },
      { 'user-agent': '' },
    ];
    for (const headers of fetchers) {
      const res = await follow(token!, headers);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://shop.example/sale');
    }
    const head = await follow(token!, { 'user-agent': BROWSER }, 'HEAD');
    expect(head.status).toBe(302);
    await flush();
    const r = await report(user, campaign.id);
    expect(r.reached.clicked).toBe(0);
    expect(r.links[1]).toMatchObject({ clicked: 0, clicks: 0 });
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM message_clicks WHERE campaign_id = ${campaign.id}`,
    );
    expect(row!.n).toBe(0);
  });

  it('answers an unknown, forged or expired token with a plain page, never an error', async () => {
    const { sends } = await sent(1);
    const [token] = tokensIn(sends[0]!.text);
    const forged = `${token!.slice(0, 51)}${token!.slice(51) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const [message] = await t.db
      .select()
      .from(campaignMessages)
      .where(eq(campaignMessages.phoneNumber, sends[0]!.to));
    const unknownCampaign = t.deps.linkTokens.sign({
      campaignId: '00000000-0000-4000-8000-000000000000',
      messageId: message!.id,
      position: 0,
    });
    const beyondLinks = t.deps.linkTokens.sign({
      campaignId: message!.campaignId,
      messageId: message!.id,
      position: 9,
    });
    const notAvailable = async (bad: string) => {
      const res = await follow(bad);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('This link is not available');
      expect(res.text).not.toMatch(/error|stack|sql|campaign_messages/i);
    };
    for (const bad of ['nope', forged, unknownCampaign, 'x'.repeat(55), 'a.b']) await notAvailable(bad);
    // Past the links' lifetime (180 days after the send-out), the message's own token leads nowhere.
    await t.db.execute(
      sql`UPDATE campaigns SET sent_out_at = now() - interval '181 days' WHERE id = ${message!.campaignId}`,
    );
    await notAvailable(token!);
    await notAvailable(beyondLinks);
  });

  it('sends the original links when tracking is off for the campaign', async () => {
    const { user, campaign, sends } = await sent(1, { trackClicks: false });
    expect(sends[0]!.text).toContain('https://shop.example/sale. Also https://shop.example/faq?x=1');
    expect(sends[0]!.button).toBe('https://shop.example/buy');
    expect(tokensIn(sends[0]!.text)).toEqual([]);
    const r = await report(user, campaign.id);
    expect(r.trackClicks).toBe(false);
    expect(r.links).toEqual([]);
  });

  it('shows clicked in the list, its filter, the export, the timeline, the overview and the live progress', async () => {
    const { user, campaign, sends } = await sent(2);
    t.realtime.events.length = 0;
    await follow(tokensIn(sends[0]!.text)[0]!);
    await flush();

    const list = await t.request({ url: `/campaigns/${campaign.id}/messages`, token: user.accessToken });
    const clicked = list.body.data.items.filter((m: { clickedAt: string | null }) => m.clickedAt);
    expect(clicked.map((m: { phoneNumber: string }) => m.phoneNumber)).toEqual([sends[0]!.to]);
    const only = await t.request({
      url: `/campaigns/${campaign.id}/messages?clicked=true`,
      token: user.accessToken,
    });
    expect(only.body.data.items.map((m: { phoneNumber: string }) => m.phoneNumber)).toEqual([sends[0]!.to]);
    const not = await t.request({
      url: `/campaigns/${campaign.id}/messages?clicked=false`,
      token: user.accessToken,
    });
    expect(not.body.data.items.map((m: { phoneNumber: string }) => m.phoneNumber)).toEqual([sends[1]!.to]);
    const bad = await t.request({
      url: `/campaigns/${campaign.id}/messages?clicked=yes`,
      token: user.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('clicked');

    const csv = await t.request({
      url: `/campaigns/${campaign.id}/messages/export?clicked=true`,
      token: user.accessToken,
    });
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('readAt,clickedAt,failedAt');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,,/);

    const r = await report(user, campaign.id);
    const buckets = r.timeline.buckets as { clicked: number }[];
    expect(buckets.reduce((n, b) => n + b.clicked, 0)).toBe(1);

    const overview = await t.request({ url: '/analytics/overview', token: user.accessToken });
    expect(overview.status).toBe(200);
    expect(JSON.stringify(overview.body.data)).toContain('"clicked":1');

    await vi.waitFor(
      () =>
        expect(
          t.realtime.events.some(
            (e) =>
              e.event === 'campaignProgress' &&
              (e.payload as { campaignId: string; clicked: number }).campaignId === campaign.id &&
              (e.payload as { clicked: number }).clicked === 1,
          ),
        ).toBe(true),
      // The progress event is gated to one a second per campaign: the click's may come a second later.
      { timeout: 5_000, interval: 50 },
    );
  });
});
