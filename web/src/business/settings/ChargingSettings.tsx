import { Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { paymentKeys } from '../../api/queries/payments';
import { sessionQuery, useCan, useSession } from '../../auth/session';
import { FormError } from '../../ui/form-errors';
import { SectionCard } from '../../ui/page';

/** When campaigns paid by credits are charged: at publish, or per delivered message (held until then). */
export function ChargingSettings() {
  const { business } = useSession();
  const may = useCan();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!business) return null;
  const change = async (chargeOnDelivery: boolean) => {
    setSaving(true);
    setError(null);
    try {
      await unwrap(api.PUT('/api/v1/business/charging', { body: { chargeOnDelivery } }));
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <SectionCard title="Charging" gap="xs">
      <Stack gap="xs">
        <Switch
          label="Charge campaigns on delivery"
          description="Credits are held when a campaign is published, charged for each delivered message and given back for messages that fail. Applies to campaigns published after the change."
          checked={business.chargeOnDelivery}
          disabled={saving || !may('settings:manage')}
          onChange={(e) => void change(e.currentTarget.checked)}
          data-testid="charge-on-delivery"
        />
        {!may('settings:manage') && (
          <Text size="sm" c="dimmed">
            Only the owner or an administrator can change this.
          </Text>
        )}
        <FormError message={error} />
      </Stack>
    </SectionCard>
  );
}
