import {
  ArgTypes,
  Controls,
  Description,
  Heading,
  Primary,
  Stories,
  Subtitle,
  Title,
  useOf,
} from '@storybook/addon-docs/blocks'

/** What a component's docs page says about when to use it: `parameters.usage` in its stories' meta. */
export interface Usage {
  /** When and how to use the component. */
  do: string[]
  /** What to avoid, usually with the component to use instead. */
  dont: string[]
}

/** A guidance line, with its `backticked` names set as code. */
function GuidanceLine({ line }: { line: string }) {
  return (
    <li>
      {line.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}
    </li>
  )
}

function UsageGuidance() {
  const { preparedMeta } = useOf('meta', ['meta'])
  const usage = preparedMeta.parameters.usage as Usage | undefined
  if (!usage) return null
  return (
    <>
      <Heading>Usage</Heading>
      <h3>Do</h3>
      <ul>
        {usage.do.map((line) => (
          <GuidanceLine key={line} line={line} />
        ))}
      </ul>
      <h3>Don’t</h3>
      <ul>
        {usage.dont.map((line) => (
          <GuidanceLine key={line} line={line} />
        ))}
      </ul>
    </>
  )
}

/** The props of the parts a component is used with (`subcomponents` in the meta), one table each. */
function SubcomponentProps() {
  const { preparedMeta } = useOf('meta', ['meta'])
  const subcomponents = Object.entries(preparedMeta.subcomponents ?? {})
  return subcomponents.map(([name, component]) => (
    <div key={name}>
      <Heading>{name}</Heading>
      <ArgTypes of={component} />
    </div>
  ))
}

/**
 * The page autodocs builds for each component: its description (the component's JSDoc), the usage guidance,
 * the first story with its controls (prop descriptions and defaults from the props' JSDoc), then the others
 * (each story once, so the page never holds two copies of one story's landmarks).
 */
export function ComponentDocsPage() {
  return (
    <>
      <Title />
      <Subtitle />
      <Description />
      <UsageGuidance />
      <Primary />
      <Controls />
      <SubcomponentProps />
      <Stories includePrimary={false} />
    </>
  )
}
