export * from './AdminJobs'
