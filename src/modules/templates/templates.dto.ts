import { sendabilityOf } from './template-needs.js';
import type { TemplateRow } from './templates.repository.js';
import type { TemplateDto, TemplateStatusEvent } from './templates.schemas.js';

export function toTemplateDto(row: TemplateRow): TemplateDto {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    parameterFormat: row.parameterFormat,
    components: row.components as Record<string, unknown>[],
    rejectedReason: row.rejectedReason,
    ...sendabilityOf({ ...row, components: row.components as { type: string }[] }),
    rejection: row.rejectionInfo ?? null,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTemplateStatusEvent(row: TemplateRow): TemplateStatusEvent {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    status: row.status,
    category: row.category,
    rejectedReason: row.rejectedReason,
  };
}
