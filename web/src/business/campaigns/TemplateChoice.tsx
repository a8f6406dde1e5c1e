import { Alert, Card, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/errors';
import { contactsQuery } from '../../api/queries/contacts';
import { contactFieldsQuery } from '../../api/queries/segments';
import { approvedTemplatesQuery } from '../../api/queries/templates';
import { AnchorLink } from '../../ui/link';
import { useLiveTemplates } from '../templates/live';
import { TemplatePhone } from '../templates/TemplatePhone';
import { languageLabel, partsOf, type Template, type TemplateParts } from '../templates/template-parts';
import { fillNamedVariables, fillVariables, namedVariablesOf, variablesOf } from '../templates/template-text';

export type ContactField = 'firstName' | 'lastName' | 'phoneNumber';
/**
 * How one variable is filled: a field of each contact (a built-in one or one of the business's own, with the
 * text to use for a contact without a value), or the same text for everyone.
 */
export interface Mapping {
  source: ContactField | 'text' | `field:${string}`;
  text: string;
  fallback?: string;
}
type Parameter = { field: string; fallback?: string } | { text: string };
type ParameterList = Parameter[] | Record<string, Parameter>;
type Group = 'header' | 'body' | 'buttons' | 'code';
/** The composer's state of a template's variables, in the service's groups (`code`: a coupon or a one-time password). */
export interface Mappings {
  header: Mapping[];
  body: Mapping[];
  buttons: Mapping[];
  code: Mapping[];
  headerMediaUrl: string;
}
export const NO_MAPPINGS: Mappings = { header: [], body: [], buttons: [], code: [], headerMediaUrl: '' };

const SOURCES: { value: Mapping['source']; label: string }[] = [
  { value: 'firstName', label: "Contact's first name" },
  { value: 'lastName', label: "Contact's last name" },
  { value: 'phoneNumber', label: "Contact's phone number" },
  { value: 'text', label: 'Fixed text' },
];

/**
 * One variable to fill: where it sits, its key in the text (`1`, or `first_name` in a named template), the
 * path the service names it by, and how the form names it.
 */
interface Slot {
  group: Group;
  index: number;
  key: string;
  path: string;
  label: string;
}

/**
 * Every variable of a template, in the service's order: header, body, each URL button's, then the code of a
 * copy-code button. An authentication template has only its code (it fills the body and the button).
 */
export function templateShape(t: Template | undefined) {
  const parts: TemplateParts = partsOf(t?.components ?? []);
  const slots: Slot[] = [];
  const named = t?.parameterFormat === 'NAMED';
  const keys = (text: string | null | undefined) =>
    named ? namedVariablesOf(text) : variablesOf(text).map(String);
  const slot = (group: Group, index: number, key: string, label: string) =>
    slots.push({
      group,
      index,
      key,
      label,
      path: `templateParameters.${group}.${named && (group === 'header' || group === 'body') ? key : index}`,
    });
  if (t?.category === 'AUTHENTICATION') {
    slot('code', 0, 'code', 'The one-time password');
    return { parts, slots, media: null, named };
  }
  if (parts.header?.format === 'TEXT')
    for (const key of keys(parts.header.text).slice(0, 1)) slot('header', 0, key, `The header's {{${key}}}`);
  for (const [i, key] of keys(parts.body).entries()) slot('body', i, key, `{{${key}}}`);
  let k = 0;
  for (const b of parts.buttons) {
    if (b.type === 'URL' && variablesOf(b.url).length)
      slot('buttons', k++, String(k), `The end of the “${b.text}” link`);
    if (b.type === 'COPY_CODE') slot('code', 0, 'code', 'The coupon code (copied by the button)');
  }
  const media = parts.header && parts.header.format !== 'TEXT' ? parts.header.format : null;
  return { parts, slots, media, named };
}

const blank = (group: Group, index: number): Mapping => ({
  source: group === 'body' && index === 0 ? 'firstName' : 'text',
  text: '',
});

/** The mappings sized to a template's variables (those already chosen are kept). */
export function fitMappings(t: Template | undefined, current: Mappings): Mappings {
  const { slots } = templateShape(t);
  const out: Mappings = {
    header: [],
    body: [],
    buttons: [],
    code: [],
    headerMediaUrl: current.headerMediaUrl,
  };
  for (const s of slots) out[s.group][s.index] = current[s.group][s.index] ?? blank(s.group, s.index);
  return out;
}

const BUILT_IN: readonly string[] = ['firstName', 'lastName', 'phoneNumber'] satisfies ContactField[];
const toParameter = (m: Mapping): Parameter => {
  if (m.source === 'text') return { text: m.text };
  if (m.source.startsWith('field:'))
    return { field: m.source.slice(6), ...(m.fallback ? { fallback: m.fallback } : {}) };
  return { field: m.source };
};
const fromParameter = (p: Parameter): Mapping => {
  if (!('field' in p)) return { source: 'text', text: p.text };
  if (BUILT_IN.includes(p.field)) return { source: p.field as ContactField, text: '' };
  return { source: `field:${p.field}`, text: '', ...(p.fallback ? { fallback: p.fallback } : {}) };
};

/** The campaign's `templateParameters`, as the service takes them (a named template's by name). */
export function toParameters(t: Template | undefined, m: Mappings) {
  const { slots, media, named } = templateShape(t);
  const has = (g: Group) => slots.some((s) => s.group === g);
  const list = (g: 'header' | 'body'): ParameterList =>
    named
      ? Object.fromEntries(
          slots.filter((s) => s.group === g).map((s) => [s.key, toParameter(m[g][s.index]!)]),
        )
      : m[g].map(toParameter);
  return {
    body: has('body') ? list('body') : [],
    ...(has('header') ? { header: list('header') } : {}),
    ...(has('buttons') ? { buttons: m.buttons.map(toParameter) } : {}),
    ...(has('code') && m.code[0] ? { code: toParameter(m.code[0]) } : {}),
    ...(media && m.headerMediaUrl.trim() ? { headerMediaUrl: m.headerMediaUrl.trim() } : {}),
  };
}

// A named template's map keeps the order it was written in: the slots' order.
const listOf = (p: ParameterList | undefined) =>
  (Array.isArray(p) ? p : Object.values(p ?? {})).map(fromParameter);

export function fromParameters(
  p:
    | {
        header?: ParameterList;
        body?: ParameterList;
        buttons?: Parameter[];
        code?: Parameter;
        headerMediaUrl?: string;
      }
    | null
    | undefined,
): Mappings {
  return {
    header: listOf(p?.header),
    body: listOf(p?.body),
    buttons: (p?.buttons ?? []).map(fromParameter),
    code: p?.code ? [fromParameter(p.code)] : [],
    headerMediaUrl: p?.headerMediaUrl ?? '',
  };
}

/** A problem with each variable (by its form path), in words; empty when every one is filled. */
export function mappingErrors(t: Template | undefined, m: Mappings): Record<string, string> {
  const { slots, media } = templateShape(t);
  const out: Record<string, string> = {};
  for (const s of slots) {
    const v = m[s.group][s.index];
    if (v?.source === 'text' && !v.text.trim()) out[s.path] = `Write the text for ${s.label}`;
    else if (s.group === 'code' && v?.source === 'text' && v.text.trim().length > 15)
      out[s.path] = 'A code has at most 15 characters';
  }
  if (media && !/^https:\/\/\S+$/.test(m.headerMediaUrl.trim()))
    out['templateParameters.headerMediaUrl'] =
      `Enter the link of the header's ${media.toLowerCase()} (https://…)`;
  return out;
}

/**
 * The approved template a campaign is sent as. `required` (a Cloud API business) leaves no free-text
 * choice; with no approved template it says how to get one.
 */
export function TemplatePicker(props: {
  templateId: string | null;
  required: boolean;
  error?: string;
  onChange: (template: Template | null) => void;
}) {
  useLiveTemplates();
  const list = useQuery(approvedTemplatesQuery);
  // A template the service cannot send (a flow or catalog button, say) is never offered.
  const items = (list.data?.items ?? []).filter((t) => t.sendable);
  // Templates are for verified businesses: for another, the service refuses the list and free text stays.
  if (list.isError && !props.required) return null;
  if (list.isError)
    return (
      <Text role="alert" c="red.9">
        {errorText(list.error)}
      </Text>
    );
  if (list.isSuccess && items.length === 0 && !props.templateId) {
    return props.required ? (
      <Alert color="orange" title="No approved template yet" role="status">
        WhatsApp only delivers campaigns built from an approved template.{' '}
        <AnchorLink to="/templates/new">Create a template</AnchorLink> and come back once it is approved.
      </Alert>
    ) : null;
  }
  return (
    <Select
      label="Template"
      description={
        props.required
          ? 'WhatsApp delivers only templates it approved'
          : 'Optional: build the message from a template your provider approved'
      }
      placeholder={
        list.isPending
          ? 'Loading templates…'
          : props.required
            ? 'Choose a template'
            : 'No template (free text)'
      }
      required={props.required}
      clearable={!props.required}
      searchable
      nothingFoundMessage="No approved template has this name"
      data={items.map((t) => ({ value: t.id, label: `${t.name} · ${languageLabel(t.language)}` }))}
      value={props.templateId}
      error={props.error}
      onChange={(id) => props.onChange(items.find((t) => t.id === id) ?? null)}
    />
  );
}

/** One row per variable: what fills it. Each error sits next to the variable it concerns. */
export function VariableMapping(props: {
  template: Template;
  mappings: Mappings;
  errors: Record<string, unknown>;
  onChange: (path: string, value: Mapping | string) => void;
}) {
  const { slots, media, parts } = templateShape(props.template);
  const errorAt = (path: string) => {
    const e = props.errors[path];
    return typeof e === 'string' ? e : undefined;
  };
  const general = errorAt('templateParameters');
  const ownFields = useQuery(contactFieldsQuery).data?.items ?? [];
  const sources: { value: string; label: string }[] = [
    ...SOURCES,
    ...ownFields.map((f) => ({ value: `field:${f.key}`, label: `Contact's ${f.label}` })),
  ];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          The message
        </Title>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="template-body"
        >
          {parts.body}
        </Text>
        {slots.length > 0 && (
          <Text size="sm" fw={500}>
            Fill each variable with a contact's details or with the same text for everyone:
          </Text>
        )}
        {slots.map((s) => {
          const path = s.path;
          const m = props.mappings[s.group][s.index] ?? blank(s.group, s.index);
          const error = errorAt(path);
          return (
            <SimpleGrid key={path} cols={{ base: 1, xs: 2 }} spacing="sm">
              <Select
                label={`${s.label} is`}
                allowDeselect={false}
                data={
                  // A field since deleted (or not loaded yet) stays shown under its key.
                  sources.some((o) => o.value === m.source)
                    ? sources
                    : [...sources, { value: m.source, label: `Their ${m.source.slice(6)}` }]
                }
                value={m.source}
                error={m.source === 'text' || m.source.startsWith('field:') ? undefined : error}
                onChange={(v) =>
                  props.onChange(path, {
                    ...m,
                    source: (sources.find((o) => o.value === v)?.value ?? 'text') as Mapping['source'],
                  })
                }
              />
              {m.source.startsWith('field:') && (
                <TextInput
                  label={`${s.label} when a contact has none`}
                  value={m.fallback ?? ''}
                  error={error}
                  onChange={(e) => props.onChange(path, { ...m, fallback: e.currentTarget.value })}
                />
              )}
              {m.source === 'text' && (
                <TextInput
                  label={`Text for ${s.label}`}
                  value={m.text}
                  error={error}
                  onChange={(e) => props.onChange(path, { ...m, text: e.currentTarget.value })}
                />
              )}
            </SimpleGrid>
          );
        })}
        {media && (
          <TextInput
            label={`Header ${media.toLowerCase()} link`}
            description={`The ${media.toLowerCase()} every recipient sees above the message`}
            placeholder="https://"
            required
            value={props.mappings.headerMediaUrl}
            error={errorAt('templateParameters.headerMediaUrl')}
            onChange={(e) => props.onChange('templateParameters.headerMediaUrl', e.currentTarget.value)}
          />
        )}
        {general && (
          <Text size="sm" c="red.9" role="alert">
            {general}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

interface PreviewContact {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  fields?: Record<string, unknown>;
}
const SAMPLE: PreviewContact = {
  id: 'sample',
  firstName: 'Ada',
  lastName: 'Obi',
  phoneNumber: '+2348031234567',
};

/** The template as one contact receives it: pick any of the first contacts to see their own message. */
export function TemplatePreview(props: { template: Template; mappings: Mappings; businessName: string }) {
  const contacts = useQuery(contactsQuery({ page: 1, pageSize: 10, optIn: 'true' }));
  const people: PreviewContact[] = contacts.data?.items.length ? contacts.data.items : [SAMPLE];
  const [pickedId, setPickedId] = useState<string | null>(null);
  const person = people.find((p) => p.id === pickedId) ?? people[0]!;
  const { parts, slots, named } = templateShape(props.template);
  const filledWith = (m: Mapping | undefined): string => {
    if (!m) return '';
    if (m.source === 'text') return m.text;
    if (m.source.startsWith('field:')) {
      const own = person.fields?.[m.source.slice(6)];
      return own === undefined || own === null ? (m.fallback ?? '') : String(own);
    }
    return person[m.source as ContactField];
  };
  // Each variable's value by its key ({{1}} or {{first_name}}); an authentication template's {{1}} is its code.
  const valuesOf = (group: 'header' | 'body'): Record<string, string> => {
    if (props.template.category === 'AUTHENTICATION') return { '1': filledWith(props.mappings.code[0]) };
    const out: Record<string, string> = {};
    for (const s of slots) if (s.group === group) out[s.key] = filledWith(props.mappings[group][s.index]);
    return out;
  };
  const fill = (text: string, group: 'header' | 'body') => {
    const values = valuesOf(group);
    if (named) return fillNamedVariables(text, values);
    const byNumber: string[] = [];
    for (const [key, value] of Object.entries(values)) byNumber[Number(key) - 1] = value;
    return fillVariables(text, byNumber);
  };
  const name = `${person.firstName} ${person.lastName}`.trim();
  return (
    <Stack gap="xs">
      <Select
        label="Preview for"
        w="100%"
        maw={300}
        mx="auto"
        allowDeselect={false}
        data={people.map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName} (${p.phoneNumber})` }))}
        value={person.id}
        onChange={setPickedId}
      />
      <TemplatePhone
        label={`Preview of the message ${name} receives`}
        businessName={props.businessName}
        message={{
          header: parts.header
            ? {
                format: parts.header.format,
                text: fill(parts.header.text ?? '', 'header'),
                mediaUrl: props.mappings.headerMediaUrl || null,
              }
            : null,
          body: fill(parts.body, 'body'),
          footer: parts.footer,
          buttons: parts.buttons,
        }}
      />
      {person === SAMPLE && (
        <Text size="xs" c="dimmed" ta="center">
          Shown for a sample contact: you have no opted-in contact yet.
        </Text>
      )}
    </Stack>
  );
}
