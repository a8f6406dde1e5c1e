import type { Data } from '../../api/types';
import type { HeaderFormat } from './TemplatePhone';

export type Template = Data<'/api/v1/templates', 'get'>['items'][number];
export type TemplateStatus = Template['status'];
export type TemplateCategory = Template['category'];
export type TemplateComponent = Template['components'][number];

/** Each status the provider gives a template, in words, with its colour and what it means. */
export const STATUS_WORDS: Record<TemplateStatus, { label: string; color: string; help: string }> = {
  APPROVED: { label: 'Approved', color: 'green', help: 'Ready for campaigns' },
  PENDING: { label: 'In review', color: 'orange', help: 'WhatsApp is reviewing it' },
  REJECTED: { label: 'Rejected', color: 'red', help: 'WhatsApp refused it' },
  PAUSED: { label: 'Paused', color: 'yellow', help: 'Paused by WhatsApp after poor feedback' },
  DISABLED: { label: 'Disabled', color: 'gray', help: 'Disabled by WhatsApp' },
  IN_APPEAL: { label: 'In appeal', color: 'orange', help: 'WhatsApp is reviewing an appeal' },
  PENDING_DELETION: { label: 'Being deleted', color: 'gray', help: 'WhatsApp is deleting it' },
  LIMIT_EXCEEDED: { label: 'Limit reached', color: 'gray', help: 'The account has too many templates' },
};
/** Every status, in the order the filter offers the first five of them. */
export const TEMPLATE_STATUSES = [
  'APPROVED',
  'PENDING',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'PENDING_DELETION',
  'LIMIT_EXCEEDED',
] as const satisfies readonly TemplateStatus[];
/** The statuses a reader filters by. */
export const FILTER_STATUSES = TEMPLATE_STATUSES.slice(0, 5);
/** Statuses the provider is still deciding: the lists watch them. */
export const AWAITING: ReadonlySet<TemplateStatus> = new Set(['PENDING', 'IN_APPEAL']);

export const statusWords = (status: TemplateStatus) => STATUS_WORDS[status];

export const TEMPLATE_CATEGORIES = [
  'MARKETING',
  'UTILITY',
  'AUTHENTICATION',
] as const satisfies readonly TemplateCategory[];
const CATEGORY_LABELS: Record<TemplateCategory, string> = {
  MARKETING: 'Marketing',
  UTILITY: 'Utility',
  AUTHENTICATION: 'Authentication',
};
export const CATEGORIES = TEMPLATE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
export const categoryLabel = (c: TemplateCategory) => CATEGORY_LABELS[c];

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

/** A button as the provider stores it, read field by field. */
function buttonOf(b: unknown): TemplateButton {
  const r: Record<string, unknown> =
    typeof b === 'object' && b !== null ? Object.fromEntries(Object.entries(b)) : {};
  return { type: text(r.type) ?? '', text: text(r.text) ?? '', url: text(r.url) };
}

/** What WhatsApp shows as an authentication template's body, its code in {{1}}. */
const AUTH_BODY = '{{1}} is your verification code.';
const buttonsOf = (c: TemplateComponent | undefined) =>
  Array.isArray(c?.buttons) ? c.buttons.map(buttonOf) : [];

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
    // An authentication template made here has no body text: WhatsApp's preset one stands for it.
    body:
      text(of('BODY')?.text) ??
      (of('BODY') && buttonsOf(of('BUTTONS')).some((b) => b.type === 'OTP') ? AUTH_BODY : ''),
    footer: text(of('FOOTER')?.text),
    buttons: Array.isArray(buttons) ? buttons.map(buttonOf) : [],
  };
}
