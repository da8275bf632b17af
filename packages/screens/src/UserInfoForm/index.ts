export { PROFILE_SAVED, UserInfoForm } from './UserInfoForm'
