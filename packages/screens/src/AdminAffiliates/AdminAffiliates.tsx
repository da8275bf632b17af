import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import {
  AdminAffiliateSettingsRequest,
  AFFILIATE_HOLD_MAX_DAYS,
  AFFILIATE_RATE_MAX_BASIS_POINTS,
  type AdminAffiliateSettings,
} from '@engage/contract'
import { isApiError, useAdminAffiliateSettings, useAdminUpdateAffiliateSettings } from '@engage/client'
import { Banner, Button, Card, Form, FormNumberField, FormTextField, Spinner, Stack, Text } from '@engage/ui'
import {
  AdminDetails,
  AdminErrorBanner,
  AdminSectionHeader,
  formatDateTime,
  useOperator,
} from '../AdminShared'

export const AFFILIATE_SETTINGS_SAVED = 'Affiliate settings saved'

const SettingsForm = z.object({
  rate_basis_points: AdminAffiliateSettingsRequest.shape.rate_basis_points,
  hold_days: AdminAffiliateSettingsRequest.shape.hold_days,
  reason: z.string().trim().max(1000),
})
type SettingsInput = z.input<typeof SettingsForm>
type SettingsValues = z.output<typeof SettingsForm>
const fields = ['rate_basis_points', 'hold_days', 'reason'] as const

/** '1000 basis points (10 %)' */
export function rateText(basisPoints: number): string {
  return `${String(basisPoints)} basis points (${String(basisPoints / 100)} %)`
}

function AffiliateSettingsForm({
  settings,
  onSaved,
}: {
  settings: AdminAffiliateSettings
  onSaved: () => void
}) {
  const save = useAdminUpdateAffiliateSettings()
  const form = useForm<SettingsInput, unknown, SettingsValues>({
    resolver: zodResolver(SettingsForm),
    defaultValues: {
      rate_basis_points: settings.rate_basis_points,
      hold_days: settings.hold_days,
      reason: '',
    },
  })

  const submit = async (values: SettingsValues) => {
    try {
      await save.mutateAsync(values)
      onSaved()
    } catch (error) {
      // A refusal that names a field shows beside it; anything else in the banner below.
      const field = isApiError(error) ? fields.find((name) => name === error.field) : undefined
      if (field !== undefined && isApiError(error)) {
        form.setError(field, { message: error.fieldMessage ?? error.detail })
        save.reset()
      }
    }
  }

  return (
    <Form aria-label="Affiliate settings" onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <Stack
          direction={{ mobile: 'column', tablet: 'row' }}
          gap="medium"
          alignItems={{ tablet: 'flex-start' }}
        >
          <FormNumberField
            control={form.control}
            name="rate_basis_points"
            label="Commission (basis points)"
            description={`100 basis points = 1 %; at most ${String(AFFILIATE_RATE_MAX_BASIS_POINTS)}`}
            minValue={0}
            step={1}
            isRequired
          />
          <FormNumberField
            control={form.control}
            name="hold_days"
            label="Hold (days)"
            description={`Before a commission is credited; at most ${String(AFFILIATE_HOLD_MAX_DAYS)}`}
            minValue={0}
            step={1}
            isRequired
          />
          <FormTextField control={form.control} name="reason" label="Reason (optional)" />
        </Stack>
        {save.isError ? (
          <AdminErrorBanner title="Failed to save" error={save.error} onDismiss={() => save.reset()} />
        ) : null}
        <Stack direction="row" gap="small" alignItems="center">
          <Button type="submit" isDisabled={save.isPending}>
            Save settings
          </Button>
          {save.isPending ? <Spinner size="small" label="Saving the settings" /> : null}
        </Stack>
      </Stack>
    </Form>
  )
}

/**
 * The console's affiliate settings: the commission referrers earn on their referred customers' completed
 * orders (basis points) and how long it is held before it is credited. Admins change them; support reads them.
 * A change applies to orders that end afterwards and is kept in the audit log.
 */
export function AdminAffiliates() {
  const headingId = useId()
  const settings = useAdminAffiliateSettings()
  const { can } = useOperator()
  // Kept here: a save refreshes the settings, which starts a fresh form.
  const [saved, setSaved] = useState(false)

  return (
    <Stack as="section" gap="large" aria-labelledby={headingId}>
      <AdminSectionHeader
        headingId={headingId}
        title="Affiliates"
        description="Customers earn a commission on what the customers they refer spend on completed orders, credited to their balance after a hold; a refund during the hold reverses it."
      />
      {settings.isPending ? (
        <Spinner label="Loading the affiliate settings" />
      ) : settings.isError ? (
        <AdminErrorBanner
          title="Failed to load the affiliate settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Card>
          <Stack gap="large">
            <AdminDetails
              items={[
                { term: 'Commission', value: rateText(settings.data.rate_basis_points) },
                { term: 'Hold', value: `${String(settings.data.hold_days)} days` },
                {
                  term: 'Last changed',
                  value:
                    settings.data.updated_at === null ? 'Never' : formatDateTime(settings.data.updated_at),
                },
              ]}
            />
            {saved ? (
              <Banner tone="success" onDismiss={() => setSaved(false)}>
                {AFFILIATE_SETTINGS_SAVED}
              </Banner>
            ) : null}
            {can('adminUpdateAffiliateSettings') ? (
              // Keyed by the last change: settings saved elsewhere start a fresh form.
              <AffiliateSettingsForm
                key={settings.data.updated_at ?? 'defaults'}
                settings={settings.data}
                onSaved={() => setSaved(true)}
              />
            ) : (
              <Text tone="muted">Only an admin can change these settings.</Text>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  )
}
