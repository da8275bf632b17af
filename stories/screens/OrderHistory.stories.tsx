import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, spyOn, userEvent, waitFor, within } from 'storybook/test'
import { NO_ORDERS_FOUND, shortenLink } from '@engage/contract'
import { handlers, scenarios } from '@engage/mocks'
import { NO_ORDER_FILTERS, OrdersTable, type OrderHistoryFilters } from '@engage/screens'
import { clearLiveAnnouncements } from '../support/announcements'
import { orderScreenDecorators } from '../support/screens'

/** The orders list with its search and filters held as the orders page holds them (in its address bar). */
function OrderHistory({ initialFilters = NO_ORDER_FILTERS }: { initialFilters?: OrderHistoryFilters }) {
  const [filters, setFilters] = useState(initialFilters)
  return (
    <OrdersTable
      title="Orders"
      filters={filters}
      onFiltersChange={(change) => setFilters((current) => ({ ...current, ...change }))}
      services={['followers', 'likes', 'views', 'retweets', 'follows', 'ai_comments', 'premium_followers']}
    />
  )
}

const meta = {
  component: OrderHistory,
  title: 'Screens/OrderHistory',
  decorators: orderScreenDecorators(),
  beforeEach: clearLiveAnnouncements,
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof OrderHistory>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

const fullLink = 'https://x.com/engagepanel/status/1859201934201'
const shortLink = shortenLink(fullLink)

/** The order ids shown, once the list has settled on `count` rows. */
async function shownIds(canvas: Canvas, count: number) {
  const table = canvas.getByRole('grid', { name: 'Orders' })
  const rows = () =>
    within(table)
      .getAllByRole('row')
      .filter((row) => row.dataset.key !== undefined)
  await waitFor(() => expect(rows()).toHaveLength(count))
  return rows().map((row) => within(row).getAllByRole('gridcell')[0]?.textContent)
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('each order shows its id, link and charge', async () => {
      await expect(await shownIds(canvas, 7)).toEqual([
        '#1048',
        '#1047',
        '#1046',
        '#1045',
        '#1044',
        '#1043',
        '#1042',
      ])
      const first = within(canvas.getByRole('grid', { name: 'Orders' })).getAllByRole('row')[1] as HTMLElement
      await expect(first).toHaveTextContent('$0.60')
      await expect(within(first).getByRole('button', { name: shortLink })).toBeVisible()
    })
    await step('the whole link on hover, focus or tap', async () => {
      await userEvent.click(canvas.getByRole('button', { name: shortLink }))
      const card = await within(document.body).findByRole('dialog', { name: 'Link of order 1048' })
      // The card fades in.
      await waitFor(() => expect(within(card).getByRole('link', { name: fullLink })).toBeVisible())
      await userEvent.keyboard('{Escape}')
    })
  },
}

export const SearchByIdOrLink: Story = {
  play: async ({ canvas }) => {
    await shownIds(canvas, 7)
    const search = await canvas.findByRole('searchbox', { name: 'Search' })
    await userEvent.type(search, '#1045{Enter}')
    await expect(await shownIds(canvas, 1)).toEqual(['#1045'])
    await userEvent.clear(search)
    await userEvent.type(search, 'alexmorgan')
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }))
    await expect(await shownIds(canvas, 4)).toEqual(['#1047', '#1044', '#1043', '#1042'])
  },
}

export const FilteredByStatusAndService: Story = {
  args: { initialFilters: { ...NO_ORDER_FILTERS, status: 'completed' } },
  play: async ({ canvas }) => {
    await expect(await shownIds(canvas, 2)).toEqual(['#1045', '#1042'])
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Service' }), 'VIEWS')
    await expect(await shownIds(canvas, 1)).toEqual(['#1045'])
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }))
    await shownIds(canvas, 7)
    await expect(canvas.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('All statuses')
  },
}

export const NoMatches: Story = {
  args: { initialFilters: { ...NO_ORDER_FILTERS, search: 'tiktok.com' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_ORDERS_FOUND)).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeVisible()
  },
}

export const ExportCsv: Story = {
  args: { initialFilters: { ...NO_ORDER_FILTERS, status: 'completed' } },
  play: async ({ canvas }) => {
    await shownIds(canvas, 2)
    const created = spyOn(URL, 'createObjectURL')
    // The file is read here; the browser's own save is not part of the story.
    const save = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }))
      await waitFor(() => expect(save).toHaveBeenCalled())
      const file = created.mock.calls[0]?.[0] as Blob
      // Blob.text() decodes UTF-8 and drops the byte order mark the file starts with.
      const lines = (await file.text()).split('\r\n')
      await expect(lines[0]).toBe(
        'Order ID,Date,Service,Link,Quantity,Charge (USD),Status,Start count,Remains',
      )
      await expect(lines.slice(1, -1).map((line) => line.split(',')[0])).toEqual(['1045', '1042'])
    } finally {
      save.mockRestore()
      created.mockRestore()
    }
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.listOrders.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading orders' })).toBeInTheDocument()
    // The filter bar's code comes with the first page that shows it.
    await expect(await canvas.findByRole('searchbox', { name: 'Search' })).toBeVisible()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_ORDERS_FOUND)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Clear filters' })).toBeNull()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: [handlers.listOrders.failure(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Internal server error')).toBeVisible()
  },
}
