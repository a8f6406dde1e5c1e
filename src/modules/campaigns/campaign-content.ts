import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';

export interface CampaignContent {
  id: string;
  businessId: string;
  messageType: 'marketing' | 'utility' | 'authentication';
  message: string;
  header: string | null;
  uploadFileUrl: string | null;
  actionButtonTitle: string | null;
  actionButtonUrl: string | null;
  templateId: string | null;
  templateParameters: unknown;
  /** Links go out as tracked short links (`links` module). */
  trackClicks: boolean;
  /** An A/B test's variants, each its own text or template (null outside a test). */
  variants:
    | { name: string; message?: string | null; templateId?: string | null; templateParameters?: unknown }[]
    | null;
}

/** What every message of a campaign carries. Fixed once published (only drafts can be edited). */
export async function loadCampaignContent(db: Db, campaignId: string): Promise<CampaignContent | null> {
  const [row] = await queryRows<{
    id: string;
    business_id: string;
    message_type: CampaignContent['messageType'];
    message: string;
    header: string | null;
    upload_file_url: string | null;
    action_button_title: string | null;
    action_button_url: string | null;
    template_id: string | null;
    template_parameters: unknown;
    track_clicks: boolean;
    variants: unknown;
  }>(
    db,
    sql`SELECT id, business_id, message_type, message, header, upload_file_url, action_button_title,
               action_button_url, template_id, template_parameters, track_clicks,
               variants
        FROM campaigns WHERE id = ${campaignId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    businessId: row.business_id,
    messageType: row.message_type,
    message: row.message,
    header: row.header,
    uploadFileUrl: row.upload_file_url,
    actionButtonTitle: row.action_button_title,
    actionButtonUrl: row.action_button_url,
    templateId: row.template_id,
    templateParameters:
      typeof row.template_parameters === 'string'
        ? JSON.parse(row.template_parameters)
        : row.template_parameters,
    trackClicks: row.track_clicks,
    variants: (typeof row.variants === 'string'
      ? JSON.parse(row.variants)
      : row.variants) as CampaignContent['variants'],
  };
}
