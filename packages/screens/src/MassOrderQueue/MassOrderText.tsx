import { useState } from 'react'
import { parseMassOrderText, serviceDisplayName, type ServiceListing } from '@engage/contract'
import { Button, Form, Stack, Text, TextField } from '@engage/ui'
import { pasteError } from './MassOrderQueue.css'
import type { MassOrderQueueItem } from './MassOrderQueueItems'

export interface MassOrderTextProps {
  /** The pasted text; kept by the queue so that it survives a switch to the form and back. */
  text: string
  onTextChange: (text: string) => void
  /** The services a line can name by id; undefined while they load. */
  services: readonly ServiceListing[] | undefined
  /** How many more items the queue holds. */
  room: number
  /** Called with every line once all of them are valid. */
  onAdd: (items: MassOrderQueueItem[]) => void
  isDisabled?: boolean
}

/**
 * Paste lines: a mass order written as text, service_id|link|quantity a line. The lines join the queue only
 * when every one is valid; otherwise each error is listed by its line under the text, which stays as it was.
 */
export function MassOrderText({ text, onTextChange, services, room, onAdd, isDisabled }: MassOrderTextProps) {
  const [errors, setErrors] = useState<readonly string[]>([])

  const addLines = () => {
    if (!services) return
    const result = parseMassOrderText(text, services, room)
    setErrors(result.errors)
    if (result.errors.length > 0) return
    // AI services start with no AI setting chosen (the default one writes their texts), as in the form.
    onAdd(result.items.map(({ type, url, quantity }) => ({ type, url, quantity, aiSettings: [] })))
    onTextChange('')
  }

  return (
    <Form
      aria-label="Mass order lines"
      onSubmit={(event) => {
        event.preventDefault()
        addLines()
      }}
    >
      <Stack gap="large">
        <TextField
          label="Order lines"
          isMultiline
          rows={6}
          value={text}
          onChange={onTextChange}
          placeholder="1|https://x.com/engagepanel/status/1|500"
          description="One order a line: service_id|link|quantity"
          isInvalid={errors.length > 0}
          errorMessage={errors.map((error) => (
            <span key={error} className={pasteError}>
              {error}
            </span>
          ))}
        />
        {services && services.length > 0 ? (
          <Text size="small" tone="muted">
            Service ids:{' '}
            {services.map((service) => `${service.id} ${serviceDisplayName(service.name)}`).join(', ')}
          </Text>
        ) : null}
        <Button
          type="submit"
          tone="secondary"
          isDisabled={isDisabled || !services || text.trim() === '' || room === 0}
        >
          Add lines to queue
        </Button>
      </Stack>
    </Form>
  )
}
