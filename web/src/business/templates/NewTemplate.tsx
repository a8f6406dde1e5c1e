import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useSession } from '../../auth/session';
import { FormError } from '../../ui/form-errors';
import { FormBesidePreview, PageHeader } from '../../ui/page';
import { AuthenticationStep } from './new-template/AuthenticationStep';
import { BodyStep } from './new-template/BodyStep';
import { ButtonsStep } from './new-template/ButtonsStep';
import { HeaderStep } from './new-template/HeaderStep';
import { useSubmitTemplate } from './new-template/submit-template';
import { TemplatePreview } from './new-template/TemplatePreview';
import { useTemplateForm } from './new-template/template-form';
import { CATEGORIES, LANGUAGES } from './template-parts';
import { toTemplateName } from './template-text';

/** A new template, with its message previewed on a phone as it is typed. */
export function NewTemplate() {
  const { business } = useSession();
  const cloud = business?.provider === 'whatsapp-cloud';
  const form = useTemplateForm();
  const { submit, error } = useSubmitTemplate(form);
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
      <FormBesidePreview
        preview={
          <TemplatePreview values={form.values} businessName={business?.companyName ?? 'Your business'} />
        }
      >
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
            {form.values.category === 'AUTHENTICATION' ? (
              <AuthenticationStep form={form} />
            ) : (
              <>
                <HeaderStep form={form} />
                <BodyStep form={form} cloud={cloud} />
                <ButtonsStep form={form} cloud={cloud} />
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
      </FormBesidePreview>
    </>
  );
}
