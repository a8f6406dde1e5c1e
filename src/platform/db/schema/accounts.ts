import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';
import { roleEnum } from './enums.js';

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    name: text('name').notNull(),
    /** Always stored lower-cased, so `A@x.com` and `a@x.com` are one account. */
    email: text('email').notNull().unique(),
    whatsappNumber: text('whatsapp_number'),
    avatarUrl: text('avatar_url'),
    role: roleEnum('role').notNull().default('business'),
    verified: boolean('verified').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: timestamptz('deleted_at'),
    /** argon2id hash; null for accounts created through the identity provider until they set one. */
    passwordHash: text('password_hash'),
    /** The identity provider's `sub` this account is linked to; one account per subject. */
    identityProviderSubject: text('identity_provider_subject'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('accounts_email_lower', sql`${t.email} = lower(${t.email})`),
    index('accounts_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('accounts_role_idx').on(t.role),
    index('accounts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('accounts_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    // Looked up first on every identity sign-in; unique, so a subject can never resolve to two accounts.
    uniqueIndex('accounts_identity_subject_key')
      .on(t.identityProviderSubject)
      .where(sql`${t.identityProviderSubject} IS NOT NULL`),
  ],
);
