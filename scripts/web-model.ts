/**
 * What the web console and the documents take from the service besides the OpenAPI document: the
 * shared words (`src/vocabulary/`) and the real-time events, generated from their one declaration
 * (`src/vocabulary/*.ts`, `src/platform/realtime-events.ts`). `npm run web:api` writes
 * `web/src/api/model.ts` and the event table of docs/api.md; a test fails when either differs from what the
 * declarations give.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../src/modules/webhook-endpoints/index.js';
import { API_KEY_RESOURCES } from '../src/platform/auth/api-key-scopes.js';
import { roleCan } from '../src/platform/auth/permissions.js';
import {
  type EventAudience,
  NOTIFICATION_PERMISSIONS,
  NOTIFICATION_RECEIVERS,
  NOTIFICATION_TYPES,
  ROOM_EVENTS,
  type RoomType,
  SOCKET_ANSWERS,
} from '../src/platform/realtime-events.js';
import { CAMPAIGN_STATES } from '../src/vocabulary/campaign-states.js';
import { CAMPAIGN_STATUSES } from '../src/vocabulary/campaign-statuses.js';
import { MESSAGE_CATEGORIES, PRICE_CATEGORIES } from '../src/vocabulary/categories.js';
import { FAILURE_OUTCOMES } from '../src/vocabulary/failure-outcomes.js';
import {
  ACTIVITY_KINDS,
  ENGAGEMENTS,
  FUNNEL,
  MESSAGE_STATE_MODEL,
  MESSAGE_STATES,
  MILESTONES,
  PENDING_STATES,
} from '../src/vocabulary/message-states.js';
import { REPLY_STATES } from '../src/vocabulary/reply-states.js';
import { MEMBER_ROLES } from '../src/vocabulary/roles.js';

export const MODEL_FILE = fileURLToPath(new URL('../web/src/api/model.ts', import.meta.url));
export const API_DOC = fileURLToPath(new URL('../docs/api.md', import.meta.url));

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  description?: string;
}

const literal = (v: unknown) => (typeof v === 'string' ? `'${v.replace(/'/g, "\\'")}'` : String(v));

/** The TypeScript type of a JSON Schema (the subset the event payloads use), indented by `indent`. */
function tsType(s: JsonSchema, indent: string): string {
  if (s.anyOf) return s.anyOf.map((x) => tsType(x, indent)).join(' | ');
  if (s.const !== undefined) return literal(s.const);
  if (s.enum) return s.enum.map(literal).join(' | ');
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return types
    .map((t) => {
      switch (t) {
        case 'string':
          return 'string';
        case 'integer':
        case 'number':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array':
          return `${tsType(s.items ?? {}, indent)}[]`;
        case 'object': {
          // A free-form object (`z.object({}).catchall(...)`): its keys are not known in advance.
          if (!Object.keys(s.properties ?? {}).length && s.additionalProperties)
            return 'Record<string, unknown>';
          const props = Object.entries(s.properties ?? {}).map(([k, v]) => {
            const optional = s.required?.includes(k) ? '' : '?';
            return `${indent}  ${k}${optional}: ${tsType(v, `${indent}  `)};`;
          });
          return `{\n${props.join('\n')}\n${indent}}`;
        }
        default:
          throw new Error(`no TypeScript for the JSON Schema type ${t}`);
      }
    })
    .join(' | ');
}

const payloadType = (schema: z.ZodType, indent: string) =>
  tsType(z.toJSONSchema(schema, { io: 'output' }) as JsonSchema, indent);

const list = (values: readonly string[]) => `[${values.map(literal).join(', ')}] as const`;

/** The text of `web/src/api/model.ts`, formatted as the repository's formatter would. */
export function modelSource(): string {
  const biome = fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url));
  const formatted = spawnSync(biome, ['format', '--stdin-file-path=web/src/api/model.ts'], {
    input: modelText(),
    encoding: 'utf8',
  });
  if (formatted.status !== 0) throw new Error(`biome format failed: ${formatted.stderr}`);
  return formatted.stdout;
}

function modelText(): string {
  const events = (map: Record<string, { when: string; payload: z.ZodType }>) =>
    Object.entries(map)
      .map(([name, e]) => `  /** ${e.when} */\n  ${name}: ${payloadType(e.payload, '  ')};`)
      .join('\n');
  return `// Generated from src/vocabulary/, src/platform/realtime-events.ts, src/platform/auth/api-key-scopes.ts and src/modules/webhook-endpoints by \`npm run web:api\`; do not edit.

/** Every state a campaign message can be in, in the service's order. */
export const MESSAGE_STATES = ${list(MESSAGE_STATES)};
export type MessageState = (typeof MESSAGE_STATES)[number];

/** What the console calls a message in each state. */
export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
${MESSAGE_STATES.map((s) => `  ${s}: ${literal(MESSAGE_STATE_MODEL[s].label)},`).join('\n')}
};

/** The states of messages waiting to be sent. */
export const PENDING_STATES = ${list(PENDING_STATES)} satisfies readonly MessageState[];

/** The funnel's milestones, in order: how far a message got ("reached at least"). */
export const MILESTONES = ${list(MILESTONES)};
export type Milestone = (typeof MILESTONES)[number];

/** Milestones a message reaches by what its recipient does (a clicked message may or may not be read). */
export const ENGAGEMENTS = ${list(ENGAGEMENTS)};
export type Engagement = (typeof ENGAGEMENTS)[number];

/** The funnel's steps as the console shows them: the milestones, then the engagements. */
export const FUNNEL = ${list(FUNNEL)};
export type FunnelStep = (typeof FUNNEL)[number];

/** What the console calls each engagement. */
export const ENGAGEMENT_LABELS: Record<Engagement, string> = { clicked: 'Clicked', replied: 'Replied' };

/** What the activity counts (timelines, days): every milestone, failures and engagements. */
export const ACTIVITY_KINDS = ${list(ACTIVITY_KINDS)};
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A campaign's status as the API shows it. */
export const CAMPAIGN_STATUSES = ${list(CAMPAIGN_STATUSES)};
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Where a campaign is in its lifecycle (its badge): paused and stopped ones are \`pending\` by status. */
export const CAMPAIGN_STATES = ${list(CAMPAIGN_STATES)};
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** The states of a message in an inbox conversation. */
export const REPLY_STATES = ${list(REPLY_STATES)};
export type ReplyState = (typeof REPLY_STATES)[number];

/** The categories a template, and so a campaign, is sent in. */
export const MESSAGE_CATEGORIES = ${list(MESSAGE_CATEGORIES)};
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** What the rate card prices: the template categories, and service replies inside the window. */
export const PRICE_CATEGORIES = ${list(PRICE_CATEGORIES)};
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];

/** What a send does about a provider's failure. */
export const FAILURE_OUTCOMES = ${list(FAILURE_OUTCOMES)};
export type FailureOutcome = (typeof FAILURE_OUTCOMES)[number];

/** The roles a member of a business can have. */
export const MEMBER_ROLES = ${list(MEMBER_ROLES)};
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The roles an invitation or a role change may give: the owner's role moves only by a handover. */
export const ASSIGNABLE_ROLES = ${list(MEMBER_ROLES.filter((r) => r !== 'owner'))} satisfies readonly MemberRole[];

/** The roles whose members may be given conversations: those that may answer them (\`inbox:reply\`). */
export const REPLYING_ROLES = ${list(MEMBER_ROLES.filter((r) => roleCan(r, 'inbox:reply')))} satisfies readonly MemberRole[];

/** What an API key's scopes are made of: \`<resource>:read\` and \`<resource>:write\` for each. */
export const API_KEY_RESOURCES = ${list(API_KEY_RESOURCES)};
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];

/** The events a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = ${list(WEBHOOK_EVENT_TYPES)};
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Every kind of notification the service creates. */
export type NotificationType = ${NOTIFICATION_TYPES.map(literal).join(' | ')};

/** The events the server sends to the rooms a client joined, by name, with their payloads. */
export interface RoomEvents {
${events(ROOM_EVENTS)}
}

/** What the server answers the socket that asked to join rooms. */
export interface SocketAnswers {
${events(SOCKET_ANSWERS)}
}

/** Every event a client receives from the server. */
export type ServerEvents = RoomEvents & SocketAnswers;
`;
}

const DOC_START =
  '<!-- realtime-events: generated from src/platform/realtime-events.ts by `npm run web:api` -->';
const DOC_END = '<!-- /realtime-events -->';

/** Notification types by the permission they need. */
function groupBy(map: Record<string, string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [type, permission] of Object.entries(map)) out[permission] = [...(out[permission] ?? []), type];
  return out;
}

/** Who in a business room receives an event (`EventAudience`), in the table's words. */
function audienceOf(audience: EventAudience | null): string {
  if (audience === null) return '(admin rooms only)';
  if (audience === 'notification') return 'roles with the permission its type needs (below)';
  if (audience === 'conversation')
    return 'those who may see the conversation: `inbox:read-all`, its assignee, or `inbox:read` while it is unassigned';
  return `roles with \`${audience}\``;
}

/** The event table and notification types of docs/api.md ("Real time"). */
export function realtimeDocBlock(): string {
  const keys = (schema: z.ZodType) => {
    const json = z.toJSONSchema(schema, { io: 'output' }) as JsonSchema;
    return `\`{ ${Object.keys(json.properties ?? {}).join(', ')} }\``;
  };
  const rows = Object.entries(ROOM_EVENTS).map(
    ([name, e]) =>
      `| \`${name}\` | ${e.rooms.join(', ')} | ${audienceOf(e.audience)} | ${keys(e.payload)} | ${e.when} |`,
  );
  const typesFor = (room: RoomType) =>
    NOTIFICATION_TYPES.filter((t) => NOTIFICATION_RECEIVERS[t] === room)
      .map((t) => `\`${t}\``)
      .join(', ');
  return [
    DOC_START,
    '',
    '| event | rooms | members who receive it | payload | sent |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    'Notification `type` values (stable, machine-readable; `title` and `message` carry the text): ' +
      `${typesFor('admin')} (to admins); ${typesFor('business')} (to the business).`,
    '',
    'A business notification reaches, live and in `GET /notifications`, the members whose role holds the ' +
      'permission its type needs: ' +
      Object.entries(groupBy(NOTIFICATION_PERMISSIONS))
        .map(([permission, types]) => `\`${permission}\`: ${types.map((t) => `\`${t}\``).join(', ')}`)
        .join('; ') +
      '.',
    '',
    DOC_END,
  ].join('\n');
}

/** docs/api.md with its generated block replaced by `block`. */
export function withRealtimeDocBlock(doc: string, block = realtimeDocBlock()): string {
  const start = doc.indexOf(DOC_START);
  const end = doc.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error('docs/api.md has no real-time events block');
  return doc.slice(0, start) + block + doc.slice(end + DOC_END.length);
}
