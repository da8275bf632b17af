import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { AdminErrorBanner, AdminPagination } from '@engage/screens/admin'
import { Stack } from '@engage/ui'

// The console's shared parts (packages/screens/src/AdminShared): the pager under every operator list and the
// banner of a failed load or action. The section stories use them in place; these show their own states.

const onNextPage = fn()

/** A pager over three pages, as a section drives it from its cursors. */
function PagedList({ onNext }: { onNext: (cursor: string) => void }) {
  const [pageNumber, setPageNumber] = useState(1)
  return (
    <AdminPagination
      label="Orders pages"
      pageNumber={pageNumber}
      hasPrevious={pageNumber > 1}
      nextCursor={pageNumber < 3 ? `cursor-${String(pageNumber + 1)}` : null}
      onPrevious={() => setPageNumber((current) => current - 1)}
      onNext={(cursor) => {
        onNext(cursor)
        setPageNumber((current) => current + 1)
      }}
    />
  )
}

const meta = {
  title: 'Admin/Shared',
  component: AdminErrorBanner,
  args: {
    title: 'Failed to load the services',
    error: new Error('Request failed with status 500'),
    onRetry: fn(),
    onDismiss: fn(),
  },
} satisfies Meta<typeof AdminErrorBanner>
export default meta
type Story = StoryObj<typeof meta>

export const ErrorBannerWithRetry: Story = {
  play: async ({ canvas, args }) => {
    const banner = within(await canvas.findByRole('alert'))
    await expect(banner.getByText('Failed to load the services')).toBeVisible()
    await expect(banner.getByText('Request failed with status 500')).toBeVisible()
    await userEvent.click(banner.getByRole('button', { name: 'Try again' }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
}

export const ErrorBannerOfAnAction: Story = {
  args: { title: 'Failed to refund the order', onRetry: undefined },
  play: async ({ canvas }) => {
    const banner = within(await canvas.findByRole('alert'))
    await expect(banner.getByText('Failed to refund the order')).toBeVisible()
    await expect(banner.queryByRole('button', { name: 'Try again' })).toBeNull()
  },
}

export const Pagination: Story = {
  render: () => <PagedList onNext={onNextPage} />,
  play: async ({ canvas }) => {
    const pager = within(canvas.getByRole('navigation', { name: 'Orders pages' }))
    const previous = pager.getByRole('button', { name: 'Previous' })
    const next = pager.getByRole('button', { name: 'Next' })
    await expect(pager.getByText('Page 1')).toBeVisible()
    await expect(previous).toBeDisabled()
    await userEvent.click(next)
    await expect(onNextPage).toHaveBeenLastCalledWith('cursor-2')
    await userEvent.click(next)
    await expect(pager.getByText('Page 3')).toBeVisible()
    await expect(next).toBeDisabled()
    await userEvent.click(previous)
    await expect(pager.getByText('Page 2')).toBeVisible()
    await expect(next).toBeEnabled()
  },
}

/** A list that fits one page has no pager at all. */
export const PaginationOnOnePage: Story = {
  render: () => (
    <Stack gap="small">
      <AdminPagination
        label="Users pages"
        pageNumber={1}
        hasPrevious={false}
        nextCursor={null}
        onPrevious={fn()}
        onNext={fn()}
      />
      <p>Three users</p>
    </Stack>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Three users')).toBeVisible()
    await expect(canvas.queryByRole('navigation')).toBeNull()
  },
}
