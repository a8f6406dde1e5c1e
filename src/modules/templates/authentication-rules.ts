import type { TemplateComponentInput } from './templates.schemas.js';

type Add = (path: string, message: string) => void;

/** The provider's limits on an authentication template (its one-time-password button). */
const AUTH = { buttonText: 25, minMinutes: 1, maxMinutes: 90, apps: 5, signatureHash: 11 } as const;

/**
 * An `AUTHENTICATION` template as the Cloud API takes one: its body is the provider's preset text ("{{1}} is
 * your verification code", with `add_security_recommendation`), its footer only `code_expiration_minutes`,
 * and one `OTP` button (`COPY_CODE`, `ONE_TAP` or `ZERO_TAP`). No header (no media), no URL, phone or
 * quick-reply button, no text of the business's own.
 */
export function checkAuthenticationTemplate(components: TemplateComponentInput[], add: Add): void {
  let otp = 0;
  components.forEach((c, i) => {
    const at = `components[${i}]`;
    switch (c.type) {
      case 'HEADER':
        add(`${at}.type`, 'An authentication template has no header: no media and no header text');
        return;
      case 'BODY':
        if (c.text !== undefined)
          add(
            `${at}.text`,
            "An authentication template's body is the provider's preset text: leave text out",
          );
        return;
      case 'FOOTER': {
        if (c.text !== undefined)
          add(`${at}.text`, "An authentication template's footer is its code expiration: leave text out");
        const minutes = c.code_expiration_minutes;
        if (minutes !== undefined && (minutes < AUTH.minMinutes || minutes > AUTH.maxMinutes))
          add(`${at}.code_expiration_minutes`, `From ${AUTH.minMinutes} to ${AUTH.maxMinutes} minutes`);
        return;
      }
      case 'BUTTONS':
        c.buttons.forEach((b, j) => {
          const bt = `${at}.buttons[${j}]`;
          if (b.type !== 'OTP') {
            add(`${bt}.type`, 'An authentication template has only its one-time-password (OTP) button');
            return;
          }
          otp++;
          if (!b.otp_type) add(`${bt}.otp_type`, 'COPY_CODE, ONE_TAP or ZERO_TAP');
          for (const key of ['text', 'autofill_text'] as const)
            if ((b[key]?.length ?? 0) > AUTH.buttonText)
              add(`${bt}.${key}`, `At most ${AUTH.buttonText} characters`);
          if (b.url !== undefined || b.phone_number !== undefined)
            add(`${bt}.url`, 'A one-time-password button has no url or phone number');
          if (b.otp_type === 'ONE_TAP' || b.otp_type === 'ZERO_TAP') {
            const apps = b.supported_apps ?? [];
            if (!apps.length || apps.length > AUTH.apps)
              add(`${bt}.supported_apps`, `A ${b.otp_type} button names 1 to ${AUTH.apps} Android apps`);
            apps.forEach((app, k) => {
              if (!/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(app.package_name))
                add(
                  `${bt}.supported_apps[${k}].package_name`,
                  'An Android package name such as com.example.app',
                );
              if (app.signature_hash.length !== AUTH.signatureHash)
                add(
                  `${bt}.supported_apps[${k}].signature_hash`,
                  `The app's ${AUTH.signatureHash}-character signing key hash`,
                );
            });
          }
          if (b.otp_type === 'ZERO_TAP' && b.zero_tap_terms_accepted !== true)
            add(
              `${bt}.zero_tap_terms_accepted`,
              'A ZERO_TAP button needs the zero-tap terms accepted (true)',
            );
        });
        return;
    }
  });
  if (otp !== 1)
    add('components', 'An authentication template needs exactly one OTP button (a BUTTONS component)');
}
