import { style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

export const controls = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(11rem, 1fr))',
  alignItems: 'end',
  gap: vars.space.small,
})

/** Scrolls the table sideways on a narrow screen instead of the page. */
export const tableFrame = style({
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
})

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.typography.fontSize.small,
})

export const headerCell = style({
  padding: vars.space.small,
  textAlign: 'start',
  whiteSpace: 'nowrap',
  color: vars.color.textMuted,
  fontWeight: vars.typography.fontWeight.medium,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const cell = style({
  padding: vars.space.small,
  textAlign: 'start',
  verticalAlign: 'top',
  fontWeight: vars.typography.fontWeight.regular,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const numberCell = style([cell, { textAlign: 'end', whiteSpace: 'nowrap' }])

export const serviceName = style({ display: 'block', fontWeight: vars.typography.fontWeight.bold })

export const serviceDescription = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.typography.fontSize.small,
  maxWidth: '28rem',
  textAlign: 'start',
})

// The search field, drawn as the design system's text fields are.
export const searchField = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  minWidth: 0,
})

export const searchLabel = style({
  fontSize: vars.typography.fontSize.small,
  fontWeight: vars.typography.fontWeight.medium,
  color: vars.color.text,
})

export const searchInput = style({
  fontSize: vars.typography.fontSize.medium,
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  width: '100%',
  minHeight: '40px',
  padding: `${vars.space.small} ${vars.space.medium}`,
  outline: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.text },
    '&:focus-visible': { borderColor: vars.color.focusRing, boxShadow: `0 0 0 1px ${vars.color.focusRing}` },
  },
})
