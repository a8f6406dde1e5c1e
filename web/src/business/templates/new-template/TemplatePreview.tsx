import { Text } from '@mantine/core';
import { TemplatePhone } from '../TemplatePhone';
import { fillNamedVariables, fillVariables } from '../template-text';
import { shapeOf, type TemplateValues } from './template-values';

/** The template on a phone as it is typed, its variables shown with their examples. */
export function TemplatePreview({
  values: v,
  businessName,
}: {
  values: TemplateValues;
  businessName: string;
}) {
  const { named, authentication, headerKeys } = shapeOf(v);
  const headerPreview = named
    ? fillNamedVariables(v.headerText, { [headerKeys[0] ?? '']: v.headerExample })
    : fillVariables(v.headerText, [v.headerExample]);
  const bodyPreview = authentication
    ? `123456 is your verification code.${v.securityRecommendation ? ' For your security, do not share this code.' : ''}`
    : named
      ? fillNamedVariables(v.body, v.namedExamples)
      : fillVariables(v.body, v.bodyExamples);
  const footerPreview = authentication
    ? v.codeExpiration === ''
      ? ''
      : `This code expires in ${v.codeExpiration} minutes.`
    : v.footer;
  return (
    <>
      <TemplatePhone
        businessName={businessName}
        message={{
          header:
            v.headerFormat === 'NONE' || authentication
              ? null
              : { format: v.headerFormat, text: headerPreview, mediaUrl: v.headerMediaUrl },
          body: bodyPreview,
          footer: footerPreview,
          buttons: authentication
            ? [{ type: 'URL', text: 'Copy code' }]
            : v.buttons.map((b) =>
                b.type === 'COPY_CODE' ? { ...b, text: b.text || 'Copy offer code' } : b,
              ),
        }}
      />
      <Text size="xs" c="dimmed" ta="center" mt="xs">
        Variables are shown with their examples.
      </Text>
    </>
  );
}
