export { APP_MAIN_ID, AppShell, appShellLinks, type AppShellProps } from './AppShell'
export { ServerWideLayoutContext, useWideLayout } from './useWideLayout'
