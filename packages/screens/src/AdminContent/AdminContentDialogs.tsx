import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import * as z from 'zod'
import {
  ADMIN_TITLE_REQUIRED,
  requiredText,
  type AdminContactMethod,
  type AdminUpdateResponse,
} from '@engage/contract'
import {
  isApiError,
  useAdminCreateContactMethod,
  useAdminCreateUpdate,
  useAdminEditContactMethod,
  useAdminEditUpdate,
} from '@engage/client'
import { Dialog, Form, FormNumberField, FormSelect, FormTextField, Stack, sprinkles } from '@engage/ui'
import { AdminFormFooter, humanise } from '../AdminShared'

export const UPDATE_ICONS = ['info', 'sparkles', 'bell', 'gift'] as const
export const CONTACT_ICONS = ['chat', 'mail', 'wallet'] as const
export const LINK_INVALID = 'Enter a full link starting with http:// or https://'

/** '' or an http(s) URL (blank = no link). */
const OptionalLink = z
  .string()
  .trim()
  .max(2048)
  .refine((text) => text === '' || /^https?:\/\/\S+$/.test(text) || /^mailto:\S+$/.test(text), {
    message: LINK_INVALID,
  })

const twoColumns = sprinkles({
  display: 'grid',
  gridTemplateColumns: { mobile: 'one', tablet: 'two' },
  gap: 'medium',
})

function applyFieldError(
  error: unknown,
  setError: (field: string, message: string) => void,
  fields: readonly string[],
) {
  if (isApiError(error) && error.field !== null && fields.includes(error.field)) {
    setError(error.field, error.fieldMessage ?? error.detail)
    return true
  }
  return false
}

// ---- Updates ----------------------------------------------------------------------------------------------

const UpdateForm = z.object({
  icon: z.enum(UPDATE_ICONS),
  title: requiredText(ADMIN_TITLE_REQUIRED, 200),
  text: z.string().trim().max(5000),
  url: OptionalLink,
  reason: z.string().trim().max(1000),
})
type UpdateInput = z.input<typeof UpdateForm>
type UpdateValues = z.output<typeof UpdateForm>
const updateFields = ['icon', 'title', 'text', 'url'] as const

export interface UpdateDialogProps {
  /** 'new', an update to edit, or null (closed). */
  update: AdminUpdateResponse | 'new' | null
  onClose: () => void
  onSaved: (update: AdminUpdateResponse, created: boolean) => void
}

/** Creates or edits an entry of the customers' Updates tab. */
export function UpdateDialog({ update, onClose, onSaved }: UpdateDialogProps) {
  const title = update === 'new' || update === null ? 'Add update' : 'Edit update'
  return (
    <Dialog
      title={title}
      isOpen={update !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {update === null ? null : (
        <UpdateFormBody
          title={title}
          update={update === 'new' ? null : update}
          onCancel={onClose}
          onSaved={(saved) => {
            onClose()
            onSaved(saved, update === 'new')
          }}
        />
      )}
    </Dialog>
  )
}

function UpdateFormBody({
  title,
  update,
  onCancel,
  onSaved,
}: {
  title: string
  update: AdminUpdateResponse | null
  onCancel: () => void
  onSaved: (update: AdminUpdateResponse) => void
}) {
  const create = useAdminCreateUpdate()
  const edit = useAdminEditUpdate()
  const mutation = update === null ? create : edit
  const form = useForm<UpdateInput, unknown, UpdateValues>({
    resolver: zodResolver(UpdateForm),
    defaultValues: {
      icon: (UPDATE_ICONS as readonly string[]).includes(update?.icon ?? '')
        ? (update?.icon as (typeof UPDATE_ICONS)[number])
        : 'info',
      title: update?.title ?? '',
      text: update?.text ?? '',
      url: update?.url ?? '',
      reason: '',
    },
  })
  const submit = async (values: UpdateValues) => {
    const body = { ...values, url: values.url === '' ? null : values.url }
    try {
      onSaved(
        update === null ? await create.mutateAsync(body) : await edit.mutateAsync({ id: update.id, body }),
      )
    } catch (error) {
      applyFieldError(
        error,
        (field, message) => form.setError(field as (typeof updateFields)[number], { message }),
        updateFields,
      )
    }
  }
  const fieldError =
    isApiError(mutation.error) && (updateFields as readonly string[]).includes(mutation.error.field ?? '')
  return (
    <Form aria-label={title} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <div className={twoColumns}>
          <FormTextField control={form.control} name="title" label="Title" isRequired />
          <FormSelect
            control={form.control}
            name="icon"
            label="Icon"
            items={UPDATE_ICONS.map((icon) => ({ id: icon, label: humanise(icon) }))}
          />
        </div>
        <FormTextField control={form.control} name="text" label="Text" isMultiline rows={3} />
        <FormTextField
          control={form.control}
          name="url"
          label="Link (optional)"
          description="Opens in a new window from the entry"
          type="url"
        />
        <FormTextField control={form.control} name="reason" label="Reason (optional)" />
        <AdminFormFooter
          failure={mutation.isError && !fieldError ? mutation.error : null}
          failureTitle="Failed to save the update"
          isPending={mutation.isPending}
          pendingLabel="Saving the update"
          submitLabel="Save update"
          onCancel={onCancel}
        />
      </Stack>
    </Form>
  )
}

// ---- Contact methods --------------------------------------------------------------------------------------

const ContactForm = z.object({
  icon: z.enum(CONTACT_ICONS),
  title: requiredText(ADMIN_TITLE_REQUIRED, 200),
  value: z.string().trim().max(500),
  text: z.string().trim().max(2000),
  url: OptionalLink,
  sort_order: z.number({ error: 'Order must be a whole number from 0 to 10,000' }).int().min(0).max(10_000),
  reason: z.string().trim().max(1000),
})
type ContactInput = z.input<typeof ContactForm>
type ContactValues = z.output<typeof ContactForm>
const contactFields = ['icon', 'title', 'value', 'text', 'url', 'sort_order'] as const

export interface ContactMethodDialogProps {
  contactMethod: AdminContactMethod | 'new' | null
  onClose: () => void
  onSaved: (contactMethod: AdminContactMethod, created: boolean) => void
}

/** Creates or edits an entry of the customers' Contact Us tab. */
export function ContactMethodDialog({ contactMethod, onClose, onSaved }: ContactMethodDialogProps) {
  const title =
    contactMethod === 'new' || contactMethod === null ? 'Add contact method' : 'Edit contact method'
  return (
    <Dialog
      title={title}
      isOpen={contactMethod !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {contactMethod === null ? null : (
        <ContactFormBody
          title={title}
          contactMethod={contactMethod === 'new' ? null : contactMethod}
          onCancel={onClose}
          onSaved={(saved) => {
            onClose()
            onSaved(saved, contactMethod === 'new')
          }}
        />
      )}
    </Dialog>
  )
}

function ContactFormBody({
  title,
  contactMethod,
  onCancel,
  onSaved,
}: {
  title: string
  contactMethod: AdminContactMethod | null
  onCancel: () => void
  onSaved: (contactMethod: AdminContactMethod) => void
}) {
  const create = useAdminCreateContactMethod()
  const edit = useAdminEditContactMethod()
  const mutation = contactMethod === null ? create : edit
  const form = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(ContactForm),
    defaultValues: {
      icon: (CONTACT_ICONS as readonly string[]).includes(contactMethod?.icon ?? '')
        ? (contactMethod?.icon as (typeof CONTACT_ICONS)[number])
        : 'chat',
      title: contactMethod?.title ?? '',
      value: contactMethod?.value ?? '',
      text: contactMethod?.text ?? '',
      url: contactMethod?.url ?? '',
      sort_order: contactMethod?.sort_order ?? 0,
      reason: '',
    },
  })
  const submit = async (values: ContactValues) => {
    const body = { ...values, url: values.url === '' ? null : values.url }
    try {
      onSaved(
        contactMethod === null
          ? await create.mutateAsync(body)
          : await edit.mutateAsync({ id: contactMethod.id, body }),
      )
    } catch (error) {
      applyFieldError(
        error,
        (field, message) => form.setError(field as (typeof contactFields)[number], { message }),
        contactFields,
      )
    }
  }
  const fieldError =
    isApiError(mutation.error) && (contactFields as readonly string[]).includes(mutation.error.field ?? '')
  return (
    <Form aria-label={title} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <div className={twoColumns}>
          <FormTextField control={form.control} name="title" label="Title" isRequired />
          <FormSelect
            control={form.control}
            name="icon"
            label="Icon"
            items={CONTACT_ICONS.map((icon) => ({ id: icon, label: humanise(icon) }))}
          />
          <FormTextField
            control={form.control}
            name="value"
            label="Contact"
            description="What is shown, e.g. @EngageSupportBot or an address"
          />
          <FormNumberField
            control={form.control}
            name="sort_order"
            label="Order"
            description="Lower shows first"
            minValue={0}
          />
        </div>
        <FormTextField control={form.control} name="text" label="Text" description="e.g. the hours" />
        <FormTextField
          control={form.control}
          name="url"
          label="Link (optional)"
          description="https:// or mailto:"
        />
        <FormTextField control={form.control} name="reason" label="Reason (optional)" />
        <AdminFormFooter
          failure={mutation.isError && !fieldError ? mutation.error : null}
          failureTitle="Failed to save the contact method"
          isPending={mutation.isPending}
          pendingLabel="Saving the contact method"
          submitLabel="Save contact method"
          onCancel={onCancel}
        />
      </Stack>
    </Form>
  )
}
