import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { NO_COMPLETION_DATA } from '@engage/contract'
import { fixtureCatalogue, handlers, scenarios } from '@engage/mocks'
import {
  CATALOGUE_LOAD_FAILED,
  NO_SERVICES_MATCH,
  NO_SERVICES_OFFERED,
  PublicServices,
  ServicesCatalogue,
} from '@engage/screens'
import { orderScreenDecorators } from '../support/screens'

const meta = {
  component: ServicesCatalogue,
  title: 'Screens/ServicesCatalogue',
  decorators: orderScreenDecorators(),
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof ServicesCatalogue>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

/** The service rows (the body rows of the table), once they have arrived. */
async function serviceRows(canvas: Canvas) {
  const table = canvas.getByRole('table', { name: 'Services' })
  const rows = () =>
    within(table)
      .getAllByRole('row')
      .filter((row) => within(row).queryByRole('rowheader') !== null)
  await waitFor(() => expect(rows().length).toBeGreaterThan(0))
  return rows()
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('every service with its details, by category', async () => {
      const headers = () => canvas.getAllByRole('columnheader').map((header) => header.textContent)
      await waitFor(() =>
        expect(headers()).toEqual([
          'Service',
          'Category',
          'Rate per 1,000',
          'Min / Max',
          'Average time',
          'Refill',
          'Cancel',
          'Order',
        ]),
      )
      const rows = await serviceRows(canvas)
      await expect(rows).toHaveLength(8)
      await expect(canvas.getByText('8 services')).toBeVisible()
      await expect(rows[0]).toHaveTextContent(/AI COMMENTS.*AI.*\$50\.00.*1 \/ 10,000.*2 h 10 min.*No.*Yes/)
    })
    await step('a service without recent completed orders says so', async () => {
      const row = (await serviceRows(canvas)).find((candidate) =>
        candidate.textContent?.includes('AI TWEETS'),
      )
      await expect(row).toHaveTextContent(NO_COMPLETION_DATA)
    })
    await step('Order opens the order form with the service chosen', async () => {
      await expect(canvas.getByRole('link', { name: 'Order FOLLOWERS' })).toHaveAttribute(
        'href',
        '/dashboard?service=followers',
      )
    })
  },
}

export const Searched: Story = {
  play: async ({ canvas }) => {
    await serviceRows(canvas)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search services' }), 'profile photos')
    await waitFor(() => expect(canvas.getByText('1 service')).toBeVisible())
    await expect((await serviceRows(canvas))[0]).toHaveTextContent('PREMIUM FOLLOWERS')
  },
}

export const FilteredByCategory: Story = {
  play: async ({ canvas }) => {
    await serviceRows(canvas)
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Category' }), 'Instagram')
    await waitFor(() => expect(canvas.getByText('3 services')).toBeVisible())
    for (const row of await serviceRows(canvas)) await expect(row).toHaveTextContent('Instagram')
  },
}

export const SortedByPrice: Story = {
  play: async ({ canvas }) => {
    await serviceRows(canvas)
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high')
    await waitFor(async () => expect((await serviceRows(canvas))[0]).toHaveTextContent('VIEWS'))
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Sort by' }), 'Fastest first')
    await waitFor(async () => expect((await serviceRows(canvas))[0]).toHaveTextContent('LIKES'))
    await expect((await serviceRows(canvas)).at(-1)).toHaveTextContent('AI TWEETS')
  },
}

export const NoMatch: Story = {
  play: async ({ canvas }) => {
    await serviceRows(canvas)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search services' }), 'carrier pigeons')
    await expect(await canvas.findByText(NO_SERVICES_MATCH)).toBeVisible()
    await expect(canvas.getByText('0 services')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.serviceCatalogue.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading services' })).toBeInTheDocument()
    await expect(canvas.queryByText(NO_SERVICES_OFFERED)).toBeNull()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_SERVICES_OFFERED)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(CATALOGUE_LOAD_FAILED)).toBeVisible()
  },
}

/** The public page: the catalogue in the site's header and footer. */
export const PublicPage: Story = {
  render: () => <PublicServices services={fixtureCatalogue()} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible()
    await expect(canvas.getByRole('contentinfo')).toBeInTheDocument()
    await serviceRows(canvas)
  },
}

/** The public page as prerendered: the list still loading. */
export const PublicPageLoading: Story = {
  render: () => <PublicServices services={undefined} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading services' })).toBeInTheDocument()
    await expect(canvas.queryByText(NO_SERVICES_OFFERED)).toBeNull()
  },
}
