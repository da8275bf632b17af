/** The two services whose units are texts written by a model. */
export const aiServiceTypes = ['ai_comments', 'ai_tweets'] as const

export type AiServiceType = (typeof aiServiceTypes)[number]

/** X counts a tweet in characters; 280 is the limit for accounts without a subscription. */
export const tweetLengthLimit = 280

export interface UserMessageInput {
  userPrompt: string
  targetUrl: string
  serviceType: AiServiceType
  /** Texts already written for this order, to be avoided once the model starts repeating itself. */
  avoidTexts?: readonly string[]
}

const taskByServiceType: Record<AiServiceType, string> = {
  ai_comments: 'Write exactly one comment to post under the content at the target link.',
  ai_tweets: `Write exactly one tweet about the content at the target link, at most ${tweetLengthLimit} characters.`,
}

/**
 * The user message: the customer's prompt, the target link, and the task. Every answer (every choice of a
 * chat completion, every prediction) must be ONE text, so the instruction says so and asks for the bare text;
 * cleanGeneratedText still removes the quotes and numbering models add anyway.
 */
export function buildUserMessage(input: UserMessageInput): string {
  const parts = [
    input.userPrompt.trim(),
    `Target link: ${input.targetUrl}`,
    `${taskByServiceType[input.serviceType]} Answer with the text only: no quotation marks, no numbering, no introduction.`,
  ].filter((part) => part !== '')
  if (input.avoidTexts && input.avoidTexts.length > 0) {
    const list = input.avoidTexts.map((text) => `- ${text.replace(/\s+/g, ' ')}`).join('\n')
    parts.push(`It must say something different from these texts, already written:\n${list}`)
  }
  return parts.join('\n\n')
}

// Reasoning models served through OpenRouter or Replicate (DeepSeek R1, Qwen QwQ) put their chain of thought
// in the answer between <think> tags; an answer cut off inside the tags has no text at all.
const thinkingBlock = /<think>[\s\S]*?(<\/think>|$)/gi
// "1. ", "2) ", "(3) ", "- ", "• ", and labels such as "Comment 2:" or "Tweet:".
const leadingNumbering = /^(?:\(?\d{1,2}[.):\]]|[-*•])\s+/
const leadingLabel = /^(?:comment|tweet|reply|response|answer)\s*#?\d{0,2}\s*[:\-–—]\s*/i
const quotePairs: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ['“', '”'],
  ['‘', '’'],
  ['«', '»'],
  ['`', '`'],
]

function stripSurroundingQuotes(text: string): string {
  for (const [open, close] of quotePairs) {
    const inner = text.slice(open.length, text.length - close.length)
    // `"Wow" is all I can say about "this"` starts and ends with a quote that are not a pair: keep it.
    if (text.length > 2 && text.startsWith(open) && text.endsWith(close) && !inner.includes(close)) {
      return inner.trim()
    }
  }
  return text
}

function limitToTweetLength(text: string): string {
  const characters = Array.from(text)
  if (characters.length <= tweetLengthLimit) return text
  const head = characters.slice(0, tweetLengthLimit - 1).join('')
  const lastSpace = head.search(/\s\S*$/)
  // Cut at a word boundary unless that throws away most of the tweet (a long URL or an unspaced script).
  const cut = lastSpace > tweetLengthLimit / 2 ? head.slice(0, lastSpace) : head
  return `${cut.trimEnd()}…`
}

/**
 * One model answer as a text ready to post: thinking removed, surrounding quotes and numbering stripped,
 * tweets held to 280 characters. Returns '' when nothing is left.
 */
export function cleanGeneratedText(answer: string, serviceType: AiServiceType): string {
  let text = answer.replace(thinkingBlock, '').trim()
  for (let pass = 0; pass < 2; pass += 1) {
    text = text.replace(leadingLabel, '').replace(leadingNumbering, '').trim()
    text = stripSurroundingQuotes(text)
  }
  return serviceType === 'ai_tweets' ? limitToTweetLength(text) : text
}

/** Two texts are the same comment when they differ only in case, spacing or punctuation. */
export function duplicateKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
