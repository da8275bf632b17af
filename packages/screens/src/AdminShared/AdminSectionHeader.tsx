import type { ReactNode } from 'react'
import { Heading, Stack, Text } from '@engage/ui'

export interface AdminSectionHeaderProps {
  /** The section's heading (h2). */
  title: string
  /** One line on what the section is for. */
  description?: ReactNode
  /** The section's main action (Add service). */
  action?: ReactNode
  /** The heading's id, for the section's aria-labelledby. */
  headingId?: string
}

/** A console section's heading, description and main action. */
export function AdminSectionHeader({ title, description, action, headingId }: AdminSectionHeaderProps) {
  return (
    <Stack
      direction={{ mobile: 'column', tablet: 'row' }}
      gap="medium"
      justifyContent="space-between"
      alignItems={{ mobile: 'stretch', tablet: 'flex-start' }}
    >
      <Stack gap="xsmall">
        <Heading level={2} id={headingId}>
          {title}
        </Heading>
        {description ? (
          <Text tone="muted" elementType="p">
            {description}
          </Text>
        ) : null}
      </Stack>
      {action ? (
        <Stack direction="row" gap="small" wrap>
          {action}
        </Stack>
      ) : null}
    </Stack>
  )
}
