import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo, useState } from 'react'
import { Table, Text, type SortDescriptor, type TableColumn } from '@engage/ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'

interface Order {
  id: string
  date: string
  service: string
  quantity: number
  status: string
}

const orders: Order[] = [
  { id: 'o-1', date: '2026-11-01', service: 'Followers', quantity: 1000, status: 'completed' },
  { id: 'o-2', date: '2026-11-03', service: 'Likes', quantity: 250, status: 'pending' },
  { id: 'o-3', date: '2026-11-02', service: 'Views', quantity: 5000, status: 'processing' },
]

const columns: TableColumn<Order>[] = [
  { id: 'date', name: 'Date', allowsSorting: true, render: (order) => order.date },
  {
    id: 'service',
    name: 'Service',
    allowsSorting: true,
    isRowHeader: true,
    render: (order) => order.service,
  },
  {
    id: 'quantity',
    name: 'Quantity',
    allowsSorting: true,
    align: 'end',
    render: (order) => order.quantity.toLocaleString('en-US'),
  },
  { id: 'status', name: 'Status', render: (order) => order.status },
]

function sortOrders(rows: Order[], descriptor: SortDescriptor | undefined): Order[] {
  if (!descriptor) return rows
  const key = descriptor.column as keyof Order
  const sorted = [...rows].sort((first, second) =>
    first[key] < second[key] ? -1 : first[key] > second[key] ? 1 : 0,
  )
  return descriptor.direction === 'descending' ? sorted.reverse() : sorted
}

function SortableOrders(props: Partial<Parameters<typeof Table<Order>>[0]>) {
  const [sortDescriptor, setSortDescriptor] = useState<SortDescriptor>({
    column: 'date',
    direction: 'ascending',
  })
  const rows = useMemo(() => sortOrders(orders, sortDescriptor), [sortDescriptor])
  return (
    <Table
      aria-label="Orders"
      columns={columns}
      rows={rows}
      sortDescriptor={sortDescriptor}
      onSortChange={setSortDescriptor}
      emptyState="No orders found"
      {...props}
    />
  )
}

const meta = {
  title: 'UI/Table',
  component: Table<Order>,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Show rows of records to compare, with a row header column and sortable columns where sorting helps.',
        'Give it an accessible name, and an empty state that says what would appear.',
      ],
      dont: [
        'Don’t use a table for layout.',
        'Don’t cram more columns than fit at 375 px; hide the secondary ones on mobile or show cards.',
      ],
    },
    layout: 'padded',
  },
  args: { 'aria-label': 'Orders', columns, rows: orders, emptyState: 'No orders found' },
} satisfies Meta<typeof Table<Order>>
export default meta
type Story = StoryObj<typeof meta>

const serviceColumn = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)

export const Sortable: Story = {
  render: () => <SortableOrders />,
  play: async ({ canvas, canvasElement }) => {
    // React Aria builds the table's collection before it renders the rows: wait for them.
    await waitFor(() => expect(serviceColumn(canvasElement)).toEqual(['Followers', 'Views', 'Likes']))
    const quantity = await canvas.findByRole('columnheader', { name: 'Quantity' })
    await userEvent.click(quantity)
    await expect(quantity).toHaveAttribute('aria-sort', 'ascending')
    await waitFor(() => expect(serviceColumn(canvasElement)).toEqual(['Likes', 'Followers', 'Views']))
    await userEvent.click(quantity)
    await expect(quantity).toHaveAttribute('aria-sort', 'descending')
    await waitFor(() => expect(serviceColumn(canvasElement)).toEqual(['Views', 'Followers', 'Likes']))
  },
}

export const ExpandableRows: Story = {
  render: () => (
    <SortableOrders
      renderDetails={(order) => (
        <Text>
          Order {order.id}: {order.quantity.toLocaleString('en-US')} {order.service.toLowerCase()},{' '}
          {order.status}.
        </Text>
      )}
    />
  ),
  play: async ({ canvas, step }) => {
    await step('Enter on a focused row expands its details', async () => {
      await canvas.findByRole('rowheader', { name: 'Followers' })
      await userEvent.tab()
      const firstRow = canvas.getAllByRole('row')[1]
      await waitFor(() => expect(firstRow).toHaveFocus())
      await userEvent.keyboard('{Enter}')
      await expect(await canvas.findByText('Order o-1: 1,000 followers, completed.')).toBeVisible()
      await expect(within(firstRow!).getByRole('button', { name: 'Details' })).toHaveAttribute(
        'aria-expanded',
        'true',
      )
      await userEvent.keyboard('{Enter}')
      await waitFor(() => expect(canvas.queryByText(/Order o-1:/)).not.toBeInTheDocument())
    })

    await step('the toggle button expands and collapses with the pointer', async () => {
      const toggles = canvas.getAllByRole('button', { name: 'Details' })
      await userEvent.click(toggles[1]!)
      await expect(await canvas.findByText('Order o-3: 5,000 views, processing.')).toBeVisible()
      await expect(toggles[1]).toHaveAttribute('aria-expanded', 'true')
      await userEvent.click(toggles[1]!)
      await expect(canvas.queryByText(/Order o-3:/)).not.toBeInTheDocument()
    })
  },
}

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No orders found')).toBeVisible()
  },
}

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeVisible()
    await expect(canvas.getByRole('grid', { name: 'Orders' }).parentElement).toHaveAttribute(
      'aria-busy',
      'true',
    )
  },
}

export const LoadingWithoutRows: Story = {
  args: { rows: [], isLoading: true, loadingLabel: 'Loading orders' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading orders' })).toBeVisible()
    await expect(canvas.queryByText('No orders found')).not.toBeInTheDocument()
  },
}
