import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type ReactNode } from 'react'
import { type Control, type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form'
import * as z from 'zod'
import {
  ADMIN_TITLE_REQUIRED,
  requiredText,
  type AdminContactMethod,
  type AdminUpdateResponse,
} from '@engage/contract'
import {
  isApiError,
  newAdminIdempotencyKey,
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

function iconOr<Icon extends string>(icons: readonly Icon[], icon: string | undefined, fallback: Icon): Icon {
  return (icons as readonly string[]).includes(icon ?? '') ? (icon as Icon) : fallback
}

/** A blank link is sent as none. */
function withLink<Values extends { url: string }>(
  values: Values,
): Omit<Values, 'url'> & { url: string | null } {
  return { ...values, url: values.url === '' ? null : values.url }
}

/** What a saved entry of either kind answers: the dialog needs its title for the notice. */
interface ContentEntry {
  id: string
  title: string
}

/**
 * One kind of content the dialog edits: its words, its form and how a save is sent. A create carries the key
 * the dialog drew when it opened, so a second press (or a retry after a lost answer) gets the entry the first
 * one made, not a duplicate.
 */
interface ContentKind<Entry extends ContentEntry, Input extends FieldValues, Values> {
  /** 'update' → 'Add update', 'Edit update', 'Save update', 'Failed to save the update'. */
  noun: string
  schema: z.ZodType<Values, Input>
  defaults: (entry: Entry | null) => DefaultValues<Input>
  /** The fields a server refusal may name, shown under the field instead of in the banner. */
  fields: readonly Path<Input>[]
  /** The form's fields, the audit log's reason last. */
  Fields: (props: { control: Control<Input, unknown, Values> }) => ReactNode
  useSave: () => {
    save: (values: Values, entry: Entry | null, idempotencyKey: string) => Promise<Entry>
    error: unknown
    isPending: boolean
  }
}

export interface ContentDialogProps<Entry extends ContentEntry> {
  /** 'new', an entry to edit, or null (closed). */
  entry: Entry | 'new' | null
  onClose: () => void
  onSaved: (entry: Entry, created: boolean) => void
}

function ContentDialog<Entry extends ContentEntry, Input extends FieldValues, Values>({
  kind,
  entry,
  onClose,
  onSaved,
}: ContentDialogProps<Entry> & { kind: ContentKind<Entry, Input, Values> }) {
  const title = entry === 'new' || entry === null ? `Add ${kind.noun}` : `Edit ${kind.noun}`
  return (
    <Dialog
      title={title}
      isOpen={entry !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {entry === null ? null : (
        <ContentForm
          kind={kind}
          title={title}
          entry={entry === 'new' ? null : entry}
          onCancel={onClose}
          onSaved={(saved) => {
            onClose()
            onSaved(saved, entry === 'new')
          }}
        />
      )}
    </Dialog>
  )
}

function ContentForm<Entry extends ContentEntry, Input extends FieldValues, Values>({
  kind,
  title,
  entry,
  onCancel,
  onSaved,
}: {
  kind: ContentKind<Entry, Input, Values>
  title: string
  entry: Entry | null
  onCancel: () => void
  onSaved: (entry: Entry) => void
}) {
  // Drawn once per opened dialog (the form mounts with it): every press of Save sends the same key.
  const [idempotencyKey] = useState(newAdminIdempotencyKey)
  const { save, error, isPending } = kind.useSave()
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(kind.schema),
    defaultValues: kind.defaults(entry),
  })
  const isFieldError = (failure: unknown) =>
    isApiError(failure) && (kind.fields as readonly string[]).includes(failure.field ?? '')
  const submit = async (values: Values) => {
    try {
      onSaved(await save(values, entry, idempotencyKey))
    } catch (failure) {
      // A refusal of one field shows under it; anything else shows in the footer's banner (from `error`).
      if (isApiError(failure) && isFieldError(failure)) {
        form.setError(failure.field as Path<Input>, { message: failure.fieldMessage ?? failure.detail })
      }
    }
  }
  return (
    <Form aria-label={title} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        <kind.Fields control={form.control} />
        <AdminFormFooter
          failure={error !== null && !isFieldError(error) ? error : null}
          failureTitle={`Failed to save the ${kind.noun}`}
          isPending={isPending}
          pendingLabel={`Saving the ${kind.noun}`}
          submitLabel={`Save ${kind.noun}`}
          onCancel={onCancel}
        />
      </Stack>
    </Form>
  )
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

const updateKind: ContentKind<AdminUpdateResponse, UpdateInput, UpdateValues> = {
  noun: 'update',
  schema: UpdateForm,
  defaults: (update) => ({
    icon: iconOr(UPDATE_ICONS, update?.icon, 'info'),
    title: update?.title ?? '',
    text: update?.text ?? '',
    url: update?.url ?? '',
    reason: '',
  }),
  fields: ['icon', 'title', 'text', 'url'],
  Fields: ({ control }) => (
    <>
      <div className={twoColumns}>
        <FormTextField control={control} name="title" label="Title" isRequired />
        <FormSelect
          control={control}
          name="icon"
          label="Icon"
          items={UPDATE_ICONS.map((icon) => ({ id: icon, label: humanise(icon) }))}
        />
      </div>
      <FormTextField control={control} name="text" label="Text" isMultiline rows={3} />
      <FormTextField
        control={control}
        name="url"
        label="Link (optional)"
        description="Opens in a new window from the entry"
        type="url"
      />
      <FormTextField control={control} name="reason" label="Reason (optional)" />
    </>
  ),
  useSave: () => {
    const create = useAdminCreateUpdate()
    const edit = useAdminEditUpdate()
    return {
      save: (values, update, idempotencyKey) =>
        update === null
          ? create.mutateAsync({ body: withLink(values), idempotencyKey })
          : edit.mutateAsync({ id: update.id, body: withLink(values) }),
      error: create.error ?? edit.error,
      isPending: create.isPending || edit.isPending,
    }
  },
}

export type UpdateDialogProps = ContentDialogProps<AdminUpdateResponse>

/** Creates or edits an entry of the customers' Updates tab. */
export function UpdateDialog(props: UpdateDialogProps) {
  return <ContentDialog kind={updateKind} {...props} />
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

const contactKind: ContentKind<AdminContactMethod, ContactInput, ContactValues> = {
  noun: 'contact method',
  schema: ContactForm,
  defaults: (contactMethod) => ({
    icon: iconOr(CONTACT_ICONS, contactMethod?.icon, 'chat'),
    title: contactMethod?.title ?? '',
    value: contactMethod?.value ?? '',
    text: contactMethod?.text ?? '',
    url: contactMethod?.url ?? '',
    sort_order: contactMethod?.sort_order ?? 0,
    reason: '',
  }),
  fields: ['icon', 'title', 'value', 'text', 'url', 'sort_order'],
  Fields: ({ control }) => (
    <>
      <div className={twoColumns}>
        <FormTextField control={control} name="title" label="Title" isRequired />
        <FormSelect
          control={control}
          name="icon"
          label="Icon"
          items={CONTACT_ICONS.map((icon) => ({ id: icon, label: humanise(icon) }))}
        />
        <FormTextField
          control={control}
          name="value"
          label="Contact"
          description="What is shown, e.g. @EngageSupportBot or an address"
        />
        <FormNumberField
          control={control}
          name="sort_order"
          label="Order"
          description="Lower shows first"
          minValue={0}
        />
      </div>
      <FormTextField control={control} name="text" label="Text" description="e.g. the hours" />
      <FormTextField control={control} name="url" label="Link (optional)" description="https:// or mailto:" />
      <FormTextField control={control} name="reason" label="Reason (optional)" />
    </>
  ),
  useSave: () => {
    const create = useAdminCreateContactMethod()
    const edit = useAdminEditContactMethod()
    return {
      save: (values, contactMethod, idempotencyKey) =>
        contactMethod === null
          ? create.mutateAsync({ body: withLink(values), idempotencyKey })
          : edit.mutateAsync({ id: contactMethod.id, body: withLink(values) }),
      error: create.error ?? edit.error,
      isPending: create.isPending || edit.isPending,
    }
  },
}

export type ContactMethodDialogProps = ContentDialogProps<AdminContactMethod>

/** Creates or edits an entry of the customers' Contact Us tab. */
export function ContactMethodDialog(props: ContactMethodDialogProps) {
  return <ContentDialog kind={contactKind} {...props} />
}
