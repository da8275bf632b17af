import type { Meta, StoryObj } from '@storybook/react-vite'
import { useForm } from 'react-hook-form'
import { Button, Form, FormCheckbox, FormNumberField, FormSelect, FormTextField } from '@engage/ui'
import { expect, fn, userEvent, waitFor } from 'storybook/test'

interface OrderValues {
  serviceType: string | null
  url: string
  quantity: number | undefined
  acceptTerms: boolean
}

const services = [
  { id: 'followers', label: 'Followers' },
  { id: 'likes', label: 'Likes' },
]

/**
 * An order form as the panel builds one: `Form` with the react-hook-form fields (`FormSelect`, `FormTextField`,
 * `FormNumberField`, `FormCheckbox`), each wired to the form's `control` by its `name`. Their props are listed
 * below this example's.
 */
function OrderForm({
  onValid,
}: {
  /** Called with the values once every field is valid. */
  onValid: (values: OrderValues) => void
}) {
  const { control, handleSubmit } = useForm<OrderValues>({
    defaultValues: { serviceType: null, url: '', quantity: undefined, acceptTerms: false },
    // The Form wrapper moves focus itself (in reading order), so react-hook-form does not.
    shouldFocusError: false,
  })
  return (
    <Form onSubmit={handleSubmit(onValid)} aria-label="New order">
      <FormSelect
        control={control}
        name="serviceType"
        label="Action type"
        items={services}
        rules={{ required: 'Please select an action type' }}
      />
      <FormTextField
        control={control}
        name="url"
        label="Target URL"
        description="Starts with http:// or https://"
        rules={{
          required: 'Valid URL required',
          pattern: { value: /^https?:\/\//, message: 'Valid URL required' },
        }}
      />
      <FormNumberField
        control={control}
        name="quantity"
        label="Quantity"
        placeholder="Minimum: 1"
        rules={{
          required: 'Quantity must be between 1 - 10,000',
          min: { value: 1, message: 'Quantity must be between 1 - 10,000' },
          max: { value: 10000, message: 'Quantity must be between 1 - 10,000' },
        }}
      />
      <FormCheckbox control={control} name="acceptTerms">
        Email me when it completes
      </FormCheckbox>
      <Button type="submit">Place Order</Button>
    </Form>
  )
}

const meta = {
  title: 'UI/Form',
  component: OrderForm,
  subcomponents: { Form, FormSelect, FormTextField, FormNumberField, FormCheckbox },
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Build forms with react-hook-form and the Form fields, so labels, errors and submission are consistent.',
        'Validate on submit and show each error under its field, in the spec’s wording.',
      ],
      dont: [
        'Don’t disable the submit button to signal invalid input; let the submission show the errors.',
        'Don’t place fields without visible labels.',
      ],
    },
    layout: 'padded',
    // Each story is the same form (one landmark name): on the docs page they show in frames of their own.
    docs: { story: { inline: false, height: '560px' } },
  },
  args: { onValid: fn() },
} satisfies Meta<typeof OrderForm>
export default meta
type Story = StoryObj<typeof meta>

export const FocusesTheFirstInvalidField: Story = {
  play: async ({ canvas, args, step }) => {
    await step('an empty submit marks every required field and focuses the first', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
      await expect(await canvas.findByText('Please select an action type')).toBeVisible()
      await expect(canvas.getByText('Valid URL required')).toBeVisible()
      await expect(canvas.getByText('Quantity must be between 1 - 10,000')).toBeVisible()
      await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Action type' })).toHaveFocus())
      await expect(args.onValid).not.toHaveBeenCalled()
    })

    await step('after fixing the first, the next invalid field gets focus', async () => {
      await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Action type' }), 'Followers')
      await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
      const url = canvas.getByRole('textbox', { name: 'Target URL' })
      await waitFor(() => expect(url).toHaveFocus())
      await expect(url).toHaveAttribute('aria-invalid', 'true')
      await expect(url).toHaveAccessibleDescription(/Valid URL required/)
    })

    await step('a valid form submits its values', async () => {
      await userEvent.type(canvas.getByRole('textbox', { name: 'Target URL' }), 'https://x.com/engage')
      await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '500')
      await userEvent.click(canvas.getByRole('checkbox', { name: 'Email me when it completes' }))
      await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
      await waitFor(() => expect(args.onValid).toHaveBeenCalledTimes(1))
      await expect((args.onValid as ReturnType<typeof fn>).mock.calls[0]?.[0]).toEqual({
        serviceType: 'followers',
        url: 'https://x.com/engage',
        quantity: 500,
        acceptTerms: true,
      })
      await expect(canvas.queryByText('Valid URL required')).not.toBeInTheDocument()
    })
  },
}

export const OutOfRangeQuantity: Story = {
  play: async ({ canvas }) => {
    const quantity = canvas.getByRole('textbox', { name: 'Quantity' })
    await userEvent.type(quantity, '0')
    await userEvent.tab()
    await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
    await expect(await canvas.findByText('Quantity must be between 1 - 10,000')).toBeVisible()
    await expect(quantity).toHaveAttribute('aria-invalid', 'true')
  },
}
