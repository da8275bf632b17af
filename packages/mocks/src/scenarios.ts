// Whole-API scenarios for stories: `parameters: { msw: { handlers: scenarios.default } }`.

import type { HttpHandler } from 'msw'
import { endpointNames, handlers } from './handlers'
import { createMockState, type MockState } from './state'
import { endpoints } from '@engage/contract/all-endpoints'

export const scenarioNames = ['default', 'empty', 'loading', 'serverError', 'unauthorised', 'slow'] as const
export type ScenarioName = (typeof scenarioNames)[number]

/**
 * The handlers of one scenario over `state`:
 * - default: realistic data, every call works and changes the state;
 * - empty: a new account with no services, orders, transactions, subscriptions, updates or AI settings;
 * - loading: no call ever answers;
 * - serverError: every call answers 500 'Internal server error';
 * - unauthorised: every signed-in call answers 401 (public calls still work);
 * - slow: like default, each answer after 1.5 s.
 */
export function createScenario(name: ScenarioName, state?: MockState): HttpHandler[] {
  const scenarioState = state ?? createMockState({ empty: name === 'empty' })
  return endpointNames.map((endpointName) => {
    const factory = handlers[endpointName]
    switch (name) {
      case 'default':
      case 'empty':
        return factory.success(scenarioState)
      case 'loading':
        return factory.loading()
      case 'serverError':
        return factory.failure()
      case 'unauthorised':
        return endpoints[endpointName].auth ? factory.unauthorised() : factory.success(scenarioState)
      case 'slow':
        return factory.slow(scenarioState)
    }
  })
}

/**
 * `scenarios.default` etc.: each read builds the handlers over a FRESH state, so two stories never share
 * orders placed in a flow. To share one state between handlers and assertions, use createScenario.
 */
export const scenarios = Object.defineProperties(
  {},
  Object.fromEntries(
    scenarioNames.map((name) => [name, { enumerable: true, get: () => createScenario(name) }]),
  ),
) as Readonly<Record<ScenarioName, HttpHandler[]>>
