import {
  type ParameterFormat,
  parameterFormatOf,
  placeholdersIn,
  variablesOf,
} from './template-variables.js';

export type Component = Record<string, unknown> & { type: string };

/** What the needs of a template are read from: a stored row, or what a send has loaded of one. */
export interface TemplateShape {
  category: string;
  /** `POSITIONAL` or `NAMED` (the provider's `parameter_format`). */
  parameterFormat: string;
  components: readonly Component[] | readonly { type: string }[];
}

/** What a template needs filled for one recipient, read once per template. */
export interface TemplateNeeds {
  format: ParameterFormat;
  /** An `AUTHENTICATION` template: its code fills the body's variable and its one-time-password button. */
  authentication: boolean;
  /** The text header's variables: `['1']`, or `['order_id']` in a named template. */
  header: string[];
  headerMedia: 'IMAGE' | 'VIDEO' | 'DOCUMENT' | null;
  /** The body's variables: `['1', '2']`, or `['first_name']` in a named template. */
  body: string[];
  /** Indexes (among all buttons) of the URL buttons that end in `{{1}}` (an authentication template's is its code's). */
  urlButtons: number[];
  /** Index of the `COPY_CODE` button (a coupon code), if any. */
  copyCode: number | null;
  /** Index of an authentication template's one-time-password button (`OTP` as created, `URL` as Meta lists it). */
  otpButton: number | null;
  /** Why the service cannot send it (a flow or catalog button, say); null when it can. */
  unsendable: string | null;
}

const SENDABLE_COMPONENTS = new Set(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);
const SENDABLE_HEADERS = new Set(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT']);
const SENDABLE_BUTTONS = new Set(['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP']);

export function templateNeeds(template: TemplateShape): TemplateNeeds {
  const format = parameterFormatOf(template.parameterFormat);
  const authentication = template.category === 'AUTHENTICATION';
  const needs: TemplateNeeds = {
    format,
    authentication,
    header: [],
    headerMedia: null,
    body: [],
    urlButtons: [],
    copyCode: null,
    otpButton: null,
    unsendable: null,
  };
  const cannot = (what: string) => {
    needs.unsendable ??= `It has ${what}, which this service cannot send yet`;
  };
  for (const c of template.components as Component[]) {
    const type = String(c.type).toUpperCase();
    if (!SENDABLE_COMPONENTS.has(type)) cannot(`a ${type} component`);
    else if (type === 'HEADER') {
      const kind = String(c.format ?? 'TEXT').toUpperCase();
      if (!SENDABLE_HEADERS.has(kind)) cannot(`a ${kind} header`);
      else if (kind === 'TEXT') needs.header = variablesOf(c.text as string | undefined, format);
      else needs.headerMedia = kind as TemplateNeeds['headerMedia'];
    } else if (type === 'BODY') needs.body = variablesOf(c.text as string | undefined, format);
    else if (type === 'BUTTONS' && Array.isArray(c.buttons)) {
      (c.buttons as Component[]).forEach((b, i) => {
        const kind = String(b.type).toUpperCase();
        if (!SENDABLE_BUTTONS.has(kind)) cannot(`a ${kind} button`);
        else if (authentication && (kind === 'OTP' || kind === 'URL')) needs.otpButton ??= i;
        else if (kind === 'URL' && placeholdersIn(b.url as string | undefined).length)
          needs.urlButtons.push(i);
        else if (kind === 'COPY_CODE') needs.copyCode ??= i;
      });
    }
  }
  if (authentication && needs.otpButton === null)
    needs.unsendable ??=
      'It is an authentication template without a one-time-password button, which WhatsApp no longer delivers';
  return needs;
}

/** Whether the service can send a template, and why not: what the API shows beside its status. */
export function sendabilityOf(template: TemplateShape): {
  sendable: boolean;
  unsendableReason: string | null;
} {
  const reason = templateNeeds(template).unsendable;
  return { sendable: reason === null, unsendableReason: reason };
}
