import type { ArgTypesEnhancer, StrictInputType } from 'storybook/internal/types'

/**
 * Tidies the props table that react-docgen fills from the components' JSDoc: a `@default` tag leaves the
 * description when the Default column already shows that value (read from the destructuring default) and reads
 * "Default:" otherwise; a prop whose type docgen cannot spell out (`(typeof buttonTones)[number]`) but whose
 * story lists its options shows those options as its type.
 */
export const readableArgTypes: ArgTypesEnhancer = ({ argTypes }) =>
  Object.fromEntries(
    Object.entries(argTypes).map(([name, argType]): [string, StrictInputType] => {
      const table = argType.table ?? {}
      const hasDefault = table.defaultValue?.summary !== undefined
      const description = argType.description?.replace(/\s*@default\b\s*(.*)$/s, (_tag, value: string) =>
        hasDefault ? '' : ` Default: ${value}`,
      )
      const options = argType.options
      const unreadable = table.type?.summary?.includes('unknown') ?? false
      const type =
        unreadable && options?.length
          ? { ...table.type, summary: options.map((option) => JSON.stringify(option)).join(' | ') }
          : table.type
      return [name, { ...argType, description, table: { ...table, type } }]
    }),
  )
