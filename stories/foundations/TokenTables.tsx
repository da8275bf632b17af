import {
  breakpoints,
  measureContrastPairs,
  reducedMotionValues,
  themes,
  tokenValues,
  type Theme,
} from '@engage/ui'
import type { CSSProperties, ReactNode } from 'react'

// The tables of the Foundations pages. Each reads the design system's own token objects (the values the themes
// assign), so a changed token changes its page; nothing here repeats a value.

const { dark } = tokenValues

/** Every leaf of a token group as [dotted path, value], in declaration order. */
function leaves(group: object, prefix: string): [string, string][] {
  return Object.entries(group).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}.${key}`, value]] : leaves(value as object, `${prefix}.${key}`),
  )
}

const cell: CSSProperties = { verticalAlign: 'middle' }
const code: CSSProperties = { whiteSpace: 'nowrap' }

/** A table that scrolls sideways on a narrow screen, reachable by keyboard when it does. */
function TokenTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    // A region with a name, focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={caption} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      <table>
        <caption style={{ textAlign: 'start' }}>{caption}</caption>
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

function Swatch({ color }: { color: string }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: 32,
        height: 24,
        marginInlineEnd: 8,
        verticalAlign: 'middle',
        background: color,
        border: `1px solid ${dark.color.borderStrong}`,
        borderRadius: 4,
      }}
    />
  )
}

/** Every colour token with its value in both themes. */
export function ColourTokens() {
  const rows = leaves(tokenValues.dark.color, 'vars.color')
  const light = new Map(leaves(tokenValues.light.color, 'vars.color'))
  return (
    <TokenTable caption="Colour tokens in both themes" head={['Token', 'Dark', 'Light']}>
      {rows.map(([name, value]) => (
        <tr key={name}>
          <td style={cell}>
            <code style={code}>{name}</code>
          </td>
          {[value, light.get(name) ?? ''].map((themeValue, index) => (
            <td key={themes[index]} style={cell}>
              <Swatch color={themeValue} />
              <code style={code}>{themeValue}</code>
            </td>
          ))}
        </tr>
      ))}
    </TokenTable>
  )
}

/** The pairs components put together in one theme, with their measured contrast ratio and the AA verdict. */
export function ContrastPairs({ theme }: { theme: Theme }) {
  const pairs = measureContrastPairs(tokenValues[theme].color)
  return (
    <TokenTable
      caption={`Contrast pairs, ${theme} theme`}
      head={['Pair', 'Sample', 'Ratio', 'Needs', 'WCAG AA']}
    >
      {pairs.map((pair) => (
        <tr key={pair.name}>
          <td style={cell}>{pair.name}</td>
          <td style={cell}>
            {pair.minimum === 4.5 ? (
              <span
                style={{
                  display: 'inline-block',
                  padding: '2px 8px',
                  color: pair.foreground,
                  background: pair.background,
                  borderRadius: 4,
                }}
              >
                Aa
              </span>
            ) : (
              // A control edge is not text: shown as a box with that edge on that background.
              <span
                aria-hidden="true"
                style={{ display: 'inline-block', padding: 4, background: pair.background, borderRadius: 4 }}
              >
                <span
                  style={{
                    display: 'block',
                    width: 24,
                    height: 16,
                    border: `2px solid ${pair.foreground}`,
                    borderRadius: 4,
                  }}
                />
              </span>
            )}
          </td>
          <td style={cell}>{pair.ratio.toFixed(2)}:1</td>
          <td style={cell}>{pair.minimum}:1</td>
          <td style={cell}>{pair.passes ? 'Pass' : 'Fail'}</td>
        </tr>
      ))}
    </TokenTable>
  )
}

/** The spacing scale: the gaps and paddings of Box, Stack and every component. */
export function SpacingScale() {
  return (
    <TokenTable caption="Spacing" head={['Token', 'Value', 'Size']}>
      {leaves(dark.space, 'vars.space').map(([name, value]) => (
        <tr key={name}>
          <td style={cell}>
            <code style={code}>{name}</code>
          </td>
          <td style={cell}>
            <code style={code}>{value}</code>
          </td>
          <td style={cell}>
            <span
              aria-hidden="true"
              style={{ display: 'block', width: value, height: 16, background: dark.color.accent }}
            />
          </td>
        </tr>
      ))}
    </TokenTable>
  )
}

/** Font sizes (with a sample at each), weights, line heights and the font families. */
export function TypeScale() {
  const { typography } = dark
  return (
    <>
      <TokenTable caption="Font sizes" head={['Token', 'Value', 'Sample']}>
        {leaves(typography.fontSize, 'vars.typography.fontSize').map(([name, value]) => (
          <tr key={name}>
            <td style={cell}>
              <code style={code}>{name}</code>
            </td>
            <td style={cell}>
              <code style={code}>{value}</code>
            </td>
            <td style={{ ...cell, fontSize: value, lineHeight: typography.lineHeight.tight }}>
              Place an order
            </td>
          </tr>
        ))}
      </TokenTable>
      <TokenTable caption="Weights, line heights and families" head={['Token', 'Value', 'Sample']}>
        {leaves(typography.fontWeight, 'vars.typography.fontWeight').map(([name, value]) => (
          <tr key={name}>
            <td style={cell}>
              <code style={code}>{name}</code>
            </td>
            <td style={cell}>
              <code style={code}>{value}</code>
            </td>
            <td style={{ ...cell, fontWeight: Number(value) }}>Place an order</td>
          </tr>
        ))}
        {leaves(typography.lineHeight, 'vars.typography.lineHeight').map(([name, value]) => (
          <tr key={name}>
            <td style={cell}>
              <code style={code}>{name}</code>
            </td>
            <td style={cell}>
              <code style={code}>{value}</code>
            </td>
            <td style={{ ...cell, lineHeight: value, maxWidth: '16em' }}>
              Two lines of text show the space between lines.
            </td>
          </tr>
        ))}
        {leaves(typography.fontFamily, 'vars.typography.fontFamily').map(([name, value]) => (
          <tr key={name}>
            <td style={cell}>
              <code style={code}>{name}</code>
            </td>
            <td style={cell}>
              <code>{value}</code>
            </td>
            <td style={{ ...cell, fontFamily: value }}>0123456789 Place an order</td>
          </tr>
        ))}
      </TokenTable>
    </>
  )
}

/** Corner radii, each on a box. */
export function RadiusScale() {
  return (
    <TokenTable caption="Radius" head={['Token', 'Value', 'Shape']}>
      {leaves(dark.radius, 'vars.radius').map(([name, value]) => (
        <tr key={name}>
          <td style={cell}>
            <code style={code}>{name}</code>
          </td>
          <td style={cell}>
            <code style={code}>{value}</code>
          </td>
          <td style={cell}>
            <span
              aria-hidden="true"
              style={{
                display: 'block',
                width: 48,
                height: 32,
                borderRadius: value,
                border: `2px solid ${dark.color.accent}`,
              }}
            />
          </td>
        </tr>
      ))}
    </TokenTable>
  )
}

/** The shadows of each theme, each under a surface of that theme. */
export function Shadows() {
  const rows = leaves(tokenValues.dark.shadow, 'vars.shadow')
  return (
    <TokenTable caption="Shadows in both themes" head={['Token', 'Dark', 'Light']}>
      {rows.map(([name]) => (
        <tr key={name}>
          <td style={cell}>
            <code style={code}>{name}</code>
          </td>
          {themes.map((theme) => {
            const { color, shadow } = tokenValues[theme]
            const value = new Map(leaves(shadow, 'vars.shadow')).get(name) ?? ''
            return (
              <td key={theme} style={cell}>
                <span style={{ display: 'inline-block', padding: 16, background: color.background }}>
                  <span
                    aria-hidden="true"
                    style={{
                      display: 'block',
                      width: 64,
                      height: 32,
                      background: color.surface,
                      boxShadow: value,
                    }}
                  />
                </span>
                <code style={{ display: 'block' }}>{value}</code>
              </td>
            )
          })}
        </tr>
      ))}
    </TokenTable>
  )
}

/** Durations and easing, with what they become when the user asks for less motion. */
export function MotionTokens() {
  const reduced = new Map(leaves(reducedMotionValues.duration, 'vars.motion.duration'))
  return (
    <TokenTable caption="Motion" head={['Token', 'Value', 'With reduced motion']}>
      {leaves(dark.motion, 'vars.motion').map(([name, value]) => (
        <tr key={name}>
          <td style={cell}>
            <code style={code}>{name}</code>
          </td>
          <td style={cell}>
            <code>{value}</code>
          </td>
          <td style={cell}>
            <code style={code}>{reduced.get(name) ?? value}</code>
          </td>
        </tr>
      ))}
    </TokenTable>
  )
}

/** The layout breakpoints of the responsive style props (mobile is the base, below the first). */
export function Breakpoints() {
  const entries = Object.entries(breakpoints)
  return (
    <TokenTable caption="Breakpoints" head={['Condition', 'Applies from', 'Media query']}>
      <tr>
        <td style={cell}>
          <code style={code}>mobile</code>
        </td>
        <td style={cell}>0 px (the base)</td>
        <td style={cell}>none</td>
      </tr>
      {entries.map(([name, width]) => (
        <tr key={name}>
          <td style={cell}>
            <code style={code}>{name}</code>
          </td>
          <td style={cell}>{width} px</td>
          <td style={cell}>
            <code style={code}>{`screen and (min-width: ${width}px)`}</code>
          </td>
        </tr>
      ))}
    </TokenTable>
  )
}

/** The stacking order of layers. */
export function Layers() {
  return (
    <TokenTable caption="Layers (z-index)" head={['Token', 'Value']}>
      {leaves(dark.zIndex, 'vars.zIndex').map(([name, value]) => (
        <tr key={name}>
          <td style={cell}>
            <code style={code}>{name}</code>
          </td>
          <td style={cell}>
            <code style={code}>{value}</code>
          </td>
        </tr>
      ))}
    </TokenTable>
  )
}
