// The import rules of the workspace, checked by `pnpm run check:deps` (part of `pnpm validate`): no cycles
// between files, and imports that run one way between the parts:
//   apps -> screens -> client, ui -> contract;  widget -> screens;  server -> contract;  ui knows no domain.
// Tests and stories may reach further (a test of the client uses the mocks), so the layering rules look at
// source files only.

const notTest = '\\.(test|stories)\\.tsx?$'

/** A rule: files under `from` may not import files under any of `to`. */
const layer = (name, from, to, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: notTest },
  to: { path: to },
})

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two files each need the other: one of them is doing two jobs.',
      from: {},
      to: { circular: true },
    },
    layer(
      'contract-imports-no-workspace',
      '^packages/contract/',
      '^(packages/(?!contract/)|apps/|server/)',
      'The contract is the bottom layer: every other part imports it, it imports none of them.',
    ),
    layer(
      'ui-knows-no-domain',
      '^packages/ui/',
      '^(packages/(?!ui/)|apps/|server/)',
      'The design system knows no domain: domain rules (order statuses, prices) live in contract or screens.',
    ),
    layer(
      'client-below-screens',
      '^packages/client/',
      '^(packages/(screens|widget|ui|mocks)/|apps/|server/)',
      'The client talks to the API through the contract only.',
    ),
    layer(
      'mocks-below-screens',
      '^packages/mocks/',
      '^(packages/(screens|widget|ui|client)/|apps/|server/)',
      'The mocks serve contract data; they render nothing and call no client.',
    ),
    layer(
      'screens-below-apps',
      '^packages/screens/',
      '^(packages/widget/|apps/|server/)',
      'Screens are used by the panel app and the widget, never the other way round.',
    ),
    layer(
      'widget-beside-apps',
      '^packages/widget/',
      '^(apps/|server/)',
      'The widget is built from the screens, not from the panel app.',
    ),
    layer(
      'server-imports-contract-only',
      '^server/src/',
      '^(packages/(?!contract/)|apps/)',
      'The server shares the contract with the browser side and nothing else.',
    ),
    layer('apps-not-into-server', '^apps/', '^server/', 'The panel reaches the server over HTTP only.'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|storybook-static)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
  },
}
