import { useId } from 'react'
import { API_V2_PATH } from '@engage/contract'
import { Heading, Stack, Text } from '@engage/ui'
import { CopyButton } from './CopyButton'
import { actionList, codeBlock, inlineCode } from './ApiKeysPanel.css'

/** What the examples show in place of a key: a key is never written into the page. */
export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY'

/** Requests a customer may send per minute with one key (the server's limit, routes/v2.ts). */
export const API_REQUESTS_PER_MINUTE = 60

export interface ApiExample {
  title: string
  command: string
  answer: string
}

/** The example requests of the guide, as curl commands against `origin` with the placeholder key. */
export function apiExamples(origin: string): ApiExample[] {
  const endpoint = `${origin.replace(/\/+$/, '')}${API_V2_PATH}`
  const call = (fields: string[]) =>
    [`curl -X POST ${endpoint}`, `-d key=${API_KEY_PLACEHOLDER}`, ...fields].join(' \\\n  ')
  return [
    {
      title: 'Balance',
      command: call(['-d action=balance']),
      answer: '{"balance":"12.3456","currency":"USD"}',
    },
    {
      title: 'Services',
      command: call(['-d action=services']),
      answer:
        '[{"service":1,"name":"Followers","type":"Default","category":"Twitter (X)","rate":"2.40","min":"1","max":"10000","refill":false,"cancel":true}]',
    },
    {
      title: 'Add an order',
      command: call([
        '-d action=add',
        '-d service=1',
        '--data-urlencode link=https://x.com/yourname',
        '-d quantity=1000',
      ]),
      answer: '{"order":23501}',
    },
    {
      title: 'Order status',
      command: call(['-d action=status', '-d order=23501']),
      answer:
        '{"charge":"2.40","start_count":"3572","status":"In progress","remains":"157","currency":"USD"}',
    },
  ]
}

export interface ApiUsageGuideProps {
  /** The panel's origin, e.g. 'https://panel.example': the examples call `${origin}/api/v2`. */
  origin: string
  /** Copies a text (an example command). */
  copyText: (text: string) => Promise<void>
}

/** How to call the SMM panel API v2 with a key: the endpoint, the actions and example requests. */
export function ApiUsageGuide({ origin, copyText }: ApiUsageGuideProps) {
  const endpoint = `${origin.replace(/\/+$/, '')}${API_V2_PATH}`
  const headingId = useId()
  return (
    <Stack gap="medium" as="section" aria-labelledby={headingId}>
      <Heading level={2} id={headingId}>
        Using the API
      </Heading>
      <Text elementType="p">
        The panel speaks the SMM panel API v2, the protocol reseller panels and scripts already use. Send a
        POST request to <code className={inlineCode}>{endpoint}</code> with form fields (or JSON) holding your
        key in <code className={inlineCode}>key</code> and the action in{' '}
        <code className={inlineCode}>action</code>. Every answer is JSON; a refusal is{' '}
        <code className={inlineCode}>{'{"error": "..."}'}</code>. Orders placed through the API are charged to
        your wallet and show in your orders like any other.
      </Text>
      <ul className={actionList}>
        <li>
          <code className={inlineCode}>services</code>: the services with their id, rate per 1,000 and limits.
        </li>
        <li>
          <code className={inlineCode}>add</code> with <code className={inlineCode}>service</code>,{' '}
          <code className={inlineCode}>link</code> and <code className={inlineCode}>quantity</code> (for AI
          comments and tweets, your own texts in <code className={inlineCode}>comments</code>, one per line):
          places an order. Add <code className={inlineCode}>runs</code> (2 to 100) and{' '}
          <code className={inlineCode}>interval</code> (minutes, 1 to 1,440) for a drip-feed order: that many
          runs of <code className={inlineCode}>quantity</code>, charged together.
        </li>
        <li>
          <code className={inlineCode}>status</code> with <code className={inlineCode}>order</code>, or{' '}
          <code className={inlineCode}>orders</code> (up to 100 ids, comma-separated): Pending, In progress,
          Processing, Completed, Partial or Canceled.
        </li>
        <li>
          <code className={inlineCode}>cancel</code> with <code className={inlineCode}>orders</code>,{' '}
          <code className={inlineCode}>refill</code> with <code className={inlineCode}>order</code> and{' '}
          <code className={inlineCode}>refill_status</code> with <code className={inlineCode}>refill</code>.
        </li>
        <li>
          <code className={inlineCode}>balance</code>: your wallet balance in USD.
        </li>
      </ul>
      <Text elementType="p" tone="muted" size="small">
        Each key may make {API_REQUESTS_PER_MINUTE} requests a minute; past that the answer is HTTP 429 with a
        Retry-After header. Replace {API_KEY_PLACEHOLDER} with one of your keys.
      </Text>
      {apiExamples(origin).map((example) => (
        <Stack key={example.title} gap="xsmall">
          <Stack direction="row" gap="small" alignItems="center" justifyContent="space-between">
            <Heading level={3} size="small">
              {example.title}
            </Heading>
            <CopyButton
              text={example.command}
              copyText={copyText}
              label="Copy"
              accessibleLabel={`Copy the ${example.title.toLowerCase()} example`}
            />
          </Stack>
          <pre className={codeBlock}>
            <code>{example.command}</code>
          </pre>
          <Text size="small" tone="muted">
            Answer: <code className={inlineCode}>{example.answer}</code>
          </Text>
        </Stack>
      ))}
    </Stack>
  )
}
