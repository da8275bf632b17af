import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { fixturePaymentMethods } from '@engage/mocks'
import { CryptoLogo, cryptoLogoSizes } from '@engage/screens'
import { Box, Text } from '@engage/ui'

const meta = {
  component: CryptoLogo,
  title: 'Screens/CryptoLogo',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
  ],
  // A mark drawn from its code: no request at all (none is handled).
  parameters: { msw: { handlers: [] } },
  argTypes: { size: { control: 'inline-radio', options: cryptoLogoSizes } },
  args: { currency: 'BTC', label: 'Bitcoin' },
} satisfies Meta<typeof CryptoLogo>
export default meta
type Story = StoryObj<typeof meta>

/** With a label the logo stands alone and is announced as an image named by it. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const logo = canvas.getByRole('img', { name: 'Bitcoin' })
    await expect(logo).toHaveTextContent('B')
    await expect(logo).toHaveAttribute('data-currency', 'BTC')
    await expect(logo).not.toHaveAttribute('aria-hidden')
  },
}

/** Without a label the logo sits beside text that already names the coin, and is hidden from assistive tech. */
export const Decorative: Story = {
  args: { currency: 'ETH', label: undefined },
  render: (args) => (
    <Box display="flex" alignItems="center" gap="small">
      <CryptoLogo {...args} />
      <Text>Ethereum</Text>
    </Box>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('img')).toBeNull()
    const logo = canvasElement.querySelector('svg[data-currency="ETH"]')
    await expect(logo).toHaveAttribute('aria-hidden', 'true')
    await expect(logo).toHaveTextContent('Ξ')
    await expect(canvas.getByText('Ethereum')).toBeVisible()
  },
}

/** The code is read in any case and trimmed. */
export const LowerCaseCode: Story = {
  args: { currency: ' usdt ', label: 'Tether' },
  play: async ({ canvas }) => {
    const logo = canvas.getByRole('img', { name: 'Tether' })
    await expect(logo).toHaveAttribute('data-currency', 'USDT')
    await expect(logo).toHaveTextContent('₮')
  },
}

/** A coin without a mark of its own shows the first letter of its code. */
export const UnknownCurrency: Story = {
  args: { currency: 'XMR', label: 'Monero' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Monero' })).toHaveTextContent('X')
  },
}

/** Three-letter marks are drawn smaller so they fit the circle. */
export const Small: Story = {
  args: { currency: 'BNB', label: 'BNB', size: 'small' },
  play: async ({ canvas }) => {
    const logo = canvas.getByRole('img', { name: 'BNB' })
    await expect(logo).toHaveTextContent('BNB')
    await expect(logo.querySelector('text')).toHaveAttribute('font-size', '10')
  },
}

/** Every coin of the deposit methods, as the deposit form shows them, in both sizes. */
export const DepositMethods: Story = {
  render: () => (
    <Box display="flex" flexDirection="column" gap="medium">
      {cryptoLogoSizes.map((size) => (
        <Box
          as="ul"
          key={size}
          aria-label={`Coins, ${size}`}
          display="flex"
          flexWrap="wrap"
          gap="small"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {fixturePaymentMethods().map((method) => (
            <li key={`${method.currency}-${method.network}`}>
              <CryptoLogo currency={method.currency} label={method.name} size={size} />
            </li>
          ))}
        </Box>
      ))}
    </Box>
  ),
  play: async ({ canvas }) => {
    const small = within(canvas.getByRole('list', { name: 'Coins, small' }))
    const medium = within(canvas.getByRole('list', { name: 'Coins, medium' }))
    const names = fixturePaymentMethods().map((method) => method.name)
    await expect(small.getAllByRole('img').map((logo) => logo.getAttribute('aria-label'))).toEqual(names)
    await expect(medium.getAllByRole('img')).toHaveLength(names.length)
    const smallWidth = small.getByRole('img', { name: 'Bitcoin' }).getBoundingClientRect().width
    const mediumWidth = medium.getByRole('img', { name: 'Bitcoin' }).getBoundingClientRect().width
    await expect(smallWidth).toBeLessThan(mediumWidth)
    await expect(medium.getByRole('img', { name: 'Dogecoin' })).toHaveTextContent('Ð')
    await expect(medium.getByRole('img', { name: 'Litecoin' })).toHaveTextContent('Ł')
  },
}
