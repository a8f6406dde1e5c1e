import { useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { paths } from '../../api/schema';
import { useLiveEvent } from '../../realtime/socket';
import type { HeaderFormat } from './TemplatePhone';

export type TemplateQuery = NonNullable<paths['/api/v1/templates']['get']['parameters']['query']>;

export const templatesQuery = (query: TemplateQuery) => ({
  queryKey: ['templates', 'list', query],
  queryFn: () => unwrap(api.GET('/api/v1/templates', { params: { query } })),
});

export type TemplatePage = Awaited<ReturnType<ReturnType<typeof templatesQuery>['queryFn']>>;
export type Template = TemplatePage['items'][number];
export type TemplateStatus = Template['status'];
export type TemplateComponent = Template['components'][number];

/** The approved templates a campaign can be built from (the first hundred; a business rarely has more). */
export const approvedTemplatesQuery = templatesQuery({ status: 'APPROVED', page: 1, pageSize: 100 });

export const STATUS_WORDS: Record<string, { label: string; color: string; help: string }> = {
  APPROVED: { label: 'Approved', color: 'green', help: 'Ready for campaigns' },
  PENDING: { label: 'In review', color: 'orange', help: 'WhatsApp is reviewing it' },
  REJECTED: { label: 'Rejected', color: 'red', help: 'WhatsApp refused it' },
  PAUSED: { label: 'Paused', color: 'yellow', help: 'Paused by WhatsApp after poor feedback' },
  DISABLED: { label: 'Disabled', color: 'gray', help: 'Disabled by WhatsApp' },
  IN_APPEAL: { label: 'In appeal', color: 'orange', help: 'WhatsApp is reviewing an appeal' },
  PENDING_DELETION: { label: 'Being deleted', color: 'gray', help: 'WhatsApp is deleting it' },
  LIMIT_EXCEEDED: { label: 'Limit reached', color: 'gray', help: 'The account has too many templates' },
};
/** Statuses the provider is still deciding: the lists watch them. */
export const AWAITING = new Set(['PENDING', 'IN_APPEAL']);

export const statusWords = (status: string) =>
  STATUS_WORDS[status] ?? { label: status, color: 'gray', help: '' };

export const CATEGORIES = [
  { value: 'MARKETING', label: 'Marketing' },
  { value: 'UTILITY', label: 'Utility' },
  { value: 'AUTHENTICATION', label: 'Authentication' },
];
export const categoryLabel = (c: string) => CATEGORIES.find((x) => x.value === c)?.label ?? c;

export const LANGUAGES = [
  { value: 'en_US', label: 'English (US)' },
  { value: 'en_GB', label: 'English (UK)' },
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'French' },
  { value: 'pt_BR', label: 'Portuguese (Brazil)' },
  { value: 'es', label: 'Spanish' },
  { value: 'ha', label: 'Hausa' },
  { value: 'yo', label: 'Yoruba' },
  { value: 'ig', label: 'Igbo' },
  { value: 'sw', label: 'Swahili' },
  { value: 'ar', label: 'Arabic' },
];
export const languageLabel = (code: string) => LANGUAGES.find((l) => l.value === code)?.label ?? code;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const HEADER_FORMATS: readonly HeaderFormat[] = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'];
export interface TemplateButton {
  type: string;
  text: string;
  url: string | null;
}
export interface TemplateParts {
  header: { format: HeaderFormat; text: string | null } | null;
  body: string;
  footer: string | null;
  buttons: TemplateButton[];
}

/**
 * The header, body, footer and buttons of a template's components (the service hands them over in the
 * provider's own format, as it stores them).
 */
export function partsOf(components: readonly TemplateComponent[]): TemplateParts {
  const of = (type: string) => components.find((c) => c.type === type);
  const header = of('HEADER');
  const format = HEADER_FORMATS.find((f) => f === header?.format);
  const buttons = of('BUTTONS')?.buttons;
  return {
    header: header && format ? { format, text: text(header.text) } : null,
    body: text(of('BODY')?.text) ?? '',
    footer: text(of('FOOTER')?.text),
    buttons: Array.isArray(buttons)
      ? buttons.map((b: unknown) => {
          const r = (typeof b === 'object' && b ? b : {}) as Record<string, unknown>;
          return { type: text(r.type) ?? '', text: text(r.text) ?? '', url: text(r.url) };
        })
      : [],
  };
}

/**
 * Keeps every template list on screen current: a status the provider decided (approved, rejected, paused…)
 * arrives on the real-time channel, and the lists are read again.
 */
export function useLiveTemplates(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['templates'] });
  useLiveEvent('templateStatus', refresh);
  useLiveEvent<{ type?: string }>('notification', (n) => {
    if (n.type?.startsWith('template')) refresh();
  });
}
