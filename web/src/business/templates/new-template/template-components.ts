import type { Body } from '../../../api/types';
import { type TemplateShape, type TemplateValues, urlHasVariable } from './template-values';

export type CreateBody = Body<'/api/v1/templates', 'post'>;
type Components = CreateBody['components'];

/** An authentication template is WhatsApp's preset text and a one-time-password button. */
function authenticationComponents(v: TemplateValues): Components {
  return [
    { type: 'BODY', add_security_recommendation: v.securityRecommendation },
    ...(v.codeExpiration !== ''
      ? [{ type: 'FOOTER' as const, code_expiration_minutes: Number(v.codeExpiration) }]
      : []),
    { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] },
  ];
}

function header(v: TemplateValues, s: TemplateShape): Components {
  if (v.headerFormat === 'NONE') return [];
  if (v.headerFormat !== 'TEXT')
    return [{ type: 'HEADER', format: v.headerFormat, example: { header_handle: [v.headerMediaUrl] } }];
  const example = !s.headerKeys.length
    ? {}
    : s.named
      ? {
          example: { header_text_named_params: [{ param_name: s.headerKeys[0]!, example: v.headerExample }] },
        }
      : { example: { header_text: [v.headerExample] } };
  return [{ type: 'HEADER', format: 'TEXT', text: v.headerText, ...example }];
}

function body(v: TemplateValues, s: TemplateShape): Components[number] {
  const example = s.named
    ? s.bodyNames.length
      ? {
          example: {
            body_text_named_params: s.bodyNames.map((name) => ({
              param_name: name,
              example: v.namedExamples[name] ?? '',
            })),
          },
        }
      : {}
    : s.bodyVariables.length
      ? { example: { body_text: [s.bodyVariables.map((n) => v.bodyExamples[n - 1] ?? '')] } }
      : {};
  return { type: 'BODY', text: v.body, ...example };
}

function buttons(v: TemplateValues): Components {
  if (!v.buttons.length) return [];
  return [
    {
      type: 'BUTTONS',
      buttons: v.buttons.map((b) =>
        b.type === 'URL'
          ? {
              type: 'URL',
              text: b.text,
              url: b.url,
              ...(urlHasVariable(b.url) ? { example: [b.example] } : {}),
            }
          : b.type === 'PHONE_NUMBER'
            ? { type: 'PHONE_NUMBER', text: b.text, phone_number: b.phoneNumber }
            : b.type === 'COPY_CODE'
              ? { type: 'COPY_CODE', example: b.example, ...(b.text.trim() ? { text: b.text } : {}) }
              : { type: 'QUICK_REPLY', text: b.text },
      ),
    },
  ];
}

/** The template's parts as WhatsApp's API takes them: header, body, footer and buttons. */
export function templateComponents(v: TemplateValues, s: TemplateShape): Components {
  if (s.authentication) return authenticationComponents(v);
  return [
    ...header(v, s),
    body(v, s),
    ...(v.footer.trim() ? [{ type: 'FOOTER' as const, text: v.footer }] : []),
    ...buttons(v),
  ];
}
