import type { TemplateRow } from './templates.repository.js';
import type { TemplateDto, TemplateStatusEvent } from './templates.schemas.js';

export function toTemplateDto(row: TemplateRow): TemplateDto {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category as TemplateDto['category'],
    status: row.status as TemplateDto['status'],
    components: row.components as Record<string, unknown>[],
    rejectedReason: row.rejectedReason,
    provider: row.provider as TemplateDto['provider'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTemplateStatusEvent(row: TemplateRow): TemplateStatusEvent {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    status: row.status as TemplateStatusEvent['status'],
    category: row.category as TemplateStatusEvent['category'],
    rejectedReason: row.rejectedReason,
  };
}
