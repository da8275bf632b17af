import { Button, Icon, Stack, Text } from '@engage/ui'

export interface AdminPaginationProps {
  /** What is paged, for the navigation's accessible name ('Orders pages'). */
  label: string
  /** 1-based. */
  pageNumber: number
  hasPrevious: boolean
  /** The cursor of the next page; null on the last page. */
  nextCursor: string | null | undefined
  onPrevious: () => void
  onNext: (cursor: string) => void
  /** Disables both buttons while a page loads. @default false */
  isBusy?: boolean
}

/** Previous / Next buttons and the page number under a paged list. */
export function AdminPagination({
  label,
  pageNumber,
  hasPrevious,
  nextCursor,
  onPrevious,
  onNext,
  isBusy = false,
}: AdminPaginationProps) {
  if (!hasPrevious && !nextCursor) return null
  return (
    <Stack
      as="nav"
      aria-label={label}
      direction="row"
      gap="small"
      alignItems="center"
      justifyContent="flex-end"
    >
      <Button tone="secondary" size="small" isDisabled={!hasPrevious || isBusy} onPress={onPrevious}>
        <Icon name="chevronLeft" size="small" />
        Previous
      </Button>
      <Text size="small" tone="muted" aria-live="polite">
        Page {pageNumber}
      </Text>
      <Button
        tone="secondary"
        size="small"
        isDisabled={!nextCursor || isBusy}
        onPress={() => {
          if (nextCursor) onNext(nextCursor)
        }}
      >
        Next
        <Icon name="chevronRight" size="small" />
      </Button>
    </Stack>
  )
}
