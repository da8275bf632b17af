export {
  FIXTURE_NOW,
  FIXTURE_PANEL_TOTAL_ORDERS,
  fixtureAiSettings,
  fixtureApiKeys,
  fixtureContactMethods,
  fixtureModels,
  fixtureNotifications,
  fixtureOrders,
  fixturePaymentMethods,
  fixtureProfile,
  fixtureServiceLimits,
  fixtureServices,
  fixtureStoredAiSettings,
  fixtureSubscriptions,
  fixtureTransactions,
  fixtureUpdates,
  fixtureWorkspaces,
  FIXTURE_INVITATION_TOKEN,
} from './fixtures'
export {
  fixtureAiOrders,
  fixtureCatalogue,
  fixtureDripFeedOrders,
  fixtureRefillOrders,
  filterOrders,
  ordersCsv,
} from './fixtures'
export { fixtureAnalytics, fixtureAnalyticsDelivery, type FixtureRange } from './fixtures'
export { createMockState, meOf, MockRefusal, type MockState, type MockStateOptions } from './state'
export { MOCK_RECOVERY_CODES, MOCK_TWO_FACTOR_CODE, MOCK_TWO_FACTOR_SECRET } from './state'
export { endpointNames, handlers, type EndpointHandlers, type Handlers } from './handlers'
export { createScenario, scenarioNames, scenarios, type ScenarioName } from './scenarios'
export * from './admin'
export { emptyAdminReports, emptyAnalytics, emptyAnalyticsDelivery } from './emptyAnalytics'
