export { WORKSPACE_LABEL, WorkspaceSwitcher } from './WorkspaceSwitcher'
