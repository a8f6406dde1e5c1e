import {
  Button,
  Card,
  Checkbox,
  CloseButton,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { templateKeys } from '../../api/queries/templates';
import type { Body } from '../../api/types';
import { useSession } from '../../auth/session';
import { FormError } from '../../ui/form-errors';
import { PageHeader } from '../../ui/page';
import { type HeaderFormat, TemplatePhone } from './TemplatePhone';
import { CATEGORIES, LANGUAGES, type TemplateCategory } from './template-parts';
import {
  fillNamedVariables,
  fillVariables,
  namedVariablesOf,
  TEMPLATE_NAME,
  toTemplateName,
  variableProblem,
  variablesOf,
} from './template-text';

type CreateBody = Body<'/api/v1/templates', 'post'>;
type ButtonType = 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER' | 'COPY_CODE';
type ParameterFormat = 'POSITIONAL' | 'NAMED';
interface ButtonDraft {
  type: ButtonType;
  text: string;
  url: string;
  /** What the link's {{1}} is in the example WhatsApp reviews (a copy-code button: an example code). */
  example: string;
  phoneNumber: string;
}

const BUTTON_TYPES = [
  { value: 'QUICK_REPLY', label: 'Quick reply' },
  { value: 'URL', label: 'Open a link' },
  { value: 'PHONE_NUMBER', label: 'Call a number' },
  { value: 'COPY_CODE', label: 'Copy a coupon code' },
];
const NUMBERED = /\{\{\s*\d+\s*\}\}/;
/** The variables of a text as the template's format reads them: `1`, `2`… or `first_name`…. */
const keysOf = (text: string, format: ParameterFormat) =>
  format === 'NAMED' ? namedVariablesOf(text) : variablesOf(text).map(String);
const MAX_BUTTONS = 10;
const urlHasVariable = (url: string) => variablesOf(url).length > 0;
const LIMITS = { body: 1024, header: 60, footer: 60, button: 25 };

/** A new template, with its message previewed on a phone as it is typed. */
export function NewTemplate() {
  const { business } = useSession();
  const cloud = business?.provider === 'whatsapp-cloud';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      name: '',
      language: 'en_US',
      category: 'MARKETING' as TemplateCategory,
      parameterFormat: 'POSITIONAL' as ParameterFormat,
      namedExamples: {} as Record<string, string>,
      securityRecommendation: true,
      codeExpiration: '' as number | string,
      headerFormat: 'NONE' as 'NONE' | HeaderFormat,
      headerText: '',
      headerExample: '',
      headerMediaUrl: '',
      body: '',
      bodyExamples: [] as string[],
      footer: '',
      buttons: [] as ButtonDraft[],
    },
    validate: {
      name: (v) =>
        !v
          ? 'Give the template a name'
          : TEMPLATE_NAME.test(v)
            ? v.length > 512
              ? 'At most 512 characters'
              : null
            : 'Use lower-case letters, digits and underscores only (order_update)',
      headerText: (v, all) =>
        all.headerFormat !== 'TEXT'
          ? null
          : !v.trim()
            ? 'Write the header, or choose no header'
            : v.length > LIMITS.header
              ? `At most ${LIMITS.header} characters`
              : all.parameterFormat === 'NAMED'
                ? NUMBERED.test(v) || namedVariablesOf(v).length > 1
                  ? 'A header has at most one variable, a name such as {{order_id}}'
                  : null
                : variablesOf(v).some((n) => n !== 1)
                  ? 'A header has at most one variable, {{1}}'
                  : null,
      headerExample: (v, all) =>
        all.headerFormat === 'TEXT' && keysOf(all.headerText, all.parameterFormat).length && !v.trim()
          ? `Give an example for {{${keysOf(all.headerText, all.parameterFormat)[0]}}}`
          : null,
      headerMediaUrl: (v, all) =>
        all.headerFormat !== 'NONE' && all.headerFormat !== 'TEXT' && !/^https:\/\/\S+$/.test(v)
          ? 'Enter a link to a sample file (https://…)'
          : null,
      body: (v, all) =>
        all.category === 'AUTHENTICATION'
          ? null
          : !v.trim()
            ? 'Write the message'
            : v.length > LIMITS.body
              ? `At most ${LIMITS.body} characters`
              : all.parameterFormat === 'NAMED'
                ? NUMBERED.test(v)
                  ? 'Named variables are lower-case names: {{first_name}}, not {{1}}'
                  : null
                : variableProblem(v),
      codeExpiration: (v, all) =>
        all.category === 'AUTHENTICATION' && v !== '' && (Number(v) < 1 || Number(v) > 90)
          ? 'From 1 to 90 minutes'
          : null,
      footer: (v) => (v.length > LIMITS.footer ? `At most ${LIMITS.footer} characters` : null),
      buttons: {
        text: (v, all, path) =>
          !v.trim()
            ? all.buttons[Number(path.split('.')[1])]?.type === 'COPY_CODE'
              ? null
              : 'Write the button'
            : v.length > LIMITS.button
              ? `At most ${LIMITS.button} characters`
              : null,
        url: (v, all, path) =>
          all.buttons[Number(path.split('.')[1])]?.type === 'URL' && !/^https?:\/\/\S+$/.test(v)
            ? 'Enter the link the button opens (https://…)'
            : null,
        example: (v, all, path) => {
          const b = all.buttons[Number(path.split('.')[1])];
          if (b?.type === 'COPY_CODE')
            return !v.trim() ? 'Give an example code' : v.length > 15 ? 'At most 15 characters' : null;
          return b?.type === 'URL' && urlHasVariable(b.url) && !v.trim()
            ? "Give an example for the link's {{1}}"
            : null;
        },
        phoneNumber: (v, all, path) =>
          all.buttons[Number(path.split('.')[1])]?.type === 'PHONE_NUMBER' && !/^\+\d{7,15}$/.test(v)
            ? 'Enter the number with its country code (+234…)'
            : null,
      },
    },
  });
  const v = form.values;
  const named = v.parameterFormat === 'NAMED';
  const authentication = v.category === 'AUTHENTICATION';
  const bodyVariables = variablesOf(v.body);
  const bodyNames = namedVariablesOf(v.body);
  const headerKeys = v.headerFormat === 'TEXT' ? keysOf(v.headerText, v.parameterFormat) : [];
  const headerHasVariable = headerKeys.length > 0;

  /** An authentication template is WhatsApp's preset text and a one-time-password button. */
  const authenticationComponents = (): CreateBody['components'] => [
    { type: 'BODY', add_security_recommendation: v.securityRecommendation },
    ...(v.codeExpiration !== ''
      ? [{ type: 'FOOTER' as const, code_expiration_minutes: Number(v.codeExpiration) }]
      : []),
    { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] },
  ];

  const components = (): CreateBody['components'] => {
    if (authentication) return authenticationComponents();
    const list: CreateBody['components'] = [];
    if (v.headerFormat === 'TEXT')
      list.push({
        type: 'HEADER',
        format: 'TEXT',
        text: v.headerText,
        ...(headerHasVariable
          ? named
            ? {
                example: {
                  header_text_named_params: [{ param_name: headerKeys[0]!, example: v.headerExample }],
                },
              }
            : { example: { header_text: [v.headerExample] } }
          : {}),
      });
    else if (v.headerFormat !== 'NONE')
      list.push({ type: 'HEADER', format: v.headerFormat, example: { header_handle: [v.headerMediaUrl] } });
    list.push({
      type: 'BODY',
      text: v.body,
      ...(named
        ? bodyNames.length
          ? {
              example: {
                body_text_named_params: bodyNames.map((name) => ({
                  param_name: name,
                  example: v.namedExamples[name] ?? '',
                })),
              },
            }
          : {}
        : bodyVariables.length
          ? { example: { body_text: [bodyVariables.map((n) => v.bodyExamples[n - 1] ?? '')] } }
          : {}),
    });
    if (v.footer.trim()) list.push({ type: 'FOOTER', text: v.footer });
    if (v.buttons.length)
      list.push({
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
      });
    return list;
  };

  /** Where the service's `components[i]…` paths land in this form. */
  const aliases = () => {
    const out: Record<string, string> = { name: 'name', language: 'language', category: 'category' };
    components().forEach((c, i) => {
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
      } else if (authentication) {
        Object.assign(out, {
          [`${at}.code_expiration_minutes`]: 'codeExpiration',
          [`${at}.add_security_recommendation`]: 'securityRecommendation',
        });
      } else if (c.type === 'BODY') {
        Object.assign(out, { [at]: 'body', [`${at}.text`]: 'body', [`${at}.example.body_text`]: 'body' });
        out[`${at}.example.body_text_named_params`] = 'body';
        bodyNames.forEach((name, k) => {
          out[`${at}.example.body_text_named_params[${k}].example`] = `namedExamples.${name}`;
        });
        out[`${at}.example.body_text[0]`] = 'body';
        bodyVariables.forEach((n, k) => {
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
  };

  /** Each problem the service named goes next to its input; what has no input is said above the button. */
  const placeErrors = (err: unknown): string | null => {
    if (!(err instanceof ApiError)) return errorText(err);
    const to = aliases();
    const placed: Record<string, string> = {};
    for (const [path, message] of Object.entries(err.fieldErrors)) {
      const name = to[path];
      if (name && !(name in placed)) placed[name] = message;
    }
    form.setErrors(placed);
    return Object.keys(placed).length ? null : err.message;
  };

  const submit = form.onSubmit(async () => {
    // Each variable the body uses needs an example (the provider reviews with them).
    const missingNames = authentication || !named ? [] : bodyNames.filter((n) => !v.namedExamples[n]?.trim());
    if (missingNames.length) {
      form.setErrors(
        Object.fromEntries(missingNames.map((n) => [`namedExamples.${n}`, `Give an example for {{${n}}}`])),
      );
      return;
    }
    const missing =
      authentication || named ? [] : bodyVariables.filter((n) => !v.bodyExamples[n - 1]?.trim());
    if (missing.length) {
      form.setErrors(
        Object.fromEntries(missing.map((n) => [`bodyExamples.${n - 1}`, `Give an example for {{${n}}}`])),
      );
      return;
    }
    setError(null);
    try {
      const created = await unwrap(
        api.POST('/api/v1/templates', {
          body: {
            name: v.name,
            language: v.language,
            category: v.category,
            ...(named && !authentication ? { parameter_format: 'NAMED' as const } : {}),
            components: components(),
          },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
      notifications.show({
        color: 'green',
        message:
          created.status === 'PENDING'
            ? `Template ${created.name} sent to WhatsApp for review`
            : `Template ${created.name} saved`,
      });
      await navigate({ to: '/templates' });
    } catch (err) {
      setError(placeErrors(err));
    }
  });

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
      <PageHeader
        title="New template"
        description={
          cloud
            ? 'WhatsApp reviews each template before it can be sent, usually within minutes.'
            : 'Enter the text exactly as your provider approved it.'
        }
      >
        <Button variant="default" component={Link} to="/templates">
          All templates
        </Button>
      </PageHeader>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput
                label="Name"
                required
                description="Lower-case letters, digits and underscores, as WhatsApp requires"
                placeholder="order_update"
                {...form.getInputProps('name')}
                onChange={(e) => form.setFieldValue('name', toTemplateName(e.currentTarget.value))}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <Select
                  label="Language"
                  searchable
                  allowDeselect={false}
                  data={LANGUAGES}
                  {...form.getInputProps('language')}
                />
                <Select
                  label="Category"
                  allowDeselect={false}
                  data={CATEGORIES}
                  {...form.getInputProps('category')}
                />
              </SimpleGrid>

              {authentication ? (
                <Card withBorder>
                  <Stack>
                    <Title order={2} size="h4">
                      One-time password
                    </Title>
                    <Text size="sm">
                      WhatsApp writes the message itself (“123456 is your verification code.”) with a button
                      that copies the code; each send gives its own code. No header, media or link.
                    </Text>
                    <Checkbox
                      label="Add “For your security, do not share this code.”"
                      {...form.getInputProps('securityRecommendation', { type: 'checkbox' })}
                    />
                    <NumberInput
                      label="Code expires after (minutes, optional)"
                      min={1}
                      max={90}
                      {...form.getInputProps('codeExpiration')}
                    />
                  </Stack>
                </Card>
              ) : (
                <>
                  <Card withBorder>
                    <Stack>
                      <Title order={2} size="h4">
                        Header (optional)
                      </Title>
                      <Select
                        label="Header type"
                        allowDeselect={false}
                        data={[
                          { value: 'NONE', label: 'No header' },
                          { value: 'TEXT', label: 'Text' },
                          { value: 'IMAGE', label: 'Image' },
                          { value: 'VIDEO', label: 'Video' },
                          { value: 'DOCUMENT', label: 'Document' },
                        ]}
                        {...form.getInputProps('headerFormat')}
                      />
                      {v.headerFormat === 'TEXT' && (
                        <>
                          <TextInput
                            label="Header text"
                            description={`${v.headerText.length}/${LIMITS.header} characters; may hold one variable, {{1}}`}
                            {...form.getInputProps('headerText')}
                          />
                          {headerHasVariable && (
                            <TextInput
                              label={`Example for the header's {{${headerKeys[0]}}}`}
                              {...form.getInputProps('headerExample')}
                            />
                          )}
                        </>
                      )}
                      {v.headerFormat !== 'NONE' && v.headerFormat !== 'TEXT' && (
                        <TextInput
                          label="Link to a sample file"
                          description="WhatsApp reviews the template with it; each campaign gives its own file"
                          placeholder="https://"
                          {...form.getInputProps('headerMediaUrl')}
                        />
                      )}
                    </Stack>
                  </Card>

                  {cloud && (
                    <Select
                      label="Variables"
                      allowDeselect={false}
                      data={[
                        { value: 'POSITIONAL', label: 'Numbered: {{1}}, {{2}}…' },
                        { value: 'NAMED', label: 'Named: {{first_name}}, {{order_id}}…' },
                      ]}
                      {...form.getInputProps('parameterFormat')}
                    />
                  )}
                  <Stack gap={4}>
                    <Textarea
                      label="Message"
                      required
                      autosize
                      minRows={4}
                      description={
                        named
                          ? 'Write {{first_name}}, {{order_id}}… (lower-case names) where a campaign puts a value'
                          : 'Write {{1}}, {{2}}… where a campaign puts a name, a number or any text'
                      }
                      {...form.getInputProps('body')}
                    />
                    <Group justify="space-between">
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() =>
                          form.setFieldValue(
                            'body',
                            named
                              ? `${v.body}{{variable_${bodyNames.length + 1}}}`
                              : `${v.body}{{${(bodyVariables.at(-1) ?? 0) + 1}}}`,
                          )
                        }
                      >
                        Add a variable
                      </Button>
                      <Text size="xs" c="dimmed">
                        {v.body.length}/{LIMITS.body} characters
                      </Text>
                    </Group>
                  </Stack>
                  {named && bodyNames.length > 0 && (
                    <Card withBorder>
                      <Stack gap="xs">
                        <Title order={2} size="h4">
                          Examples
                        </Title>
                        <Text size="sm">WhatsApp reviews the message with an example for each variable.</Text>
                        <SimpleGrid cols={{ base: 1, xs: 2 }}>
                          {bodyNames.map((name) => (
                            <TextInput
                              key={name}
                              label={`Example for {{${name}}}`}
                              {...form.getInputProps(`namedExamples.${name}`)}
                              value={v.namedExamples[name] ?? ''}
                            />
                          ))}
                        </SimpleGrid>
                      </Stack>
                    </Card>
                  )}
                  {!named && bodyVariables.length > 0 && (
                    <Card withBorder>
                      <Stack gap="xs">
                        <Title order={2} size="h4">
                          Examples
                        </Title>
                        <Text size="sm">WhatsApp reviews the message with an example for each variable.</Text>
                        <SimpleGrid cols={{ base: 1, xs: 2 }}>
                          {bodyVariables.map((n) => (
                            <TextInput
                              key={n}
                              label={`Example for {{${n}}}`}
                              placeholder={n === 1 ? 'Ada' : ''}
                              {...form.getInputProps(`bodyExamples.${n - 1}`)}
                              value={v.bodyExamples[n - 1] ?? ''}
                            />
                          ))}
                        </SimpleGrid>
                      </Stack>
                    </Card>
                  )}
                  <TextInput
                    label="Footer (optional)"
                    description={`${v.footer.length}/${LIMITS.footer} characters, no variables`}
                    {...form.getInputProps('footer')}
                  />

                  <Card withBorder>
                    <Stack>
                      <Group justify="space-between">
                        <Title order={2} size="h4">
                          Buttons (optional)
                        </Title>
                        <Button
                          size="compact-sm"
                          variant="light"
                          disabled={v.buttons.length >= MAX_BUTTONS}
                          onClick={() =>
                            form.insertListItem('buttons', {
                              type: 'QUICK_REPLY',
                              text: '',
                              url: '',
                              example: '',
                              phoneNumber: '',
                            })
                          }
                        >
                          Add a button
                        </Button>
                      </Group>
                      {form.errors.buttons && (
                        <Text size="sm" c="red.9" role="alert">
                          {form.errors.buttons}
                        </Text>
                      )}
                      {v.buttons.map((b, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a button is its place in the list
                        <Card key={i} withBorder p="sm" bg="gray.0">
                          <Group justify="space-between" mb={4}>
                            <Text size="sm" fw={500}>
                              Button {i + 1}
                            </Text>
                            <CloseButton
                              aria-label={`Remove button ${i + 1}`}
                              onClick={() => form.removeListItem('buttons', i)}
                            />
                          </Group>
                          <SimpleGrid cols={{ base: 1, xs: 2 }}>
                            <Select
                              label={`Button ${i + 1} action`}
                              allowDeselect={false}
                              data={
                                cloud ? BUTTON_TYPES : BUTTON_TYPES.filter((t) => t.value !== 'COPY_CODE')
                              }
                              {...form.getInputProps(`buttons.${i}.type`)}
                            />
                            <TextInput
                              label={`Button ${i + 1} text`}
                              description={
                                b.type === 'COPY_CODE'
                                  ? 'Optional: WhatsApp labels it “Copy offer code”'
                                  : undefined
                              }
                              {...form.getInputProps(`buttons.${i}.text`)}
                            />
                            {b.type === 'COPY_CODE' && (
                              <TextInput
                                label={`Button ${i + 1} example code`}
                                description="At most 15 characters; each campaign gives its own code"
                                {...form.getInputProps(`buttons.${i}.example`)}
                              />
                            )}
                            {b.type === 'URL' && (
                              <TextInput
                                label={`Button ${i + 1} link`}
                                description="May end with {{1}}, filled by each campaign"
                                placeholder="https://"
                                {...form.getInputProps(`buttons.${i}.url`)}
                              />
                            )}
                            {b.type === 'URL' && urlHasVariable(b.url) && (
                              <TextInput
                                label={`Example for button ${i + 1}'s {{1}}`}
                                {...form.getInputProps(`buttons.${i}.example`)}
                              />
                            )}
                            {b.type === 'PHONE_NUMBER' && (
                              <TextInput
                                label={`Button ${i + 1} number`}
                                placeholder="+234…"
                                {...form.getInputProps(`buttons.${i}.phoneNumber`)}
                              />
                            )}
                          </SimpleGrid>
                        </Card>
                      ))}
                    </Stack>
                  </Card>
                </>
              )}
              <FormError message={error} />
              <Group>
                <Button type="submit" loading={form.submitting}>
                  {cloud ? 'Submit for review' : 'Save template'}
                </Button>
                <Button variant="default" component={Link} to="/templates">
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <div style={{ position: 'sticky', top: 72 }}>
            <TemplatePhone
              businessName={business?.companyName ?? 'Your business'}
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
          </div>
        </Grid.Col>
      </Grid>
    </>
  );
}
