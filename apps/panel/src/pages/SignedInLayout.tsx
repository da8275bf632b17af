import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { ToastProvider } from '@engage/ui'

export default function SignedInLayout() {
  return (
    <ToastProvider>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </ToastProvider>
  )
}
