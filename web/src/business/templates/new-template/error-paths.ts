import type { CreateBody } from './template-components';
import type { TemplateShape, TemplateValues } from './template-values';

/** Where the service's `components[i]…` paths land in this form. */
export function errorPaths(
  v: TemplateValues,
  s: TemplateShape,
  components: CreateBody['components'],
): Record<string, string> {
  const out: Record<string, string> = { name: 'name', language: 'language', category: 'category' };
  components.forEach((c, i) => {
    const at = `components[${i}]`;
    if (c.type === 'HEADER') {
      const media = v.headerFormat === 'TEXT' ? 'headerText' : 'headerMediaUrl';
      Object.assign(out, {
        [at]: media,
        [`${at}.type`]: media,
        [`${at}.text`]: 'headerText',
        [`${at}.format`]: 'headerFormat',
        [`${at}.example.header_text`]: 'headerExample',
        [`${at}.example.header_text[0]`]: 'headerExample',
        [`${at}.example.header_handle`]: 'headerMediaUrl',
        [`${at}.example.header_text_named_params`]: 'headerExample',
      });
    } else if (s.authentication) {
      Object.assign(out, {
        [`${at}.code_expiration_minutes`]: 'codeExpiration',
        [`${at}.add_security_recommendation`]: 'securityRecommendation',
      });
    } else if (c.type === 'BODY') {
      Object.assign(out, { [at]: 'body', [`${at}.text`]: 'body', [`${at}.example.body_text`]: 'body' });
      out[`${at}.example.body_text_named_params`] = 'body';
      s.bodyNames.forEach((name, k) => {
        out[`${at}.example.body_text_named_params[${k}].example`] = `namedExamples.${name}`;
      });
      out[`${at}.example.body_text[0]`] = 'body';
      s.bodyVariables.forEach((n, k) => {
        out[`${at}.example.body_text[0][${k}]`] = `bodyExamples.${n - 1}`;
      });
    } else if (c.type === 'FOOTER') {
      Object.assign(out, { [at]: 'footer', [`${at}.text`]: 'footer' });
    } else if (c.type === 'BUTTONS') {
      Object.assign(out, { [at]: 'buttons', [`${at}.buttons`]: 'buttons' });
      v.buttons.forEach((_b, k) => {
        const b = `${at}.buttons[${k}]`;
        Object.assign(out, {
          [b]: `buttons.${k}.text`,
          [`${b}.text`]: `buttons.${k}.text`,
          [`${b}.url`]: `buttons.${k}.url`,
          [`${b}.example`]: `buttons.${k}.example`,
          [`${b}.example[0]`]: `buttons.${k}.example`,
          [`${b}.phone_number`]: `buttons.${k}.phoneNumber`,
        });
      });
    }
  });
  return out;
}
