export * from './AdminServices'
export * from './AdminServiceDialog'
