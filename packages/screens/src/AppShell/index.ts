export { APP_MAIN_ID, AppShell, appShellLinks, type AppShellProps } from './AppShell'
export { useWideLayout } from './useWideLayout'
