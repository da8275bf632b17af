import { useId, useState } from 'react'
import type { AdminJob } from '@engage/contract'
import { useAdminJobs, useAdminRetryJob } from '@engage/client'
import {
  Banner,
  Button,
  Heading,
  sprinkles,
  Stack,
  StatCard,
  Table,
  Text,
  type TableColumn,
} from '@engage/ui'
import {
  AdminErrorBanner,
  AdminSectionHeader,
  formatDateTime,
  formatJson,
  humanise,
  useOperator,
} from '../AdminShared'

export const JOBS_TITLE = 'Jobs'
export const NO_DEAD_JOBS = 'No dead jobs: every background step finished or is still trying.'
export const JOB_STATES = ['queued', 'running', 'done', 'dead'] as const

const countGrid = sprinkles({
  display: 'grid',
  gridTemplateColumns: { mobile: 'two', tablet: 'four' },
  gap: 'medium',
})

/** Background jobs: how many are in each state, and the dead ones with their last error, each retryable. */
export function AdminJobs() {
  const headingId = useId()
  const jobs = useAdminJobs()
  const retry = useAdminRetryJob()
  const { can } = useOperator()
  const [notice, setNotice] = useState<string | null>(null)

  const runRetry = async (job: AdminJob) => {
    setNotice(null)
    try {
      await retry.mutateAsync({ id: job.id })
      setNotice(`Job ${job.id} (${humanise(job.kind)}) is queued again`)
    } catch {
      // Shown from the mutation's state.
    }
  }

  const columns: TableColumn<AdminJob>[] = [
    {
      id: 'job',
      name: 'Job',
      isRowHeader: true,
      render: (job) => (
        <Stack gap="xxsmall">
          <span>
            #{job.id} {humanise(job.kind)}
          </span>
          <Text size="small" tone="muted">
            {formatJson(job.payload)}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'attempts',
      name: 'Attempts',
      align: 'end',
      render: (job) => `${job.attempts} of ${job.max_attempts}`,
    },
    { id: 'error', name: 'Last error', render: (job) => job.last_error ?? '—' },
    { id: 'updated', name: 'Died', render: (job) => formatDateTime(job.updated_at) },
  ]
  if (can('adminRetryJob')) {
    columns.push({
      id: 'actions',
      name: 'Actions',
      align: 'end',
      render: (job) => (
        <Button
          tone="secondary"
          size="small"
          aria-label={`Retry job ${job.id}`}
          isDisabled={retry.isPending}
          onPress={() => void runRetry(job)}
        >
          Retry
        </Button>
      ),
    })
  }

  return (
    <Stack as="section" gap="medium" aria-labelledby={headingId}>
      <AdminSectionHeader
        headingId={headingId}
        title={JOBS_TITLE}
        description="The background steps: placing orders upstream, syncing them, AI texts, renewals."
        action={
          <Button tone="secondary" isDisabled={jobs.isFetching} onPress={() => void jobs.refetch()}>
            Refresh
          </Button>
        }
      />
      {jobs.isError ? (
        <AdminErrorBanner
          title="Failed to load the jobs"
          error={jobs.error}
          onRetry={() => void jobs.refetch()}
        />
      ) : (
        <>
          <div className={countGrid}>
            {JOB_STATES.map((state) => (
              <StatCard
                key={state}
                label={humanise(state)}
                value={jobs.data ? jobs.data.counts[state].toLocaleString('en-US') : '…'}
              />
            ))}
          </div>
          {notice ? (
            <Banner tone="success" onDismiss={() => setNotice(null)}>
              {notice}
            </Banner>
          ) : null}
          {retry.isError ? (
            <AdminErrorBanner
              title="Failed to retry the job"
              error={retry.error}
              onDismiss={() => retry.reset()}
            />
          ) : null}
          <Heading level={3}>Dead jobs</Heading>
          <Table
            aria-label="Dead jobs"
            columns={columns}
            rows={jobs.data?.dead ?? []}
            isLoading={jobs.isPending}
            loadingLabel="Loading jobs"
            emptyState={NO_DEAD_JOBS}
          />
        </>
      )}
    </Stack>
  )
}
