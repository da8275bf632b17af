export { simulatorServices, type SimulatorService, type SimulatorServiceType } from './catalogue'
export {
  defaultSimulatorKnobs,
  linkMarkers,
  simulatorOutcomes,
  type LinkMarker,
  type SimulatorKnobs,
  type SimulatorOutcome,
} from './knobs'
export { inProgressSteps, type SimulatorOrderProgress, type SimulatorOrderStatusWord } from './progress'
export { createSimulator, type Simulator, type SimulatorCall, type SimulatorOptions } from './simulator'
export {
  createMemorySimulatorStore,
  createSqliteSimulatorStore,
  type NewSimulatorOrder,
  type SimulatorOrder,
  type SimulatorRefill,
  type SimulatorStore,
} from './store'
