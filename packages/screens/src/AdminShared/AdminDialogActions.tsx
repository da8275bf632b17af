import type { ReactNode } from 'react'
import { Stack } from '@engage/ui'

/** The buttons at the foot of a console dialog: Cancel first, the action last, at the end of the line. */
export function AdminDialogActions({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" gap="small" justifyContent="flex-end" alignItems="center" wrap>
      {children}
    </Stack>
  )
}
