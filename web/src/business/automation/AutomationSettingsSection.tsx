import { Button, Group, NumberInput, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { automationKeys, automationSettingsQuery } from '../../api/queries/automation';
import { applyApiError, FormError } from '../../ui/form-errors';
import { SectionCard, toast } from '../../ui/page';

interface SettingsValues {
  optOutWords: string[];
  cooldownMinutes: number | '';
  dailyCap: number | '';
}

/** Opt-out words and the limits that keep automated replies from looping. */
export function AutomationSettingsSection({ manage }: { manage: boolean }) {
  const queryClient = useQueryClient();
  const settings = useQuery(automationSettingsQuery);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm<SettingsValues>({
    initialValues: { optOutWords: [], cooldownMinutes: 60, dailyCap: 10 },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts from what is stored, once loaded
  useEffect(() => {
    const s = settings.data;
    if (s)
      form.setValues({
        optOutWords: s.optOutWords,
        cooldownMinutes: Math.round(s.cooldownSeconds / 60),
        dailyCap: s.dailyCap,
      });
  }, [settings.data]);
  const submit = form.onSubmit(async (v) => {
    setError(null);
    setBusy(true);
    try {
      await unwrap(
        api.PUT('/api/v1/automation/settings', {
          body: {
            optOutWords: v.optOutWords.length ? v.optOutWords : undefined,
            cooldownSeconds: v.cooldownMinutes === '' ? undefined : v.cooldownMinutes * 60,
            dailyCap: v.dailyCap === '' ? undefined : v.dailyCap,
          },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: automationKeys.all });
      toast('Automation settings saved.', 'green');
    } catch (err) {
      setError(applyApiError(form, err, { cooldownSeconds: 'cooldownMinutes' }));
    } finally {
      setBusy(false);
    }
  });
  return (
    <SectionCard title="Settings">
      <Text size="sm" c="dimmed">
        Opt-out words come before every rule: a contact who sends one gets only the confirmation.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Automation settings">
        <Stack gap="sm">
          <TagsInput
            label="Opt-out words"
            description="The whole message, case and accents ignored; press Enter after each"
            disabled={!manage}
            {...form.getInputProps('optOutWords')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Cooldown (minutes)"
              description="One reply per rule and contact in this time"
              min={0}
              max={10_080}
              disabled={!manage}
              {...form.getInputProps('cooldownMinutes')}
            />
            <NumberInput
              label="Daily cap"
              description="Automated replies a contact gets in 24 hours at most"
              min={1}
              max={1000}
              disabled={!manage}
              {...form.getInputProps('dailyCap')}
            />
          </SimpleGrid>
          <FormError message={error} />
          {manage && (
            <Group>
              <Button type="submit" loading={busy}>
                Save settings
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
