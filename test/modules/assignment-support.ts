/** A business with a member of every role, and its contacts writing in: what the assignment tests share. */
import { eq } from 'drizzle-orm';
import { conversations } from '../../src/platform/db/schema/index.js';
import { createMember, createUser, setMessagingCredentials, type TestUser } from '../factories.js';
import type { TestApp } from '../harness.js';

export interface Team {
  owner: TestUser;
  admin: TestUser;
  marketer: TestUser;
  agent: TestUser;
  agent2: TestUser;
  viewer: TestUser;
  /** The business's number: contacts write to it. */
  number: string;
}

let seq = 0;

export async function team(t: TestApp): Promise<Team> {
  const owner = await createUser(t, { businessVerified: 'accepted' });
  const number = `23490${String(70_000_000 + ++seq + Math.floor(Math.random() * 1e6)).slice(-8)}`;
  await setMessagingCredentials(t, owner.businessId, { wabaNumber: number });
  return {
    owner,
    number,
    admin: await createMember(t, owner, 'admin'),
    marketer: await createMember(t, owner, 'marketer'),
    agent: await createMember(t, owner, 'agent'),
    agent2: await createMember(t, owner, 'agent'),
    viewer: await createMember(t, owner, 'viewer'),
  };
}

/** A new contact number (0816: a Nigerian mobile prefix every phone check accepts). */
export const mobile = () => `234816${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** The contact `from` writes to the business's number; answers its conversation's stored row. */
export async function contactWrites(t: TestApp, team: Team, from: string, text = 'Hello?') {
  const res = await t.request({
    url: '/webhooks/messaging-provider',
    body: { waNumber: team.number, mobile: from, name: 'Ada Obi', text, timestamp: String(Date.now()) },
  });
  if (res.status !== 200) throw new Error(`inbound answered ${res.status} ${res.text}`);
  const [row] = await t.db
    .select()
    .from(conversations)
    .where(eq(conversations.phoneNumber, `+${from}`));
  if (!row) throw new Error(`no conversation for ${from}: ${res.text}`);
  return row;
}

/** The business's automatic assignment, set by its owner. */
export async function setAutoAssignment(
  t: TestApp,
  team: Team,
  mode: 'off' | 'round_robin' | 'least_open',
  capacity: number | null = null,
) {
  const res = await t.request({
    method: 'PUT',
    url: '/inbox/assignment',
    token: team.owner.accessToken,
    body: { mode, capacity },
  });
  if (res.status !== 200) throw new Error(`settings answered ${res.status} ${res.text}`);
}

/** Marks members away (the owner and admin may answer too: tests of automatic assignment leave them out). */
export async function away(t: TestApp, ...members: TestUser[]) {
  for (const m of members) {
    const res = await t.request({
      method: 'PUT',
      url: '/members/me/availability',
      token: m.accessToken,
      body: { availability: 'away' },
    });
    if (res.status !== 200) throw new Error(`availability answered ${res.status} ${res.text}`);
  }
}
