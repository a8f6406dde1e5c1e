import { describe, expect, it } from 'vitest';
import { withTrackedLinks } from '../../src/jobs/send-links.js';
import {
  isPrefetch,
  LinkTokens,
  linksOf,
  trackedTemplateButtons,
  urlsIn,
} from '../../src/modules/links/index.js';
import type { OutboundMessage } from '../../src/providers/messaging/messaging.port.js';

const BASE = 'https://svc.example';
const tokens = new LinkTokens('a-secret-of-at-least-thirty-two-characters');
const CAMPAIGN = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const message = {
  campaignId: CAMPAIGN,
  id: '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
  phoneNumber: '+2348031110000',
  firstName: 'Ada',
  lastName: 'Obi',
} as Parameters<typeof withTrackedLinks>[2];

describe('tracked links', () => {
  it('finds the URLs of a text once each, without the punctuation that ends a sentence', () => {
    expect(
      urlsIn('Go to https://a.example/x?y=1, or (http://b.example/). Again: https://a.example/x?y=1!'),
    ).toEqual(['https://a.example/x?y=1', 'http://b.example/']);
    expect(
      linksOf({
        message: 'See https://a.example and https://b.example',
        actionButtonUrl: 'https://b.example',
      }),
    ).toEqual([
      { position: 0, url: 'https://b.example' },
      { position: 1, url: 'https://a.example' },
    ]);
  });

  it('signs a token per message and link that only this key verifies', () => {
    const token = tokens.sign({ campaignId: CAMPAIGN, messageId: message.id, position: 2 });
    expect(token).toMatch(/^[A-Za-z0-9_-]{55}$/);
    expect(tokens.verify(token)).toEqual({ campaignId: CAMPAIGN, messageId: message.id, position: 2 });
    expect(tokens.sign({ campaignId: CAMPAIGN, messageId: message.id, position: 3 })).not.toBe(token);
    expect(new LinkTokens('another-secret-of-at-least-thirty-two-chars').verify(token)).toBeNull();
    expect(tokens.verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
  });

  it("puts the token in a Cloud template's URL button when the button leads to the redirect", () => {
    const components = [
      { type: 'BODY', text: 'Hi {{1}}' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Stop' },
          { type: 'URL', text: 'Shop', url: `${BASE}/l/{{1}}` },
          { type: 'URL', text: 'Docs', url: 'https://docs.example/{{1}}' },
        ],
      },
    ];
    const params = [{ text: 'https://shop.example/buy' }, { text: 'guide' }];
    const tracked = trackedTemplateButtons(components, params, BASE, 1);
    expect(tracked).toEqual({
      links: [{ position: 1, url: 'https://shop.example/buy' }],
      buttons: [{ index: 1, position: 1 }],
    });
    const out: OutboundMessage = {
      to: message.phoneNumber,
      text: 'Hi Ada https://a.example',
      template: {
        name: 'promo',
        language: 'en',
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'Ada' }] },
          {
            type: 'button',
            sub_type: 'url',
            index: '1',
            parameters: [{ type: 'text', text: 'https://shop.example/buy' }],
          },
          { type: 'button', sub_type: 'url', index: '2', parameters: [{ type: 'text', text: 'guide' }] },
        ],
      },
    };
    const sent = withTrackedLinks(
      out,
      {
        links: [{ position: 0, url: 'https://a.example' }, ...tracked.links],
        buttons: tracked.buttons,
        base: BASE,
        tokens,
      },
      message,
    );
    const [, shop, docs] = sent.template!.components;
    const token = (shop as { parameters: { text: string }[] }).parameters[0]!.text;
    expect(tokens.verify(token)).toEqual({ campaignId: CAMPAIGN, messageId: message.id, position: 1 });
    expect(docs).toEqual(out.template!.components[2]);
    expect(sent.text).toBe(
      `Hi Ada ${BASE}/l/${tokens.sign({ campaignId: CAMPAIGN, messageId: message.id, position: 0 })}`,
    );
  });

  it('tells a person from a preview, a prefetch or a bot', () => {
    const person = { method: 'GET', headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1' } };
    expect(isPrefetch(person)).toBe(false);
    expect(isPrefetch({ ...person, method: 'HEAD' })).toBe(true);
    expect(isPrefetch({ method: 'GET', headers: { 'user-agent': 'WhatsApp/2.24.1 i' } })).toBe(true);
    expect(isPrefetch({ method: 'GET', headers: { 'user-agent': 'Slackbot-LinkExpanding 1.0' } })).toBe(true);
    expect(isPrefetch({ method: 'GET', headers: { ...person.headers, purpose: 'prefetch' } })).toBe(true);
    expect(isPrefetch({ method: 'GET', headers: {} })).toBe(true);
  });
});
