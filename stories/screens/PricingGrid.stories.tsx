import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState, type ReactNode } from 'react'
import { QueryClient } from '@tanstack/react-query'
import { delay, http, HttpResponse } from 'msw'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ClientProvider, createClient } from '@engage/client'
import { PricingGrid } from '@engage/screens'
import { Box } from '@engage/ui'

const navigate = fn()

function StoryClient({ children }: { children: ReactNode }) {
  const [value] = useState(() => ({
    client: createClient({ baseUrl: '', getToken: () => null }),
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }))
  return (
    <ClientProvider client={value.client} queryClient={value.queryClient}>
      {children}
    </ClientProvider>
  )
}

const services = { followers: 0.0012, premium_likes: 0.0025, ai_comments: 0.05, video_views: 0.0004 }

const meta = {
  component: PricingGrid,
  title: 'Screens/PricingGrid',
  decorators: [
    (Story) => (
      <RouterProvider navigate={navigate}>
        <StoryClient>
          <Box padding="xlarge">
            <Story />
          </Box>
        </StoryClient>
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear()
  },
  parameters: { msw: { handlers: [http.get('/api/get-services', () => HttpResponse.json(services))] } },
} satisfies Meta<typeof PricingGrid>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('one card per service, named in title case', async () => {
      const headings = await canvas.findAllByRole('heading', { level: 3 })
      const titles = headings.map((heading) => heading.textContent)
      await expect(titles).toEqual(['Followers', 'Premium Likes', 'Ai Comments', 'Video Views'])
    })
    await step('prices per 1k units with two decimals', async () => {
      const prices = ['$1.20', '$2.50', '$50.00', '$0.40']
      for (const price of prices) await expect(canvas.getByText(price)).toBeVisible()
      await expect(canvas.getAllByText('per 1k units')).toHaveLength(4)
    })
    await step('five features, with custom AI settings only for names containing ai', async () => {
      const aiCard = canvas.getByRole('heading', { name: 'Ai Comments' }).closest('li')
      const followersCard = canvas.getByRole('heading', { name: 'Followers' }).closest('li')
      if (!aiCard || !followersCard) throw new Error('cards are list items')
      const aiFeatures = within(aiCard)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
      await expect(aiFeatures).toEqual([
        'Real-time analytics dashboard',
        '24/7 priority support',
        'AI-powered optimization',
        'Custom AI settings',
        'API access',
      ])
      await expect(within(followersCard).getByText('Standard settings')).toBeVisible()
      await expect(within(followersCard).queryByText('Custom AI settings')).toBeNull()
    })
    await step('only the premium service is Most Popular', async () => {
      const badges = canvas.getAllByText('Most Popular')
      await expect(badges).toHaveLength(1)
      await expect(badges[0]?.closest('li')).toHaveTextContent('Premium Likes')
    })
    await step('Get Started leads to /orders', async () => {
      const links = canvas.getAllByRole('link', { name: 'Get Started' })
      await expect(links).toHaveLength(4)
      await userEvent.click(links[0] as HTMLElement)
      await expect(navigate).toHaveBeenCalledWith('/orders', undefined)
    })
  },
}

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('/api/get-services', async () => {
          await delay('infinite')
        }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading services' })).toBeVisible()
    await expect(canvas.queryByText('No services available at the moment.')).toBeNull()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: [http.get('/api/get-services', () => HttpResponse.json({}))] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No services available at the moment.')).toBeVisible()
    await expect(canvas.queryByRole('link', { name: 'Get Started' })).toBeNull()
  },
}

export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('/api/get-services', () =>
          HttpResponse.json({ detail: 'Internal server error' }, { status: 500 }),
        ),
      ],
    },
  },
  play: async ({ canvas }) => {
    // A failing service list is only logged; the visitor sees the empty message, not an error.
    await expect(await canvas.findByText('No services available at the moment.')).toBeVisible()
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}
