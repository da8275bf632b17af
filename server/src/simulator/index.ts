export { defaultSimulatorKnobs, type SimulatorKnobs } from './knobs'
export { createSimulator, type Simulator } from './simulator'
export { createMemorySimulatorStore, createSqliteSimulatorStore } from './store'
